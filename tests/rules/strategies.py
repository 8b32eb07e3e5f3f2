"""Hypothesis strategies: presets at any player count and random valid custom rule sets."""
from hypothesis import assume
from hypothesis import strategies as st

from game.rules import PRESETS, InvalidRuleSet, RuleSet, deck_ranks, house_rules_for, preset, with_house_rules


@st.composite
def custom_rule_sets(draw) -> RuleSet:
    """A random rule set built from every parameter; impossible combinations are rejected."""
    players = draw(st.integers(2, 7))
    cards_per_deck = draw(st.sampled_from([52, 32]))
    # Powers only on ranks the deck holds (a two in a 32-card deck is refused, see test_rule_validation).
    ranks = st.sampled_from(deck_ranks(cards_per_deck))
    fields = dict(
        players=players,
        cards_per_deck=cards_per_deck,
        decks_by_players=tuple(draw(st.lists(st.sampled_from([1, 2]), min_size=6, max_size=6))),
        hand_size_by_players=tuple(draw(st.lists(st.integers(1, 8), min_size=6, max_size=6))),
        jokers_per_deck=draw(st.integers(0, 2)),
        wild_ranks=tuple(draw(st.lists(ranks, max_size=2, unique=True))),
        wild_on_wild=draw(st.booleans()),
        bury_wild_starter=draw(st.booleans()),
        draw_rule=draw(st.sampled_from(["until_playable", "up_to_n", "one_then_may_play", "one_then_pass"])),
        draw_limit=draw(st.integers(1, 4)),
        voluntary_draw=draw(st.booleans()),
        stock_exhausted=draw(st.sampled_from(["reshuffle", "pass", "end_hand"])),
        draw_penalties=tuple(draw(st.lists(st.tuples(ranks, st.integers(1, 5)), max_size=2,
                                           unique_by=lambda p: p[0]))),
        stacking=draw(st.booleans()),
        black_jack_draw=draw(st.sampled_from([0, 7])),
        skip_ranks=tuple(draw(st.lists(ranks, max_size=2, unique=True))),
        reverse_ranks=tuple(draw(st.lists(ranks, max_size=1, unique=True))),
        anything_on_ranks=tuple(draw(st.lists(ranks, max_size=1, unique=True))),
        play_again_ranks=tuple(draw(st.lists(ranks, max_size=1, unique=True))),
        last_card_call=draw(st.booleans()),
        last_card_word=draw(st.sampled_from(["last_card", "mau"])),
        stop_call=draw(st.booleans()),
        turn_cap=draw(st.sampled_from([50, 300, 1000])),
    )
    if fields["black_jack_draw"]:
        fields["black_jack_stacking"] = draw(st.booleans())
    if fields["skip_ranks"]:
        fields["skip_stacking"] = draw(st.booleans())
    scoring = draw(st.sampled_from(["penalty", "winner_collects"]))
    fields["scoring"] = scoring
    fields["match_end"] = draw(st.sampled_from(
        ["target_loses", "fixed_hands", "elimination", "single_hand"] if scoring == "penalty"
        else ["target_wins", "fixed_hands", "single_hand"]))
    try:
        return RuleSet(**fields)
    except InvalidRuleSet:
        assume(False)


preset_rule_sets = st.builds(preset, st.sampled_from(sorted(PRESETS)), st.integers(2, 7))


@st.composite
def presets_with_house_rules(draw) -> RuleSet:
    """A preset at any player count with any of the house switches offered over it turned on."""
    preset_id = draw(st.sampled_from(sorted(PRESETS)))
    offered = [rule.id for rule in house_rules_for(preset_id)]
    switches = draw(st.lists(st.sampled_from(offered), unique=True)) if offered else []
    try:
        return with_house_rules(preset_id, draw(st.integers(2, 7)), switches)
    except InvalidRuleSet:
        assume(False)


any_rule_set = st.one_of(preset_rule_sets, presets_with_house_rules(), custom_rule_sets())
