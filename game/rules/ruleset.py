"""The rule-set record: every parameter of docs/RULES.md in one frozen value (a row each there).

Named games are presets of this record (see ``presets.py``); a custom house-rule
set is the same record, so nothing in the engine branches on a game's name.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from .cards import DECK_SIZES, FIRST_JOKER, MAX_JOKERS, RANKS, deck_cards, deck_ranks
from .errors import InvalidRuleSet, Problem

DRAW_RULES = ("until_playable", "up_to_n", "one_then_may_play", "one_then_pass")
STOCK_RULES = ("reshuffle", "pass", "end_hand")
SCORING_MODES = ("penalty", "winner_collects")
MATCH_ENDS = ("target_loses", "target_wins", "fixed_hands", "elimination", "single_hand")
REVERSE_WITH_TWO = ("skip", "none")
#: What the last-card call is called: "Last card" in the player's language, or Mau-Mau's own "Mau".
LAST_CARD_WORDS = ("last_card", "mau")
MIN_PLAYERS, MAX_PLAYERS = 2, 7
MAX_NAME_LENGTH = 40
# Sane maxima: beyond them a record is damaged or hostile, not a game anyone plays.
MAX_COUNT = 10**6          # target points, turn cap, stop threshold
MAX_HANDS = 10_000         # fixed number of hands in a match
MAX_CARD_VALUE = 1000      # one card's penalty/points value
MAX_CARD_DRAW = 52         # draw limit and last-card penalty
#: The most turns a hand may run before it ends as blocked. Every preset stops at 1000; a cap beyond this
#: one makes a single hand a record too long to replay (a 7-player hand with voluntary draws at a cap of a
#: million ran to 199,000 moves), so it is refused with its own reason.
MAX_TURN_CAP = 10_000

C8_VALUES = (1, 2, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10)


@dataclass(frozen=True)
class RuleSet:
    """One complete, validated set of rules for a hand and a match."""

    name: str = "Custom"
    players: int = 4
    # Index 0 is for 2 players, index 5 for 7 players.
    decks_by_players: tuple[int, ...] = (1, 1, 1, 1, 2, 2)
    hand_size_by_players: tuple[int, ...] = (7, 5, 5, 5, 5, 5)
    jokers_per_deck: int = 0
    # The deck: 52 French cards, or the 32 of the Skat deck (7-A of each suit; docs/RULES.md R-DECK).
    cards_per_deck: int = 52
    wild_ranks: tuple[str, ...] = ("8",)
    # Whether a wild card may be played on a wild card (Mau-Mau: no jack on a jack; R-WILD-ON-WILD).
    wild_on_wild: bool = True
    bury_wild_starter: bool = True
    draw_rule: str = "until_playable"
    draw_limit: int = 3
    voluntary_draw: bool = False
    stock_exhausted: str = "reshuffle"
    # Card effects: ranks given each power (docs/RULES.md R-DRAW-PENALTY to R-ANYTHING-ON).
    draw_penalties: tuple[tuple[str, int], ...] = ()
    stacking: bool = False
    black_jack_draw: int = 0
    black_jack_stacking: bool = False
    skip_ranks: tuple[str, ...] = ()
    skip_stacking: bool = False
    reverse_ranks: tuple[str, ...] = ()
    # A reverse in a two-player hand: "skip" (the same player goes again) or "none" (no effect).
    reverse_with_two: str = "skip"
    anything_on_ranks: tuple[str, ...] = ()
    # Ranks whose player plays once more at once (the Mau-Mau ace switch; R-PLAY-AGAIN).
    play_again_ranks: tuple[str, ...] = ()
    last_card_call: bool = False
    last_card_penalty: int = 2
    last_card_word: str = "last_card"
    stop_call: bool = False
    stop_threshold: int = 5
    turn_cap: int = 1000
    # Scoring and the match (docs/RULES.md R-CARD-VALUES to R-SUDDEN-DEATH).
    rank_values: tuple[int, ...] = C8_VALUES
    joker_value: int = 50
    black_jack_value: int | None = None
    scoring: str = "penalty"
    match_end: str = "target_loses"
    target: int = 100
    fixed_hands: int = 5
    sudden_death: bool = True

    def __post_init__(self) -> None:
        # Exact types first: everything after (arithmetic, the deal, scoring, JSON) relies on them.
        problems = list(_type_problems(self))
        if problems:
            raise InvalidRuleSet(problems)
        # Normalise lists from JSON into tuples so records stay hashable.
        for name in _SEQUENCE_FIELDS:
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "draw_penalties", tuple(tuple(p) for p in self.draw_penalties))
        problems = list(_problems(self))
        if problems:
            raise InvalidRuleSet(problems)

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
        return self.decks * (self.cards_per_deck + self.jokers_per_deck)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The rank names in this deck (all thirteen, or the eight of a 32-card deck)."""
        return deck_ranks(self.cards_per_deck)

    def full_deck(self) -> list[int]:
        """Every card of the pack for this player count, unshuffled: the one source of the deck."""
        cards: list[int] = []
        joker = FIRST_JOKER
        for _ in range(self.decks):
            cards.extend(deck_cards(self.cards_per_deck))
            cards.extend(range(joker, joker + self.jokers_per_deck))
            joker += self.jokers_per_deck
        return cards

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
            raise InvalidRuleSet([Problem("rules.not_an_object", "a rule set must be a JSON object")])
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidRuleSet([Problem("rules.unknown_parameters",
                                          f"unknown rule parameter(s): {', '.join(unknown)}",
                                          {"names": tuple(unknown)})])
        try:
            return cls(**data)
        except InvalidRuleSet:
            raise
        except (TypeError, ValueError) as error:
            raise InvalidRuleSet([Problem("rules.malformed", f"malformed rule set: {error}")]) from None


