"""Several people at one table: the screen follows the person to act, each plays their own moves, undo
never takes back another person's move, and the match saves and resumes with all of them."""
from __future__ import annotations

import pytest

from game.rules import IllegalMove, Match, MoveKind, preset
from game.session import AIWorker, Seat, TableSession
from game.store import AutosaveStore, StatisticsStore
from game.store.saved_game import SavedGame, load_autosave

from .test_session import wait_for_computer

PEOPLE = [Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Ada", "easy")]


def _session(folders, seats=PEOPLE, seed=3, players=3) -> TableSession:
    return TableSession(Match(preset("crazy_eights", players), seed), seats, autosave=AutosaveStore(folders),
                        statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))


def _a_play_or_first(session):
    moves = session.view().my_moves
    return next((m for m in moves if m.kind == MoveKind.PLAY), moves[0])


def test_the_screen_passes_to_the_person_to_act_and_each_plays_their_own_moves(folders):
    session = _session(folders)
    try:
        assert session.people == (0, 1)
        people_moves = 0
        while not session.hand_over and people_moves < 30:
            seat = session.to_act()
            if seat in session.people:
                assert session.human == seat == session.viewer and session.human_turn()
                view = session.view()
                assert view.my_turn and view.viewer == seat
                assert sorted(view.my_cards) == sorted(session.match.hand.hands[seat])
                session.play(_a_play_or_first(session))
                people_moves += 1
            else:
                assert session.computer_to_act() == 2 and session.human in session.people
                wait_for_computer(session)
                session.play_computer_move()
        assert people_moves > 2
    finally:
        session.close()


def test_undo_never_takes_back_another_persons_move(folders):
    both = [Seat("Tess", "human"), Seat("Bruno", "human")]
    for seed in range(1, 60):   # a deal where the first two moves are plays (no hidden card seen)
        session = _session(folders, both, seed=seed, players=2)
        first = session.human
        first_move = _a_play_or_first(session)
        if first_move.kind != MoveKind.PLAY:
            session.close()
            continue
        session.play(first_move)
        second = session.human
        if second == first or session.hand_over:
            session.close()
            continue
        assert session.undo_refusal().reason == "nothing_to_undo"   # the new person has no move to take back
        second_move = _a_play_or_first(session)
        if second_move.kind != MoveKind.PLAY:
            session.close()
            continue
        session.play(second_move)
        break
    else:
        pytest.fail("no deal opened with two plays")
    try:
        assert session.human == first
        refusal = session.undo_refusal()
        assert refusal is not None and refusal.reason == "other_person_moved"
        with pytest.raises(ValueError):
            session.undo()
        assert sum(len(hand) for hand in session.match.moves) == 2   # nothing was taken back
    finally:
        session.close()


def test_a_table_of_people_saves_and_resumes_with_all_of_them(folders):
    session = _session(folders)
    try:
        while session.to_act() not in session.people:
            wait_for_computer(session)
            session.play_computer_move()
        session.play(_a_play_or_first(session))
        saved, problem = load_autosave(AutosaveStore(folders))
        assert problem is None and [seat.kind for seat in saved.seats] == ["human", "human", "easy"]
        resumed = TableSession.resume(saved, worker=AIWorker("thread"))
        try:
            assert resumed.people == (0, 1) and resumed.fingerprint() == session.fingerprint()
            assert resumed.human == session.human
        finally:
            resumed.close()
        assert session.statistics_key() == ("crazy_eights", "easy")
    finally:
        session.close()


