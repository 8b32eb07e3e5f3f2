"""The named games (presets of one RuleSet) and the house-rule switches."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable

from .ruleset import C8_VALUES, RuleSet

SWITCH_VALUES = (25, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10)
#: Mau-Mau's penalty points: jack 20, ace 11, king 4, queen 3, the others their face value.
MAU_MAU_VALUES = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 3, 4)

_C8 = RuleSet(name="Crazy Eights")

PRESETS: dict[str, RuleSet] = {
    "crazy_eights": _C8,
    "crazy_eights_hoyle": RuleSet(
        name="Crazy Eights (Hoyle)",
        decks_by_players=(1, 1, 1, 1, 1, 1),
        hand_size_by_players=(5, 5, 5, 5, 5, 5),
        draw_rule="up_to_n", draw_limit=3, stock_exhausted="end_hand",
        match_end="fixed_hands", fixed_hands=5,
    ),
    "swedish_rummy": RuleSet(
        name="Eights / Swedish Rummy",
        voluntary_draw=True, stock_exhausted="pass",
        scoring="winner_collects", match_end="target_wins", target=100,
    ),
    "crazy_eights_action": RuleSet(
        name="Crazy Eights with action cards",
        draw_penalties=(("2", 2),), stacking=True,
        skip_ranks=("J",), reverse_ranks=("Q",), reverse_with_two="none", anything_on_ranks=("A",),
    ),
    "crazy_aces": RuleSet(name="Crazy Aces", wild_ranks=("A",)),
    "switch": RuleSet(
        name="Switch",
        decks_by_players=(1, 1, 1, 1, 1, 2),
        hand_size_by_players=(7, 7, 7, 5, 5, 4),
        wild_ranks=(),
        draw_penalties=(("2", 2),), stacking=True,
        skip_ranks=("8",), black_jack_draw=7, reverse_ranks=("A",),
        draw_rule="one_then_may_play", voluntary_draw=True, stock_exhausted="reshuffle",
        last_card_call=True, rank_values=SWITCH_VALUES,
        match_end="elimination", target=100,
    ),
    # docs/RULES.md R-PRESET-MAU-MAU: the game as most German-speaking tables play it.
    "mau_mau": RuleSet(
        name="Mau-Mau",
        cards_per_deck=32,
        decks_by_players=(1, 1, 1, 1, 2, 2),
        hand_size_by_players=(5, 5, 5, 5, 5, 5),
        wild_ranks=("J",), wild_on_wild=False,
        draw_penalties=(("7", 2),), stacking=True,
        skip_ranks=("8",),
        draw_rule="one_then_may_play", stock_exhausted="reshuffle",
        last_card_call=True, last_card_penalty=2, last_card_word="mau",
        rank_values=MAU_MAU_VALUES,
        match_end="target_loses", target=100,
    ),
}

DESCRIPTIONS: dict[str, str] = {
    "crazy_eights": "The classic: match rank or suit, eights are wild. Lowest score when someone reaches 100 wins.",
    "crazy_eights_hoyle": "Hoyle's rules: five cards each, draw at most three, five hands, fewest points wins.",
    "swedish_rummy": "Eights as played in Sweden: you may draw even when you can play; the winner collects, first to 100.",
    "crazy_eights_action": "Crazy Eights with twos to draw, jacks to skip, queens to reverse and anything on an ace.",
    "crazy_aces": "Crazy Eights with the aces wild instead of the eights.",
    "switch": "The British game: twos pick up, eights skip, aces reverse, black jacks pick up seven. Last one under 100 wins.",
    "mau_mau": "The German game with 32 cards: sevens draw two, eights skip, jacks are wild; say \"Mau\" on your last card.",
}

#: Where the tables that play a game differ and no switch is offered, what this game chose (docs/RULES.md
#: R-MAU-MAU-CHOICES); the rules screen says it under the game's rules.
CHOICES: dict[str, str] = {
    "mau_mau": "Mau-Mau is played in many ways; where tables differ, this game chose: a seven or an eight turned "
               "up to start has no effect, and a jack turned up goes back into the stock; a seven is answered "
               "only with a seven, and whoever draws for it misses their turn; an eight skips one player, and "
               "another eight does not pass the skip on; a jack may be your last card; only \"Mau\" is said, "
               "on your last card, not \"Mau-Mau\" on going out.",
}


@dataclass(frozen=True)
class HouseRule:
    """A switch a player can turn on over a preset."""

    id: str
    name: str
    explanation: str
    turn_on: Callable[[RuleSet], RuleSet]
    presets: tuple[str, ...]

    def is_on(self, rules: RuleSet) -> bool:
        """Whether the rules already contain this switch."""
        try:
            return self.turn_on(rules) == rules
        except ValueError:
            return False


def _add_draw(rank: str, count: int):
    def change(rules: RuleSet) -> RuleSet:
        if (rank, count) in rules.draw_penalties:
            return rules
        return rules.replace(draw_penalties=rules.draw_penalties + ((rank, count),), stacking=True)
    return change


def _add_draws(penalties: tuple[tuple[str, int], ...]):
    def change(rules: RuleSet) -> RuleSet:
        missing = tuple(p for p in penalties if p not in rules.draw_penalties)
        return rules.replace(draw_penalties=rules.draw_penalties + missing, stacking=True) if missing else rules
    return change


def _add_rank(field_name: str, rank: str):
    def change(rules: RuleSet) -> RuleSet:
        ranks = getattr(rules, field_name)
        return rules if rank in ranks else rules.replace(**{field_name: ranks + (rank,)})
    return change


def _queens_reverse(rules: RuleSet) -> RuleSet:
    values = list(rules.rank_values)
    if "A" in rules.reverse_ranks and values[0] == 25:
        values[0] = 15  # Switch: an ace is worth 25 only while aces reverse.
    reverse = tuple(r for r in rules.reverse_ranks if r != "A")
    return rules.replace(reverse_ranks=reverse + ("Q",) if "Q" not in reverse else reverse,
                         rank_values=tuple(values))


ALL = ("crazy_eights", "crazy_eights_hoyle", "swedish_rummy", "crazy_eights_action", "crazy_aces", "switch",
       "mau_mau")
EIGHTS = ALL[:5]

HOUSE_RULES: tuple[HouseRule, ...] = (
    # Mau-Mau's own alternatives first: New game lists a game's switches in this order.
    HouseRule("ace_again", "Ace plays again", "Whoever plays an ace plays one more card at once (or draws).",
              _add_rank("play_again_ranks", "A"), ("mau_mau",)),
    HouseRule("nine_reverse", "Nines reverse", "A nine reverses the direction of play (no effect with two players).",
              lambda r: _add_rank("reverse_ranks", "9")(r).replace(reverse_with_two="none"), ("mau_mau",)),
    HouseRule("jack_on_jack", "Jack on jack", "A jack may be played on a jack.",
              lambda r: r.replace(wild_on_wild=True), ("mau_mau",)),
    HouseRule("drawn_card_waits", "Drawn card waits",
              "A card you draw cannot be played at once: your turn passes.",
              lambda r: r.replace(draw_rule="one_then_pass"), ("mau_mau",)),
    HouseRule("jack_wild", "Jacks wild",
              "All jacks are wild and name a suit; black jacks no longer pick up seven.",
              lambda r: r.replace(wild_ranks=("J",), black_jack_draw=0, black_jack_stacking=False),
              ("switch",)),
    HouseRule("draw_four", "Fours pick up four",
              "A four makes the next player pick up four cards unless they play a four too.",
              _add_draw("4", 4), ("switch",)),
    HouseRule("king_stop", "King stop", "A king skips the next player.",
              _add_rank("skip_ranks", "K"), ("switch",)),
    HouseRule("queens_reverse", "Queens reverse",
              "Queens reverse the direction of play instead of aces (aces are then worth 15).",
              _queens_reverse, ("switch",)),
    HouseRule("jokers", "Jokers (super wild)",
              "Two jokers per deck; a joker can be played on anything and names any suit (50 points).",
              lambda r: r.replace(jokers_per_deck=2), ALL),
    HouseRule("black_jack_stacking", "Black jacks stack",
              "A black jack can be answered with the other black jack (14 to pick up) before a red jack cancels.",
              lambda r: r.replace(black_jack_stacking=True), ("switch",)),
    HouseRule("skip_stacking", "Skips stack",
              "A skipped player may pass the skip on with a skip card; each one skips one more player.",
              lambda r: r.replace(skip_stacking=True), ("switch", "crazy_eights_action")),
    HouseRule("black_jacks_50", "Black jacks count 50",
              "Black jacks left in hand count 50 points.",
              lambda r: r.replace(black_jack_value=50), ("switch",)),
    HouseRule("draw_two", "Twos pick up two",
              "A two makes the next player pick up two unless they play a two; twos stack.",
              _add_draw("2", 2), EIGHTS),
    HouseRule("jack_skip", "Jacks skip", "A jack skips the next player.",
              _add_rank("skip_ranks", "J"), ("crazy_eights", "crazy_eights_hoyle", "swedish_rummy", "crazy_aces")),
    HouseRule("queen_reverse", "Queens reverse", "A queen reverses the direction of play.",
              _add_rank("reverse_ranks", "Q"), ("crazy_eights", "crazy_eights_hoyle", "swedish_rummy", "crazy_aces")),
    HouseRule("anything_on_ace", "Anything on an ace", "Any card may be played on an ace.",
              _add_rank("anything_on_ranks", "A"), ("crazy_eights", "crazy_eights_hoyle", "swedish_rummy")),
    HouseRule("last_card", "Last card call",
              "Say \"Last card\" as you play down to one card (until the next player moves), or pick up two.",
              lambda r: r.replace(last_card_call=True), EIGHTS),
    HouseRule("stop_call", "Stop!",
              "With five points or fewer in hand you may call Stop! to end the hand; lowest hand wins it.",
              lambda r: r.replace(stop_call=True), ALL),
    HouseRule("voluntary_draw", "Draw at will", "You may draw even when you could play.",
              lambda r: r.replace(voluntary_draw=True), EIGHTS),
    HouseRule("draw_three", "Threes and fours draw three",
              "A three or a four makes the next player draw three unless they play a three or a four; they stack.",
              _add_draws((("3", 3), ("4", 3))), ("crazy_eights_action",)),

)

HOUSE_RULES_BY_ID = {rule.id: rule for rule in HOUSE_RULES}


class UnknownPreset(KeyError):
    """No preset has that id."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; choose one of: {', '.join(PRESETS)}"


