"""Help for the person: the best move of the one analysis of their own view, and why, in a few words.

A hint reads only a ``PlayerView`` (never a hidden card): ``game.ai.analysis`` samples the
hidden hands from what the view allows, on worlds seeded by the position, so the hint for a
view is always the best move the hand review finds for that same view. The reason is a code
with parameters, like a refusal, so the screen can say it in the player's language.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai.analysis import ANALYSIS_ROLLOUTS, BestMoveBot
from game.rules import DRAW, FIRST_JOKER, RANK_OF, SUIT_OF, Move, MoveKind, PlayerView, tables_for

HIGH_VALUE = 10


@dataclass(frozen=True)
class Hint:
    """A suggested move and the reason for it (``reason`` a code, ``params`` its details)."""

    move: Move
    reason: str
    params: dict = field(default_factory=dict)


def hint_bot(rollouts: int = ANALYSIS_ROLLOUTS) -> BestMoveBot:
    """The player that gives hints: the analysis's best move (picklable, for the worker process)."""
    return BestMoveBot(rollouts)


def hint_for(view: PlayerView, rollouts: int = ANALYSIS_ROLLOUTS) -> Hint:
    """The hint for the player whose view this is (it must be their turn)."""
    return explain(view, hint_bot(rollouts).choose(view, random.Random(0)))


def explain(view: PlayerView, move: Move, instead: Move | None = None) -> Hint:
    """Why ``move`` is a good move from ``view``, as a reason code and its details; with ``instead`` (the
    move the person made, in a review), a reason about keeping a card may name the card that move gave up."""
    tables = tables_for(view.rules)
    wild = tables.wild
    hand = view.hand
    if move.kind == MoveKind.LAST_CARD:
        return Hint(move, "call_last_card", {"word": view.rules.last_card_word})
    if move.kind == MoveKind.STOP:
        return Hint(move, "call_stop", {"points": sum(tables.value[c] for c in hand)})
    if move.kind == MoveKind.DRAW:
        if view.pending:
            return Hint(move, "take_penalty", {"count": view.pending})
        if not any(a < DRAW for a in view.legal_actions):
            return Hint(move, "nothing_fits")
        return Hint(move, "draw_instead")
    if move.kind == MoveKind.PASS:
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
    return _concrete_reason(view, move, instead, suits, wild) or Hint(move, "best_chance", {"card": card})


def _concrete_reason(view: PlayerView, move: Move, instead: Move | None, suits: list[int], wild) -> Hint | None:
    """A reason for playing a plain card that is true of this position, if one is: it keeps the card the
    other move gave up, which matches more of the hand; it strands fewer cards than any other play; or it
    keeps play in the longest suit."""
    card, hand = move.card, view.hand
    if instead is not None and instead.kind == MoveKind.PLAY and instead.card != card and not wild[instead.card] \
            and instead.card < FIRST_JOKER:
        others = [c for c in hand if c not in (card, instead.card)]
        kept_matches = _matches(instead.card, others, wild)
        if kept_matches >= 2 and kept_matches > _matches(card, others, wild):
            return Hint(move, "keep_matching", {"card": card, "kept": instead.card, "count": kept_matches})
    plays = {action // 5 for action in view.legal_actions if action < DRAW}
    if len(plays) > 1:
        stranded = {play: _stranded([c for c in hand if c != play], wild) for play in plays}
        if all(stranded[card] < count for play, count in stranded.items() if play != card):
            return Hint(move, "fewest_stranded", {"card": card, "count": stranded[card]})
    suit = SUIT_OF[card]
    same_for_instead = instead is not None and instead.kind == MoveKind.PLAY and instead.card < FIRST_JOKER \
        and not wild[instead.card] and SUIT_OF[instead.card] == suit   # would say nothing against that move
    if suit == view.suit and suits[suit] >= 2 and not same_for_instead \
            and all(suits[suit] > suits[s] for s in range(4) if s != suit):
        return Hint(move, "keep_long_suit", {"card": card, "suit": suit, "count": suits[suit]})
    return None


def _follows(card: int, other: int) -> bool:
    """Whether ``other`` may be played on ``card`` by suit or rank (wild cards aside)."""
    if card >= FIRST_JOKER or other >= FIRST_JOKER:
        return False
    return SUIT_OF[card] == SUIT_OF[other] or RANK_OF[card] == RANK_OF[other]


def _matches(card: int, others, wild) -> int:
    """How many of ``others`` (wild cards aside) share the suit or rank of ``card``."""
    return sum(1 for other in others if not wild[other] and _follows(card, other))


def _stranded(cards, wild) -> int:
    """How many plain cards of ``cards`` no other card of ``cards`` may follow (only a wild card could)."""
    return sum(1 for i, card in enumerate(cards) if not wild[card] and card < FIRST_JOKER
               and not any(_follows(card, other) for j, other in enumerate(cards) if j != i and not wild[other]))


def _suit_counts(cards, wild) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in cards:
        if card < FIRST_JOKER and not wild[card]:
            counts[SUIT_OF[card]] += 1
    return counts

