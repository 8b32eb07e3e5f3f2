"""The autosave, and exporting/importing match records from the pause menu."""

from __future__ import annotations

import json

import pytest

from game.store import AutosaveStore, RecordFileError, export_record, import_record
from game.store.autosave import MATCH_RECORD_FORMAT

RECORD = {
    "format": "crazy-eights-record",
    "version": 1,
    "rules": {"preset": "classic", "hand_size": 7},
    "seed": 123456789,
    "moves": [["play", "8H", "spades"], ["draw"], ["pass"]],
}


def test_no_autosave_at_first(folders):
    store = AutosaveStore(folders)
    assert store.exists() is False
    assert store.load() == (None, None)


def test_save_load_clear(folders):
    store = AutosaveStore(folders)
    store.save(RECORD)

    assert store.exists() is True
    assert store.load() == (RECORD, None)
    assert store.path.parent == folders.data_dir

    store.clear()
    assert store.exists() is False
    assert store.load() == (None, None)
    store.clear()  # clearing twice is fine


def test_each_save_replaces_the_last(folders):
    store = AutosaveStore(folders)
    store.save(RECORD)
    longer = {**RECORD, "moves": RECORD["moves"] + [["draw"]]}
    store.save(longer)
    assert store.load() == (longer, None)


@pytest.mark.parametrize("not_a_record", [["moves"], "record", None, 7])
def test_only_a_dict_can_be_saved(folders, not_a_record):
    store = AutosaveStore(folders)
    store.save(RECORD)
    with pytest.raises(TypeError, match="dict"):
        store.save(not_a_record)
    assert store.load() == (RECORD, None)


def test_a_record_that_is_not_json_leaves_the_old_autosave_alone(folders):
    store = AutosaveStore(folders)
    store.save(RECORD)
    with pytest.raises((TypeError, ValueError)):
        store.save({**RECORD, "seed": float("nan")})
    with pytest.raises(TypeError):
        store.save({**RECORD, "moves": {object()}})
    assert store.load() == (RECORD, None)
    assert [p.name for p in store.path.parent.iterdir()] == ["autosave.json"]


def test_damaged_autosave_message(folders):
    store = AutosaveStore(folders)
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b'{"format": "crazy-eights-match", "ver')

    record, problem = store.load()

    assert record is None
    assert problem == (
        "Your saved match was damaged and cannot be resumed; the old copy is saved as autosave.json.bak."
    )


def test_export_then_import(tmp_path):
    target = tmp_path / "exports" / "my match.json"
    export_record(RECORD, target)
    assert json.loads(target.read_text("utf-8"))["format"] == MATCH_RECORD_FORMAT
    assert import_record(target) == RECORD


def test_a_copy_of_the_autosave_can_be_imported(folders, tmp_path):
    store = AutosaveStore(folders)
    store.save(RECORD)
    copy = tmp_path / "copy.json"
    copy.write_bytes(store.path.read_bytes())
    assert import_record(copy) == RECORD


