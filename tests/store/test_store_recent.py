"""The recent-matches store on real files: keeps the newest N, drops the oldest, sets a damaged
file aside to .bak, refuses hostile values."""
from __future__ import annotations

import datetime
import json
import os
import random

import pytest

from game.rules import Match, preset
from game.rules.match import play_randomly
from game.store.files import backup_path_for, dated_backups
from game.store.files import DEFAULT_MAX_BYTES
from game.store.recent import (
    MAX_ENTRIES,
    MAX_ENTRY_BYTES,
    MAX_FILE_BYTES,
    MAX_MOVES,
    RECENT_FORMAT,
    RecentMatchesStore,
)
from game.store.saved_game import SavedGame, SavedSeat

SEATS = (SavedSeat("Tess", "human"), SavedSeat("Ada", "easy"), SavedSeat("Bruno", "hard"))


def finished_match(seed: int) -> Match:
    """A whole one-hand match with random legal moves."""
    match = Match(preset("crazy_eights", 3).replace(match_end="single_hand"), seed)
    rng = random.Random(seed)
    while not match.over:
        match.apply(rng.choice(match.legal_moves()))
    return match


def saved_of(seed: int) -> SavedGame:
    return SavedGame(finished_match(seed).to_record(), SEATS)


class Clock:
    """A clock that moves one minute a reading."""

    def __init__(self):
        self.now = datetime.datetime(2026, 12, 1, 20, 0, 0)

    def __call__(self):
        self.now += datetime.timedelta(minutes=1)
        return self.now


def test_keeps_the_newest_n_and_drops_the_oldest(folders):
    store = RecentMatchesStore(folders, limit=3, clock=Clock())
    for seed in range(1, 6):
        assert store.add(saved_of(seed), "crazy_eights", [seed % 3]) is None

    matches, problem = RecentMatchesStore(folders, limit=3).load()
    assert problem is None
    assert [m.saved.record["seed"] for m in matches] == [5, 4, 3]
    assert [m.finished.minute for m in matches] == [5, 4, 3]
    assert matches[0].winners == (2,) and matches[0].game == "crazy_eights"
    assert matches[0].saved.seats == SEATS
    # What was stored replays into the same match.
    assert matches[0].saved.match().to_record() == finished_match(5).to_record()


def test_the_same_match_twice_is_kept_once_and_practice_is_marked(folders):
    store = RecentMatchesStore(folders, clock=Clock())
    store.add(saved_of(1), "crazy_eights", [0])
    store.add(SavedGame(saved_of(2).record, SEATS, practice=True), "crazy_eights", [1])
    store.add(saved_of(1), "crazy_eights", [0])
    matches, _problem = store.load()
    assert [m.saved.record["seed"] for m in matches] == [1, 2]
    assert [m.practice for m in matches] == [False, True]


def test_no_file_is_an_empty_list(folders):
    assert RecentMatchesStore(folders).load() == ([], None)


def write_raw(store, data) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"format": RECENT_FORMAT, "version": 1, "data": data}), encoding="utf-8")


def good_entry(folders) -> dict:
    store = RecentMatchesStore(folders, clock=Clock())
    store.add(saved_of(3), "crazy_eights", [1])
    return json.loads(store.path.read_text(encoding="utf-8"))["data"]["matches"][0]


@pytest.mark.parametrize("damage", [
    lambda e: e.update(finished="yesterday"),
    lambda e: e.update(finished=12),
    lambda e: e.update(game=""),
    lambda e: e.update(game="x" * 500),
    lambda e: e.update(game="a\u0000b"),
    lambda e: e.update(winners=[True]),
    lambda e: e.update(winners=[9]),
    lambda e: e.update(winners=[2.0]),
    lambda e: e.update(winners=list(range(100))),
    lambda e: e.update(saved=[]),
    lambda e: e["saved"].pop("seats"),
    lambda e: e["saved"].update(seats=[{"name": "A" * 400, "kind": "human"}]),
    lambda e: e["saved"]["record"].update(hands=[["draw"] * (MAX_MOVES + 1)]),
    lambda e: e.update(extra=1),
    lambda e: e.pop("winners"),
    lambda e: e["saved"]["record"]["rules"].update(name="Crazy\u0000Eights"),
    lambda e: e["saved"]["record"]["rules"].update(name="\u200b"),
    lambda e: e["saved"]["record"]["rules"].update(name="\u202e" + "x" * 10),
    lambda e: e["saved"]["record"]["rules"].update(name="R" * 1_000_000),
    lambda e: e["saved"]["record"]["rules"].update(name=7),
    lambda e: e["saved"].update(id="a\u0000b"),
], ids=["date text", "date number", "empty game", "long game", "control character", "bool winner",
        "winner off the table", "float winner", "too many winners", "saved not an object", "no seats",
        "long name", "too many moves", "unknown key", "missing key", "NUL in the rules name",
        "zero-width rules name", "bidi control in the rules name", "1 MB rules name", "rules name a number",
        "damaged match id"])
