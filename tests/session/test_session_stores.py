"""The session and its stores: a hand counted once across a crash, store failures reported once
and retried, an abandoned match counted."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from game.rules import Match, preset
from game.session import AUTOSAVE, STATISTICS, AIWorker, TableSession, abandon_saved_game
from game.store import AutosaveStore, StatisticsStore, UserFolders
from game.store.journal import StoreJournal
from game.store.saved_game import load_autosave

from .test_session import seats, wait_for_computer


def _session(folders, rules, seed, **options) -> TableSession:
    return TableSession(Match(rules, seed), seats(rules.players), autosave=AutosaveStore(folders),
                        statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"),
                        **options)


def _step(session: TableSession) -> None:
    if session.human_turn():
        session.play(session.view().my_moves[0])
    else:
        wait_for_computer(session)
        session.play_computer_move()


@pytest.mark.parametrize("hands", [2, 1], ids=["hand ends", "hand ends the match"])
def test_a_kill_between_the_statistics_and_the_autosave_counts_the_hand_once(folders, hands):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=hands)
    autosave = AutosaveStore(folders)
    session = _session(folders, rules, seed=4)
    try:
        session.autosave()
        while True:
            before = autosave.path.read_bytes()
            _step(session)
            if session.hand_over:
                break
    finally:
        session.close()
    # Killed after the statistics were written, before the autosave was: the older autosave is back.
    autosave.path.write_bytes(before)

    saved, problem = load_autosave(autosave)
    assert problem is None
    resumed = TableSession.resume(saved, autosave=autosave, statistics=StatisticsStore(folders),
                                  think_budget_ms=10, worker=AIWorker("thread"))
    try:
        assert not resumed.hand_over
        while not resumed.hand_over:
            _step(resumed)
    finally:
        resumed.close()
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.hands_played == 1
    assert entry.matches_played == (1 if hands == 1 else 0)


def test_store_failures_are_reported_once_play_goes_on_and_the_writes_are_retried(tmp_path):
    # A file where the data folder belongs: every write fails for real (as root too).
    (tmp_path / "data").write_text("in the way")
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    reported = []
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=3)
    session = _session(folders, rules, seed=4, report_problem=lambda store, reason: reported.append(store))
    try:
        while not session.hand_over:
            _step(session)
        assert reported == [AUTOSAVE, STATISTICS]  # each once, however many moves failed
        # The disk is fixed: the next move saves the match and counts the waiting hand.
        (tmp_path / "data").unlink()
        session.next_hand()
        _step(session)
    finally:
        session.close()
    assert reported == [AUTOSAVE, STATISTICS]
    assert load_autosave(AutosaveStore(folders))[0] is not None
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.hands_played == 1


def test_a_failure_after_writes_worked_again_is_news(tmp_path):
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    reported = []
    session = _session(folders, preset("crazy_eights", 3), seed=4,
                       report_problem=lambda store, reason: reported.append((store, reason)))
    try:
        session.autosave()
        shutil.rmtree(tmp_path / "data")
        (tmp_path / "data").write_text("in the way")
        session.autosave()
        session.autosave()
        (tmp_path / "data").unlink()
        session.autosave()
        shutil.rmtree(tmp_path / "data")
        (tmp_path / "data").write_text("in the way")
        session.autosave()
    finally:
        session.close()
    assert [store for store, _reason in reported] == [AUTOSAVE, AUTOSAVE]
    assert all(reason for _store, reason in reported)


def test_an_abandoned_saved_match_is_counted_and_its_autosave_deleted(folders):
    session = _session(folders, preset("crazy_eights", 3), seed=4)
    try:
        session.autosave()
        _step(session)
    finally:
        session.close()
    autosave = AutosaveStore(folders)
    saved, _problem = load_autosave(autosave)

    abandon_saved_game(saved, StoreJournal.beside(autosave, StatisticsStore(folders)))

    assert not autosave.exists()
    [entry] = StatisticsStore(folders).load()[0].entries
    assert (entry.preset_id, entry.level, entry.matches_abandoned, entry.matches_played) == (
        "crazy_eights", "easy", 1, 0)


def _long_saved(moves: int, seed: int = 6):
    import random

    from game.session import default_table
    from game.store.saved_game import SavedGame

    rules = preset("crazy_eights", 4).replace(voluntary_draw=True, target=10**6)
    match, rng = Match(rules, seed), random.Random(seed)
    while match.move_count < moves:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    return SavedGame.of(match, default_table("You", 4, "hard"), match_id="long1")


def test_a_long_saved_match_given_up_is_counted_from_its_opening_and_cleared(folders):
    # Abandoning replays only a first slice of the record (New game or Import over a match of 200,000 moves
    # must not hold up the frame for seconds): a long match counts once, under its rules and strongest level.
    from game.store.saved_game import save_autosave

    autosave, statistics = AutosaveStore(folders), StatisticsStore(folders)
    saved = _long_saved(5000)
    save_autosave(autosave, saved)
    journal = StoreJournal.beside(autosave, statistics)
    abandon_saved_game(saved, journal)
    abandon_saved_game(saved, journal)   # a second time (a kill before the autosave went): counted once
    assert not autosave.exists()
    [entry] = statistics.load()[0].entries
    assert (entry.preset_id, entry.level, entry.matches_abandoned) == ("custom", "hard", 1)

    # Rules that cannot be read, or players that do not fit them: not counted, only deleted.
    for damaged in (dict(saved.record, rules={"players": 99}), dict(saved.record, hands="x")):
        broken = dataclasses.replace(saved, record=damaged, match_id="broken")
        save_autosave(autosave, broken)
        abandon_saved_game(broken, journal)
        assert not autosave.exists()
    assert [e.matches_abandoned for e in statistics.load()[0].entries] == [1]