def test_export_refuses_a_non_dict(tmp_path):
    with pytest.raises(TypeError):
        export_record([1, 2], tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


BAD_IMPORTS = {
    "truncated": (b'{"format": "crazy-eights-match", "version": 1, "da', "is not a Crazy Eights match record"),
    "garbage": (bytes(range(256)), "is not a Crazy Eights match record"),
    "list": (b"[]", "is not a Crazy Eights match record"),
    "settings file": (
        json.dumps({"format": "crazy-eights-settings", "version": 1, "data": {}}).encode(),
        "is not a Crazy Eights match record",
    ),
    "future": (
        json.dumps({"format": MATCH_RECORD_FORMAT, "version": 3, "data": RECORD}).encode(),
        "was made by a newer version of the game",
    ),
}


@pytest.mark.parametrize(("content", "expected"), BAD_IMPORTS.values(), ids=BAD_IMPORTS.keys())
def test_bad_import_raises_a_clear_error_and_touches_nothing(folders, tmp_path, content, expected):
    autosave = AutosaveStore(folders)
    autosave.save(RECORD)
    autosave_before = autosave.path.read_bytes()
    chosen = tmp_path / "chosen.json"
    chosen.write_bytes(content)

    with pytest.raises(RecordFileError) as raised:
        import_record(chosen)

    message = str(raised.value)
    assert message.startswith("chosen.json ") and expected in message and "\n" not in message
    # The player's file is theirs: not moved, not changed, no backup made.
    assert chosen.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chosen.json", "data"]
    assert autosave.path.read_bytes() == autosave_before


def test_importing_a_huge_file_is_refused_without_reading_it(tmp_path):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(100 * 1024 * 1024)
    with pytest.raises(RecordFileError, match="too large"):
        import_record(huge)
    assert huge.stat().st_size == 100 * 1024 * 1024


def test_importing_a_missing_file(tmp_path):
    with pytest.raises(RecordFileError, match="nothing.json does not exist"):
        import_record(tmp_path / "nothing.json")


def _played(moves: int, seed: int = 3):
    import random

    from game.rules import Match, preset

    rules = preset("crazy_eights", 4).replace(voluntary_draw=True, target=10**6)
    match, rng = Match(rules, seed), random.Random(seed)
    while sum(map(len, match.moves)) < moves:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("moves", [40, 60_000], ids=["small: indented", "long: compact"])
def test_the_autosave_after_a_move_is_the_same_file_byte_for_byte_as_the_saved_game(folders, tmp_path, moves):
    # After a move the session writes autosave_document (the hands spliced in already encoded); the file
    # must be what SavedGame.to_document() gives, so that every reader of today and before reads it.
    from game.store.saved_game import SavedGame, SavedSeat, autosave_document, load_autosave

    match = _played(moves)
    seats = tuple(SavedSeat(name, kind) for name, kind in (("You", "human"), ("Ada", "easy"), ("Bo", "easy"),
                                                           ("Cy", "easy")))
    store = AutosaveStore(folders)
    store.save(autosave_document(match, seats, practice=True, match_id="m1"))
    written = store.path.read_bytes()
    export_record(SavedGame.of(match, seats, True, "m1").to_document(), tmp_path / "plain.json")
    assert written == (tmp_path / "plain.json").read_bytes()
    assert (written.startswith(b'{\n  "format"')) == (moves == 40)
    saved, problem = load_autosave(store)
    assert problem is None and saved.match_id == "m1" and saved.practice
    assert saved.match().to_record() == match.to_record()


def test_a_journaled_autosave_with_its_hands_encoded_is_finished_after_a_kill(folders):
    # A hand's end writes the counts and the autosave as one journaled change; killed after the journal
    # was written, the next start applies it: the journal held the whole record, spliced in as JSON.
    from game.store import StatisticsStore
    from game.store import journal as steps
    from game.store.journal import StoreJournal
    from game.store.saved_game import SavedSeat, autosave_document, load_autosave

    class Killed(BaseException):
        pass

    def kill_after_journal(what):
        if what == "journal":
            raise Killed

    match = _played(3000)
    seats = tuple(SavedSeat(name, kind) for name, kind in (("You", "human"), ("Ada", "easy"), ("Bo", "easy"),
                                                           ("Cy", "easy")))
    autosave, statistics = AutosaveStore(folders), StatisticsStore(folders)
    journal = StoreJournal.beside(autosave, statistics)
    journal.between_writes = kill_after_journal
    with pytest.raises(Killed):
        journal.run([steps.count_hand(("crazy_eights", "easy"), "m2:hand:1", (True, 0, True), None),
                     steps.save_autosave(autosave_document(match, seats, match_id="m2"))])
    assert not autosave.exists()

    outcome = StoreJournal.beside(autosave, statistics).recover()
    assert outcome.worked == {"autosave", "statistics"} and not outcome.failed
    saved, problem = load_autosave(autosave)
    assert problem is None and saved.record == match.to_record() and saved.match_id == "m2"
    assert statistics.load()[0].entries[0].hands_played == 1
