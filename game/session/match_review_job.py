"""The match analysis worked out off the frame loop, with progress to show.

``MatchAnalysisJob(record, hands)`` replays the record (cheap: a few milliseconds a hand), then
hands every move worth analysing (a decision, or a draw whose luck to measure) to two worker
processes, as the hand review does (spawned, niced, ending with the game: ``prepare_worker``),
in the order they were played, so the first hands finish first. ``poll()`` never blocks: it
collects what is ready and returns the ``MatchAnalysis`` once every move is in; ``done`` and
``total`` drive the progress bar. If no process can be started, or one dies, the rest is worked
out in a thread (slower frames, same answers: every analysis is seeded by its position).
"""
from __future__ import annotations

import logging
import os
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

from game.ai.analysis import ANALYSIS_ROLLOUTS
from game.ai.luck import LUCK_WORLDS

from .computer import MODES, prepare_worker
from .match_review import MatchAnalysis, MomentAnalysis, analyse_moment, assemble, moments, worth_analysing

log = logging.getLogger(__name__)

#: Worker processes for an analysis (the machines we target have two cores or more).
ANALYSIS_PROCESSES = 2


class MatchAnalysisJob:
    """The analysis of some hands of a match record (every seat), move by move, in the background."""

    def __init__(self, record: dict, hands: tuple[int, ...] | None = None, *, mode: str | None = None,
                 rollouts: int = ANALYSIS_ROLLOUTS, luck_worlds: int = LUCK_WORLDS):
        mode = (mode or os.environ.get("CRAZY_EIGHTS_AI_WORKER") or "auto").lower()
        self.mode = mode if mode in MODES else "auto"
        self.record = record
        self.hands = tuple(sorted(set(hands))) if hands is not None else tuple(range(1, len(record["hands"]) + 1))
        self.rollouts = rollouts
        self.luck_worlds = luck_worlds
        self.found = moments(record, self.hands)
        self.todo = [index for index, moment in enumerate(self.found) if worth_analysing(moment)]
        self._results: dict[int, MomentAnalysis] = {}
        self._futures: dict[int, Future] = {}
        self._processes: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._analysis: MatchAnalysis | None = None
        self.used = ""
        if not self.todo:
            self._analysis = assemble(record, self.hands, self.found, {})
        elif self.mode == "thread" or not self._start_processes():
            self._start_thread(self.todo)

    @property
    def total(self) -> int:
        """How many moves the analysis has to work out."""
        return len(self.todo)

    @property
    def done(self) -> int:
        """How many are worked out so far."""
        return len(self._results)

    def _start_processes(self) -> bool:
        try:
            import multiprocessing
            self._processes = ProcessPoolExecutor(max_workers=min(ANALYSIS_PROCESSES, os.cpu_count() or 1),
                                                  mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=prepare_worker)
            for index in self.todo:
                self._futures[index] = self._processes.submit(analyse_moment, self.found[index], self.rollouts,
                                                              self.luck_worlds)
        except Exception as error:  # no processes here (sandbox, frozen oddity): a thread instead
            log.info("analysis processes unavailable (%s); using a thread", error)
            self._drop_processes()
            return False
        self.used = "process"
        return True

    def _start_thread(self, indices) -> None:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="crazy-eights-analysis")
        for index in indices:
            self._futures[index] = self._thread.submit(analyse_moment, self.found[index], self.rollouts,
                                                       self.luck_worlds)
        self.used = "thread"

    def poll(self) -> MatchAnalysis | None:
        """The finished analysis, or None while moves are still being worked out. Never blocks."""
        if self._analysis is not None:
            return self._analysis
        failed = []
        for index, future in list(self._futures.items()):
            if not future.done():
                continue
            del self._futures[index]
            try:
                self._results[index] = future.result()
            except Exception as error:  # a worker process died: the rest in a thread
                log.info("analysis worker failed (%s); using a thread", error)
                failed.append(index)
        if failed:
            self._drop_processes()
            failed += list(self._futures)
            self._futures.clear()
            self._start_thread(sorted(failed))
        if len(self._results) == len(self.todo):
            self._analysis = assemble(self.record, self.hands, self.found, self._results)
            self.close()
        return self._analysis

    def _drop_processes(self) -> None:
        for future in self._futures.values():
            future.cancel()
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None

    def close(self) -> None:
        """Stop the workers (an analysis no one waits for any more is dropped)."""
        self._drop_processes()
        self._futures.clear()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None
