"""Store files that are symbolic links the player made (say, into a synced folder): every write goes
through the link to its target, atomically there, and the link stays a link; a loop of links is
refused as a loop and never replaced by a plain file."""
from __future__ import annotations

import errno
import json
import os

import pytest

from game.rules import Match, preset
from game.rules.match import play_randomly
from game.session import AUTOSAVE, AIWorker, Seat, TableSession
from game.store import AutosaveStore, Statistics, StatisticsStore
from game.store.recent import RecentMatchesStore
from game.store.saved_game import SavedGame, SavedSeat

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")

SEATS = (SavedSeat("Tess", "human"), SavedSeat("Ada", "easy"), SavedSeat("Bo", "easy"))


def finished() -> SavedGame:
    match = play_randomly(Match(preset("crazy_eights", 3).replace(match_end="single_hand"), 3),
                          __import__("random").Random(3))
    return SavedGame(match.to_record(), SEATS, match_id="m1")


WRITES = {
    "autosave": (AutosaveStore, lambda store: store.save({"record": {"seed": 1}})),
    "statistics": (StatisticsStore, lambda store: store.record_match("crazy_eights", "easy", True)),
    "recent": (RecentMatchesStore, lambda store: store.add(finished(), "crazy_eights", [0])),
}


def leftovers(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".tmp"))


@pytest.mark.parametrize("absolute", [False, True], ids=["relative link", "absolute link"])
@pytest.mark.parametrize("name", WRITES)
def test_a_write_goes_through_the_link_to_its_target(folders, tmp_path, name, absolute):
    make, write = WRITES[name]
    store = make(folders)
    synced = tmp_path / "synced"
    synced.mkdir()
    folders.data_dir.mkdir(parents=True)
    target = synced / "mine.json"
    target.write_text("{}")  # what the player had there (damaged for us: set aside next to the target)
    os.symlink(target if absolute else os.path.relpath(target, folders.data_dir), store.path)

    write(store)
    write(store)

    assert os.path.islink(store.path), "the link was replaced by a plain file"
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["format"] == store.file.kind
    assert leftovers(synced) == [] and leftovers(folders.data_dir) == []
    # The store reads back what it wrote, through the link.
    assert store.load()[1] is None


def test_a_chain_of_links_to_a_file_not_there_yet_is_followed_to_its_end(folders, tmp_path):
    store = StatisticsStore(folders)
    folders.data_dir.mkdir(parents=True)
    os.symlink("middle.json", store.path)
    os.symlink(str(tmp_path / "end.json"), folders.data_dir / "middle.json")

    store.record_match("crazy_eights", "easy", True)

    assert os.path.islink(store.path) and os.path.islink(folders.data_dir / "middle.json")
    assert StatisticsStore(folders).load()[0].entry("crazy_eights", "easy").matches_won == 1
    assert json.loads((tmp_path / "end.json").read_text())["format"] == "crazy-eights-statistics"


@pytest.mark.parametrize("name", WRITES)
def test_a_loop_of_links_is_refused_as_a_loop_and_left_as_it_is(folders, name):
    make, write = WRITES[name]
    store = make(folders)
    folders.data_dir.mkdir(parents=True)
    other = folders.data_dir / "other.json"
    os.symlink(other.name, store.path)
    os.symlink(store.path.name, other)

    with pytest.raises(OSError) as raised:
        write(store)

    assert raised.value.errno == errno.ELOOP
    assert os.readlink(store.path) == other.name and os.readlink(other) == store.path.name
    assert leftovers(folders.data_dir) == []


def test_the_table_says_the_autosave_links_lead_round_in_a_circle(folders):
    from game.ui.sessions import store_problem_text

    folders.data_dir.mkdir(parents=True)
    autosave = AutosaveStore(folders)
    os.symlink(autosave.path.name, autosave.path)
    reported = []
    session = TableSession(Match(preset("crazy_eights", 3), 4),
                           [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bo", "easy")], autosave=autosave,
                           worker=AIWorker("thread"), report_problem=lambda store, error: reported.append((store, error)))
    try:
        session.autosave()
    finally:
        session.close()
    [(store, error)] = reported
    assert store == AUTOSAVE and error.errno == errno.ELOOP
    assert "links lead round in a circle" in store_problem_text(store, error)
    assert os.readlink(autosave.path) == autosave.path.name


def test_a_damaged_file_behind_a_link_is_set_aside_beside_its_target_and_the_link_kept(folders, tmp_path):
    store = StatisticsStore(folders)
    folders.data_dir.mkdir(parents=True)
    target = tmp_path / "mine.json"
    target.write_text("{ damaged")
    os.symlink(target, store.path)

    statistics, problem = store.load()

    assert statistics == Statistics() and problem.params["backup"] == "mine.json.bak"
    assert (tmp_path / "mine.json.bak").read_text() == "{ damaged"
    assert os.path.islink(store.path)
    store.record_match("crazy_eights", "easy", True)
    assert os.path.islink(store.path) and target.exists()
