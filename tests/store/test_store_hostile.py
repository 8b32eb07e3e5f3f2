"""Hostile and damaged files at the store: one set of checks, and a file the game could not read
is kept, reported once and never written over."""
from __future__ import annotations

import json
import os

import pytest

from game.store import AutosaveStore, Settings, SettingsStore, Statistics, StatisticsStore
from game.store import checks
from game.store.files import UnreadFileKept
from game.store.statistics import STATISTICS_FORMAT, STATISTICS_VERSION


# ----- the checks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, 2.0, 10**9, -1, 10**309, "3", None])
def test_a_count_is_an_int_below_a_billion_and_nothing_else(value):
    with pytest.raises(checks.InvalidValue):
        checks.count(value)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**400, True, "0.5", 1.5])
def test_a_number_is_finite_and_in_range(value):
    with pytest.raises(checks.InvalidValue):
        checks.number(value, 0.0, 1.0)


@pytest.mark.parametrize("value", ["", "   ", "x" * 41, "a\x00b", "tab\there", "no\u00a0break", ["a"], 3, None])
def test_a_name_is_short_printable_text(value):
    with pytest.raises(checks.InvalidValue):
        checks.name(value)


def test_a_name_is_stripped_and_a_long_value_is_shown_short_in_the_message():
    assert checks.name("  Zoë  ") == "Zoë"
    with pytest.raises(checks.InvalidValue) as raised:
        checks.name("x" * 1_000_000)
    assert len(str(raised.value)) < 200


def test_unknown_and_missing_keys_are_named():
    with pytest.raises(checks.InvalidValue, match="unknown keys 'colour'"):
        checks.known_keys({"a": 1, "colour": 2}, ("a",))
    with pytest.raises(checks.InvalidValue, match="missing keys b"):
        checks.known_keys({"a": 1}, ("a", "b"), required=("b",))


# ----- statistics ---------------------------------------------------------------------------------


def _write_statistics(store: StatisticsStore, data) -> bytes:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": STATISTICS_VERSION, "data": data}))
    return store.path.read_bytes()


@pytest.mark.parametrize("changes", [
    {"hands_played": 10**309}, {"hands_played": 10**9}, {"hands_won": 1.0}, {"matches_abandoned": True},
    {"score_sum": 10**16}, {"from_the_future": 1},
])
def test_an_entry_with_an_absurd_or_unknown_value_is_dropped_kept_in_the_backup_and_reported_once(folders, changes):
    store = StatisticsStore(folders)
    good = Statistics().with_hand("crazy_eights", "easy", True, 0, True)
    bad = {**good.to_json()["entries"][0], "level": "hard", **changes}
    original = _write_statistics(store, {"entries": good.to_json()["entries"] + [bad]})

    statistics, problem = store.load()

    assert statistics == good
    assert problem == "1 damaged statistics entry was dropped; the old copy is saved as statistics.json.bak."
    assert store.path.with_name("statistics.json.bak").read_bytes() == original
    # The file now holds the good entries only, so the next start is quiet.
    assert store.load() == (good, None)
    [row] = statistics.summary_rows()
    assert row.cells()[3] == "100%"


@pytest.mark.parametrize("data", [
    {"entries": [], "colour": "mauve"},
    {"entries": [], "last_counted_hand": [1, True]},
    {"entries": [], "last_counted_hand": [1.5, 2]},
    {"entries": [], "last_counted_hand": "1:2"},
    {"entries": [], "counted_changes": ["m1:hand:1\u0000"]},
    {"entries": [], "counted_changes": ["x" * 101]},
    {"entries": [], "counted_changes": [3]},
    {"entries": [], "counted_changes": ["m"] * 65},
])
def test_an_unknown_key_or_a_bad_hand_id_sets_the_whole_file_aside(folders, data):
    store = StatisticsStore(folders)
    original = _write_statistics(store, data)
    statistics, problem = store.load()
    assert statistics == Statistics()
    assert problem.startswith("Your statistics file was damaged")
    assert store.path.with_name("statistics.json.bak").read_bytes() == original


def test_a_hand_is_counted_once_by_its_id_and_the_match_with_it_in_one_write(folders):
    store = StatisticsStore(folders)
    for _attempt in range(2):  # the second is the replay after a crash
        statistics, _problem = store.record_finished_hand("crazy_eights", "hard", "m1:hand:3", (True, 0, True),
                                                          True)
    entry = statistics.entry("crazy_eights", "hard")
    assert (entry.hands_played, entry.matches_played, entry.matches_won) == (1, 1, 1)
    assert store.load() == (statistics, None) and statistics.counted_changes == ("m1:hand:3",)
    statistics, _problem = store.record_finished_hand("crazy_eights", "hard", "m1:hand:4", (False, 20, True), None)
    assert statistics.entry("crazy_eights", "hard").hands_played == 2
    # A new match dealt from the same seed is a match of its own: its first hand counts.
    statistics, _problem = store.record_finished_hand("crazy_eights", "hard", "m2:hand:3", (False, 20, True), None)
    assert statistics.entry("crazy_eights", "hard").hands_played == 3


