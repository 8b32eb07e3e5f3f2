"""Fair undo: back to before the person's last decision, as long as no hidden card was seen since.

Taking back a move after a card was drawn would let the person play on knowing that card
(and, after a penalty, which cards the others picked up), so those undos are refused.
The hand is dealt again from its seed and its moves before the taken-back one played again.
"""
from __future__ import annotations

from game.rules import EventKind, Match

#: Events after which a card nobody could see before is known (or the hands are shown).
REVEALING = frozenset({EventKind.DREW, EventKind.PENALTY_PAID, EventKind.LAST_CARD_PENALTY, EventKind.RESHUFFLED,
                       EventKind.HAND_ENDED})


class UndoRefused(ValueError):
    """An undo the table does not allow now; ``reason`` says why (a code the screen puts in words)."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


def undo_point(history, person: int, people=()) -> int:
    """The index in ``history`` of the person's last decision in this hand; raises UndoRefused. At a table of
    several ``people``, refused once another of them has moved since (it would take back their move too)."""
    for index in range(len(history) - 1, -1, -1):
        entry = history[index]
        if entry.seat is None:
            raise UndoRefused("nothing_to_undo", "there is no move of yours to take back in this hand")
        if any(event.kind == EventKind.HAND_ENDED for event in entry.events):
            raise UndoRefused("hand_over", "the hand is over")
        if any(event.kind in REVEALING for event in entry.events):
            raise UndoRefused("card_seen", "a card was drawn since your last move")
        if entry.seat == person:
            return index
        if entry.seat in people:
            if _moved_in_hand(history, index, person):
                raise UndoRefused("other_person_moved", "someone else has moved since your last move")
            break
    raise UndoRefused("nothing_to_undo", "there is no move of yours to take back in this hand")


def _moved_in_hand(history, before: int, person: int) -> bool:
    """Whether ``person`` made a move in this hand before ``history[before]``."""
    for entry in reversed(history[:before]):
        if entry.seat is None:
            return False
        if entry.seat == person:
            return True
    return False


def undo_refusal(history, person: int | None, people=()) -> UndoRefused | None:
    """Why an undo would be refused now (for the screen to say so before it is asked), or None."""
    if person is None:
        return UndoRefused("nothing_to_undo", "nobody plays at this table")
    try:
        undo_point(history, person, people)
    except UndoRefused as refusal:
        return refusal
    return None


def rewound(match: Match, history, index: int, observer) -> tuple[Match, int]:
    """``match`` as it was before the step ``history[index]`` (a step of its current hand), and where that
    hand's deal is in ``history``: only the hand is dealt and played again, and ``observer`` hears its deal
    and the moves kept (the history before the deal stands as it is)."""
    deal = max(i for i in range(index + 1) if history[i].seat is None)
    keep = index - deal - 1  # the moves of this hand before the taken-back one
    return match.replaying_current_hand(keep, observer), deal
