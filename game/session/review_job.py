"""A hand review worked out off the frame loop, with progress to show.

``ReviewJob(decisions, forced)`` hands the decisions to two worker processes (spawned
for the review, niced, shut down when it is done or dropped, and ending by themselves when the
game ends, a SIGKILL included: computer.end_with_parent): the search is pure Python,
and in a thread it would hold the interpreter lock the frame loop needs. ``poll()`` never
blocks: it collects what is ready and returns the ``HandReview`` once every decision is in;
``done`` and ``total`` drive the progress bar. If no process can be started, or one dies,
the rest is reviewed in a thread (slower frames, same answers).
"""
from __future__ import annotations

import logging
import os
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

from game.ai.analysis import ANALYSIS_ROLLOUTS

from .computer import MODES, prepare_worker
from .review import Decision, DecisionReview, HandReview, hand_decisions, review_decision

log = logging.getLogger(__name__)

#: Worker processes for a review (the machines we target have two cores or more).
REVIEW_PROCESSES = 2


class ReviewJob:
    """The review of one hand, decision by decision, in the background."""

    def __init__(self, decisions: list[Decision], forced: int, *,
                 rollouts: int = ANALYSIS_ROLLOUTS, mode: str | None = None):
        mode = (mode or os.environ.get("CRAZY_EIGHTS_AI_WORKER") or "auto").lower()
        self.mode = mode if mode in MODES else "auto"
        self.decisions = list(decisions)
        self.forced = forced
        self.rollouts = rollouts
        self._results: dict[int, DecisionReview] = {}
        self._futures: dict[int, Future] = {}
        self._processes: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._review: HandReview | None = None
        self.used = ""
        if not self.decisions:
            self._review = HandReview((), forced)
        elif self.mode == "thread" or not self._start_processes():
            self._start_thread(range(len(self.decisions)))

    @property
    def total(self) -> int:
        """How many decisions the review has to score."""
        return len(self.decisions)

    @property
    def done(self) -> int:
        """How many decisions are scored so far."""
        return len(self._results)

    def _start_processes(self) -> bool:
        try:
            import multiprocessing
            self._processes = ProcessPoolExecutor(max_workers=min(REVIEW_PROCESSES, os.cpu_count() or 1),
                                                  mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=prepare_worker)
            for index, decision in enumerate(self.decisions):
                self._futures[index] = self._processes.submit(review_decision, decision, self.rollouts)
        except Exception as error:  # no processes here (sandbox, frozen oddity): review in a thread
            log.info("review processes unavailable (%s); using a thread", error)
            self._drop_processes()
            return False
        self.used = "process"
        return True

    def _start_thread(self, indices) -> None:
        # One task per decision, so that progress moves as each one is scored.
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="crazy-eights-review")
        for index in indices:
            self._futures[index] = self._thread.submit(review_decision, self.decisions[index], self.rollouts)
        self.used = "thread"

    def poll(self) -> HandReview | None:
        """The finished review, or None while decisions are still being scored. Never blocks."""
        if self._review is not None:
            return self._review
        failed = []
        for index, future in list(self._futures.items()):
            if not future.done():
                continue
            del self._futures[index]
            try:
                self._results[index] = future.result()
            except Exception as error:  # a worker process died: score the rest in a thread
                log.info("review worker failed (%s); using a thread", error)
                failed.append(index)
        if failed:
            self._drop_processes()
            failed += list(self._futures)
            self._futures.clear()
            self._start_thread(sorted(failed))
        if len(self._results) == len(self.decisions):
            self._review = HandReview(tuple(self._results[i] for i in range(len(self.decisions))), self.forced)
            self.close()
        return self._review

    def _drop_processes(self) -> None:
        for future in self._futures.values():
            future.cancel()
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None

    def close(self) -> None:
        """Stop the workers (a review no one waits for any more is dropped)."""
        self._drop_processes()
        self._futures.clear()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None


def hand_review_job(match, seat: int, hand_number: int, mode: str | None = None) -> ReviewJob:
    """The review of hand ``hand_number`` of ``match`` for the person at ``seat``, started in the background."""
    decisions, forced = hand_decisions(match.to_record(), seat, hand_number)
    return ReviewJob(decisions, forced, mode=mode)
