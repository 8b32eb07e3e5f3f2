"""Every store survives every kind of bad file the same way.

Defaults come back, the bad file is kept byte for byte as `<name>.bak`, and
the player gets exactly one line explaining what happened.
"""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from game.store import (
    AutosaveStore,
    Settings,
    SettingsStore,
    Statistics,
    StatisticsStore,
)
from game.store.autosave import MATCH_RECORD_FORMAT
from game.store.files import KEPT_DATED_BACKUPS, dated_backups, read_json_document
from game.store.settings import SETTINGS_FORMAT
from game.store.statistics import STATISTICS_FORMAT

HUNDRED_MEGABYTES = 100 * 1024 * 1024


@dataclass(frozen=True)
class StoreCase:
    name: str
    make: Callable[[Any], Any]
    format_kind: str
    empty_value: Any
    valid_data: dict
    file_word: str  # how the player-facing message names the file


STORE_CASES = [
    StoreCase(
        "settings", SettingsStore, SETTINGS_FORMAT, Settings(),
        Settings(player_name="Ada").to_json(), "settings file",
    ),
    StoreCase(
        "statistics", StatisticsStore, STATISTICS_FORMAT, Statistics(),
        Statistics().with_match("classic", "easy", True).to_json(), "statistics file",
    ),
    StoreCase(
        "autosave", AutosaveStore, MATCH_RECORD_FORMAT, None,
        {"format": "rules-record", "version": 1, "seed": 7, "moves": []}, "saved match",
    ),
]


def _document(case: StoreCase, **overrides: Any) -> bytes:
    document = {"format": case.format_kind, "version": 1, "data": case.valid_data}
    document.update(overrides)
    return json.dumps(document).encode("utf-8")


