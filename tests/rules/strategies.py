"""Hypothesis strategies: presets at any player count and random valid custom rule sets."""
from hypothesis import assume
from hypothesis import strategies as st

from game.rules import PRESETS, RANKS, InvalidRuleSet, RuleSet, preset

ranks = st.sampled_from(RANKS)


@st.composite
def custom_rule_sets(draw) -> RuleSet:
    """A random rule set built from every parameter; impossible combinations are rejected."""
    players = draw(st.integers(2, 7))
    fields = dict(
        players=players,
        decks_by_players=tuple(draw(st.lists(st.sampled_from([1, 2]), min_size=6, max_size=6))),
        hand_size_by_players=tuple(draw(st.lists(st.integers(1, 8), min_size=6, max_size=6))),
        jokers_per_deck=draw(st.integers(0, 2)),
        wild_ranks=tuple(draw(st.lists(ranks, max_size=2, unique=True))),
        bury_wild_starter=draw(st.booleans()),
        draw_rule=draw(st.sampled_from(["until_playable", "up_to_n", "one_then_may_play"])),
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
        last_card_call=draw(st.booleans()),
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
any_rule_set = st.one_of(preset_rule_sets, custom_rule_sets())
