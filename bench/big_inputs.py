"""The biggest inputs the game accepts, through the real UI on the dummy driver.

    PYTHONPATH=$PWD .venv/bin/python bench/big_inputs.py

In a temporary data folder it makes
- a statistics file of 10,000 rows, and times the statistics screen opening (the median of three
  opens after a first one that also loads the screen's modules; wall clock and this thread's CPU);
- nearly the longest record the rules accept: 7 players, voluntary draw, the highest turn cap a rule
  set may have, played with random legal moves until the record holds MAX_RECORD_MOVES less
  PLAY_ON_MOVES moves (a match ends when its record is full, docs/RULES.md R-MATCH-LENGTH, and the
  continued match must play on). It is
  continued (the autosave, from the main menu), imported (from the pause menu) and replayed (opened
  as a record file, then stepped, hand by hand and to both ends), and every frame is timed from
  the click to the screen it opens and a second after, and so is the way back to the main menu from
  the long table and from the replay (``leave_*``: the frame that closes the screen, the frames that free
  what it held a slice at a time and scan what the load froze, and three after);
  the memory the replay adds is read from the process's resident size;
- a recent-matches list at its limit: as many of the longest matches the list takes as it keeps,
  each added through the store, and the file's size read after every add.

The last line is JSON with ``statistics_10k_rows_open_s``, ``longest_frame_ms_long_record`` and
``recent_list_max_bytes``, among others. On a machine other jobs share, compare the CPU figures and the
``*_own_ms`` ones: each frame's wall time less the time it waited, ready, for a CPU other jobs held
(Linux's ``/proc/thread-self/schedstat``), so what remains is its own work and its waits on the disk.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOME = tempfile.mkdtemp(prefix="crazy-eights-big-inputs-")
os.environ["CRAZY_EIGHTS_HOME"] = HOME
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("LANGUAGE", "en")

STATISTICS_ROWS = 10_000
#: The long record stops this many moves short of the rules' limit, so that the continued match plays on.
PLAY_ON_MOVES = 1_000
SEATS = (("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chloé", "easy"), ("Dara", "easy"),
         ("Emil", "easy"), ("Fen", "easy"))


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def longest_match(seed: int, moves: int):
    """A match of 7 players with voluntary draws at the highest turn cap, played randomly to ``moves`` moves
    (or its end)."""
    from game.rules import MAX_TURN_CAP, Match, preset

    rules = preset("crazy_eights", 7).replace(voluntary_draw=True, turn_cap=MAX_TURN_CAP, target=10**6)
    match, rng, played = Match(rules, seed), random.Random(seed), 0
    while not match.over and played < moves:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
            played += 1
    return match


def waited_for_cpu_s() -> float:
    """How long this thread has waited, ready to run, for a CPU the other jobs held (Linux's schedstat;
    0 where it is not kept)."""
    try:
        with open("/proc/thread-self/schedstat") as schedstat:
            return int(schedstat.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


class Frames:
    """Steps an App and keeps every frame's wall and CPU time, and its wall time less the time it waited
    for a CPU (on a shared machine, what the frame would have taken on a core of its own: CPU and I/O)."""

    def __init__(self, app):
        self.app = app
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.own: list[float] = []

    def step(self, count: int = 1) -> None:
        for _ in range(count):
            wall, cpu, waited = time.perf_counter(), time.thread_time(), waited_for_cpu_s()
            self.app.step(1 / 60)
            self.wall.append(time.perf_counter() - wall)
            self.cpu.append(time.thread_time() - cpu)
            self.own.append(self.wall[-1] - (waited_for_cpu_s() - waited))

    def act(self, action, then: int = 3) -> None:
        """``action()`` (as a click would run it, inside a frame) timed with its frame, then ``then`` frames."""
        wall, cpu, waited = time.perf_counter(), time.thread_time(), waited_for_cpu_s()
        action()
        self.app.step(1 / 60)
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.thread_time() - cpu)
        self.own.append(self.wall[-1] - (waited_for_cpu_s() - waited))
        self.step(then)

    def until(self, ready, limit: int = 5000) -> int:
        """Step until ``ready()``; returns the frames it took."""
        for frames in range(1, limit + 1):
            self.step()
            if ready():
                return frames
        raise RuntimeError("the screen never came")

    def key(self, key: int, frames: int = 2) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.step(frames)

    def worst(self) -> tuple[float, float]:
        return max(self.wall) * 1000, max(self.cpu) * 1000

    def worst_own(self) -> int:
        """The longest frame less its wait for a CPU, in ms."""
        return round(max(self.own) * 1000)


def statistics_open(app) -> dict:
    from game.store.statistics import STATISTICS_FORMAT

    entries = [{"preset_id": f"house-rules-{number:05d}", "level": ("easy", "medium", "hard")[number % 3],
                "hands_played": number % 40 + 1, "hands_won": number % 2} for number in range(STATISTICS_ROWS)]
    path = Path(HOME) / "data" / "statistics.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": 1, "data": {"entries": entries}}))
    walls, cpus = [], []
    for attempt in range(4):
        wall, cpu = time.perf_counter(), time.thread_time()
        app.go("statistics")
        app.step(1 / 60)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.thread_time() - cpu)
        assert len(app.scenes.top.shown_rows()) > 0
        app.pop()
        app.step(1 / 60)
    path.unlink()
    return {"statistics_10k_rows_open_s": round(statistics.median(walls[1:]), 3),
            "statistics_10k_rows_open_cpu_s": round(statistics.median(cpus[1:]), 3),
            "statistics_10k_rows_first_open_s": round(walls[0], 3)}


def long_record(app) -> dict:
    import pygame

    from game.rules import MAX_RECORD_MOVES
    from game.store.saved_game import SavedGame, SavedSeat, export_saved_game, save_autosave
    from game.ui.replay.opening import open_record_file

    start = time.perf_counter()
    match = longest_match(7, MAX_RECORD_MOVES - PLAY_ON_MOVES)
    saved = SavedGame(match.to_record(), tuple(SavedSeat(name, kind) for name, kind in SEATS))
    record_file = app.folders.records_dir / "longest.json"
    record_file.parent.mkdir(parents=True, exist_ok=True)
    export_saved_game(saved, record_file)
    made_s = time.perf_counter() - start
    figures = {"long_record_moves": sum(len(hand) for hand in match.moves), "long_record_hands": len(match.moves),
               "long_record_bytes": record_file.stat().st_size, "long_record_made_s": round(made_s, 1)}

    # A short table first, so that the card faces are loaded before anything is timed: what is measured
    # is what the record's length costs.
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for

    app.go("table", session_for(app, Match(preset("crazy_eights", 7), 1), default_table("You", 7, "easy")),
           how="clear")
    app.step(1 / 60)
    app.autosave_store.clear()

    # Continue: the autosave, from the main menu; then a second at the table.
    save_autosave(app.autosave_store, saved)
    app.main_menu()
    app.step(1 / 60)
    frames = Frames(app)
    frames.act(app.scenes.top.continue_game, then=0)   # the click: the autosave read, the first slice
    figures["continue_frames"] = frames.until(lambda: type(app.scenes.top).__name__ == "TableScene")
    frames.step(60)
    figures["continue_longest_frame_ms"], figures["continue_longest_frame_cpu_ms"] = map(round, frames.worst())
    figures["continue_longest_frame_own_ms"] = frames.worst_own()
    table = app.scenes.top

    # Import: the record file, from the pause menu over that table.
    app.go("pause", table)
    app.step(1 / 60)
    frames = Frames(app)
    frames.act(lambda: app.scenes.top.read_import(record_file), then=0)
    # Over a match in play, Import asks first: the player abandons it.
    figures["import_frames"] = frames.until(lambda: type(app.scenes.top).__name__ == "ConfirmScene")
    frames.act(app.scenes.top.confirm, then=0)   # the abandoned match is counted in this frame
    figures["import_frames"] += frames.until(lambda: type(app.scenes.top).__name__ == "TableScene"
                                             and app.scenes.top is not table)
    frames.step(60)
    figures["import_longest_frame_ms"], figures["import_longest_frame_cpu_ms"] = map(round, frames.worst())
    figures["import_longest_frame_own_ms"] = frames.worst_own()

    # Back to the main menu from that table: what the load built is let go of (a slice a frame, then
    # the collector's scan of what the load froze), every frame of it timed.
    leave = Frames(app)
    leave.act(app.main_menu, then=0)
    leave.until(lambda: not app.settling)
    leave.step(3)

    # Replay: the record file; then steps, hands, both ends.
    before = rss_mb()
    frames = Frames(app)
    frames.act(lambda: open_record_file(app, record_file), then=0)
    figures["replay_frames"] = frames.until(lambda: type(app.scenes.top).__name__ == "ReplayScene")
    for key in [pygame.K_RIGHT] * 30 + [pygame.K_PAGEDOWN] * 10 + [pygame.K_END, pygame.K_LEFT, pygame.K_LEFT,
                                                                   pygame.K_PAGEUP, pygame.K_HOME]:
        frames.key(key)
    figures["replay_longest_frame_ms"], figures["replay_longest_frame_cpu_ms"] = map(round, frames.worst())
    figures["replay_longest_frame_own_ms"] = frames.worst_own()
    figures["replay_added_mb"] = round(rss_mb() - before)
    leave.act(app.main_menu, then=0)
    leave.until(lambda: not app.settling)
    leave.step(3)
    figures["leave_longest_frame_ms"], figures["leave_longest_frame_cpu_ms"] = map(round, leave.worst())
    figures["leave_longest_frame_own_ms"] = leave.worst_own()
    figures["longest_frame_ms_long_record"] = max(figures[f"{what}_longest_frame_ms"]
                                                  for what in ("continue", "import", "replay", "leave"))
    figures["longest_frame_cpu_ms_long_record"] = max(figures[f"{what}_longest_frame_cpu_ms"]
                                                      for what in ("continue", "import", "replay", "leave"))
    figures["longest_frame_own_ms_long_record"] = max(figures[f"{what}_longest_frame_own_ms"]
                                                      for what in ("continue", "import", "replay", "leave"))
    return figures


def recent_list(app, matches: int | None) -> dict:
    from game.store.recent import MAX_MOVES
    from game.store.saved_game import SavedGame, SavedSeat

    store = app.recent_store
    store.clear()
    sizes = []
    for seed in range(1, (matches or store.limit) + 1):
        match = longest_match(1000 + seed, MAX_MOVES)
        saved = SavedGame(match.to_record(), tuple(SavedSeat(name, kind) for name, kind in SEATS))
        store.add(saved, "crazy_eights", [0])
        sizes.append(store.path.stat().st_size)
    kept, problem = store.load()
    return {"recent_list_max_bytes": max(sizes), "recent_list_entries": len(kept),
            "recent_list_reads_back": problem is None and len(kept) == min(len(sizes), store.limit),
            "recent_entry_moves": MAX_MOVES}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--recent-matches", type=int, default=None,
                        help="matches to add to the recent list (default: as many as it keeps)")
    args = parser.parse_args(argv)

    from game.store import UserFolders
    from game.ui.app import App

    app = App(size=(1280, 720), folders=UserFolders.default(), headless=True, fullscreen=False)
    app.running = True
    app.main_menu()
    app.step(1 / 60)
    figures = {}
    figures.update(statistics_open(app))
    print(f"statistics, {STATISTICS_ROWS} rows: open {figures['statistics_10k_rows_open_s']} s "
          f"(CPU {figures['statistics_10k_rows_open_cpu_s']} s; first open {figures['statistics_10k_rows_first_open_s']} s)",
          flush=True)
    figures.update(long_record(app))
    print(f"longest record: {figures['long_record_moves']} moves, {figures['long_record_bytes']} bytes; longest frame "
          f"{figures['longest_frame_ms_long_record']} ms (CPU {figures['longest_frame_cpu_ms_long_record']} ms; less the "
          f"waits for a CPU {figures['longest_frame_own_ms_long_record']} ms); "
          f"continue {figures['continue_frames']} frames, import {figures['import_frames']}, replay "
          f"{figures['replay_frames']}; the replay adds {figures['replay_added_mb']} MB", flush=True)
    figures.update(recent_list(app, args.recent_matches))
    print(f"recent list: {figures['recent_list_entries']} matches of {figures['recent_entry_moves']} moves, at most "
          f"{figures['recent_list_max_bytes']} bytes", flush=True)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
