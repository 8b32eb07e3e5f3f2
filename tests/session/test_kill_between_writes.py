"""A change to several store files is one step: kill the process after every single write of it
(a real subprocess, ended with os._exit by the journal's test hook), start again, and the counts,
the recent list and the autosave are exactly right."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.rules import Match, preset
from game.session import AIWorker, TableSession, abandon_saved_game
from game.store import AutosaveStore, StatisticsStore, UserFolders
from game.store.journal import JOURNAL_FILE_NAME, StoreJournal
from game.store.recent import RecentMatchesStore
from game.store.saved_game import load_autosave

from .test_session import seats, wait_for_computer

ROOT = Path(__file__).resolve().parents[2]
KILLED = 9

# Plays a seeded match with a person's seat (always the first legal move) and two easy computers, and
# ends the process with os._exit right after the ``kill_at``-th write of the first journaled change
# ("journal", then each step). ``abandon``: plays three moves, then abandons the saved match the same way.
SCRIPT = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from game.rules import Match, preset
    from game.session import AIWorker, Seat, TableSession, abandon_saved_game
    from game.store import AutosaveStore, StatisticsStore, UserFolders
    from game.store.journal import JOURNAL_FILE_NAME, StoreJournal
    from game.store.recent import RecentMatchesStore
    from game.store.saved_game import load_autosave

    root, scenario, hands, kill_at = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    in_background = sys.argv[5] == "background"   # a move's autosave written by the store's thread, as the game does
    folders = UserFolders(root / "config", root / "data")
    autosave = AutosaveStore(folders, in_background=in_background)
    statistics, recent = StatisticsStore(folders), RecentMatchesStore(folders)
    journal = StoreJournal(folders.data_dir / JOURNAL_FILE_NAME, autosave=autosave, statistics=statistics,
                           recent=recent)
    writes = []

    def between_writes(what):
        if what == "journal" or writes:
            writes.append(what)
            print(what, flush=True)
        if kill_at and len(writes) == kill_at:
            os._exit(9)

    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=hands)
    session = TableSession(Match(rules, 4), [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bo", "easy")],
                           autosave=autosave, statistics=statistics, recent=recent, journal=journal,
                           think_budget_ms=10, worker=AIWorker("thread"))
    session.autosave()
    moves = 0
    journal.between_writes = between_writes if scenario == "play" else None
    while not session.over and not (scenario == "abandon" and moves == 3):
        if session.hand_over:
            session.next_hand()
        elif session.human_turn():
            session.play(session.view().my_moves[0])
        else:
            while session.think() is None:
                time.sleep(0.001)
            session.play_computer_move()
        moves += 1
    session.close()
    if scenario == "abandon":
        journal.between_writes = between_writes
        saved, _problem = load_autosave(autosave)
        abandon_saved_game(saved, journal)
    print("done", flush=True)
""")


