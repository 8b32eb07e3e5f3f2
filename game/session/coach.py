"""Help for the person: the move the hard bot would make from their own view, and why, in a few words.

A hint reads only a ``PlayerView`` (never a hidden card): the search samples
the hidden hands from what the view allows, exactly as the hard computer
player does. The reason is a code with parameters, like a refusal, so the
screen can say it in the player's language.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai import HardBot
from game.rules import DRAW, FIRST_JOKER, RANK_OF, SUIT_OF, Move, PlayerView, tables_for

#: Searches a hint runs (fixed, so that the same view always gets the same hint).
HINT_ITERATIONS = 600
HIGH_VALUE = 10


@dataclass(frozen=True)
class Hint:
    """A suggested move and the reason for it (``reason`` a code, ``params`` its details)."""

    move: Move
    reason: str
    params: dict = field(default_factory=dict)


def hint_bot(iterations: int = HINT_ITERATIONS) -> HardBot:
    """The searching player that gives hints (picklable, for the worker process)."""
    return HardBot(iterations=iterations)


def hint_for(view: PlayerView, rng: random.Random, iterations: int = HINT_ITERATIONS) -> Hint:
    """The hint for the player whose view this is (it must be their turn)."""
    return explain(view, hint_bot(iterations).choose(view, rng))


def explain(view: PlayerView, move: Move) -> Hint:
    """Why ``move`` is a good move from ``view``, as a reason code and its details."""
    tables = tables_for(view.rules)
    wild = tables.wild
    hand = view.hand
    if move.kind == "last_card":
        return Hint(move, "call_last_card")
    if move.kind == "stop":
        return Hint(move, "call_stop", {"points": sum(tables.value[c] for c in hand)})
    if move.kind == "draw":
        if view.pending:
            return Hint(move, "take_penalty", {"count": view.pending})
        if not any(a < DRAW for a in view.legal_actions):
            return Hint(move, "nothing_fits")
        return Hint(move, "draw_instead")
    if move.kind == "pass":
        return Hint(move, "pass")
    card = move.card
    rest = [c for c in hand if c != card]
    suits = _suit_counts(rest, wild)
    if view.pending and RANK_OF[card] == RANK_OF[view.top] and not wild[card]:
        return Hint(move, "pass_penalty_on", {"card": card})
    if len(hand) == 1:
        return Hint(move, "go_out", {"card": card})
    if wild[card]:
        suit = move.suit if move.suit is not None else max(range(4), key=lambda s: suits[s])
        return Hint(move, "wild_names_suit", {"card": card, "suit": suit, "count": suits[suit]})
    kept_wilds = [c for c in rest if wild[c]]
    if kept_wilds:
        return Hint(move, "keep_wild", {"card": card, "wild": kept_wilds[0],
                                        "suit": SUIT_OF[card], "count": suits[SUIT_OF[card]]})
    if card < FIRST_JOKER and SUIT_OF[card] != view.suit and suits[SUIT_OF[card]] >= 2:
        return Hint(move, "change_suit", {"card": card, "suit": SUIT_OF[card], "count": suits[SUIT_OF[card]]})
    if tables.value[card] >= HIGH_VALUE:
        return Hint(move, "shed_points", {"card": card, "points": tables.value[card]})
    return Hint(move, "best_chance", {"card": card})


def _suit_counts(cards, wild) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in cards:
        if card < FIRST_JOKER and not wild[card]:
            counts[SUIT_OF[card]] += 1
    return counts