def _truncated(case: StoreCase) -> bytes:
    whole = _document(case)
    return whole[: len(whole) // 2]


# name -> (bytes to put in the file, what the developer-facing detail must mention)
BAD_CONTENTS: dict[str, tuple[Callable[[StoreCase], bytes], str]] = {
    "truncated JSON": (_truncated, "invalid JSON"),
    "empty file": (lambda case: b"", "invalid JSON"),
    "binary garbage": (lambda case: bytes(range(256)) * 4, "not UTF-8"),
    "text garbage": (lambda case: b"PK\x03\x04 <html> not json at all", "invalid JSON"),
    # Latin-1 "café" inside an otherwise valid document.
    "non-UTF-8": (
        lambda case: _document(case).replace(b'"version": 1', b'"version": 1, "note": "caf\xe9"'),
        "not UTF-8",
    ),
    "JSON list": (lambda case: b"[1, 2, 3]", "top level is list"),
    "JSON string": (lambda case: b'"just text"', "top level is str"),
    "wrong format kind": (
        lambda case: _document(case, format="crazy-eights-something-else"), "format is",
    ),
    "missing data key": (
        lambda case: json.dumps({"format": case.format_kind, "version": 1}).encode(),
        "missing key 'data'",
    ),
    "data is a list": (lambda case: _document(case, data=[1, 2]), "data is list"),
    "version is text": (lambda case: _document(case, version="1"), "not a positive whole number"),
    "version is true": (lambda case: _document(case, version=True), "not a positive whole number"),
    "version is zero": (lambda case: _document(case, version=0), "not a positive whole number"),
    "NaN constant": (
        lambda case: _document(case).replace(b'"version": 1', b'"version": NaN'), "NaN",
    ),
    "future version": (lambda case: _document(case, version=99), "newer"),
}


@pytest.fixture(params=STORE_CASES, ids=lambda case: case.name)
def case(request):
    return request.param


@pytest.mark.parametrize("bad_content", [maker for maker, _ in BAD_CONTENTS.values()], ids=BAD_CONTENTS.keys())
def test_bad_file_gives_defaults_a_backup_and_one_line(case, bad_content, folders):
    store = case.make(folders)
    original = bad_content(case)
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(original)

    value, problem = store.load()

    assert value == case.empty_value
    assert problem is not None and "\n" not in problem
    assert problem.startswith(f"Your {case.file_word} ")
    backup = store.path.with_name(store.path.name + ".bak")
    assert problem.endswith(f"the old copy is saved as {backup.name}.")
    assert backup.read_bytes() == original
    assert not store.path.exists()
    # Once set aside, the next start is quiet.
    assert store.load() == (case.empty_value, None)


@pytest.mark.parametrize(("bad_content", "expected_detail"), BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_each_bad_file_is_refused_for_its_own_reason(bad_content, expected_detail, tmp_path):
    # Guards the matrix above: every bad file must fail for the reason it was built to show.
    case = STORE_CASES[0]
    path = tmp_path / "document.json"
    path.write_bytes(bad_content(case))

    result = read_json_document(path, case.format_kind, current_version=1)

    assert result.data is None
    assert expected_detail in result.detail


def test_future_version_is_reported_as_newer(case, folders):
    store = case.make(folders)
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(_document(case, version=2))

    _value, problem = store.load()

    assert "made by a newer version of the game" in problem


def test_huge_file_is_set_aside_without_reading_it(case, folders):
    store = case.make(folders)
    store.path.parent.mkdir(parents=True)
    with open(store.path, "wb") as huge:
        huge.truncate(HUNDRED_MEGABYTES)  # sparse: instant, and no real disk use
    inode_before = os.stat(store.path).st_ino

    tracemalloc.start()
    try:
        value, problem = store.load()
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert peak < 1_000_000, "the loader read the huge file into memory"
    assert value == case.empty_value
    assert "too large" in problem and "\n" not in problem
    backup = store.path.with_name(store.path.name + ".bak")
    # The same file, renamed: original bytes kept without copying 100 MB.
    assert os.stat(backup).st_ino == inode_before
    assert os.stat(backup).st_size == HUNDRED_MEGABYTES


def test_a_second_bad_file_keeps_the_older_backup_under_its_date(case, folders):
    store = case.make(folders)
    store.path.parent.mkdir(parents=True)
    backup = store.path.with_name(store.path.name + ".bak")
    store.path.write_bytes(b"first damage")
    store.load()
    os.utime(backup, (1_764_000_000, 1_764_000_000))  # the first incident was days ago
    store.path.write_bytes(b"second damage")

    store.load()

    assert backup.read_bytes() == b"second damage"
    [dated] = dated_backups(store.path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(1_764_000_000))
    assert dated.name == f"{store.path.name}.{stamp}.bak"
    assert dated.read_bytes() == b"first damage"


def test_only_a_few_dated_backups_are_kept_newest_first(case, folders):
    store = case.make(folders)
    store.path.parent.mkdir(parents=True)
    backup = store.path.with_name(store.path.name + ".bak")
    incidents = KEPT_DATED_BACKUPS + 3
    for number in range(incidents):
        store.path.write_bytes(f"damage {number}".encode())
        store.load()
        os.utime(backup, (1_764_000_000 + 3600 * number,) * 2)

    assert backup.read_bytes() == f"damage {incidents - 1}".encode()
    kept = [path.read_bytes() for path in dated_backups(store.path)]
    assert kept == [f"damage {n}".encode() for n in range(incidents - 1 - KEPT_DATED_BACKUPS, incidents - 1)]


def test_missing_file_gives_defaults_without_a_problem(case, folders):
    store = case.make(folders)
    assert store.load() == (case.empty_value, None)
    assert not store.path.parent.exists(), "loading must not create folders"


def test_a_folder_where_the_file_should_be_is_set_aside(case, folders):
    store = case.make(folders)
    store.path.mkdir(parents=True)

    value, problem = store.load()

    assert value == case.empty_value
    assert "was damaged" in problem
    assert store.path.with_name(store.path.name + ".bak").is_dir()


def test_store_writes_only_its_own_file(case, folders):
    store = case.make(folders)
    saved = case.empty_value if case.empty_value is not None else case.valid_data
    store.save(saved)
    assert [p.name for p in store.path.parent.iterdir()] == [store.path.name]
    document = json.loads(store.path.read_text("utf-8"))
    assert (document["format"], document["version"]) == (case.format_kind, 1)
