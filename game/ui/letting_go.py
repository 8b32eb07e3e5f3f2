"""What a closed table or replay held, freed a slice a frame.

A long match's history is 200,000 entries, each with its events and cards: freeing them in one go takes
50 to 70 ms, most of a frame's budget on its own, in the very frame that closes the screen (and builds the
next one). The containers the screen lets go of are handed here instead and emptied from the end, a
slice at a time within a small budget per frame, until nothing is left.
"""
from __future__ import annotations

import time

#: Entries freed between two looks at the clock (a few hundred microseconds of work).
CHUNK = 2000
#: The time a frame gives to freeing, in seconds.
FRAME_BUDGET = 0.006


class LettingGo:
    """Lists and dicts to free, emptied a slice per :meth:`work` (called once a frame)."""

    def __init__(self) -> None:
        self._containers: list[list | dict] = []

    def add(self, containers) -> None:
        """Free each of ``containers`` (lists or dicts nobody else will read again) a slice at a time."""
        self._containers.extend(container for container in containers if container)

    @property
    def pending(self) -> bool:
        """Whether anything is still waiting to be freed."""
        return bool(self._containers)

    def work(self, budget: float | None = None) -> None:
        """Free slices until ``budget`` seconds (FRAME_BUDGET) have passed or nothing is left."""
        deadline = time.perf_counter() + (FRAME_BUDGET if budget is None else budget)
        while self._containers:
            container = self._containers[-1]
            if isinstance(container, dict):
                for _ in range(min(CHUNK, len(container))):
                    container.popitem()
            else:
                del container[-CHUNK:]
            if not container:
                self._containers.pop()
            if time.perf_counter() >= deadline:
                return

    def finish(self) -> None:
        """Free everything now (the game is ending)."""
        while self._containers:
            self.work(budget=1.0)