def test_a_hostile_entry_is_left_out_alone_and_the_player_told(folders, damage):
    entry = good_entry(folders)
    damage(entry)
    store = RecentMatchesStore(folders, clock=Clock())
    store.add(saved_of(1), "crazy_eights", [0])
    store.add(saved_of(2), "crazy_eights", [1])
    good = json.loads(store.path.read_text(encoding="utf-8"))["data"]["matches"]
    write_raw(store, {"matches": [good[0], entry, good[1]]})
    original = store.path.read_bytes()

    matches, problem = store.load()
    assert [m.saved.record["seed"] for m in matches] == [2, 1]
    assert problem.code == "store.recent_dropped" and problem.params["count"] == 1
    assert problem == ("1 damaged recent match was left out; the old copy is saved as "
                       "recent_matches.json.bak.")
    assert backup_path_for(store.path).read_bytes() == original
    # The file now holds the good entries only, so the next load is quiet.
    assert store.load() == (matches, None)
    store.add(saved_of(4), "switch", [0])
    assert [m.game for m in store.load()[0]] == ["switch", "crazy_eights", "crazy_eights"]


def test_two_incidents_keep_both_copies(folders):
    store = RecentMatchesStore(folders, clock=Clock())
    store.add(saved_of(1), "crazy_eights", [0])
    good = json.loads(store.path.read_text(encoding="utf-8"))["data"]["matches"][0]
    for bad_name in ("\u200b", "a\u0000"):
        bad = json.loads(json.dumps(good))
        bad["saved"]["record"]["rules"]["name"] = bad_name
        write_raw(store, {"matches": [good, bad]})
        assert store.load()[1].params["count"] == 1
        os.utime(backup_path_for(store.path), (1_764_000_000, 1_764_000_000))
    [older] = dated_backups(store.path)
    assert "\\u200b" in older.read_text(encoding="utf-8")
    assert "\\u0000" in backup_path_for(store.path).read_text(encoding="utf-8")


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[]",
                                     json.dumps({"format": RECENT_FORMAT, "version": 1,
                                                 "data": {"matches": [{}] * 201}}).encode(),
                                     json.dumps({"format": RECENT_FORMAT, "version": 1, "data": {}}).encode()],
                         ids=["bad json", "not utf-8", "not a document", "too many entries", "no list"])
def test_a_damaged_file_goes_to_bak_and_adding_still_works(folders, content):
    store = RecentMatchesStore(folders, clock=Clock())
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(content)

    problem = store.add(saved_of(1), "crazy_eights", [0])
    assert problem is not None and ".bak" in problem
    assert backup_path_for(store.path).read_bytes() == content
    assert [m.saved.record["seed"] for m in store.load()[0]] == [1]


def test_a_huge_file_is_not_read(folders):
    store = RecentMatchesStore(folders)
    store.path.parent.mkdir(parents=True, exist_ok=True)
    with open(store.path, "wb") as big:
        big.truncate(6_000_000)
    matches, problem = store.load()
    assert matches == [] and "too large" in problem


def test_a_match_that_cannot_be_kept_is_refused_before_the_file_is_touched(folders):
    store = RecentMatchesStore(folders, clock=Clock())
    store.add(saved_of(1), "crazy_eights", [0])
    before = store.path.read_bytes()
    with pytest.raises(ValueError):
        store.add(SavedGame(saved_of(2).record, None), "crazy_eights", [0])
    with pytest.raises(ValueError):
        store.add(saved_of(2), "crazy_eights", [5])
    with pytest.raises(ValueError):
        store.add(saved_of(2), "", [0])
    assert store.path.read_bytes() == before


def long_finished_match(seed: int) -> Match:
    """A legal 7-player match of 200 hands: about 17,000 moves, near MAX_MOVES."""
    match = Match(preset("crazy_eights", 7).replace(match_end="fixed_hands", fixed_hands=200), seed)
    return play_randomly(match, random.Random(seed))


def test_many_long_matches_stay_within_the_read_limit_newest_kept(folders):
    record = long_finished_match(5).to_record()
    seats = SEATS + tuple(SavedSeat(f"Bot {n}", "easy") for n in range(4))
    store = RecentMatchesStore(folders, limit=MAX_ENTRIES, clock=Clock())
    added = 40  # about 4.9 MB of entries: more than the file may hold
    for number in range(added):
        store.add(SavedGame(record, seats, match_id=f"long{number}"), "crazy_eights", [0])
        assert store.path.stat().st_size <= MAX_FILE_BYTES < DEFAULT_MAX_BYTES

    matches, problem = RecentMatchesStore(folders, limit=MAX_ENTRIES).load()
    assert problem is None
    ids = [m.saved.match_id for m in matches]
    assert 20 <= len(ids) < added
    assert ids == [f"long{number}" for number in range(added - 1, added - 1 - len(ids), -1)]
    assert matches[0].saved.record == record


def test_an_entry_too_big_to_keep_is_refused(folders):
    store = RecentMatchesStore(folders, clock=Clock())
    saved = saved_of(1)
    huge = SavedGame(dict(saved.record, padding="x" * MAX_ENTRY_BYTES), SEATS)
    with pytest.raises(ValueError):
        store.add(huge, "crazy_eights", [0])
    assert not store.path.exists()
