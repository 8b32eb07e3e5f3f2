"""Kill the game with SIGKILL at random moments and start it again: never lose a game.

`python main.py --autoplay` plays a seeded match in the real App and table, the computer choosing
every move (the player's seat too), and prints `saved <moves>` after each autosave is on disk. It
resumes through the main menu's Continue and prints `resumed <moves> <fingerprint>`. After every
kill the autosave must be one whole JSON document that replays, hold the last announced move (or
one more: killed between writing and printing), and continue the record seen at the last kill;
on restart the game must resume exactly that position. In the end the match finishes and the
autosave is gone.
"""
from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.rules import Match
from game.ui.selftest import match_fingerprint

ROOT = Path(__file__).resolve().parents[2]
KILLS = 24
MAX_DELAY_S = 0.3      # how long a run plays before it is killed, at most
LINE_TIMEOUT_S = 30.0
FINAL_RUN_TIMEOUT_S = 120.0
MAX_RUNS = 3 * KILLS   # a match ends after about 250 moves; this many runs never all finish by themselves

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


class Run:
    """One game process in autoplay mode, its stdout read line by line in the background."""

    def __init__(self, home: Path, log: Path):
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CRAZY_EIGHTS_HOME=str(home),
                   CRAZY_EIGHTS_AI_WORKER="thread", PYTHONUNBUFFERED="1")
        self.stderr = open(log, "a", encoding="utf-8")
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--autoplay"], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=self.stderr, text=True, bufsize=1)
        self.lines: list[str] = []
        self._queue: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, prefix: str, timeout: float = LINE_TIMEOUT_S) -> str:
        """Read lines until one starts with ``prefix``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} line within {timeout} s; got {self.lines[-5:]}") from None
            if line is None:
                self._queue.put(None)
                raise AssertionError(f"the game ended (status {self.proc.wait()}) before {prefix!r}; "
                                     f"got {self.lines[-5:]}")
            self.lines.append(line)
            if line.startswith(prefix):
                return line

    def kill(self) -> int:
        """SIGKILL (unless it already ended), reap it and collect what it printed; returns the exit status."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        return self.finish(timeout=LINE_TIMEOUT_S)

    def finish(self, timeout: float) -> int:
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise
        self._reader.join(timeout=LINE_TIMEOUT_S)
        while (line := self._queue.get()) is not None:
            self.lines.append(line)
        self.proc.stdout.close()
        self.stderr.close()
        return status

    def saved_counts(self) -> list[int]:
        return [int(line.split()[1]) for line in self.lines if line.startswith("saved ")]


def move_count(data: dict) -> int:
    return sum(len(hand) for hand in data["record"]["hands"])


def continues(before: dict, after: dict) -> bool:
    """Whether ``after`` is the same match as ``before`` with moves added (never changed or lost)."""
    a, b = before["record"], after["record"]
    if (a["seed"], a["rules"]) != (b["seed"], b["rules"]) or before["seats"] != after["seats"]:
        return False
    hands_a, hands_b = a["hands"], b["hands"]
    if len(hands_b) < len(hands_a):
        return False
    last = len(hands_a) - 1
    return hands_b[:last] == hands_a[:last] and hands_b[last][:len(hands_a[last])] == hands_a[last]


def pending_autosave(journal: Path) -> dict | str | None:
    """The autosave a journal left by a kill will write at the next start (its document, or "clear"), or
    None when there is no journal or it holds no autosave step."""
    if not journal.exists():
        return None
    # The step's "saved" is the autosave's data (SavedGame.to_document()), not a whole file.
    steps = json.loads(journal.read_text(encoding="utf-8"))["data"]["steps"]
    autosave_steps = [step for step in steps if step["step"] in ("save_autosave", "clear_autosave")]
    if not autosave_steps:
        return None
    last = autosave_steps[-1]
    return "clear" if last["step"] == "clear_autosave" else last["saved"]


def read_autosave(path: Path) -> dict:
    """The autosave as it is on disk, read without the store (which would move a damaged file aside)."""
    raw = path.read_bytes()
    try:
        document = json.loads(raw.decode("utf-8"))
    except ValueError as error:
        raise AssertionError(f"the autosave is not a whole JSON document ({error}): {raw[-120:]!r}") from None
    assert document["format"] == "crazy-eights-match" and document["version"] == 1
    return checked_autosave(document["data"])


def checked_autosave(data: dict) -> dict:
    """The match data of an autosave (the file's "data", or a journal step's "saved", which is the same
    thing without the file's wrapping), after checking that its moves replay."""
    Match.from_record(data["record"])  # raises if the moves do not replay
    assert [seat["kind"] for seat in data["seats"]] == ["human", "easy", "easy"]
    return data


def check_resumed(run: Run, on_disk: dict | None) -> None:
    """The restarted game continues the autosave exactly (or starts afresh when there is none)."""
    if on_disk is None:
        run.wait_for("saved ")
        assert run.lines[0] == "saved 0", run.lines
        return
    line = run.wait_for("resumed ")
    _, moves, fingerprint = line.split()
    assert int(moves) == move_count(on_disk)
    assert fingerprint == match_fingerprint(Match.from_record(on_disk["record"]))
    # Continue re-saves the same position before anything else (unless a hand had just ended).
    assert all(line == f"saved {moves}" for line in run.lines[:-1]), run.lines


