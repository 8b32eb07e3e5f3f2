"""Practice is each person's own: at a table of several people, the one who took a move back (or whom the tutor
stopped) has their results counted as practice, the others' count as usual; the mark is saved with the
match, an old save's single mark still means everyone, and a remote friend is never counted at the host."""
from __future__ import annotations

import pytest

from game.rules import Match, MoveKind, preset
from game.session import PRACTICE, AIWorker, Seat, TableSession, abandon_saved_game
from game.store import AutosaveStore, StatisticsStore
from game.store.journal import StoreJournal
from game.store.saved_game import SavedGame, SavedGameError, load_autosave

from .test_session import wait_for_computer

#: Two people with a computer between them: after Tess plays, the computer is to act and the screen stays
#: with Tess, who may take her move back.
TABLE = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "human")]
RULES = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)


def _session(folders, seats=TABLE, seed=5) -> TableSession:
    return TableSession(Match(RULES, seed), seats, autosave=AutosaveStore(folders),
                        statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))


def _resume(folders) -> TableSession:
    saved, problem = load_autosave(AutosaveStore(folders))
    assert problem is None and saved is not None
    return TableSession.resume(saved, autosave=AutosaveStore(folders), statistics=StatisticsStore(folders),
                               think_budget_ms=10, worker=AIWorker("thread"))


def _step(session) -> None:
    """One step of the match: the next hand, a person's first play (or first move), or a computer's move."""
    if session.hand_over:
        session.next_hand()
    elif session.to_act() in session.people:
        moves = session.view().my_moves
        session.play(next((m for m in moves if m.kind == MoveKind.PLAY), moves[0]))
    else:
        wait_for_computer(session)
        session.play_computer_move()


def _play_out(session) -> None:
    while not session.over:
        _step(session)


def _take_back_once(session, person: int) -> None:
    """Play on until ``person`` has made a move they may take back, and take it back."""
    for _ in range(400):
        if session.human == person and session.undo_refusal() is None and not session.hand_over:
            session.undo()
            return
        _step(session)
    pytest.fail("the person never had a move to take back")


def _rows(folders) -> dict:
    statistics, problem = StatisticsStore(folders).load()
    assert problem is None
    return {(entry.player, entry.level): (entry.hands_played, entry.matches_played) for entry in statistics.entries}


@pytest.mark.parametrize("resumed", [False, True], ids=["played on", "resumed after the take-back"])
def test_only_the_person_who_took_a_move_back_counts_as_practice(folders, resumed):
    session = _session(folders)
    try:
        _take_back_once(session, 0)
        assert session.practised == {0} and session.practice   # Tess holds the screen
        assert session.statistics_key(0) == ("crazy_eights", PRACTICE)
        assert session.statistics_key(2) == ("crazy_eights", "easy")
        saved, _problem = load_autosave(AutosaveStore(folders))
        assert saved.practice == (0,) and saved.to_document()["practice"] == [0]
        if resumed:
            session.close()
            session = _resume(folders)
            assert session.practised == {0}
        _play_out(session)
    finally:
        session.close()
    assert _rows(folders) == {("Tess", PRACTICE): (2, 1), ("Bruno", "easy"): (2, 1)}


def test_the_tutor_stepping_in_makes_only_that_persons_results_practice(folders):
    session = _session(folders)
    try:
        session.count_as_practice(2)
        assert session.practised == {2}
        assert load_autosave(AutosaveStore(folders))[0].practice == (2,)
        _play_out(session)
    finally:
        session.close()
    assert _rows(folders) == {("Tess", "easy"): (2, 1), ("Bruno", PRACTICE): (2, 1)}


def test_an_old_save_marked_practice_means_every_person_practised(folders):
    session = _session(folders)
    try:
        _step(session)
        document = session.saved_game().to_document()
    finally:
        session.close()
    assert "practice" not in document
    AutosaveStore(folders).save({**document, "practice": True})   # as the game wrote it before
    resumed = _resume(folders)
    try:
        assert resumed.practised == {0, 2}
        _play_out(resumed)
    finally:
        resumed.close()
    assert _rows(folders) == {("Tess", PRACTICE): (2, 1), ("Bruno", PRACTICE): (2, 1)}


@pytest.mark.parametrize("mark", ["yes", 1, [0, 0], [3], [-1], [True], [0.0], {"0": True}, list(range(9))])
def test_a_damaged_practice_mark_is_refused_saying_so(mark):
    document = SavedGame.of(Match(RULES, 1), TABLE).to_document()
    with pytest.raises(SavedGameError) as refused:
        SavedGame.from_document({**document, "practice": mark})
    assert refused.value.code == "saved.practice_damaged"


def test_a_practice_mark_reads_back_as_the_seats_in_order():
    document = SavedGame.of(Match(RULES, 1), TABLE).to_document()
    saved = SavedGame.from_document({**document, "practice": [2, 0]})
    assert saved.practice == (0, 2) and saved.practised(3) == {0, 2}
    assert SavedGame.from_document(saved.to_document()) == saved
    assert SavedGame.from_document({**document, "practice": False}).practice == ()
    assert SavedGame.from_document({**document, "practice": True}).practised(3) == {0, 1, 2}


def test_an_abandoned_match_counts_as_practice_only_for_who_practised(folders):
    session = _session(folders)
    try:
        _step(session)
        saved = SavedGame.of(session.match, session.seats, (2,), session.match_id)
    finally:
        session.close()
    stores = AutosaveStore(folders), StatisticsStore(folders)
    stores[0].save(saved.to_document())
    abandon_saved_game(saved, StoreJournal.beside(*stores))
    statistics, _problem = stores[1].load()
    assert {(e.player, e.level): e.matches_abandoned for e in statistics.entries} == {
        ("Tess", "easy"): 1, ("Bruno", PRACTICE): 1}


def test_the_host_counts_its_own_person_and_never_a_friend_at_another_computer(folders):
    """A hosted table: the friend's seat (remote; played here by the stand-in while nobody is connected) is
    counted by the friend's own game, not the host's."""
    seats = [Seat("Mia", "human"), Seat("Zoë", "remote"), Seat("Ada", "easy")]
    session = _session(folders, seats)
    try:
        _play_out(session)
    finally:
        session.close()
    statistics, _problem = StatisticsStore(folders).load()
    assert statistics.players() == []
    assert [(e.player, e.level, e.hands_played, e.matches_played) for e in statistics.entries] == [
        ("", "easy", 2, 1)]
