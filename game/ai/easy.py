"""Easy: a beginner. Plays legal cards with a light human preference and makes beginner's mistakes."""
from __future__ import annotations

import random

from game.rules import DRAW, LAST_CARD, PASS, STOP, SUIT_OF, PlayerView, tables_for

from .base import Bot, require_turn

FORGETS_LAST_CARD = 0.4    # beginners often forget to say "last card"
STACKS_PENALTY = 0.6       # and do not always see that they can pass a penalty on
CALLS_STOP = 0.3           # "stop" is called on a whim, not by counting
NAMES_LONGEST_SUIT = 0.5   # otherwise they name a suit at random
FOLLOWS_OWN_SUIT = 0.1     # sometimes they pick the card that keeps more of its suit in hand
PLAYS_WILD_AT_ONCE = 0.5   # the classic beginner's mistake: spending an eight as soon as it is playable, half the time
NAMES_OWN_SUIT = 0.4       # and naming the suit printed on the wild card itself


class EasyBot(Bot):
    """A beginner: never holds back wild cards, sheds in no particular order, forgets calls."""

    level = "easy"

    def choose_action(self, view: PlayerView, rng: random.Random) -> int:
        legal = require_turn(view)
        if len(legal) == 1:
            return legal[0]
        plays = [a for a in legal if a < DRAW]
        if LAST_CARD in legal and plays and rng.random() >= FORGETS_LAST_CARD:
            return LAST_CARD
        if STOP in legal and rng.random() < CALLS_STOP:
            return STOP
        if view.pending and plays and rng.random() >= STACKS_PENALTY:
            return DRAW
        if not plays:
            return next(a for a in legal if a in (DRAW, PASS))
        wild = tables_for(view.rules).wild
        cards = sorted({a // 5 for a in plays})
        wilds = [c for c in cards if wild[c]]
        if wilds and rng.random() < PLAYS_WILD_AT_ONCE:
            card = rng.choice(wilds)
        elif rng.random() < FOLLOWS_OWN_SUIT:
            counts = [0] * 5
            for card in view.hand:
                counts[SUIT_OF[card]] += 1
            card = max(cards, key=lambda c: (counts[SUIT_OF[c]], rng.random()))
        else:
            card = rng.choice(cards)
        if not wild[card]:
            return card * 5
        return card * 5 + 1 + self._name_suit(view, card, rng)

    def calls_last_card(self, view: PlayerView, rng: random.Random) -> bool:
        # Forgotten before the play, and often forgotten again just after it.
        return view.can_call_last_card and rng.random() >= FORGETS_LAST_CARD

    @staticmethod
    def _name_suit(view: PlayerView, played: int, rng: random.Random) -> int:
        """The suit a beginner names: usually the one they hold most of."""
        if SUIT_OF[played] < 4 and rng.random() < NAMES_OWN_SUIT:
            return SUIT_OF[played]
        if rng.random() >= NAMES_LONGEST_SUIT:
            return rng.randrange(4)
        wild = tables_for(view.rules).wild
        counts = [0] * 4
        for card in view.hand:
            if card != played and not wild[card]:
                counts[SUIT_OF[card]] += 1
        return max(range(4), key=lambda s: (counts[s], rng.random()))
