"""The rule-set record: validation (docs/RULES.md R-LIMITS, R-REFUSALS), presets, house-rule switches, deal tables."""
import random

import pytest

from game.rules import (HOUSE_RULES, PRESETS, SUITS, CardNotationError, HandState, InvalidRuleSet, Move, RuleSet,
                        build_deck, card_from_str, card_to_str, cards_from_str, determinize, house_rules_for,
                        preset, preset_id_of, view_of, with_house_rules)


@pytest.mark.parametrize("text", ["8S", "10H", "QD", "AC", "X1", "X4"])
def test_card_notation_round_trips(text):
    assert card_to_str(card_from_str(text)) == text


@pytest.mark.parametrize("text", ["1S", "8X", "", "X0", "X9", "10", "KK"])
def test_bad_card_notation_is_refused(text):
    with pytest.raises(CardNotationError):
        card_from_str(text)


@pytest.mark.parametrize("players", [1, 8, 0])
def test_player_count_outside_two_to_seven_is_refused(players):
    with pytest.raises(InvalidRuleSet, match="players must be between 2 and 7"):
        RuleSet(players=players)


def test_dealing_more_cards_than_the_decks_hold_is_refused():
    with pytest.raises(InvalidRuleSet, match="7 players x 8 cards = 56 cards plus a starter, but 1 deck"):
        RuleSet(players=7, decks_by_players=(1,) * 6, hand_size_by_players=(8,) * 6)


@pytest.mark.parametrize("changes, message", [
    ({"wild_ranks": ("8",), "skip_ranks": ("8",)}, "rank 8 cannot be both wild and skip"),
    ({"skip_ranks": ("Q",), "reverse_ranks": ("Q",)}, "rank Q cannot be both skip and reverse"),
    ({"wild_ranks": ("A",), "anything_on_ranks": ("A",)}, "rank A cannot be both wild"),
    ({"wild_ranks": ("J",), "black_jack_draw": 7}, "rank J cannot be both wild and black-jack draw-7"),
    ({"draw_penalties": (("2", 2), ("2", 4))}, "rank 2 cannot be both draw-2 and draw-4"),
])
def test_contradicting_powers_on_one_rank_are_refused(changes, message):
    with pytest.raises(InvalidRuleSet, match=message):
        RuleSet(**changes)


@pytest.mark.parametrize("changes, message", [
    ({"draw_rule": "sometimes"}, "draw_rule must be one of"),
    ({"stock_exhausted": "cry"}, "stock_exhausted must be one of"),
    ({"match_end": "target_wins"}, "needs winner-collects scoring"),
    ({"scoring": "winner_collects", "match_end": "elimination"}, "needs penalty scoring"),
    ({"wild_ranks": ("11",)}, "is not a rank"),
    ({"jokers_per_deck": 3}, "jokers_per_deck must be between 0 and 2"),
    ({"black_jack_stacking": True}, "needs the black-jack draw effect"),
])
def test_impossible_settings_are_refused_with_a_reason(changes, message):
    with pytest.raises(InvalidRuleSet, match=message):
        RuleSet(**changes)


def test_a_custom_rule_set_round_trips_through_json_form():
    rules = with_house_rules("switch", 5, ["jokers", "draw_four", "king_stop"])
    assert RuleSet.from_dict(rules.to_dict()) == rules


def test_unknown_parameters_in_json_form_are_refused():
    data = PRESETS["crazy_eights"].to_dict() | {"bonus": 3}
    with pytest.raises(InvalidRuleSet, match="unknown rule parameter"):
        RuleSet.from_dict(data)


# The games of docs/RULES.md, row by row (R-PRESET-CRAZY-EIGHTS to R-PRESET-SWITCH).
def test_preset_crazy_eights():
    rules = PRESETS["crazy_eights"]
    assert rules.wild_ranks == ("8",) and rules.draw_rule == "until_playable"
    assert rules.stock_exhausted == "reshuffle" and rules.scoring == "penalty"
    assert (rules.match_end, rules.target, rules.sudden_death) == ("target_loses", 100, True)


