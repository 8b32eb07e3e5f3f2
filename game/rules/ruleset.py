"""The rule-set record: every parameter of RULES.md in one frozen value.

Named games are presets of this record (see ``presets.py``); a custom house-rule
set is the same record, so nothing in the engine branches on a game's name.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from .cards import RANKS, FIRST_JOKER, MAX_JOKERS

DRAW_RULES = ("until_playable", "up_to_n", "one_then_may_play")
STOCK_RULES = ("reshuffle", "pass", "end_hand")
SCORING_MODES = ("penalty", "winner_collects")
MATCH_ENDS = ("target_loses", "target_wins", "fixed_hands", "elimination", "single_hand")
MIN_PLAYERS, MAX_PLAYERS = 2, 7

C8_VALUES = (1, 2, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10)


class InvalidRuleSet(ValueError):
    """A rule-set record that cannot be played; the message says why."""


def _per_player_count(values) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


@dataclass(frozen=True)
class RuleSet:
    """One complete, validated set of rules for a hand and a match."""

    name: str = "Custom"
    players: int = 4
    # Index 0 is for 2 players, index 5 for 7 players.
    decks_by_players: tuple[int, ...] = (1, 1, 1, 1, 2, 2)
    hand_size_by_players: tuple[int, ...] = (7, 5, 5, 5, 5, 5)
    jokers_per_deck: int = 0
    wild_ranks: tuple[str, ...] = ("8",)
    bury_wild_starter: bool = True
    draw_rule: str = "until_playable"
    draw_limit: int = 3
    voluntary_draw: bool = False
    stock_exhausted: str = "reshuffle"
    # Card effects: ranks given each power (RULES.md 2.1).
    draw_penalties: tuple[tuple[str, int], ...] = ()
    stacking: bool = False
    black_jack_draw: int = 0
    black_jack_stacking: bool = False
    skip_ranks: tuple[str, ...] = ()
    skip_stacking: bool = False
    reverse_ranks: tuple[str, ...] = ()
    anything_on_ranks: tuple[str, ...] = ()
    last_card_call: bool = False
    last_card_penalty: int = 2
    stop_call: bool = False
    stop_threshold: int = 5
    turn_cap: int = 1000
    # Scoring and the match (RULES.md 3).
    rank_values: tuple[int, ...] = C8_VALUES
    joker_value: int = 50
    black_jack_value: int | None = None
    scoring: str = "penalty"
    match_end: str = "target_loses"
    target: int = 100
    fixed_hands: int = 5
    sudden_death: bool = True

    def __post_init__(self) -> None:
        # Normalise lists from JSON into tuples so records stay hashable.
        for name in ("decks_by_players", "hand_size_by_players", "rank_values"):
            object.__setattr__(self, name, _per_player_count(getattr(self, name)))
        for name in ("wild_ranks", "skip_ranks", "reverse_ranks", "anything_on_ranks"):
            object.__setattr__(self, name, tuple(str(r) for r in getattr(self, name)))
        object.__setattr__(
            self, "draw_penalties", tuple((str(r), int(n)) for r, n in self.draw_penalties)
        )
        problems = list(_problems(self))
        if problems:
            raise InvalidRuleSet("; ".join(problems))

    @property
    def decks(self) -> int:
        """Decks shuffled together for this player count."""
        return self.decks_by_players[self.players - MIN_PLAYERS]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player for this player count."""
        return self.hand_size_by_players[self.players - MIN_PLAYERS]

    @property
    def deck_size(self) -> int:
        """Cards in the full pack (all decks and jokers)."""
        return self.decks * (52 + self.jokers_per_deck)

    def with_players(self, players: int) -> "RuleSet":
        """The same rules for another player count (validated)."""
        return replace(self, players=players)

    def replace(self, **changes: Any) -> "RuleSet":
        """A validated copy with some parameters changed."""
        return replace(self, **changes)

    def card_value(self, card: int) -> int:
        """Penalty/points value of one card under these rules."""
        if card >= FIRST_JOKER:
            return self.joker_value
        rank = card >> 2
        if self.black_jack_value is not None and rank == 10 and card & 3 in (0, 3):
            return self.black_jack_value
        return self.rank_values[rank]

    def to_dict(self) -> dict:
        """JSON-ready form (lists instead of tuples)."""
        data = asdict(self)
        data["draw_penalties"] = [list(p) for p in self.draw_penalties]
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "RuleSet":
        """Build and validate a rule set from its JSON form."""
        if not isinstance(data, dict):
            raise InvalidRuleSet("a rule set must be a JSON object")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidRuleSet(f"unknown rule parameter(s): {', '.join(unknown)}")
        try:
            return cls(**data)
        except InvalidRuleSet:
            raise
        except (TypeError, ValueError) as error:
            raise InvalidRuleSet(f"malformed rule set: {error}") from None


def _check_ranks(label: str, ranks, allow_joker: bool = False):
    for rank in ranks:
        if rank not in RANKS and not (allow_joker and rank == "X"):
            yield f"{label}: {rank!r} is not a rank (use one of {' '.join(RANKS)})"


