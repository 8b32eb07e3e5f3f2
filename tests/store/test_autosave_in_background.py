"""A move's autosave written by the autosave store's own thread (AutosaveStore(in_background=True)):
the files still change in the order the game asked, a refusal is found and said, and the journal's
multi-file changes wait for it."""
from __future__ import annotations

import json
import threading

from game.store import AutosaveStore, StatisticsStore, UserFolders
from game.store import journal as steps
from game.store.journal import StoreJournal


def record(moves: int) -> dict:
    return {"record": {"hands": [["draw"] * moves]}, "moves": moves}


def on_disk(store: AutosaveStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))["data"]


def test_the_newest_of_many_saves_is_the_one_on_disk_and_a_load_waits_for_it(folders):
    store = AutosaveStore(folders, in_background=True)
    try:
        for moves in range(40):
            store.save_soon(record(moves))
        loaded, problem = store.load()
        assert problem is None and loaded == record(39)
        assert on_disk(store) == record(39)
    finally:
        store.close()


def test_the_writes_happen_in_a_thread_of_their_own(folders):
    store = AutosaveStore(folders, in_background=True)
    writers = []
    store.on_saved = lambda saved: writers.append(threading.current_thread())
    try:
        store.save_soon(record(1))
        store.settle()
        assert writers and writers[0] is not threading.main_thread()
    finally:
        store.close()
    assert all(thread.name != "autosave-writer" for thread in threading.enumerate()), "close ends the thread"


def test_clear_after_a_save_asked_for_leaves_no_autosave(folders):
    # A match that ends right after a move: the clear must not be overtaken by that move's write.
    store = AutosaveStore(folders, in_background=True)
    try:
        for moves in range(5):
            store.save_soon(record(moves))
        store.clear()
        assert not store.exists() and not store.path.exists()
    finally:
        store.close()


def test_without_in_background_save_soon_writes_at_once(folders):
    store = AutosaveStore(folders)
    store.save_soon(record(3))
    assert on_disk(store) == record(3) and store.take_failure() is None


def blocked(folders: UserFolders) -> None:
    """A file where the data folder belongs: every write there is refused by the OS."""
    folders.data_dir.parent.mkdir(parents=True, exist_ok=True)
    folders.data_dir.write_text("not a folder")


def test_a_write_the_disk_refuses_is_kept_for_the_next_change_and_said_then(folders):
    blocked(folders)
    store = AutosaveStore(folders, in_background=True)
    journal = StoreJournal(None, autosave=store)
    try:
        assert journal.run([steps.save_autosave(record(1))]).failed == {}   # asked for: nothing known yet
        store.settle()
        # The next change finds the refusal and tries again, here, to say whether the disk still refuses.
        outcome = journal.run([steps.save_autosave(record(2))])
        assert isinstance(outcome.failed["autosave"], OSError)
        assert [step["saved"] for step in journal.pending] == [record(2)]

        folders.data_dir.unlink()   # the player frees the place
        outcome = journal.run([steps.save_autosave(record(3))])
        assert outcome.worked == {"autosave"} and not outcome.failed and not journal.pending
        assert on_disk(store) == record(3)
        # Working again: the next move's autosave goes back to the background.
        assert journal.run([steps.save_autosave(record(4))]).worked == set()
        store.settle()
        assert on_disk(store) == record(4)
    finally:
        store.close()


def test_a_change_to_several_files_waits_for_the_autosave_under_way(folders):
    autosave, statistics = AutosaveStore(folders, in_background=True), StatisticsStore(folders)
    journal = StoreJournal.beside(autosave, statistics)
    order = []
    autosave.on_saved = lambda saved: order.append(("autosave", saved["moves"]))
    journal.between_writes = order.append
    try:
        journal.run([steps.save_autosave(record(7))])
        journal.run([steps.count_hand(("crazy_eights", "easy"), "m1:hand:1", (True, 0, True), None),
                     steps.clear_autosave()])
        assert order == [("autosave", 7), "journal", "count_hand", "clear_autosave"]
        assert not autosave.exists()
        assert statistics.load()[0].entries[0].hands_played == 1
    finally:
        autosave.close()
