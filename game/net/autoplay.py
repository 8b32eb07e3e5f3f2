"""A table played with no screen: the host's loop and a guest's loop, each step what a frame does.

The tests, ``bench/lan_selftest.py`` and the smoke test run whole matches across processes with these:
the host's person and the guests choose a random legal move (seeded), the host's computers think as at
a screen. Each loop step never blocks for long, like a frame.
"""
from __future__ import annotations

import random
import time

from game.rules import IllegalMove, Move, MoveKind

from .host import TableHost
from .remote_table import RemoteTable


def choose(moves, rng: random.Random) -> Move:
    """A random legal move, calling "last card" whenever it is offered (a careful player)."""
    calls = [move for move in moves if move.kind == MoveKind.LAST_CARD]
    return calls[0] if calls else rng.choice(moves)


def host_step(host: TableHost, rng: random.Random, notices: list | None = None) -> bool:
    """One frame of the host: poll the guests, then play one move (the host's person's, a computer's or a
    guest's that came) or deal the next hand; False once the match is over."""
    session = host.session
    heard = host.poll()
    if notices is not None:
        notices.extend(heard)
    if session.over:
        return False
    if session.hand_over:
        session.next_hand()
    elif session.human_turn():
        session.play(choose(session.view().my_moves, rng))
    elif session.computer_to_act() is not None and session.think() is not None:
        session.play_computer_move()
    else:
        time.sleep(0.001)
    heard = host.poll()   # the move goes out at once, as the frame after it would send it
    if notices is not None:
        notices.extend(heard)
    return True


def guest_step(table: RemoteTable, rng: random.Random, notices: list | None = None,
               moved=None) -> bool:
    """One frame of a guest: take in the host's news, show the next move of another seat, or play when it
    is the guest's turn; False once the match is over or the table gone. ``moved(move, events)`` hears
    each of the guest's own moves once the host took it."""
    heard = table.poll()
    if notices is not None:
        notices.extend(heard)
    if table.over:
        return False
    if table.hand_over and table.dealt_waiting:
        table.next_hand()
    elif table.human_turn():
        move = choose(table.view().my_moves, rng)
        try:
            events = table.play(move)
        except IllegalMove:   # refused (the host moved on): the next step tries again from the new view
            return table.ended is None
        if moved is not None:
            moved(move, events)
    elif table.think() is not None:
        table.play_computer_move()
    else:
        time.sleep(0.001)
    return True