def test_preset_crazy_eights_hoyle():
    rules = PRESETS["crazy_eights_hoyle"]
    assert set(rules.hand_size_by_players) == {5}
    assert (rules.draw_rule, rules.draw_limit, rules.stock_exhausted) == ("up_to_n", 3, "end_hand")
    # Ruling (001): scored as penalty over five fixed hands.
    assert (rules.scoring, rules.match_end, rules.fixed_hands) == ("penalty", "fixed_hands", 5)


def test_preset_swedish_rummy():
    rules = PRESETS["swedish_rummy"]
    assert rules.voluntary_draw and rules.stock_exhausted == "pass"
    assert (rules.scoring, rules.match_end, rules.target) == ("winner_collects", "target_wins", 100)


def test_preset_action_cards():
    rules = PRESETS["crazy_eights_action"]
    assert rules.draw_penalties == (("2", 2),) and rules.stacking
    assert rules.skip_ranks == ("J",) and rules.reverse_ranks == ("Q",) and rules.anything_on_ranks == ("A",)


def test_preset_crazy_aces():
    assert PRESETS["crazy_aces"].wild_ranks == ("A",)
    assert PRESETS["crazy_aces"].card_value(card_from_str("AS")) == 1


def test_preset_switch():
    rules = PRESETS["switch"]
    assert rules.wild_ranks == () and rules.skip_ranks == ("8",) and rules.reverse_ranks == ("A",)
    assert rules.black_jack_draw == 7 and rules.draw_rule == "one_then_may_play" and rules.last_card_call
    assert rules.voluntary_draw     # "if you cannot (or will not) play, draw a card"
    assert rules.reverse_with_two == "skip"
    assert (rules.match_end, rules.target) == ("elimination", 100)
    assert rules.card_value(card_from_str("AH")) == 25 and rules.card_value(card_from_str("JD")) == 20


@pytest.mark.parametrize("preset_id, sizes", [
    ("crazy_eights", {2: 7, 3: 5, 5: 5, 7: 5}),
    ("crazy_eights_hoyle", {2: 5, 7: 5}),
    ("switch", {2: 7, 4: 7, 5: 5, 6: 5, 7: 4}),
])
def test_hand_size_table_by_player_count(preset_id, sizes):
    for players, size in sizes.items():
        state, _ = HandState.deal(preset(preset_id, players), random.Random(players))
        assert [len(h) for h in state.hands] == [size] * players


@pytest.mark.parametrize("preset_id, two_decks_from", [("crazy_eights", 6), ("switch", 7)])
def test_decks_by_player_count(preset_id, two_decks_from):
    for players in range(2, 8):
        rules = preset(preset_id, players)
        assert rules.decks == (2 if players >= two_decks_from else 1)
        state, _ = HandState.deal(rules, random.Random(1))
        assert state.card_total() == 52 * rules.decks


def test_jokers_are_added_per_deck():
    rules = preset("crazy_eights", 7).replace(jokers_per_deck=2)
    assert sorted(build_deck(rules.decks, rules.jokers_per_deck))[-4:] == [52, 53, 54, 55]
    assert rules.deck_size == 108


def test_play_starts_left_of_the_dealer():
    for dealer in range(4):
        state, _ = HandState.deal(preset("crazy_eights", 4), random.Random(dealer), dealer)
        assert state.current == (dealer + 1) % 4


def test_a_wild_starter_is_buried_and_another_turned():
    rules = preset("crazy_eights", 4)
    seen_buried = 0
    for seed in range(400):
        state, events = HandState.deal(rules, random.Random(seed))
        assert card_to_str(state.top)[0] != "8"
        seen_buried += events[-1].count
        assert state.card_total() == 52
    assert seen_buried > 0


