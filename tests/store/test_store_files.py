"""The file layer: atomic writes, cleanup after killed writers, and reading untrusted documents."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store.files import (
    STALE_TEMP_AGE_SECONDS,
    read_json_document,
    remove_stale_temp_files,
    write_json_atomic,
)

REPO_ROOT = Path(__file__).resolve().parents[2]


def _temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _dead_pid() -> int:
    # A process that has exited and been reaped: its pid belongs to nobody now.
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)
    return int(finished.stdout)


def test_write_creates_folders_and_replaces_content(tmp_path):
    target = tmp_path / "a" / "b" / "doc.json"
    write_json_atomic(target, {"n": 1})
    write_json_atomic(target, {"n": 2, "name": "Zoë"})
    assert json.loads(target.read_text("utf-8")) == {"n": 2, "name": "Zoë"}
    assert target.read_bytes().endswith(b"\n")
    assert _temp_files(target.parent) == []


@pytest.mark.parametrize(("bad_value", "error"), [(float("nan"), ValueError), ({1, 2}, TypeError)])
def test_a_value_that_is_not_json_fails_before_touching_the_file(tmp_path, bad_value, error):
    target = tmp_path / "doc.json"
    write_json_atomic(target, {"n": 1})
    with pytest.raises(error):
        write_json_atomic(target, {"n": bad_value})
    assert json.loads(target.read_text("utf-8")) == {"n": 1}
    assert _temp_files(tmp_path) == []


def test_orphaned_temp_files_are_removed_by_the_next_write(tmp_path):
    target = tmp_path / "doc.json"
    dead = _dead_pid()
    orphan = tmp_path / f".doc.json.{dead}.deadbeef.tmp"
    ours = tmp_path / f".doc.json.{os.getpid()}.0badf00d.tmp"  # maybe another thread's write in progress
    living_writer = tmp_path / f".doc.json.{os.getppid()}.12345678.tmp"
    ancient = tmp_path / f".doc.json.{os.getppid()}.aaaaaaaa.tmp"
    unrelated = [
        tmp_path / f".other.json.{dead}.deadbeef.tmp",
        tmp_path / ".doc.json.notapid.tmp",
        tmp_path / "doc.json.bak",
    ]
    for path in [orphan, ours, living_writer, ancient, *unrelated]:
        path.write_bytes(b"half a docu")
    two_hours_ago = time.time() - STALE_TEMP_AGE_SECONDS - 3600
    os.utime(ancient, (two_hours_ago, two_hours_ago))

    write_json_atomic(target, {"n": 1})

    remaining = {p.name for p in tmp_path.iterdir()}
    if os.name == "posix":
        assert orphan.name not in remaining
    else:  # Windows: no safe way to ask whether a pid still runs (os.kill would end it), so age alone counts
        assert orphan.name in remaining
    assert ancient.name not in remaining
    assert {ours.name, living_writer.name, *(p.name for p in unrelated)} <= remaining
    assert remove_stale_temp_files(target) == []


# A writer that saves a ~1.6 MB document over and over; each document carries
# its number n in two places so a mix of two writes would be caught.
WRITER = r"""
import sys
from pathlib import Path
from game.store.files import write_json_atomic

path, n = Path(sys.argv[1]), int(sys.argv[2])

def document(n):
    return {"format": "stress", "version": 1, "data": {"n": n, "payload": f"{n:08d}" * 200_000}}

write_json_atomic(path, document(n))
print("ready", flush=True)
while True:
    n += 1
    write_json_atomic(path, document(n))
"""


def _read_stress_document(path: Path) -> int:
    document = json.loads(path.read_bytes().decode("utf-8"))
    n = document["data"]["n"]
    assert document["data"]["payload"] == f"{n:08d}" * 200_000, "a document mixed two writes"
    return n


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL and pid checks are POSIX")
def test_killing_the_writer_at_random_moments_never_breaks_the_file(tmp_path):
    target = tmp_path / "big.json"
    randomness = random.Random(20240607)
    last_seen = 0
    rounds_that_left_a_temp_file = 0

    for _ in range(20):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target), str(last_seen + 1)],
            cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True,
        )
        try:
            assert writer.stdout.readline() == "ready\n"
            time.sleep(randomness.uniform(0.0, 0.04))
        finally:
            writer.kill()  # SIGKILL: no cleanup code in the writer can run
            writer.wait()
            writer.stdout.close()

        # Old or new content, whole either way; never older than the write that finished before "ready".
        seen = _read_stress_document(target)
        assert seen >= last_seen + 1
        last_seen = seen
        # At most the one temp file the killed writer had open: the earlier
        # writer's leftover was removed by this writer's first write.
        leftovers = _temp_files(tmp_path)
        assert len(leftovers) <= 1, leftovers
        rounds_that_left_a_temp_file += len(leftovers)

    write_json_atomic(target, {"format": "stress", "version": 1, "data": {"n": 0}})
    assert _temp_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]
    print(f"{rounds_that_left_a_temp_file} of 20 kills landed mid-write; {last_seen} documents written")


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "doc.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"format": "k", "version": 1, "data": {"a": 1}}).encode())
    assert read_json_document(path, "k", 1).data == {"a": 1}


def test_an_older_version_is_returned_for_migration(tmp_path):
    path = tmp_path / "doc.json"
    write_json_atomic(path, {"format": "k", "version": 2, "data": {"a": 1}})
    result = read_json_document(path, "k", current_version=3)
    assert (result.data, result.version, result.problem) == ({"a": 1}, 2, None)


def test_absurd_nesting_is_damage_not_a_crash(tmp_path):
    path = tmp_path / "doc.json"
    path.write_bytes(b"[" * 200_000)
    result = read_json_document(path, "k", 1)
    assert result.data is None and "damaged" in result.problem


def test_the_default_message_names_the_file(tmp_path):
    path = tmp_path / "doc.json"
    path.write_bytes(b"{")
    assert read_json_document(path, "k", 1).problem == (
        "Your file doc.json was damaged and has been reset; the old copy is saved as doc.json.bak."
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    path = tmp_path / "doc.json"
    os.mkfifo(path)
    result = read_json_document(path, "k", 1)
    assert result.data is None and result.detail == "not a regular file"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read anything")
def test_an_unreadable_file_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "doc.json"
    write_json_atomic(path, {"format": "k", "version": 1, "data": {}})
    path.chmod(0)
    try:
        result = read_json_document(path, "k", 1, what="settings file")
    finally:
        path.chmod(0o644)
    assert result.data is None
    assert result.problem.startswith("Your settings file could not be read (")
    assert path.exists() and not path.with_name("doc.json.bak").exists()
