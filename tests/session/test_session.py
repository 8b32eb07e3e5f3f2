"""The table session with no window: whole matches, turns, refusals, the view, saving and resuming."""
from __future__ import annotations

import time

import pytest

from game.rules import IllegalMove, Match, Move, preset
from game.session import HUMAN, AIWorker, Seat, SeatError, TableSession
from game.store import AutosaveStore, StatisticsStore, UserFolders
from game.store.saved_game import SavedGame, SavedGameError, load_autosave

NAMES = ("Tess", "Ada", "Bruno", "Chloé")


def seats(players: int, human: bool = True, level: str = "easy") -> list[Seat]:
    kinds = ([HUMAN] if human else [level]) + [level] * (players - 1)
    return [Seat(NAMES[i], kinds[i]) for i in range(players)]


@pytest.fixture
def folders(tmp_path):
    return UserFolders(tmp_path / "config", tmp_path / "data")


def session_on(folders, rules, seed: int, human: bool = True, level: str = "easy") -> TableSession:
    return TableSession(Match(rules, seed), seats(rules.players, human, level), autosave=AutosaveStore(folders),
                        statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))


def wait_for_computer(session: TableSession, limit: float = 20.0) -> Move:
    deadline = time.monotonic() + limit
    while True:
        move = session.think()
        if move is not None:
            return move
        assert time.monotonic() < deadline, "the computer player never answered"
        time.sleep(0.001)


class Answering:
    """A seat's player (the protocol's shape) that answers every question with ``move`` at once."""

    def __init__(self, move: Move) -> None:
        self.move = move
        self.ticket = None

    def ask(self, ticket, view, seed):
        self.ticket = ticket

    def poll(self):
        return (self.ticket, self.move, None) if self.ticket is not None else None

    def cancel(self):
        self.ticket = None


def play_out(session: TableSession, pilot_moves=lambda view: view.my_moves[0]) -> None:
    """Play the match to its end: the person's moves from ``pilot_moves``, the computers' from the worker."""
    while not session.over:
        if session.hand_over:
            session.next_hand()
        elif session.human_turn():
            session.play(pilot_moves(session.view()))
        else:
            wait_for_computer(session)
            session.play_computer_move()


# ----- whole matches ---------------------------------------------------------------------------


def test_a_whole_match_plays_through_the_session_and_counts_once_in_the_statistics(folders):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    session = session_on(folders, rules, seed=4)
    try:
        play_out(session)
    finally:
        session.close()
    assert session.over and len(session.match.results) == 2
    statistics, _problem = StatisticsStore(folders).load()
    [entry] = statistics.entries
    assert (entry.preset_id, entry.level) == ("crazy_eights", "easy")  # two hands of it are still the game
    assert entry.hands_played == 2 and entry.matches_played == 1
    # The match is over: the autosave is gone.
    assert load_autosave(AutosaveStore(folders)) == (None, None)


def test_a_computer_only_match_neither_saves_nor_counts(folders):
    rules = preset("switch", 3).replace(match_end="single_hand")
    session = session_on(folders, rules, seed=2, human=False)
    try:
        play_out(session)
    finally:
        session.close()
    assert session.over
    assert not (folders.data_dir / "autosave.json").exists()
    assert StatisticsStore(folders).load()[0].entries == ()


# ----- turns and refusals -----------------------------------------------------------------------


def find_session(folders, rules, wanted, seeds=range(1, 300)) -> TableSession:
    for seed in seeds:
        session = session_on(folders, rules, seed)
        if wanted(session):
            return session
        session.close()
    raise AssertionError("no seed gives the position the test needs")


def test_a_move_out_of_turn_is_refused_with_the_player_to_act():
    match = Match(preset("crazy_eights", 3), seed=1)
    session = TableSession(match, seats(3), worker=AIWorker("thread"))
    while session.human_turn():
        session.play(session.view().my_moves[0])
    to_act = session.to_act()
    with pytest.raises(IllegalMove) as refusal:
        session.play(Move("draw"))
    assert refusal.value.reason == "not_your_turn"
    assert refusal.value.params == {"seat": to_act, "name": NAMES[to_act]}
    session.close()


def test_an_illegal_card_is_refused_and_changes_nothing(folders):
    session = find_session(folders, preset("crazy_eights", 3),
                           lambda s: s.human_turn() and set(s.view().my_cards) - s.view().playable)
    view = session.view()
    unplayable = next(card for card in view.my_cards if card not in view.playable)
    before = (session.match.to_record(), session.version, len(session.history))
    with pytest.raises(IllegalMove):
        session.play(Move.play(unplayable))
    assert (session.match.to_record(), session.version, len(session.history)) == before
    session.close()


