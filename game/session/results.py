"""What the result screens may read: a hand's result and the match's, as values the session builds.

The screen never reads the match itself; these views carry every number the end of a hand and the end
of a match show, with the seats' names as the screen writes them.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import Match

from .seats import Seat


@dataclass(frozen=True)
class HandResultView:
    """How one hand ended: who won and why, what each seat still held, the points and the totals."""

    number: int
    seats: tuple[int, ...]            # the seats dealt into the hand (eliminated ones sit it out)
    winner: int
    reason: str                       # "out", "blocked", "stock_out", "stop" or "turn_cap"
    hands: dict[int, tuple[int, ...]]  # the cards each seat still held
    values: dict[int, int]            # what those cards are worth
    scores: dict[int, int]            # the points the hand gave each seat
    totals: tuple[int, ...]
    eliminated: tuple[bool, ...]
    penalty_scoring: bool             # points are bad (the lowest total wins)
    match_over: bool                  # the match ended with this hand
    players: tuple[Seat, ...]         # every seat, with its name as the screen writes it


@dataclass(frozen=True)
class StandingView:
    """One row of the final standings."""

    seat: int
    total: int
    eliminated: bool
    place: int


@dataclass(frozen=True)
class MatchResultView:
    """How the match ended: the winners, the standings and how many hands of which game it took."""

    seed: int
    winners: tuple[int, ...]
    standings: tuple[StandingView, ...]
    hands_played: int
    game_name: str                    # the rule set's name, in English (the screen translates it)
    players: tuple[Seat, ...]


def hand_result_view(match: Match, players: tuple[Seat, ...]) -> HandResultView | None:
    """The result of the last hand played, or None before any hand has ended."""
    if not match.results:
        return None
    result = match.results[-1]
    return HandResultView(
        number=result.number, seats=tuple(result.seats), winner=result.winner, reason=result.reason,
        hands={seat: tuple(cards) for seat, cards in result.hands.items()}, values=dict(result.values),
        scores=dict(result.scores), totals=tuple(result.totals), eliminated=tuple(match.eliminated),
        penalty_scoring=match.rules.scoring == "penalty", match_over=match.over, players=players)


def match_result_view(match: Match, players: tuple[Seat, ...]) -> MatchResultView | None:
    """The result of the match, or None while it is still being played."""
    if not match.over:
        return None
    standings = tuple(StandingView(row.seat, row.total, row.eliminated, row.place) for row in match.standings())
    return MatchResultView(seed=match.seed, winners=tuple(match.winners), standings=standings,
                           hands_played=len(match.results), game_name=match.rules.name, players=players)