def _problems(rules: RuleSet):
    """Every reason the record cannot be played, as readable sentences."""
    if not isinstance(rules.players, int) or not MIN_PLAYERS <= rules.players <= MAX_PLAYERS:
        yield f"players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, not {rules.players}"
        return
    for label, values in (("decks_by_players", rules.decks_by_players),
                          ("hand_size_by_players", rules.hand_size_by_players)):
        if len(values) != MAX_PLAYERS - MIN_PLAYERS + 1:
            yield f"{label} needs one value for each player count from 2 to 7"
            return
    if any(d not in (1, 2) for d in rules.decks_by_players):
        yield "decks must be 1 or 2"
    if not 0 <= rules.jokers_per_deck <= MAX_JOKERS // 2:
        yield "jokers per deck must be 0, 1 or 2"
    if any(h < 1 for h in rules.hand_size_by_players):
        yield "every player must be dealt at least one card"
    if not problems_so_far_block_deal(rules):
        dealt = rules.hand_size * rules.players
        if dealt + 1 > rules.deck_size:
            yield (f"{rules.players} players x {rules.hand_size} cards = {dealt} cards plus a "
                   f"starter, but {rules.decks} deck(s) hold only {rules.deck_size}")
    if rules.draw_rule not in DRAW_RULES:
        yield f"draw rule must be one of {', '.join(DRAW_RULES)}, not {rules.draw_rule!r}"
    if rules.draw_rule == "up_to_n" and rules.draw_limit < 1:
        yield "the draw limit for 'up_to_n' must be at least 1"
    if rules.stock_exhausted not in STOCK_RULES:
        yield f"stock rule must be one of {', '.join(STOCK_RULES)}, not {rules.stock_exhausted!r}"
    if rules.scoring not in SCORING_MODES:
        yield f"scoring must be one of {', '.join(SCORING_MODES)}, not {rules.scoring!r}"
    if rules.match_end not in MATCH_ENDS:
        yield f"match end must be one of {', '.join(MATCH_ENDS)}, not {rules.match_end!r}"
    if rules.match_end == "target_wins" and rules.scoring != "winner_collects":
        yield "'first to reach the target wins' needs winner-collects scoring"
    if rules.match_end in ("target_loses", "elimination") and rules.scoring != "penalty":
        yield f"'{rules.match_end}' needs penalty scoring (low is good)"
    if rules.target < 1 or rules.fixed_hands < 1:
        yield "the match target and number of hands must be at least 1"
    if rules.turn_cap < 10:
        yield "the turn cap must be at least 10"
    if len(rules.rank_values) != 13 or any(v < 0 for v in rules.rank_values):
        yield "rank_values needs 13 non-negative values, A to K"
    yield from _check_ranks("wild ranks", rules.wild_ranks)
    yield from _check_ranks("skip ranks", rules.skip_ranks)
    yield from _check_ranks("reverse ranks", rules.reverse_ranks)
    yield from _check_ranks("anything-on ranks", rules.anything_on_ranks)
    yield from _check_ranks("draw penalties", [r for r, _ in rules.draw_penalties])
    for rank, count in rules.draw_penalties:
        if not 1 <= count <= 10:
            yield f"a draw penalty on {rank} must be 1 to 10 cards, not {count}"
    if rules.black_jack_draw < 0 or rules.black_jack_draw > 14:
        yield "the black-jack penalty must be 0 (off) to 14 cards"
    if rules.black_jack_stacking and not rules.black_jack_draw:
        yield "black-jack stacking needs the black-jack draw effect"
    if rules.skip_stacking and not rules.skip_ranks:
        yield "skip stacking needs a skip card"
    if rules.last_card_penalty < 0 or rules.stop_threshold < 0:
        yield "penalties and thresholds cannot be negative"
    yield from _contradictions(rules)


def problems_so_far_block_deal(rules: RuleSet) -> bool:
    """True when deal arithmetic would be meaningless (bad counts reported already)."""
    return (any(d not in (1, 2) for d in rules.decks_by_players)
            or not 0 <= rules.jokers_per_deck <= 2
            or any(h < 1 for h in rules.hand_size_by_players))


def _contradictions(rules: RuleSet):
    """One rank given two powers that cannot both apply."""
    powers: dict[str, list[str]] = {}
    for rank in rules.wild_ranks:
        powers.setdefault(rank, []).append("wild")
    for rank, count in rules.draw_penalties:
        powers.setdefault(rank, []).append(f"draw-{count}")
    for rank in rules.skip_ranks:
        powers.setdefault(rank, []).append("skip")
    for rank in rules.reverse_ranks:
        powers.setdefault(rank, []).append("reverse")
    if rules.black_jack_draw:
        powers.setdefault("J", []).append(f"black-jack draw-{rules.black_jack_draw}")
    for rank, names in sorted(powers.items()):
        if len(names) > 1:
            yield f"rank {rank} cannot be both {' and '.join(names)}"
    for rank in rules.anything_on_ranks:
        if rank in rules.wild_ranks:
            yield (f"rank {rank} cannot be both wild (next player follows the named suit) "
                   f"and anything-on (next player may play any card)")
    seen = set()
    for rank, _ in rules.draw_penalties:
        if rank in seen:
            yield f"rank {rank} has two draw penalties"
        seen.add(rank)