def test_a_computer_move_that_turns_out_illegal_falls_back_to_a_legal_one(folders):
    session = find_session(folders, preset("crazy_eights", 3), lambda s: s.computer_to_act() is not None)
    seat = session.computer_to_act()

    session.seat_players[seat] = Answering(Move("stop"))   # what a broken bot might answer
    assert wait_for_computer(session) == Move("stop")
    legal = session.match.legal_moves()
    assert Move("stop") not in legal
    events = session.play_computer_move()
    assert events and session.history[-1].seat == seat
    assert session.history[-1].move == legal[0]
    Match.from_record(session.saved_game().record)  # the record holds only legal moves
    session.close()


# ----- the view ----------------------------------------------------------------------------------


def test_the_view_shows_only_the_viewers_cards_and_public_counts(folders):
    session = session_on(folders, preset("crazy_eights", 4), seed=3)
    view = session.view()
    match = session.match
    assert view.my_cards == tuple(match.hand.hands[match.hand_player(0)])
    assert [s.card_count for s in view.seats] == [len(match.hand.hands[match.hand_player(s)]) for s in range(4)]
    # Nothing in the view names another player's cards: no field holds any of them.
    others = {card for seat in range(1, 4) for card in match.hand.hands[match.hand_player(seat)]}
    held = set()
    for value in list(vars(view).values()) + [v for seat_view in view.seats for v in vars(seat_view).values()]:
        if isinstance(value, tuple) and all(isinstance(item, int) for item in value):
            held |= set(value)
    held |= {move.card for move in view.my_moves if move.card is not None}
    assert held and not held & others
    session.close()


def test_a_spectator_sees_no_cards_and_no_moves(folders):
    session = session_on(folders, preset("crazy_eights", 3), seed=3, human=False)
    view = session.view()
    assert view.my_cards == () and view.my_moves == ()
    session.close()


def test_the_view_is_rebuilt_only_when_the_position_changes(folders):
    session = find_session(folders, preset("crazy_eights", 3), lambda s: s.human_turn())
    first = session.view()
    assert session.view() is first
    session.play(first.my_moves[0])
    assert session.view() is not first and session.view().version == first.version + 1
    session.close()


# ----- seats -------------------------------------------------------------------------------------


def test_a_table_with_the_wrong_count_or_an_unknown_kind_is_refused():
    match = Match(preset("crazy_eights", 3), seed=1)
    with pytest.raises(SeatError):
        TableSession(match, seats(2))
    with pytest.raises(SeatError):
        Seat("A", "grandmaster")


# ----- saving and resuming ---------------------------------------------------------------------------


def test_every_move_is_autosaved_and_resuming_rebuilds_the_history(folders):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=3)
    session = session_on(folders, rules, seed=9)
    moves = 0
    while session.match.hand_number < 2 or moves < 40:
        if session.hand_over:
            session.next_hand()
        elif session.human_turn():
            session.play(session.view().my_moves[-1])
        else:
            wait_for_computer(session)
            session.play_computer_move()
        moves += 1
        saved, problem = load_autosave(AutosaveStore(folders))
        assert problem is None and saved.record == session.match.to_record()
    session.close()
    saved, _problem = load_autosave(AutosaveStore(folders))
    resumed = TableSession.resume(saved, worker=AIWorker("thread"))
    assert [(e.hand, e.seat, e.move, e.events, e.dealer) for e in resumed.history] == \
        [(e.hand, e.seat, e.move, e.events, e.dealer) for e in session.history]
    assert resumed.named_by == session.named_by
    assert [seat.name for seat in resumed.seats] == list(NAMES[:3])
    assert resumed.view().my_cards == session.view().my_cards
    resumed.close()


def test_a_saved_game_with_players_that_do_not_fit_is_refused():
    match = Match(preset("crazy_eights", 3), seed=1)
    document = {"record": match.to_record(), "seats": [{"name": "A", "kind": "human"},
                                                       {"name": "B", "kind": "easy"}]}
    with pytest.raises(SavedGameError):
        SavedGame.from_document(document).match()
    document["seats"] = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "Wizard!"},
                         {"name": "C", "kind": "easy"}]
    with pytest.raises(SavedGameError):
        SavedGame.from_document(document)


# ----- the AI worker ---------------------------------------------------------------------------------
class SlowBot:
    """Holds its answer until the test lets it go (proves poll() does not wait)."""

    level = "easy"

    def __init__(self, gate):
        self.gate = gate

    def choose(self, view, rng):
        self.gate.wait(10)
        return view.legal_moves[0]