def test_an_old_saved_game_with_one_person_still_loads():
    match = Match(preset("crazy_eights", 3), 4)
    document = SavedGame.of(match, [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bo", "easy")]).to_document()
    document.pop("id", None)   # records from before match ids
    saved = SavedGame.from_document(document)
    session = TableSession.resume(saved, worker=AIWorker("thread"))
    try:
        assert session.people == (0,) and session.human == 0 and session.viewer == 0
    finally:
        session.close()


def test_at_a_pass_and_play_table_the_view_stays_with_the_holder_until_the_next_person_takes_it(folders):
    both = [Seat("Tess", "human"), Seat("Bruno", "human")]
    session = _session(folders, both, seed=2, players=2)
    try:
        first = session.human
        session.hand_to(first)
        session.play(_a_play_or_first(session))
        while session.to_act() == first and not session.hand_over:   # a draw keeps the turn
            session.play(_a_play_or_first(session))
        second = session.human
        assert second != first and session.waiting_for_hand_over()
        assert session.viewer == first and not session.human_turn()
        view = session.view()
        if session.can_call_last_card(first):   # just played down to one card: still theirs to see and call
            assert sorted(view.my_cards) == sorted(session.match.hand.hands[first])
            assert [m.kind for m in view.my_moves] == [MoveKind.LAST_CARD]
        else:   # not their turn: their own cards lie face down too, out of the view
            assert view.hand_hidden and view.my_cards == () and view.my_moves == ()
        with pytest.raises(IllegalMove):
            session.play(session.match.legal_moves()[0])   # not before the device is passed
        session.hand_to(second)
        assert not session.waiting_for_hand_over() and session.human_turn() and session.viewer == second
        assert sorted(session.view().my_cards) == sorted(session.match.hand.hands[second])
        assert not session.view().hand_hidden
        with pytest.raises(ValueError):
            session.hand_to(5)
    finally:
        session.close()


def _play_out(session):
    while not session.over:
        if session.hand_over:
            session.next_hand()
        elif session.to_act() in session.people:
            if session.pass_and_play:
                session.hand_to(session.human)
            session.play(_a_play_or_first(session))
        else:
            wait_for_computer(session)
            session.play_computer_move()


@pytest.mark.parametrize("seats, level", [
    (PEOPLE, "easy"),
    ([Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Chloé", "human")], "people"),
], ids=["with a computer", "people only"])
def test_each_person_at_the_table_has_statistics_of_their_own_by_name(folders, seats, level):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    session = TableSession(Match(rules, 6), seats, autosave=AutosaveStore(folders),
                           statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))
    try:
        _play_out(session)
        winners = set(session.winners)
    finally:
        session.close()
    statistics, problem = StatisticsStore(folders).load()
    assert problem is None
    people = [(index, seat.name) for index, seat in enumerate(seats) if seat.is_human]
    assert statistics.players() == sorted(name for _seat, name in people)
    assert statistics.summary_rows() == []   # the player alone against computers counts nothing here
    for seat, name in people:
        [row] = statistics.summary_rows(player=name)
        assert (row.preset_id, row.level, row.hands_played, row.matches_played) == ("crazy_eights", level, 2, 1)
        assert statistics.entry("crazy_eights", level, name).matches_won == (seat in winners)


def test_the_statistics_file_of_the_player_alone_is_written_as_before(folders):
    from game.store.statistics import Statistics

    alone = Statistics().with_finished_hand("crazy_eights", "easy", "m:hand:1", (True, 0, True), None)
    assert "player" not in alone.to_json()["entries"][0]
    both = alone.with_finished_hand("crazy_eights", "easy", "m:hand:1:1", (False, 9, True), None, "Mia")
    again, dropped = Statistics.from_json(both.to_json())
    assert dropped == 0 and again == both and again.players() == ["Mia"]
    with pytest.raises(ValueError):
        Statistics().with_finished_hand("crazy_eights", "easy", None, None, True, "\u202eevil")


def _hint_now(session, limit: float = 30.0):
    import time

    session.prepare_hint()
    deadline = time.monotonic() + limit
    while (hint := session.poll_hint()) is None:
        assert time.monotonic() < deadline, "the hint never came"
        time.sleep(0.005)
    return hint


def test_hint_and_review_are_each_persons_own(folders):
    """The hint is worked out from the view of the person to act (a card of their own hand, a move they
    may make), and the hand review of a pass-and-play table is the holder's own decisions."""
    session = _session(folders)
    try:
        hinted: set[int] = set()
        while not session.hand_over:
            seat = session.to_act()
            if seat in session.people:
                session.hand_to(seat)
                if seat not in hinted:
                    hint = _hint_now(session)
                    assert hint.move in session.match.legal_moves(), f"seat {seat}'s hint is not a move they may make"
                    if hint.move.kind == MoveKind.PLAY:
                        assert hint.move.card in session.match.hand.hands[seat], "the hint plays another's card"
                    hinted.add(seat)
                session.play(_a_play_or_first(session))
            else:
                wait_for_computer(session)
                session.play_computer_move()
        assert hinted == {0, 1}
        for person in session.people:
            session.hand_to(person)
            job = session.review_job(1)
            try:
                assert job.decisions, f"seat {person} made decisions in hand 1"
                assert all(decision.seats[decision.view.seat] == person for decision in job.decisions)
            finally:
                job.close()
    finally:
        session.close()