def test_a_power_starter_has_no_effect():
    rules = preset("switch", 3)
    for seed in range(300):
        state, _ = HandState.deal(rules, random.Random(seed))
        assert state.pending == 0 and state.direction == 1 and state.current == 1


def test_every_house_rule_turns_on_over_its_presets_and_is_detected():
    for rule in HOUSE_RULES:
        for preset_id in rule.presets:
            rules = rule.turn_on(preset(preset_id, 4))
            assert rule.is_on(rules)
            assert rules != preset(preset_id, 4) or rule.is_on(preset(preset_id, 4))


def test_switch_house_variants():
    assert with_house_rules("switch", 4, ["jack_wild"]).wild_ranks == ("J",)
    assert with_house_rules("switch", 4, ["jack_wild"]).black_jack_draw == 0
    queens = with_house_rules("switch", 4, ["queens_reverse"])
    assert queens.reverse_ranks == ("Q",) and queens.rank_values[0] == 15


def test_a_reverse_with_two_players_is_a_skip_in_switch_and_nothing_with_action_queens():
    assert PRESETS["switch"].reverse_with_two == "skip"
    assert PRESETS["crazy_eights_action"].reverse_with_two == "none"


def test_house_rules_are_offered_per_preset():
    assert {r.id for r in house_rules_for("switch")} >= {
        "jack_wild", "draw_four", "king_stop", "queens_reverse", "jokers", "black_jack_stacking", "skip_stacking"}


def test_preset_id_is_recovered_from_a_rule_set():
    assert preset_id_of(preset("switch", 5)) == "switch"
    assert preset_id_of(with_house_rules("switch", 5, ["jokers"])) is None


def test_ruling_a_hand_that_runs_long_ends_as_blocked_at_the_turn_cap():
    rules = preset("crazy_eights", 7).replace(turn_cap=10)
    for seed in range(20):
        state, _ = HandState.deal(rules, random.Random(seed))
        rng = random.Random(seed)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.end_reason == "turn_cap" and state.turns == 10
        assert state.winner == state._lowest_hand()
        assert state.scores() == state.hand_values()


def test_a_wild_card_played_is_recorded_publicly_with_what_it_was_played_on():
    rules = preset("crazy_eights", 2)
    state = HandState.from_position(rules, hands=[cards_from_str("8S 2D 3C"), cards_from_str("9H 4D")],
                                    stock=cards_from_str("9C 9D"), discard=cards_from_str("5H"), current=1)
    state.apply(Move.play(card_from_str("9H")))
    assert state.wild_plays == ()                     # a plain card adds nothing
    before = state.copy()
    state.apply(Move.play(card_from_str("8S"), SUITS.index("C")))
    assert before.wild_plays == ()                    # a copy does not see later plays
    (play,) = state.wild_plays
    assert (play.player, play.suit_before, play.top_before, play.drew_first, play.drawn_total,
            play.fewest_others) == (0, SUITS.index("H"), card_from_str("9H"), False, 0, 1)
    view = view_of(state, 1)
    assert view.wild_plays == state.wild_plays and view.drawn_totals == (0, 0)
    assert determinize(view, random.Random(1)).wild_plays == state.wild_plays


def test_a_quick_match_of_a_named_game_is_still_that_game():
    # Statistics filed a one-hand match of plain Crazy Eights under "House rules" (issue 19).
    for preset_id in PRESETS:
        rules = preset(preset_id, 3)
        assert preset_id_of(rules.replace(match_end="single_hand")) == preset_id
        assert preset_id_of(rules.replace(match_end="fixed_hands", fixed_hands=3)) == preset_id
    assert preset_id_of(preset("crazy_eights", 4).replace(target=200)) == "crazy_eights"
    assert preset_id_of(with_house_rules("crazy_eights", 4, ["jack_skip"]).replace(match_end="single_hand")) is None
