"""Every computer seat is driven through the seat protocol (ask from a view, then poll): any decider of
that shape can sit there, the computer levels being one."""
from __future__ import annotations

import random

import pytest

from game.rules import IllegalMove, Match, Move, preset
from game.session import AIWorker, ComputerPlayer, LocalPlayer, Seat, TableSession
from game.session.computer import make_bot, think
from game.session import position_fingerprint

from .test_session import seats, switch_session, wait_for_computer


class LastLegalPlayer:
    """A decider of the protocol's shape that takes a few polls to answer, with the last legal move of the
    view it was asked about (what the session asks with is all it may know)."""

    def __init__(self) -> None:
        self.asked: list = []
        self.polls = 0

    def ask(self, ticket, view, seed):
        self.asked.append((ticket, view, seed))
        self.polls = 0

    def poll(self):
        self.polls += 1
        if not self.asked or self.polls < 3:
            return None
        ticket, view, _seed = self.asked[-1]
        return ticket, view.legal_moves[-1], None

    def cancel(self):
        self.asked.clear()


def test_a_seat_of_the_protocols_shape_plays_and_is_asked_once_per_position():
    rules = preset("crazy_eights", 3)
    session = TableSession(Match(rules, 11), [Seat("Ada", "easy"), Seat("Bruno", "easy"), Seat("Chloé", "easy")],
                           think_budget_ms=10, worker=AIWorker("thread"))
    try:
        players = {seat: LastLegalPlayer() for seat in range(3)}
        session.seat_players.update(players)
        for _ in range(12):
            if session.hand_over:
                break
            seat = session.computer_to_act()
            view = session.match.view(seat)
            assert session.think() is None and session.think() is None   # not ready: the frame goes on
            move = wait_for_computer(session)
            assert move == view.legal_moves[-1]
            [(ticket, asked_view, _seed)] = players[seat].asked   # asked once, however often polled
            assert ticket == session.version and asked_view.hand == view.hand and asked_view.seat == seat
            session.play_computer_move()
            players[seat].asked.clear()
    finally:
        session.close()


def test_computer_levels_sit_behind_the_protocol_and_follow_a_new_worker():
    session = TableSession(Match(preset("crazy_eights", 3), 5), seats(3), think_budget_ms=10,
                           worker=AIWorker("thread"))
    try:
        assert session.people == (0,)
        player = session.seat_player(1)
        assert isinstance(player, ComputerPlayer) and player.worker is session.worker
        assert session.seat_player(1) is player
        session.worker.shutdown()
        session.worker = AIWorker("thread")
        assert session.seat_player(1).worker is session.worker
    finally:
        session.close()


# ----- the person at this screen, behind the same protocol ------------------------------------------------