def run_until_killed(tmp_path: Path, scenario: str, hands: int, kill_at: int, autosave: str = "now") -> list[str]:
    """Run the script; returns the writes it made before it ended (killed or done). ``autosave``: "now", or
    "background" for a move's autosave written by the store's own thread."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path), scenario, str(hands), str(kill_at), autosave],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    lines = done.stdout.split()
    if kill_at and "done" not in lines:
        assert done.returncode == KILLED, done.stderr
    else:
        assert done.returncode == 0, done.stderr
    return lines


def start_again(folders: UserFolders):
    """What the game does first on start: finish a journal a kill left behind."""
    autosave, statistics, recent = AutosaveStore(folders), StatisticsStore(folders), RecentMatchesStore(folders)
    journal = StoreJournal(folders.data_dir / JOURNAL_FILE_NAME, autosave=autosave, statistics=statistics,
                           recent=recent)
    outcome = journal.recover()
    assert not outcome.failed and not outcome.notices
    return autosave, statistics, recent, journal


def play_out(session: TableSession) -> None:
    while not session.over:
        if session.hand_over:
            session.next_hand()
        elif session.human_turn():
            session.play(session.view().my_moves[0])
        else:
            wait_for_computer(session)
            session.play_computer_move()


# The one-hand match: its last move counts the hand and the match, keeps it in the recent list and
# deletes the autosave.
@pytest.mark.parametrize("kill_at", [1, 2, 3, 4, 0], ids=["after the journal", "after the statistics",
                                                           "after the recent list", "after the autosave",
                                                           "not killed"])
@pytest.mark.parametrize("autosave", ["now", "background"])
def test_a_kill_while_a_match_ends_loses_nothing_and_counts_nothing_twice(tmp_path, kill_at, autosave):
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    writes = run_until_killed(tmp_path, "play", 1, kill_at, autosave)
    expected = ["journal", "count_hand", "keep_recent", "clear_autosave"]
    assert writes == (expected[:kill_at] if kill_at else expected + ["done"])

    for _start in range(2):  # started twice: a finished journal does nothing again
        autosave, statistics, recent, _journal = start_again(folders)
        [entry] = statistics.load()[0].entries
        assert (entry.hands_played, entry.matches_played, entry.matches_abandoned) == (1, 1, 0)
        matches, problem = recent.load()
        assert problem is None and len(matches) == 1 and matches[0].saved.match().over
        assert not autosave.exists()
        assert not (folders.data_dir / JOURNAL_FILE_NAME).exists()


# A two-hand match killed as its first hand ends (the hand is counted and the autosave written).
@pytest.mark.parametrize("kill_at", [1, 2, 3], ids=["after the journal", "after the statistics",
                                                     "after the autosave"])
@pytest.mark.parametrize("autosave", ["now", "background"])
def test_a_kill_while_a_hand_ends_counts_it_once_and_the_match_goes_on(tmp_path, kill_at, autosave):
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    writes = run_until_killed(tmp_path, "play", 2, kill_at, autosave)
    assert writes == ["journal", "count_hand", "save_autosave"][:kill_at]

    autosave, statistics, recent, journal = start_again(folders)
    [entry] = statistics.load()[0].entries
    assert (entry.hands_played, entry.matches_played) == (1, 0)
    saved, problem = load_autosave(autosave)
    assert problem is None and saved.match().hand.over  # the position right after the hand ended

    session = TableSession.resume(saved, autosave=autosave, statistics=statistics, recent=recent, journal=journal,
                                  think_budget_ms=10, worker=AIWorker("thread"))
    try:
        play_out(session)
    finally:
        session.close()
    [entry] = statistics.load()[0].entries
    assert (entry.hands_played, entry.matches_played) == (2, 1)
    assert [m.saved.match_id for m in recent.load()[0]] == [saved.match_id]


@pytest.mark.parametrize("kill_at", [1, 2, 3, 0], ids=["after the journal", "after the statistics",
                                                        "after the autosave", "not killed"])
def test_a_kill_while_abandoning_counts_the_match_abandoned_once(tmp_path, kill_at):
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    writes = run_until_killed(tmp_path, "abandon", 2, kill_at)
    expected = ["journal", "count_abandoned", "clear_autosave"]
    assert writes == (expected[:kill_at] if kill_at else expected + ["done"])

    autosave, statistics, _recent, journal = start_again(folders)
    [entry] = statistics.load()[0].entries
    assert (entry.matches_abandoned, entry.matches_played) == (1, 0)
    assert not autosave.exists()


def test_the_same_saved_match_abandoned_twice_counts_once(folders):
    # Even without a journal on disk (it could not be written), the count remembers the match's id.
    session = TableSession(Match(preset("crazy_eights", 3), 4), seats(3), autosave=AutosaveStore(folders),
                           statistics=StatisticsStore(folders), worker=AIWorker("thread"))
    session.autosave()
    session.close()
    saved, _problem = load_autosave(AutosaveStore(folders))
    counting_only = StoreJournal(None, statistics=StatisticsStore(folders))
    abandon_saved_game(saved, counting_only)
    abandon_saved_game(saved, counting_only)
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.matches_abandoned == 1


def test_a_new_match_dealt_from_the_last_counted_seed_counts_its_first_hand(folders):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    for _match in range(2):
        session = TableSession(Match(rules, 4), seats(3), autosave=AutosaveStore(folders),
                               statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))
        try:
            while not session.hand_over:
                if session.human_turn():
                    session.play(session.view().my_moves[0])
                else:
                    wait_for_computer(session)
                    session.play_computer_move()
        finally:
            session.close()
    [entry] = StatisticsStore(folders).load()[0].entries
    assert entry.hands_played == 2


def test_a_damaged_journal_is_set_aside_and_said(folders):
    folders.data_dir.mkdir(parents=True)
    (folders.data_dir / JOURNAL_FILE_NAME).write_text('{"format": "crazy-eights-journal", "version": 1, '
                                                      '"data": {"steps": [{"step": "format_disk"}]}}')
    journal = StoreJournal(folders.data_dir / JOURNAL_FILE_NAME, statistics=StatisticsStore(folders))
    outcome = journal.recover()
    [notice] = outcome.notices
    assert notice.code == "store.set_aside" and notice.params["backup"] == "journal.json.bak"
    assert not (folders.data_dir / JOURNAL_FILE_NAME).exists()
