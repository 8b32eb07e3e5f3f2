"""Errors the rules core raises, each with a machine-readable reason.

Every refusal keeps an English message (``str()``, for logs and developers) and
carries a stable ``code`` with its ``params``, so that the UI can say it in the
player's language without ever showing the English inside a translated sentence.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Every code a rule set can be refused with (``Problem.code`` of ``InvalidRuleSet.problems``).
RULE_CODES = frozenset({
    "rules.bad_value", "rules.not_an_object", "rules.unknown_parameters", "rules.malformed",
    "rules.too_many_cards", "rules.draw_limit_zero", "rules.target_wins_scoring", "rules.needs_penalty_scoring",
    "rules.not_a_rank", "rules.draw_penalty_size", "rules.black_jack_stacking_alone",
    "rules.skip_stacking_alone", "rules.two_powers", "rules.wild_and_anything_on", "rules.two_draw_penalties",
    "rules.turn_cap_too_high", "rules.rank_not_in_deck",
})
#: Every code a game record can be refused with (``RecordError.code``).
RECORD_CODES = frozenset({
    "record.not_json", "record.not_an_object", "record.not_a_record", "record.no_version",
    "record.newer_version", "record.invalid_rules", "record.no_seed", "record.bad_moves", "record.too_long",
    "record.hand_never_reached", "record.move_not_replayable",
})


@dataclass(frozen=True)
class Problem:
    """One reason in two forms: ``code`` + ``params`` for the player's language, ``message`` in English."""

    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


class IllegalMove(ValueError):
    """A move the rules do not allow now.

    ``reason`` is a stable code (e.g. ``"not_matching"``) and ``params`` its
    details (e.g. ``{"suit": "H", "rank": "Q"}``), so the table can explain the
    refusal in any language.
    """

    def __init__(self, reason: str, message: str, **params):
        super().__init__(message)
        self.reason = reason
        self.params = params


class InvalidRuleSet(ValueError):
    """A rule-set record that cannot be played: ``problems`` says every reason (code, params, English).

    ``code`` is ``"rules.invalid"`` and ``params["problems"]`` the same problems, like every other
    refusal the UI words; ``str()`` joins their English messages with "; ".
    """

    code = "rules.invalid"

    def __init__(self, problems: Sequence[Problem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(problem.message for problem in self.problems))
        self.params = {"problems": self.problems}


class RecordError(ValueError):
    """A game record that cannot be loaded (malformed, tampered or from a newer version).

    ``code`` is one of RECORD_CODES and ``params`` its details; ``str()`` is the English message.
    """

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params
