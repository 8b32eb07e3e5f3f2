"""Rule-record validation: every hostile value is refused on build, by name, and never crashes later."""
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import PRESETS, InvalidRuleSet, Match, RecordError, RuleSet

SWITCH = PRESETS["switch"].to_dict()

# (parameter, hostile value, what the refusal says)
HOSTILE = [
    ("jokers_per_deck", 1.5, "jokers_per_deck must be a whole number"),
    ("jokers_per_deck", True, "jokers_per_deck must be a whole number"),
    ("jokers_per_deck", 1e400, "jokers_per_deck must be a whole number"),
    ("last_card_penalty", 2.5, "last_card_penalty must be a whole number"),
    ("last_card_penalty", 10**12, "last_card_penalty must be between"),
    ("black_jack_value", "x", "black_jack_value must be a whole number"),
    ("black_jack_value", 50.0, "black_jack_value must be a whole number"),
    ("turn_cap", math.inf, "turn_cap must be a whole number"),
    ("turn_cap", 1e400, "turn_cap must be a whole number"),
    ("turn_cap", 10**7, "turn_cap must be between"),
    ("target", math.inf, "target must be a whole number"),
    ("target", -math.inf, "target must be a whole number"),
    ("target", math.nan, "target must be a whole number"),
    ("target", 10**400, "target must be between"),
    ("target", False, "target must be a whole number"),
    ("fixed_hands", 10**9, "fixed_hands must be between"),
    ("stop_threshold", 10**9, "stop_threshold must be between"),
    ("draw_limit", "3", "draw_limit must be a whole number"),
    ("players", 4.0, "players must be a whole number"),
    ("players", True, "players must be a whole number"),
    ("joker_value", -1, "joker_value must be between"),
    ("name", ["Switch"], "name must be text"),
    ("name", 7, "name must be text"),
    ("name", "Sw\x00itch", "name must hold printable characters"),
    ("name", "x" * 41, "name must be at most 40 characters"),
    ("name", "x" * 10_000, "name must be at most 40 characters"),
    ("stacking", 1, "stacking must be true or false"),
    ("sudden_death", "yes", "sudden_death must be true or false"),
    ("draw_rule", ["until_playable"], "draw_rule must be one of"),
    ("reverse_with_two", "twice", "reverse_with_two must be one of"),
    ("decks_by_players", [1, 1, 1, 1, 1.5, 2], "every value of decks_by_players must be a whole number"),
    ("decks_by_players", "111112", "decks_by_players must be a list"),
    ("hand_size_by_players", [7, 7, 7, 5, 5, True], "every value of hand_size_by_players must be a whole"),
    ("rank_values", [25] * 12 + [1e400], "every value of rank_values must be a whole number"),
    ("rank_values", [25] * 12, "rank_values must be a list of 13"),
    ("skip_ranks", "8", "skip_ranks must be a list of ranks"),
    ("skip_ranks", [8], "skip_ranks must be a list of ranks"),
    ("draw_penalties", [["2", 2.5]], "draw_penalties must be a list of [rank, cards] pairs"),
    ("draw_penalties", [["2"]], "draw_penalties must be a list of [rank, cards] pairs"),
    ("draw_penalties", "2", "draw_penalties must be a list of [rank, cards] pairs"),
    ("cards_per_deck", 36, "cards_per_deck must be one of 52, 32"),
    ("cards_per_deck", 32.0, "cards_per_deck must be one of 52, 32"),
    ("cards_per_deck", True, "cards_per_deck must be one of 52, 32"),
    ("cards_per_deck", "32", "cards_per_deck must be one of 52, 32"),
    ("wild_on_wild", 0, "wild_on_wild must be true or false"),
    ("play_again_ranks", "A", "play_again_ranks must be a list of ranks"),
    ("last_card_word", "MAU", "last_card_word must be one of last_card, mau"),
    ("draw_rule", "one_then_wait", "draw_rule must be one of"),
]


def _record(rules: dict) -> dict:
    good = Match(PRESETS["switch"], 5).to_record()
    return good | {"rules": rules}


@pytest.mark.parametrize("field, value, message", HOSTILE)
def test_a_hostile_rule_value_is_refused_by_name(field, value, message):
    with pytest.raises(InvalidRuleSet) as refused:
        RuleSet.from_dict(SWITCH | {field: value})
    assert message in str(refused.value)
    assert len(str(refused.value)) < 400     # the refusal quotes a short form of the value


@pytest.mark.parametrize("field, value, message", HOSTILE)
def test_a_record_with_a_hostile_rule_value_is_refused(field, value, message):
    with pytest.raises(RecordError, match="rules are invalid"):
        Match.from_record(_record(SWITCH | {field: value}))


def test_json_infinity_in_a_record_is_refused():
    text = Match(PRESETS["switch"], 5).to_json().replace('"turn_cap":1000', '"turn_cap":Infinity')
    with pytest.raises(RecordError, match="turn_cap must be a whole number"):
        Match.from_json(text)


def test_a_valid_name_up_to_forty_printable_characters_is_kept():
    rules = RuleSet.from_dict(SWITCH | {"name": "Ä" * 40})
    assert rules.name == "Ä" * 40


hostile_values = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=50), st.lists(st.integers(-3, 60), max_size=14), st.just(10**400),
    st.lists(st.tuples(st.sampled_from(["2", "4", "X"]), st.integers(-2, 20)), max_size=3))


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(sorted(SWITCH)), value=hostile_values, seed=st.integers(0, 2**16))
def test_any_value_is_refused_or_plays_and_saves(field, value, seed):
    try:
        rules = RuleSet.from_dict(SWITCH | {field: value})
    except InvalidRuleSet:
        with pytest.raises(RecordError):
            Match.from_record(_record(SWITCH | {field: value}))
        return
    # Accepted: the match plays, scores and saves as any other.
    match = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(60):
        if match.over:
            break
        if match.hand.over:
            match.start_next_hand()
            continue
        match.apply(rng.choice(match.legal_moves()))
    text = json.dumps(match.to_record(), allow_nan=False)
    assert Match.from_json(text).to_record() == match.to_record()


def test_a_number_too_long_to_print_is_refused_by_name():
    with pytest.raises(InvalidRuleSet, match="target must be between 1 and 1000000, not a number of more"):
        RuleSet.from_dict(SWITCH | {"target": 10**5000})


def test_a_turn_cap_past_the_sane_maximum_is_refused_with_its_own_reason():
    from game.rules.ruleset import MAX_TURN_CAP

    with pytest.raises(InvalidRuleSet) as refused:
        PRESETS["crazy_eights"].replace(players=7, voluntary_draw=True, turn_cap=10**6)
    assert [(p.code, dict(p.params)) for p in refused.value.problems] == [
        ("rules.turn_cap_too_high", {"cap": 10**6, "most": MAX_TURN_CAP})]
    assert PRESETS["crazy_eights"].replace(turn_cap=MAX_TURN_CAP).turn_cap == MAX_TURN_CAP


def test_a_record_with_a_turn_cap_past_the_maximum_is_refused_and_one_at_the_preset_cap_still_loads():
    rules = PRESETS["crazy_eights"].to_dict()
    record = Match(PRESETS["crazy_eights"], 9).to_record()
    assert Match.from_record(record).rules.turn_cap == 1000
    with pytest.raises(RecordError) as refused:
        Match.from_record({**record, "rules": {**rules, "turn_cap": 10**6}})
    assert refused.value.code == "record.invalid_rules"
    assert [p.code for p in refused.value.params["problems"]] == ["rules.turn_cap_too_high"]