PEOPLE_AND_A_COMPUTER = [Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Ada", "easy")]


def _unplayable(view):
    """A card of the person's hand they may not play now, or None."""
    return next((card for card in view.my_cards if card not in view.playable), None)


def test_the_person_here_answers_through_a_local_player_asked_and_polled_like_any_seat():
    match = Match(preset("crazy_eights", 3), 4)
    while match.current_seat != 0 or not set(match.hand.hands[0]) - set(m.card for m in match.legal_moves()):
        match.apply(match.legal_moves()[0])
    player = LocalPlayer(match.refusal)
    assert player.poll() is None and player.ticket is None
    with pytest.raises(IllegalMove) as refused:
        player.offer(7, match.legal_moves()[0])   # nobody asked yet
    assert refused.value.reason == "not_your_turn"
    player.ask(7, match.view(0), 0)
    assert player.ticket == 7 and player.poll() is None   # asked: waiting for the person
    unplayable = next(card for card in match.hand.hands[0] if Move.play(card) not in match.legal_moves())
    with pytest.raises(IllegalMove) as refused:
        player.offer(7, Move.play(unplayable))
    assert refused.value.reason == match.hand.why_illegal(Move.play(unplayable)).reason
    assert player.poll() is None and player.ticket == 7   # the refusal kept nothing; the question stays open
    with pytest.raises(IllegalMove) as refused:
        player.offer(6, match.legal_moves()[0])   # an old position's question
    assert refused.value.reason == "not_your_turn"
    move = match.legal_moves()[-1]
    player.offer(7, move)
    with pytest.raises(IllegalMove):
        player.offer(7, move)   # one answer per question
    assert player.poll() == (7, move, None)
    assert player.poll() is None and player.ticket is None
    player.ask(8, match.view(0), 0)
    player.cancel()
    assert player.ticket is None


def test_a_refused_move_raises_its_reason_at_once_and_changes_nothing():
    session = TableSession(Match(preset("crazy_eights", 3), 2), PEOPLE_AND_A_COMPUTER, think_budget_ms=10,
                           worker=AIWorker("thread"))
    try:
        while not (session.human_turn() and _unplayable(session.view()) is not None):
            if session.human_turn():
                session.play(session.view().my_moves[-1])
            else:
                wait_for_computer(session)
                session.play_computer_move()
        seat = session.human
        player = session.seat_player(seat)
        assert isinstance(player, LocalPlayer)
        random_state = session.rng.getstate()
        assert session.think() is None   # the person's seat is asked like any seat; its answer is theirs to give
        assert player.ticket == session.version
        assert session.rng.getstate() == random_state   # asking a person draws no seed: the computers play as ever
        move = Move.play(_unplayable(session.view()))
        before = (session.match.to_record(), session.version, len(session.history), session.fingerprint())
        with pytest.raises(IllegalMove) as refused:
            session.play(move)
        assert refused.value.reason == session.match.refusal(move).reason
        assert refused.value.reason in {"not_matching", "must_answer_penalty", "must_answer_skip", "wild_on_wild",
                                        "only_drawn_card"}
        assert (session.match.to_record(), session.version, len(session.history), session.fingerprint()) == before
        assert player.ticket == session.version and player.poll() is None
        legal = session.view().my_moves[0]
        events = session.play(legal)   # the same call takes it: the screen has the events in this frame
        assert events and session.history[-1].seat == seat and session.history[-1].move == legal
        assert session.version == before[1] + 1 and player.ticket is None
    finally:
        session.close()


def _reference_match(rules, seed: int, seats, pick_seed: int) -> tuple[str, int]:
    """The match played without the session: the rules applied directly, the computer deciding as the
    session's worker would (same seeds from the same stream), the people choosing as in the test."""
    match = Match(rules, seed)
    stream = random.Random(seed * 7919 + 17)   # the session's random stream
    pick = random.Random(pick_seed)
    bots = {index: make_bot(seat.kind, 10) for index, seat in enumerate(seats) if not seat.is_human}
    steps = 1
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
            steps += 1
            continue
        seat = match.current_seat
        if seats[seat].is_human:
            match.apply(pick.choice(match.legal_moves()))
            steps += 1
            continue
        move, error = think(bots[seat], match.view(seat), stream.getrandbits(32))
        assert error is None
        match.apply(move)
        steps += 1
        if (not match.hand.over and match.current_seat != seat and match.can_call_last_card(seat)
                and bots[seat].calls_last_card(match.view(seat), stream)):
            match.apply(Move("last_card"), seat)
            steps += 1
    return position_fingerprint(match), steps


@pytest.mark.parametrize("seed", [1, 3])
def test_two_people_and_a_computer_play_a_whole_match_through_the_protocol(seed):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    session = TableSession(Match(rules, seed), PEOPLE_AND_A_COMPUTER, think_budget_ms=10, worker=AIWorker("thread"))
    session.pass_and_play = True
    session.hand_to(session.human)
    pick = random.Random(seed)
    asked: list[int] = []
    try:
        while not session.over:
            if session.hand_over:
                session.next_hand()
            elif session.waiting_for_hand_over():
                with pytest.raises(IllegalMove) as refused:   # the next person has not taken the device
                    session.play(session.view().my_moves[0] if session.view().my_moves else Move("draw"))
                assert refused.value.reason == "not_your_turn"
                session.hand_to(session.human)
            elif session.human_turn():
                player = session.seat_player(session.human)
                assert isinstance(player, LocalPlayer)
                session.play(pick.choice(session.view().my_moves))
                asked.append(session.history[-1].seat)
            else:
                assert isinstance(session.seat_player(session.to_act()), ComputerPlayer)
                wait_for_computer(session)
                session.play_computer_move()
        assert set(asked) == {0, 1} and session.winners
        assert (session.fingerprint(), len(session.history)) == _reference_match(rules, seed, PEOPLE_AND_A_COMPUTER,
                                                                                 seed)
    finally:
        session.close()


class OfferNotingPlayer(LocalPlayer):
    """The person's player, noting each move offered to it (and whether it was taken)."""

    def __init__(self, refusal) -> None:
        super().__init__(refusal)
        self.offers: list[tuple[Move, bool]] = []

    def offer(self, ticket, move):
        try:
            super().offer(ticket, move)
        except IllegalMove:
            self.offers.append((move, False))
            raise
        self.offers.append((move, True))


@pytest.mark.parametrize("calls_first", [True, False], ids=["on their turn", "right after, out of turn"])
def test_the_persons_call_on_their_turn_is_offered_to_their_player_and_out_of_turn_made_at_once(calls_first):
    session = switch_session(["5H 6H", "3C 4C", "6D 7D"])
    try:
        player = session.seat_players[0] = OfferNotingPlayer(lambda move: session.match.refusal(move))
        if calls_first:
            session.play(Move("last_card"))   # before playing down to one card: a move like any other
        session.play(Move.parse("5H"))
        if not calls_first:
            session.play(Move("last_card"))   # it answers no question: made at once, out of turn
        with pytest.raises(IllegalMove) as refused:
            session.play(Move.parse("6H"))   # no longer their turn: refused by the turn, never offered
        assert refused.value.reason == "not_your_turn"
        offered = [Move("last_card"), Move.parse("5H")] if calls_first else [Move.parse("5H")]
        assert player.offers == [(move, True) for move in offered]
        assert session.match.moves[-1] == (["last", "5H"] if calls_first else ["5H", "last@0"])
        assert session.history[-1].seat == 0 and session.to_act() == 1
    finally:
        session.close()
