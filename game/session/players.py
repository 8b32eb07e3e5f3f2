"""Who decides a seat's moves, behind one protocol: asked for a move from the seat's view, then polled.

The session never waits: it ``ask``s once per position and ``poll``s every frame until an answer comes.
A computer level answers from a worker thread or process (``ComputerPlayer``); a person on another
computer will answer through the network in the same shape. The person at this screen answers at once,
through ``TableSession.play``.
"""
from __future__ import annotations

from typing import Protocol

from game.rules import Move, PlayerView

from .computer import AIWorker


class SeatPlayer(Protocol):
    """The shape every seat's decider has: ``ask`` never blocks; ``poll`` gives ``(ticket, move, error)``
    once an answer is ready (move None when it failed), else None; ``cancel`` forgets the question."""

    def ask(self, ticket, view: PlayerView, seed: int) -> None: ...

    def poll(self) -> tuple[object, Move | None, Exception | None] | None: ...

    def cancel(self) -> None: ...


class ComputerPlayer:
    """A computer level: its bot decides in the session's AI worker, off the frame loop."""

    def __init__(self, worker: AIWorker, bot) -> None:
        self.worker = worker
        self.bot = bot

    def ask(self, ticket, view: PlayerView, seed: int) -> None:
        """Start the bot on ``view``; its answer comes back with ``ticket``."""
        self.worker.request(ticket, view, self.bot, seed)

    def poll(self):
        """The worker's answer, once there is one."""
        return self.worker.poll()

    def cancel(self) -> None:
        """Drop the question (the position changed)."""
        self.worker.cancel()