def test_polling_never_waits_for_the_bot():
    import threading

    from game.session import AIWorker

    match = Match(preset("crazy_eights", 3), seed=6)
    gate = threading.Event()
    worker = AIWorker("thread")
    try:
        worker.request(1, match.view(match.current_seat), SlowBot(gate), seed=1)
        for _ in range(5):
            assert worker.poll() is None and worker.busy
        gate.set()
        answer = None
        while answer is None:
            answer = worker.poll()
            time.sleep(0.001)
        assert answer[0] == 1 and answer[1] in match.legal_moves()
    finally:
        gate.set()
        worker.shutdown()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_ai_worker_thinks_in_the_background(mode):
    from game.ai import create_bot
    from game.session import AIWorker

    match = Match(preset("crazy_eights", 4), seed=6)
    view = match.view(match.current_seat)
    worker = AIWorker(mode)
    try:
        worker.request("position-1", view, create_bot("hard", 60), seed=1)
        deadline = time.monotonic() + 20
        answer = None
        while answer is None:
            assert time.monotonic() < deadline
            answer = worker.poll()
            time.sleep(0.005)
        ticket, move, error = answer
        assert ticket == "position-1" and error is None
        assert move in match.legal_moves()
        assert worker.used == {mode}
    finally:
        worker.shutdown()


def test_a_bare_record_resumes_with_the_seats_the_caller_gives_for_its_player_count():
    match = Match(preset("crazy_eights", 4), seed=5)
    match.apply(match.legal_moves()[0])
    asked = []

    def seats_for(players):
        asked.append(players)
        return seats(players)

    resumed = TableSession.resume(SavedGame.from_document(match.to_record()), seats_for, worker=AIWorker("thread"))
    assert asked == [4] and [s.name for s in resumed.seats] == list(NAMES)
    assert resumed.match.to_record() == match.to_record()
    with pytest.raises(SeatError):
        TableSession.resume(SavedGame.from_document(match.to_record()))
    # A file that names its players keeps them: the stand-in is not asked for.
    named = TableSession.resume(SavedGame.of(match, seats(4, level="hard")), seats_for)
    assert asked == [4] and [s.kind for s in named.seats] == ["human", "hard", "hard", "hard"]
    resumed.close()
    named.close()


# ----- the last-card call right after the play ---------------------------------------------------


def switch_session(hands, current: int = 0, stock: str = "KC QC 10D JD") -> TableSession:
    """A three-seat Switch table (the person at seat 0) set up on given cards."""
    from game.rules import HandState, cards_from_str

    match = Match(preset("switch", 3), seed=1)
    match.hand = HandState.from_position(match.hand.rules, [cards_from_str(h) for h in hands],
                                         cards_from_str(stock), cards_from_str("9H"), current=current)
    return TableSession(match, seats(3, level="medium"), think_budget_ms=10, worker=AIWorker("thread"))


def test_the_person_may_call_last_card_right_after_playing_down_to_one_card():
    session = switch_session(["5H 6H", "3C 4C", "6D 7D"])
    try:
        session.play(Move.parse("5H"))
        view = session.view()
        assert not view.my_turn and view.move_kinds == {"last_card"}     # the button shows on my seat
        assert session.can_call_last_card()
        events = session.play(Move("last_card"))     # the L key and the button go through play()
        assert [e.kind for e in events] == ["last_card_called"] and events[0].player == 0
        assert session.match.moves[-1] == ["5H", "last@0"]
        assert session.history[-1].seat == 0 and not session.can_call_last_card()
        assert "last_card" not in session.view().move_kinds
        wait_for_computer(session)
        events = session.play_computer_move()
        assert "last_card_penalty" not in [e.kind for e in events]
        assert session.view().seats[0].card_count == 1
    finally:
        session.close()


def test_the_penalty_falls_when_the_next_player_acts_without_the_call():
    session = switch_session(["5H 6H", "3C 4C", "6D 7D"])
    try:
        session.play(Move.parse("5H"))
        wait_for_computer(session)
        events = session.play_computer_move()
        penalty = [e for e in events if e.kind == "last_card_penalty"]
        assert penalty and penalty[0].player == 0 and penalty[0].count == 2
        assert session.view().seats[0].card_count == 3 and not session.can_call_last_card()
    finally:
        session.close()


def test_no_last_card_button_with_two_cards_and_nothing_to_play():
    session = switch_session(["KS 2D", "3C 4C", "6D 7D"])
    try:
        assert session.view().move_kinds == {"draw"}
        assert not session.can_call_last_card()
        with pytest.raises(IllegalMove):
            session.call_last_card()
    finally:
        session.close()


def test_a_computer_calls_last_card_right_after_its_play():
    session = switch_session(["3C 4C", "5H 6H", "6D 7D"], current=1)
    try:
        session.seat_players[1] = Answering(Move.parse("5H"))   # as if it had not called before playing
        assert wait_for_computer(session) == Move.parse("5H")
        events = session.play_computer_move()
        assert [e.kind for e in events][-1] == "last_card_called" and events[-1].player == 1
        assert session.match.moves[-1] == ["5H", "last@1"]
        assert [entry.seat for entry in session.history[-2:]] == [1, 1]
    finally:
        session.close()
