"""The computer thinks off the frame loop.

``AIWorker.request(ticket, view, bot, seed)`` starts ``bot.choose(view, rng)``
in the background; ``poll()`` returns the move once it is ready and never
blocks. A frame never waits for a bot: the table session polls it from the
screen's ``update``.

Two ways to think in the background, same interface:

* ``"thread"``: a worker thread (``ThreadPoolExecutor``). Simple, but a bot
  that searches in pure Python shares the interpreter lock with the frame
  loop, which can stretch frames while it thinks.
* ``"process"``: one worker process (``ProcessPoolExecutor``, spawned once and
  reused), so a searching bot never competes with drawing. Views, bots and
  moves are small picklable values. It falls back to the thread by itself if
  a process cannot be started or dies.

``"auto"`` (the default) uses the process for hard players and the thread for
the others (they answer in well under a millisecond, with no start-up cost).
``CRAZY_EIGHTS_AI_WORKER=thread|process`` overrides the choice.

``make_bot(level, budget_ms)`` uses ``game.ai.create_bot``; if a bot ever
raises, the easy player answers instead so the table never stalls.
"""
from __future__ import annotations

import logging
import os
import random
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

from game.ai import EasyBot, create_bot

log = logging.getLogger(__name__)

MODES = ("auto", "thread", "process")


def make_bot(level: str, budget_ms: int):
    """The computer player for ``level`` with its thinking budget."""
    return create_bot(level, budget_ms)


def think(bot, view, seed: int):
    """Run one decision; returns ``(move, error)`` (runs in the worker thread or process)."""
    rng = random.Random(seed)
    try:
        return bot.choose(view, rng), None
    except Exception as error:  # a bot bug must not take the table down
        try:
            return EasyBot().choose(view, rng), repr(error)
        except Exception as second:
            return None, repr(second)


def lower_worker_priority() -> None:
    """In the worker process: give way to the frame loop when the machine is busy."""
    try:
        os.nice(5)
    except (AttributeError, OSError):  # not POSIX, or not allowed
        pass


def prepare_worker() -> None:
    """In a worker process (its pool's initializer): give way to the frame loop, and end with the game
    however the game ends (see end_with_parent)."""
    lower_worker_priority()
    end_with_parent()


def end_with_parent() -> None:
    """In a spawned worker process: exit as soon as the process that started it is gone.

    A game killed with SIGKILL cannot stop its workers, and a worker busy with a long search (or
    idle on its task queue, whose pipe it holds itself) would go on for minutes. multiprocessing
    gives a spawned child a sentinel of its parent (the read end of a pipe only the parent writes on
    POSIX, the parent's process handle on Windows) that becomes ready when the parent ends; one
    daemon thread waits on it, costing nothing until then.
    """
    import multiprocessing
    import multiprocessing.connection
    import threading

    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    if sentinel is None:  # not a spawned child (a test calling this in-process)
        return

    def wait_for_parent() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=wait_for_parent, name="crazy-eights-parent-watch", daemon=True).start()


def _warm_up() -> bool:
    """Imported in the worker process to load the rules and the AI before the first real request."""
    import game.ai  # noqa: F401  (loads the bots before the first request)
    return True


class AIWorker:
    """Runs one bot decision at a time in the background."""

    def __init__(self, mode: str | None = None):
        mode = (mode or os.environ.get("CRAZY_EIGHTS_AI_WORKER") or "auto").lower()
        self.mode = mode if mode in MODES else "auto"
        self._threads: ThreadPoolExecutor | None = None
        self._processes: ProcessPoolExecutor | None = None
        self._process_failed = self.mode == "thread"
        self._future: Future | None = None
        self._ticket = None
        self._job = None
        self.used: set[str] = set()

    # ----- the executors -------------------------------------------------------

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="crazy-eights-ai")
        return self._threads

    def _process_pool(self) -> ProcessPoolExecutor | None:
        if self._process_failed:
            return None
        if self._processes is None:
            try:
                import multiprocessing
                self._processes = ProcessPoolExecutor(max_workers=1,
                                                      mp_context=multiprocessing.get_context("spawn"),
                                                      initializer=prepare_worker)
                self._processes.submit(_warm_up)
            except Exception as error:  # no processes here (sandbox, frozen oddity): think in a thread
                log.info("AI worker process unavailable (%s); using a thread", error)
                self._process_failed = True
                self._processes = None
        return self._processes

    def prepare(self, levels) -> None:
        """Start the worker process early when a hard player sits at the table (it takes a moment)."""
        if self.mode == "process" or (self.mode == "auto" and "hard" in levels):
            self._process_pool()

    def _wants_process(self, bot) -> bool:
        if self._process_failed:
            return False
        if self.mode == "process":
            return True
        return self.mode == "auto" and (getattr(bot, "level", None) == "hard" or getattr(bot, "searches", False))

    # ----- requests ------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def ticket(self):
        """What the pending request was for (the table's key for the position)."""
        return self._ticket

    def request(self, ticket, view, bot, seed: int) -> None:
        """Start thinking about ``view`` (replacing any request that has not been collected)."""
        self.cancel()
        self._ticket = ticket
        self._job = (bot, view, seed)
        pool = self._process_pool() if self._wants_process(bot) else None
        if pool is not None:
            try:
                self._future = pool.submit(think, bot, view, seed)
                self.used.add("process")
                return
            except Exception as error:
                log.info("AI worker process failed (%s); using a thread", error)
                self._process_failed = True
        self._future = self._thread_pool().submit(think, bot, view, seed)
        self.used.add("thread")

    def poll(self):
        """``(ticket, move, error)`` once the decision is ready, else None. Never blocks."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        ticket, self._ticket = self._ticket, None
        try:
            move, error = future.result()
        except Exception as error:  # the process died or could not pickle: think again in a thread
            log.info("AI worker process failed (%s); using a thread", error)
            self._process_failed = True
            bot, view, seed = self._job
            self._ticket = ticket
            self._future = self._thread_pool().submit(think, bot, view, seed)
            return None
        return ticket, move, error

    def cancel(self) -> None:
        """Forget the pending request (it finishes in the background and is ignored)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._ticket = None

    def shutdown(self) -> None:
        self.cancel()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None
