"""A guest's own statistics: what a person played at a table hosted on another computer counts on their own
computer, under the name they joined with and the level NETWORK, from the results the host sent their seat.

The host counts its own person only (``session._counted_people``); each friend's game counts the friend.
A hand counts once however often its result comes (the host sends it with every change while the hand is
over, and again when the guest rejoins): its change id is the seat's token at that table and the hand's
number, and the token stays the same when the guest takes the seat back after a drop.
"""
from __future__ import annotations

import logging
import re

from game.rules import RuleSet, preset_id_of
from game.store import checks
from game.store import journal as steps

from .results import HandResultView, MatchResultView

log = logging.getLogger(__name__)

#: The statistics level under which a person's results at a table hosted on another computer count.
NETWORK = "network"
#: A seat's token at a host's table (protocol's welcome): 32 hex digits.
_TOKEN = re.compile(r"[0-9a-f]{32}")


def statistics_player(name: str) -> str | None:
    """The name a guest's results are kept under: the name they joined with, or None when it cannot be a
    statistics name (too long, or holding control characters) and nothing is counted."""
    try:
        return checks.name(name)
    except checks.InvalidValue as error:
        log.info("a guest's results are not counted: %s", error)
        return None


def guest_result_steps(rules: RuleSet, seat: int, player: str, token: str,
                       hand_result: HandResultView | None, match_result: MatchResultView | None) -> list[dict]:
    """The store steps that count the guest's own result: of the hand ``hand_result`` (when the guest's seat
    was dealt into it) and of the match once ``match_result`` has come. ``token`` is the seat's token at the
    table, which tells this table's hands apart from any other's."""
    if not _TOKEN.fullmatch(token):
        raise ValueError("a seat's token is 32 hex digits")
    key = (preset_id_of(rules) or "custom", NETWORK)
    changes = []
    if hand_result is not None and seat in hand_result.seats:
        hand = (hand_result.winner == seat, int(hand_result.scores[seat]), hand_result.penalty_scoring)
        changes.append(steps.count_hand(key, f"net-{token}:hand:{hand_result.number}", hand, None, player))
    if match_result is not None:
        changes.append(steps.count_hand(key, f"net-{token}:match", None, seat in match_result.winners, player))
    return changes
