"""The match desk: Continue, giving a match up, importing a record and the recent matches, on real stores
in a temporary folder, with no screen."""
from __future__ import annotations

import pytest

from game.rules import finish, preset
from game.session import AIWorker, MatchDesk
from game.store import AutosaveStore, RecordFileError, StatisticsStore
from game.store.recent import RecentMatchesStore
from game.store.saved_game import export_saved_game

from .test_session import seats


def _desk(folders) -> MatchDesk:
    return MatchDesk(AutosaveStore(folders), StatisticsStore(folders), RecentMatchesStore(folders),
                     think_budget_ms=10)


def _started(desk: MatchDesk, seed: int = 3):
    session = desk.new_session(preset("crazy_eights", 3), seed, seats(3))
    session.worker = AIWorker("thread")
    while not session.human_turn():   # the computers' moves up to the person's first turn, then one move
        session.apply(session.match.legal_moves()[0])
    session.play(session.view().my_moves[0])
    return session


def test_a_new_match_is_saved_for_continue_and_resumes_where_it_was(folders):
    desk = _desk(folders)
    assert not desk.has_saved() and desk.load_saved() == (None, None)
    session = _started(desk)
    try:
        assert desk.has_saved()
        saved, problem = desk.load_saved()
        assert problem is None
        resumed = finish(desk.resume_steps(saved))
        assert resumed.fingerprint() == session.fingerprint() and resumed.seats == session.seats
        assert resumed.autosave_store is desk.autosave_store and resumed.recent_store is desk.recent_store
        resumed.close()
    finally:
        session.close()


def test_giving_up_the_saved_match_counts_it_abandoned_and_forgets_it(folders):
    desk = _desk(folders)
    _started(desk).close()
    desk.give_up()
    assert not desk.has_saved()
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.matches_abandoned == 1


def test_giving_up_the_match_in_play_counts_that_one(folders):
    desk = _desk(folders)
    session = _started(desk, seed=5)
    try:
        desk.give_up(session.saved_game())
    finally:
        session.close()
    assert not desk.has_saved()
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.matches_abandoned == 1


def test_a_record_reads_back_and_a_damaged_one_says_why(folders, tmp_path):
    desk = _desk(folders)
    session = _started(desk)
    try:
        path = tmp_path / "match.json"
        export_saved_game(session.saved_game(), path)
        assert desk.read_record(path).record == session.saved_game().record
    finally:
        session.close()
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(RecordFileError):
        desk.read_record(tmp_path / "bad.json")


def test_a_finished_match_is_among_the_recent_ones(folders):
    desk = _desk(folders)
    assert desk.recent_matches() == ([], None)
    session = desk.new_session(preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=1), 9,
                               seats(3))
    session.worker = AIWorker("thread")
    try:
        while not session.over:
            session.apply(session.match.legal_moves()[0])
    finally:
        session.close()
    matches, problem = desk.recent_matches()
    assert problem is None and len(matches) == 1 and matches[0].saved.seats[0].name == seats(3)[0].name
    assert not desk.has_saved()
