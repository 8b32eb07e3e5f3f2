"""The privacy audit: every message the host sends a guest, checked against the table as it stood then.

``PrivacyAudit`` is a ``TableHost`` recorder. For each message to a seat it reads every card written in
it and counts a leak for each card that lies in another seat's hand and has not been shown on the table
this hand (played, the starter, or in the discard pile). Once a hand is over every hand is shown.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.rules import EventKind, card_from_str, card_to_str

_CARD_IN_TEXT = re.compile(r'"((?:10|[2-9JQKA])[CDHS]|X[1-9])(?:>[CDHS])?"')
#: Events whose cards everyone at the table saw.
_PUBLIC = frozenset({EventKind.STARTER, EventKind.PLAYED, EventKind.NOMINATED, EventKind.PENALTY_STACKED,
                     EventKind.PENALTY_CANCELLED, EventKind.SKIP_STACKED, EventKind.REVERSED, EventKind.PLAYS_AGAIN})


@dataclass
class PrivacyAudit:
    """Records every message to each seat (``messages``, ``bytes``) and the cards leaked (``leaks``: seat,
    card, the message's type) while ``session`` stands as it did when each was sent."""

    session: object
    messages: int = 0
    bytes: dict = field(default_factory=dict)
    leaks: list = field(default_factory=list)
    keep_texts: bool = False
    texts: dict = field(default_factory=dict)

    def __call__(self, seat, text: str) -> None:
        self.messages += 1
        self.bytes[seat] = self.bytes.get(seat, 0) + len(text.encode())
        if self.keep_texts:
            self.texts.setdefault(seat, []).append(text)
        if seat is None:
            return
        hidden = self.hidden_from(seat)
        for found in _CARD_IN_TEXT.finditer(text):
            card = card_from_str(found.group(1))
            if card in hidden:
                kind = re.search(r'"type":"([a-z_]+)"', text)
                self.leaks.append((seat, card_to_str(card), kind.group(1) if kind else "?"))

    def hidden_from(self, seat: int) -> set[int]:
        """The cards in other seats' hands not shown on the table this hand."""
        match = self.session.match
        hand = match.hand
        if hand.over or match.over:
            return set()
        hidden = set()
        for player, cards in enumerate(hand.hands):
            if match.seats[player] != seat:
                hidden.update(cards)
        return hidden - self.shown_this_hand()

    def shown_this_hand(self) -> set[int]:
        """Cards everyone saw this hand: the discard pile and every card played since the deal."""
        shown = set(self.session.match.hand.discard)
        for entry in reversed(self.session.history):
            for event in entry.events:
                if event.kind in _PUBLIC:
                    shown.update(event.cards)
            if entry.seat is None:
                break
        return shown