_BOOL_FIELDS = ("bury_wild_starter", "wild_on_wild", "voluntary_draw", "stacking", "black_jack_stacking", "skip_stacking",
                "last_card_call", "stop_call", "sudden_death")
_CHOICE_FIELDS = {"draw_rule": DRAW_RULES, "stock_exhausted": STOCK_RULES, "scoring": SCORING_MODES,
                  "match_end": MATCH_ENDS, "reverse_with_two": REVERSE_WITH_TWO,
                  "last_card_word": LAST_CARD_WORDS}
# Whole numbers and their allowed ranges (inclusive).
_INT_FIELDS = {
    "players": (MIN_PLAYERS, MAX_PLAYERS), "jokers_per_deck": (0, MAX_JOKERS // 2),
    "draw_limit": (0, MAX_CARD_DRAW), "black_jack_draw": (0, 14), "last_card_penalty": (0, MAX_CARD_DRAW),
    "stop_threshold": (0, MAX_COUNT), "turn_cap": (10, MAX_COUNT), "joker_value": (0, MAX_CARD_VALUE),
    "target": (1, MAX_COUNT), "fixed_hands": (1, MAX_HANDS),
}
_RANK_LIST_FIELDS = ("wild_ranks", "skip_ranks", "reverse_ranks", "anything_on_ranks", "play_again_ranks")
# Per-field (length, allowed range) of the whole-number lists.
_INT_LIST_FIELDS = {
    "decks_by_players": (MAX_PLAYERS - MIN_PLAYERS + 1, (1, 2)),
    "hand_size_by_players": (MAX_PLAYERS - MIN_PLAYERS + 1, (1, 52)),
    "rank_values": (13, (0, MAX_CARD_VALUE)),
}
_SEQUENCE_FIELDS = tuple(_INT_LIST_FIELDS) + _RANK_LIST_FIELDS


def _is_int(value) -> bool:
    """A whole number proper: bool is not one, nor is a float that happens to be whole."""
    return type(value) is int


def _int_problem(label: str, value, low: int, high: int) -> str | None:
    if not _is_int(value):
        return f"{label} must be a whole number, not {_shown(value)}"
    if not low <= value <= high:
        return f"{label} must be between {low} and {high}, not {_shown(value)}"
    return None


def _shown(value) -> str:
    """A value as a refusal quotes it: short, whatever it holds."""
    if _is_int(value) and abs(value) >= 10**40:
        return "a number of more than 40 digits"     # (and repr refuses beyond 4300 digits)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _bad_value(field_name: str, message: str) -> Problem:
    # Only a damaged or hand-made record holds a value of the wrong type: the player is told which parameter.
    return Problem("rules.bad_value", message, {"field": field_name})


def _type_problems(rules: RuleSet):
    """Every parameter of the wrong type or out of its range, each naming the parameter."""
    name = rules.name
    if not isinstance(name, str):
        yield _bad_value("name", f"name must be text, not {_shown(name)}")
    elif len(name) > MAX_NAME_LENGTH:
        yield _bad_value("name", f"name must be at most {MAX_NAME_LENGTH} characters, not {len(name)}")
    elif not name.isprintable():
        yield _bad_value("name", "name must hold printable characters only")
    for field_name in _BOOL_FIELDS:
        value = getattr(rules, field_name)
        if type(value) is not bool:
            yield _bad_value(field_name, f"{field_name} must be true or false, not {_shown(value)}")
    for field_name, choices in _CHOICE_FIELDS.items():
        value = getattr(rules, field_name)
        if not isinstance(value, str) or value not in choices:
            yield _bad_value(field_name, f"{field_name} must be one of {', '.join(choices)}, not {_shown(value)}")
    for field_name, (low, high) in _INT_FIELDS.items():
        problem = _int_problem(field_name, getattr(rules, field_name), low, high)
        if problem:
            yield _bad_value(field_name, problem)
    value = rules.cards_per_deck
    if not _is_int(value) or value not in DECK_SIZES:
        yield _bad_value("cards_per_deck", f"cards_per_deck must be one of {', '.join(map(str, DECK_SIZES))}, "
                                           f"not {_shown(value)}")
    value = rules.black_jack_value
    if value is not None:
        problem = _int_problem("black_jack_value", value, 0, MAX_CARD_VALUE)
        if problem:
            yield _bad_value("black_jack_value", problem + " (or null)")
    for field_name, (length, (low, high)) in _INT_LIST_FIELDS.items():
        values = getattr(rules, field_name)
        if not isinstance(values, (list, tuple)) or len(values) != length:
            yield _bad_value(field_name, f"{field_name} must be a list of {length} whole numbers")
            continue
        for value in values:
            problem = _int_problem(f"every value of {field_name}", value, low, high)
            if problem:
                yield _bad_value(field_name, problem)
                break
    for field_name in _RANK_LIST_FIELDS:
        values = getattr(rules, field_name)
        if (not isinstance(values, (list, tuple)) or len(values) > len(RANKS)
                or not all(isinstance(r, str) for r in values)):
            yield _bad_value(field_name, f"{field_name} must be a list of ranks ({' '.join(RANKS)})")
    penalties = rules.draw_penalties
    if (not isinstance(penalties, (list, tuple)) or len(penalties) > len(RANKS)
            or not all(isinstance(p, (list, tuple)) and len(p) == 2 and isinstance(p[0], str)
                       and _is_int(p[1]) for p in penalties)):
        yield _bad_value("draw_penalties", "draw_penalties must be a list of [rank, cards] pairs")


def _check_ranks(field_name: str, label: str, ranks):
    for rank in ranks:
        if rank not in RANKS:
            yield Problem("rules.not_a_rank", f"{label}: {rank!r} is not a rank (use one of {' '.join(RANKS)})",
                          {"field": field_name, "rank": rank[:12]})


def _problems(rules: RuleSet):
    """Every reason the record cannot be played (code, params and an English sentence)."""
    if rules.turn_cap > MAX_TURN_CAP:
        yield Problem("rules.turn_cap_too_high",
                      f"the turn cap must be at most {MAX_TURN_CAP} turns a hand, not {rules.turn_cap}",
                      {"cap": rules.turn_cap, "most": MAX_TURN_CAP})
    dealt = rules.hand_size * rules.players
    if dealt + 1 > rules.deck_size:
        yield Problem("rules.too_many_cards",
                      f"{rules.players} players x {rules.hand_size} cards = {dealt} cards plus a "
                      f"starter, but {rules.decks} deck(s) hold only {rules.deck_size}",
                      {"players": rules.players, "hand_size": rules.hand_size, "dealt": dealt,
                       "decks": rules.decks, "deck_size": rules.deck_size})
    if rules.draw_rule == "up_to_n" and rules.draw_limit < 1:
        yield Problem("rules.draw_limit_zero", "the draw limit for 'up_to_n' must be at least 1")
    if rules.match_end == "target_wins" and rules.scoring != "winner_collects":
        yield Problem("rules.target_wins_scoring", "'first to reach the target wins' needs winner-collects scoring")
    if rules.match_end in ("target_loses", "elimination") and rules.scoring != "penalty":
        yield Problem("rules.needs_penalty_scoring", f"'{rules.match_end}' needs penalty scoring (low is good)",
                      {"match_end": rules.match_end})
    yield from _check_ranks("wild_ranks", "wild ranks", rules.wild_ranks)
    yield from _check_ranks("skip_ranks", "skip ranks", rules.skip_ranks)
    yield from _check_ranks("reverse_ranks", "reverse ranks", rules.reverse_ranks)
    yield from _check_ranks("anything_on_ranks", "anything-on ranks", rules.anything_on_ranks)
    yield from _check_ranks("draw_penalties", "draw penalties", [r for r, _ in rules.draw_penalties])
    yield from _check_ranks("play_again_ranks", "play-again ranks", rules.play_again_ranks)
    yield from _ranks_in_deck(rules)
    for rank, count in rules.draw_penalties:
        if not 1 <= count <= 10:
            yield Problem("rules.draw_penalty_size", f"a draw penalty on {rank} must be 1 to 10 cards, not {count}",
                          {"rank": rank[:12], "count": count, "low": 1, "high": 10})
    if rules.black_jack_stacking and not rules.black_jack_draw:
        yield Problem("rules.black_jack_stacking_alone", "black-jack stacking needs the black-jack draw effect")
    if rules.skip_stacking and not rules.skip_ranks:
        yield Problem("rules.skip_stacking_alone", "skip stacking needs a skip card")
    yield from _contradictions(rules)


def _contradictions(rules: RuleSet):
    """One rank given two powers that cannot both apply."""
    # Each power as (code, cards to draw or 0) for the player's words, and in English for the message.
    powers: dict[str, list[tuple[str, int]]] = {}
    for rank in rules.wild_ranks:
        powers.setdefault(rank, []).append(("wild", 0))
    for rank, count in rules.draw_penalties:
        powers.setdefault(rank, []).append(("draw", count))
    for rank in rules.skip_ranks:
        powers.setdefault(rank, []).append(("skip", 0))
    for rank in rules.reverse_ranks:
        powers.setdefault(rank, []).append(("reverse", 0))
    if rules.black_jack_draw:
        powers.setdefault("J", []).append(("black_jack_draw", rules.black_jack_draw))
    for rank in rules.play_again_ranks:
        powers.setdefault(rank, []).append(("play_again", 0))
    for rank, names in sorted(powers.items()):
        if len(names) > 1:
            english = " and ".join(_POWER_ENGLISH[power].format(count=count) for power, count in names)
            yield Problem("rules.two_powers", f"rank {rank} cannot be both {english}",
                          {"rank": rank, "powers": tuple(names)})
    for rank in rules.anything_on_ranks:
        if rank in rules.wild_ranks:
            yield Problem("rules.wild_and_anything_on",
                          f"rank {rank} cannot be both wild (next player follows the named suit) "
                          f"and anything-on (next player may play any card)", {"rank": rank})
    seen = set()
    for rank, _ in rules.draw_penalties:
        if rank in seen:
            yield Problem("rules.two_draw_penalties", f"rank {rank} has two draw penalties", {"rank": rank})
        seen.add(rank)


#: The powers a rank can have (``params["powers"]`` of "rules.two_powers"), as the English message names them.
_POWER_ENGLISH = {"wild": "wild", "draw": "draw-{count}", "skip": "skip", "reverse": "reverse",
                  "black_jack_draw": "black-jack draw-{count}", "play_again": "play-again"}


def _ranks_in_deck(rules: RuleSet):
    """A power given to a rank the deck does not hold (a two in a 32-card deck) could never happen."""
    if rules.cards_per_deck == 52:
        return
    in_deck = deck_ranks(rules.cards_per_deck)
    named = [*rules.wild_ranks, *rules.skip_ranks, *rules.reverse_ranks, *rules.anything_on_ranks,
             *rules.play_again_ranks, *(rank for rank, _ in rules.draw_penalties)]
    missing = sorted({rank for rank in named if rank in RANKS and rank not in in_deck}, key=RANKS.index)
    if missing:
        yield Problem("rules.rank_not_in_deck",
                      f"a {rules.cards_per_deck}-card deck has no {', '.join(missing)}: no card could have "
                      f"the power given to that rank",
                      {"ranks": tuple(missing), "cards_per_deck": rules.cards_per_deck})
