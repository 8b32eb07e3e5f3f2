"""Pure-Python work fanned out to worker processes off the frame loop, with progress to show.

``BackgroundTasks(function, tasks, name)`` calls ``function(*args)`` for each ``(key, args)`` in
two worker processes (spawned, niced, ending by themselves when the game ends, a SIGKILL included:
``computer.prepare_worker``): the work is pure Python, and in a thread it would hold the
interpreter lock the frame loop needs. ``poll()`` never blocks: it collects what is ready and says
whether every task is in; ``done`` and ``total`` drive a progress bar. If no process can be
started, or one dies, the rest is worked out in a thread (slower frames, same answers). The hand
review and the match analysis both run on it.
"""
from __future__ import annotations

import logging
import os
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable, Hashable, Iterable

from .computer import MODES, prepare_worker

log = logging.getLogger(__name__)

#: Worker processes for background work (the machines we target have two cores or more).
WORKER_PROCESSES = 2


def worker_mode(mode: str | None) -> str:
    """The worker mode asked for ("auto", "process" or "thread"), from the argument or the environment."""
    mode = (mode or os.environ.get("CRAZY_EIGHTS_AI_WORKER") or "auto").lower()
    return mode if mode in MODES else "auto"


class BackgroundTasks:
    """Tasks worked out in worker processes (a thread if there are none); results by key."""

    def __init__(self, function: Callable[..., Any], tasks: Iterable[tuple[Hashable, tuple]], name: str,
                 mode: str | None = None):
        self.function = function
        self.name = name
        self.mode = worker_mode(mode)
        self.tasks = dict(tasks)
        self.results: dict[Hashable, Any] = {}
        self._futures: dict[Hashable, Future] = {}
        self._processes: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self.used = ""
        if self.tasks and (self.mode == "thread" or not self._start_processes()):
            self._start_thread(list(self.tasks))

    @property
    def total(self) -> int:
        """How many tasks there are."""
        return len(self.tasks)

    @property
    def done(self) -> int:
        """How many are worked out so far."""
        return len(self.results)

    def _start_processes(self) -> bool:
        try:
            import multiprocessing
            self._processes = ProcessPoolExecutor(max_workers=min(WORKER_PROCESSES, os.cpu_count() or 1),
                                                  mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=prepare_worker)
            for key, args in self.tasks.items():
                self._futures[key] = self._processes.submit(self.function, *args)
        except Exception as error:  # no processes here (sandbox, frozen oddity): a thread instead
            log.info("%s processes unavailable (%s); using a thread", self.name, error)
            self._drop_processes()
            return False
        self.used = "process"
        return True

    def _start_thread(self, keys) -> None:
        # One task at a time, so that progress moves as each one is worked out.
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"crazy-eights-{self.name}")
        for key in keys:
            self._futures[key] = self._thread.submit(self.function, *self.tasks[key])
        self.used = "thread"

    def poll(self) -> bool:
        """Collect what is ready; True once every task is in (the workers are then stopped). Never blocks."""
        failed = []
        for key, future in list(self._futures.items()):
            if not future.done():
                continue
            del self._futures[key]
            try:
                self.results[key] = future.result()
            except Exception as error:  # a worker process died: the rest in a thread
                log.info("%s worker failed (%s); using a thread", self.name, error)
                failed.append(key)
        if failed:
            self._drop_processes()
            failed += list(self._futures)
            self._futures.clear()
            self._start_thread(failed)
        finished = len(self.results) == len(self.tasks)
        if finished:
            self.close()
        return finished

    def _drop_processes(self) -> None:
        for future in self._futures.values():
            future.cancel()
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None

    def close(self) -> None:
        """Stop the workers (work no one waits for any more is dropped)."""
        self._drop_processes()
        self._futures.clear()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None


class BackgroundJob:
    """What a job on ``BackgroundTasks`` shows while it works: where, how far, and a way to stop it."""

    work: BackgroundTasks

    @property
    def used(self) -> str:
        """Where the tasks are worked out: "process", "thread" ("" when there are none)."""
        return self.work.used

    @property
    def total(self) -> int:
        """How many tasks the job has."""
        return self.work.total

    @property
    def done(self) -> int:
        """How many are worked out so far."""
        return self.work.done

    def close(self) -> None:
        """Stop the workers (work no one waits for any more is dropped)."""
        self.work.close()