def test_an_abandoned_match_is_counted_once_by_its_id(folders):
    store = StatisticsStore(folders)
    for _attempt in range(2):
        statistics, _problem = store.record_abandoned_match("crazy_eights", "easy", "m1:abandoned")
    assert statistics.entry("crazy_eights", "easy").matches_abandoned == 1
    assert StatisticsStore(folders).load()[0] == statistics


def test_a_statistics_file_from_before_match_ids_still_loads(folders):
    store = StatisticsStore(folders)
    _write_statistics(store, {"entries": [], "last_counted_hand": [7, 3]})
    assert store.load() == (Statistics(), None)


def test_an_abandoned_match_is_counted_and_ends_the_streak(folders):
    store = StatisticsStore(folders)
    store.record_match("crazy_eights", "easy", True)
    statistics, _problem = store.record_abandoned_match("crazy_eights", "easy")
    entry = statistics.entry("crazy_eights", "easy")
    assert (entry.matches_abandoned, entry.matches_played, entry.current_streak, entry.longest_streak) == (1, 1, 0, 1)
    assert statistics.summary_rows()[0].cells()[-1] == "1"
    assert store.load() == (statistics, None)


# ----- a file the game cannot read ------------------------------------------------------------------

STORES = {"settings": SettingsStore, "statistics": StatisticsStore, "autosave": AutosaveStore}
SAMPLES = {"settings": Settings(), "statistics": Statistics(), "autosave": {"record": {}}}


def _unreadable(path) -> None:
    # A link to itself: "Too many levels of symbolic links" for root too, where chmod 000 still reads.
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(path.name, path)


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")
@pytest.mark.parametrize("name", STORES)
def test_a_file_that_cannot_be_read_is_kept_reported_once_and_never_written_over(folders, name):
    store = STORES[name](folders)
    _unreadable(store.path)

    value, problem = store.load()

    assert value in (Settings(), Statistics(), None)
    assert problem.startswith(f"Your {store.file.what} could not be read (")
    assert "will not save over it" in problem
    assert not store.path.with_name(store.path.name + ".bak").exists()
    assert store.load()[1] is None  # told once
    with pytest.raises(UnreadFileKept):
        store.save(SAMPLES[name])
    if name == "statistics":
        with pytest.raises(UnreadFileKept):
            store.record_hand("crazy_eights", "easy", True, 0, True)
    if name == "autosave":
        with pytest.raises(UnreadFileKept):
            store.clear()
    assert os.readlink(store.path) == store.path.name  # the very same link, untouched


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")
def test_a_file_readable_again_may_be_saved_again(folders):
    store = SettingsStore(folders)
    _unreadable(store.path)
    store.load()
    store.path.unlink()
    assert store.load() == (Settings(), None)
    store.save(Settings(player_name="Ada"))
    assert store.load() == (Settings(player_name="Ada"), None)


# ----- the autosave's place ----------------------------------------------------------------------------


def test_a_folder_in_place_of_the_autosave_is_set_aside_and_reported_at_start(folders):
    store = AutosaveStore(folders)
    store.path.mkdir(parents=True)
    problem = store.check_place()
    assert problem == ("Your saved match was not a file and cannot be resumed; "
                       "the old copy is saved as autosave.json.bak.")
    assert store.path.with_name("autosave.json.bak").is_dir()
    store.save({"record": {}})  # autosaving works again
    assert store.load() == ({"record": {}}, None)


def test_a_good_or_missing_autosave_passes_the_start_check_quietly(folders):
    store = AutosaveStore(folders)
    assert store.check_place() is None
    store.save({"record": {}})
    assert store.check_place() is None


def test_a_file_in_place_of_the_data_folder_is_no_file_to_read_and_a_write_says_why(tmp_path):
    from game.store import UserFolders

    (tmp_path / "data").write_text("not a folder")
    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    assert StatisticsStore(folders).load() == (Statistics(), None)
    assert AutosaveStore(folders).check_place() is None
    with pytest.raises(OSError):
        StatisticsStore(folders).record_hand("crazy_eights", "easy", True, 0, True)
