"""The recent-matches file stays within the store's read limit by construction.

Plays one legal long match (7 players, 200 hands of random legal moves: about 17,000 moves, near the
store's MAX_MOVES per match) and keeps it in the recent list under ``--matches`` different match ids,
as that many finished long matches would be, with the list's limit raised to its most (200 entries).
After every add it measures the file; at the end it reads the list back. Before the bound, 18 such
matches made the file 5.2 MB, past the 5 MB read limit, and the whole list was set aside.

Usage:
  python bench/recent_list.py [--matches 60]
Ends with one JSON line: recent_list_max_bytes (largest file seen), the read limit, entries read back.
"""
from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import Match, preset  # noqa: E402
from game.rules.match import play_randomly  # noqa: E402
from game.store import UserFolders  # noqa: E402
from game.store.files import DEFAULT_MAX_BYTES  # noqa: E402
from game.store.recent import MAX_ENTRIES, MAX_FILE_BYTES, RecentMatchesStore  # noqa: E402
from game.store.saved_game import SavedGame, SavedSeat  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    args = parser.parse_args()
    match = play_randomly(Match(preset("crazy_eights", 7).replace(match_end="fixed_hands", fixed_hands=200), 5),
                          random.Random(5))
    record = match.to_record()
    moves = sum(len(hand) for hand in record["hands"])
    seats = (SavedSeat("You", "human"),) + tuple(SavedSeat(f"Bot {n}", "easy") for n in range(6))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="crazy-eights-recent-bench-") as home:
        folders = UserFolders(Path(home) / "config", Path(home) / "data")
        clock = iter(datetime.datetime(2026, 12, 2) + datetime.timedelta(minutes=n) for n in range(10**6))
        store = RecentMatchesStore(folders, limit=MAX_ENTRIES, clock=lambda: next(clock))
        largest = 0
        for number in range(args.matches):
            store.add(SavedGame(record, seats, match_id=f"long{number}"), "crazy_eights", [0])
            largest = max(largest, store.path.stat().st_size)
        matches, problem = store.load()
    seconds = time.perf_counter() - started
    print(f"{args.matches} long matches of {moves} moves kept: the file peaked at {largest:,} bytes "
          f"(bound {MAX_FILE_BYTES:,}, read limit {DEFAULT_MAX_BYTES:,}); {len(matches)} read back, "
          f"problem: {problem}; {seconds:.1f} s")
    print(json.dumps({"matches_added": args.matches, "moves_per_match": moves, "recent_list_max_bytes": largest,
                      "bound_bytes": MAX_FILE_BYTES, "read_limit_bytes": DEFAULT_MAX_BYTES,
                      "entries_read_back": len(matches), "read_problem": problem is not None,
                      "seconds": round(seconds, 1)}))
    return 0 if largest <= DEFAULT_MAX_BYTES and problem is None else 1


if __name__ == "__main__":
    sys.exit(main())
