"""Who decides a seat's moves, behind one protocol: asked for a move from the seat's view, then polled.

The session never waits: it ``ask``s the seat to act once per position and ``poll``s until an answer comes,
then applies it by one path, whoever decided it. A computer level answers from a worker thread or process
(``ComputerPlayer``); a person on another computer through the network (``RemotePlayer``, fed by game/net's
TableHost); the person at this screen through the screen (``LocalPlayer``): the screen ``offer``s their move,
which is checked at once, so a refused move's reason reaches the toast in the same frame, and the session
polls and applies it in that same call, so the scene gets its events in that frame too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules import IllegalMove, Move, PlayerView

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


class RemotePlayer:
    """A person on another computer. The host ``offer``s the move their computer sent (already checked
    against the seat's legal moves); while they are away (``present`` False) the ``stand_in`` computer
    answers instead, and a question open when they leave or come back goes to whoever plays now."""

    def __init__(self, stand_in: SeatPlayer) -> None:
        self.stand_in = stand_in
        self.present = True
        self._question: tuple[object, PlayerView, int] | None = None
        self._answer: tuple[object, Move] | None = None

    @property
    def ticket(self):
        """The ticket of the open question (the session's version when it asked), or None."""
        return self._question[0] if self._question is not None else None

    def ask(self, ticket, view: PlayerView, seed: int) -> None:
        """The seat is to act at ``ticket``: wait for the person's move (or ask the stand-in). A move the
        person sent for this ticket before the session asked is the answer."""
        self._question = (ticket, view, seed)
        if self._answer is not None and self._answer[0] != ticket:
            self._answer = None
        if not self.present:
            self.stand_in.ask(ticket, view, seed)

    def offer(self, ticket, move: Move) -> bool:
        """The person's move for ``ticket`` (the host checked it is theirs and legal; it may come before the
        session asks); False while the stand-in plays, or when a move for that ticket is already in."""
        if not self.present or (self._question is not None and ticket != self._question[0]) \
                or (self._answer is not None and self._answer[0] == ticket):
            return False
        self._answer = (ticket, move)
        return True

    def poll(self):
        """The person's move once offered (or the stand-in's answer while they are away)."""
        if not self.present:
            answer = self.stand_in.poll()
            if answer is not None and self._question is not None and answer[0] == self._question[0]:
                self._question = None
            return answer
        if self._answer is None or self._question is None or self._answer[0] != self._question[0]:
            return None
        ticket, move = self._answer
        self._answer = self._question = None
        return ticket, move, None

    def cancel(self) -> None:
        """Forget the question (the position changed)."""
        if not self.present and self._question is not None:
            self.stand_in.cancel()
        self._question = self._answer = None

    def leave(self) -> None:
        """The person is gone (after the host's wait): the stand-in plays, starting with any open question."""
        if not self.present:
            return
        self.present = False
        self._answer = None
        if self._question is not None:
            self.stand_in.ask(*self._question)

    def come_back(self) -> None:
        """The person is back: they answer from now on, the open question included."""
        if self.present:
            return
        self.present = True
        if self._question is not None:
            self.stand_in.cancel()   # the person answers the open question


class LocalPlayer:
    """The person at this screen. The screen ``offer``s their move for the open question; ``refusal(move)``
    (the rules' reason, from the session) checks it at once, so a refused move raises before anything
    changes; a move taken is the answer ``poll`` gives."""

    def __init__(self, refusal: Callable[[Move], IllegalMove | None]) -> None:
        self.refusal = refusal
        self._question = None
        self._answer: tuple[object, Move] | None = None

    @property
    def ticket(self):
        """The ticket of the open question (the session's version when it asked), or None."""
        return self._question

    def ask(self, ticket, view: PlayerView, seed: int) -> None:
        """The person is to act at ``ticket`` (the screen shows them the position; the seed is not needed)."""
        self._question = ticket
        self._answer = None

    def offer(self, ticket, move: Move) -> None:
        """The person's ``move`` for the question ``ticket``; raises IllegalMove (the rules' reason, or
        "not_your_turn" for a question not open) and keeps nothing when it is refused."""
        if self._question is None or ticket != self._question or self._answer is not None:
            raise IllegalMove("not_your_turn", "it is not your turn")
        refusal = self.refusal(move)
        if refusal is not None:
            raise refusal
        self._answer = (ticket, move)

    def poll(self):
        """The person's move once offered, else None."""
        if self._answer is None:
            return None
        ticket, move = self._answer
        self._answer = self._question = None
        return ticket, move, None

    def cancel(self) -> None:
        """Forget the question (the position changed)."""
        self._question = self._answer = None