def preset(preset_id: str, players: int | None = None) -> RuleSet:
    """A named preset, optionally for a given number of players."""
    try:
        rules = PRESETS[preset_id]
    except KeyError:
        raise UnknownPreset(preset_id) from None
    return rules if players is None else rules.with_players(players)


def house_rules_for(preset_id: str) -> tuple[HouseRule, ...]:
    """The switches offered over a preset."""
    return tuple(rule for rule in HOUSE_RULES if preset_id in rule.presets)


def with_house_rules(preset_id: str, players: int, switch_ids) -> RuleSet:
    """A preset for a player count with the named switches turned on."""
    rules = preset(preset_id, players)
    for switch_id in switch_ids:
        rules = HOUSE_RULES_BY_ID[switch_id].turn_on(rules)
    return rules


#: How long a match lasts: a quick match of a named game (one hand, three hands) is still that game.
MATCH_LENGTH_FIELDS = ("match_end", "target", "fixed_hands")


def preset_id_of(rules: RuleSet) -> str | None:
    """Which preset a rule set is (ignoring the player count and the match length), if any."""
    for preset_id, candidate in PRESETS.items():
        if all(getattr(candidate, name) == getattr(rules, name) for name in _GAME_FIELDS):
            return preset_id
    return None


_GAME_FIELDS = tuple(f.name for f in fields(RuleSet) if f.name not in ("players", *MATCH_LENGTH_FIELDS))


def choices_of(rules: RuleSet) -> str | None:
    """The ``CHOICES`` note of the game these rules are, with any of its house switches on (else None)."""
    for preset_id, note in CHOICES.items():
        offered = [rule.id for rule in house_rules_for(preset_id)]
        for mask in range(1 << len(offered)):
            switches = [switch for bit, switch in enumerate(offered) if mask >> bit & 1]
            try:
                candidate = with_house_rules(preset_id, rules.players, switches)
            except ValueError:
                continue
            if all(getattr(candidate, name) == getattr(rules, name) for name in _GAME_FIELDS):
                return note
    return None