def check_files(home: Path, killed: set[int]) -> list[Path]:
    """Every JSON file in the game's folders parses; returns the temporary files, each a killed writer's.

    A writer killed mid-write leaves its temporary file; the next write of the same file removes it.
    """
    temps = sorted(home.rglob(".*.tmp"))
    for temp in temps:
        assert any(f".{pid}." in temp.name for pid in killed), f"a temporary file of a live writer: {temp}"
    for path in home.rglob("*.json"):
        json.loads(path.read_text(encoding="utf-8"))
    return temps


@pytest.fixture
def runs():
    """Start game processes; any still running when the test ends (a failed check) is killed."""
    started: list[Run] = []

    def start(home: Path, log: Path) -> Run:
        started.append(Run(home, log))
        return started[-1]

    yield start
    for run in started:
        if run.proc.poll() is None:
            run.proc.kill()
            run.proc.wait()


def test_killed_at_random_moments_the_game_resumes_from_its_last_completed_move(tmp_path, runs):
    rng = random.Random(2026_11_29)
    home = tmp_path / "home"
    autosave = home / "data" / "autosave.json"
    log = tmp_path / "stderr.log"
    started = time.monotonic()
    on_disk: dict | None = None  # the autosave after the last kill (None: there is none)
    kills = killed_mid_write = finished = journaled = 0
    killed: set[int] = set()
    for _ in range(MAX_RUNS):
        if kills == KILLS:
            break
        run = runs(home, log)
        check_resumed(run, on_disk)
        announced = move_count(on_disk) if on_disk is not None else None
        time.sleep(rng.uniform(0.0, MAX_DELAY_S))
        status = run.kill()
        if status == 0:  # the match ended before the kill: the next run starts a new one
            assert run.lines[-2:] == ["cleared", "over"], run.lines[-5:]
            assert not autosave.exists()
            check_files(home, killed)
            on_disk, finished = None, finished + 1
            continue
        assert status == -signal.SIGKILL, log.read_text()
        kills += 1
        killed.add(run.proc.pid)
        temps = check_files(home, killed)
        counts = run.saved_counts()
        pending = pending_autosave(home / "data" / "journal.json")
        journaled += pending is not None
        if "cleared" in run.lines or pending == "clear":  # the match is over (or will be at the next start)
            assert pending == "clear" or not autosave.exists()
            on_disk = None
        else:
            # A kill between a journaled change's journal and its files: the next start finishes the change,
            # so the autosave it resumes is the journal's.
            data = read_autosave(autosave) if pending is None else checked_autosave(pending)
            last = counts[-1] if counts else announced
            # At least the last save announced; more when a write finished unannounced, or when a newer move's
            # record replaced one still waiting for the writer thread (the file skips to the newest move).
            assert move_count(data) >= last, (move_count(data), run.lines[-3:])
            if on_disk is not None:
                assert continues(on_disk, data), "the autosave lost or changed moves recorded before the kill"
            on_disk = data
        killed_mid_write += any(f".{run.proc.pid}." in temp.name for temp in temps)
    assert kills == KILLS, f"only {kills} of {KILLS} runs were killed before their match ended"
    # Let the last run play to the end of the match: the autosave is cleared.
    run = runs(home, log)
    check_resumed(run, on_disk)
    assert run.finish(timeout=FINAL_RUN_TIMEOUT_S) == 0, log.read_text()
    assert run.lines[-2:] == ["cleared", "over"], run.lines[-5:]
    assert not autosave.exists()
    assert check_files(home, killed) == [], "temporary files of killed writers were never cleaned up"
    print(f"{kills} kills ({killed_mid_write} left a temporary file), {finished} matches finished early, "
          f"{journaled} left a journal to finish, {time.monotonic() - started:.1f} s")


def test_a_kill_between_the_journal_and_the_autosave_resumes_the_journals_move(tmp_path, runs):
    """The random kills above land here now and then on a loaded machine (the end of a hand writes the journal,
    the statistics, then the autosave): the file still holds the move before, the journal the hand's last
    move, and the next start finishes the change and resumes one move more than the file."""
    from game.session import Seat, TableSession, make_bot
    from game.store import AutosaveStore, StatisticsStore, UserFolders
    from game.store.journal import StoreJournal
    from game.rules import preset

    home = tmp_path / "home"
    folders = UserFolders.default(environ={"CRAZY_EIGHTS_HOME": str(home)})
    autosave, statistics = AutosaveStore(folders), StatisticsStore(folders)
    journal = StoreJournal.beside(autosave, statistics)

    class Killed(Exception):
        pass

    def kill_after_the_journal(what: str) -> None:
        if what == "journal":
            raise Killed
    journal.between_writes = kill_after_the_journal
    rules = preset("crazy_eights", players=3).replace(match_end="fixed_hands", fixed_hands=2)
    session = TableSession.new(rules, 5, [Seat("Pilot", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")],
                               autosave=autosave, statistics=statistics, journal=journal)
    bot, rng = make_bot("easy", 10), random.Random(5)
    with pytest.raises(Killed):   # the first change of several files: the hand's last move
        for _ in range(500):
            session.apply(bot.choose(session.player_view(session.to_act()), rng))
    pending = pending_autosave(folders.data_dir / "journal.json")
    file_moves = move_count(read_autosave(folders.data_dir / "autosave.json"))
    assert isinstance(pending, dict) and move_count(checked_autosave(pending)) == file_moves + 1

    run = runs(home, tmp_path / "stderr.log")
    check_resumed(run, checked_autosave(pending))
    run.kill()
