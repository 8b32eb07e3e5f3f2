"""The deck as a rule parameter (docs/RULES.md R-DECK, R-DECKS): 52 or 32 cards, checked for every player
count, taken from the rule by the deal, the views, the bots' sampling and the record."""
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.rules import (PRESETS, HandState, InvalidRuleSet, Match, RuleSet, card_to_str, determinize,
                        play_randomly, preset, view_of, with_house_rules)
from game.rules.presets import house_rules_for

DATA = Path(__file__).parent / "data"
SHORT_RANKS = {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_a_32_card_deck_is_seven_to_ace_of_each_suit_and_one_card_of_each():
    cards = PRESETS["mau_mau"].full_deck()
    assert len(cards) == 32 == len(set(cards))
    assert {card_to_str(c)[:-1] for c in cards} == SHORT_RANKS
    assert Counter(card_to_str(c)[-1] for c in cards) == {"C": 8, "D": 8, "H": 8, "S": 8}
    assert PRESETS["mau_mau"].ranks == ("A", "7", "8", "9", "10", "J", "Q", "K")


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
@pytest.mark.parametrize("players", range(2, 8))
def test_every_game_deals_from_its_own_deck_at_every_player_count(preset_id, players):
    rules = preset(preset_id, players)
    state, _ = HandState.deal(rules, random.Random(players))
    pack = Counter(rules.full_deck())
    assert sum(pack.values()) == rules.deck_size == rules.decks * rules.cards_per_deck
    assert Counter(state.stock + state.discard + [c for hand in state.hands for c in hand]) == pack
    assert [len(hand) for hand in state.hands] == [rules.hand_size] * players
    assert len(state.stock) == rules.deck_size - players * rules.hand_size - 1


def test_seven_players_of_mau_mau_take_five_each_from_two_decks():
    rules = preset("mau_mau", 7)
    assert (rules.decks, rules.deck_size, rules.hand_size) == (2, 64, 5)
    assert Counter(rules.full_deck()) == Counter({card: 2 for card in PRESETS["mau_mau"].full_deck()})


def test_a_deal_the_deck_cannot_hold_is_refused_with_its_reason():
    with pytest.raises(InvalidRuleSet) as refused:
        PRESETS["mau_mau"].replace(players=7, decks_by_players=(1, 1, 1, 1, 1, 1))
    problem, = refused.value.problems
    assert problem.code == "rules.too_many_cards"
    assert problem.params == {"players": 7, "hand_size": 5, "dealt": 35, "decks": 1, "deck_size": 32}
    assert "35 cards plus a starter, but 1 deck(s) hold only 32" in str(problem)
    # Crazy Eights' seven cards for two is fine on 32 cards; seven each for five players is not.
    PRESETS["crazy_eights"].replace(cards_per_deck=32, players=2)
    with pytest.raises(InvalidRuleSet, match="35 cards plus a starter"):
        PRESETS["crazy_eights"].replace(cards_per_deck=32, players=5, hand_size_by_players=(7,) * 6)


def test_a_power_on_a_rank_the_deck_lacks_is_refused_naming_the_ranks():
    with pytest.raises(InvalidRuleSet) as refused:
        PRESETS["switch"].replace(cards_per_deck=32)
    codes = {problem.code: problem for problem in refused.value.problems}
    assert codes["rules.rank_not_in_deck"].params == {"ranks": ("2",), "cards_per_deck": 32}
    assert "a 32-card deck has no 2" in str(refused.value)
    with pytest.raises(InvalidRuleSet, match="has no 2, 3, 4"):
        PRESETS["mau_mau"].replace(draw_penalties=(("2", 2), ("3", 3), ("4", 3)))
    # The same powers on a 52-card deck are fine, and Mau-Mau's own ranks are all in its deck.
    assert PRESETS["mau_mau"].replace(cards_per_deck=52).full_deck() == list(range(52))


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_house_switch_over_every_game_keeps_the_deal_possible(preset_id):
    switches = [rule.id for rule in house_rules_for(preset_id)]
    for players in range(2, 8):
        for switch in switches:
            rules = with_house_rules(preset_id, players, [switch])
            assert players * rules.hand_size + 1 <= rules.deck_size


def test_the_bots_sample_hidden_cards_from_the_32_card_deck_only():
    rules = preset("mau_mau", 4)
    state, _ = HandState.deal(rules, random.Random(11))
    view = view_of(state, 0)
    unseen = view.unseen_cards()
    assert len(unseen) == 32 - 5 - 1
    assert {card_to_str(c)[:-1] for c in unseen} <= SHORT_RANKS
    for seed in range(20):
        world = determinize(view, random.Random(seed))
        assert Counter(world.stock + world.discard + [c for h in world.hands for c in h]) == Counter(rules.full_deck())


def test_a_mau_mau_match_is_recorded_with_its_deck_and_replays():
    match = play_randomly(Match(preset("mau_mau", 3).replace(match_end="fixed_hands", fixed_hands=2), 9),
                          random.Random(9))
    record = json.loads(match.to_json())
    assert record["rules"]["cards_per_deck"] == 32
    again = Match.from_json(json.dumps(record))
    assert again.totals == match.totals and again.rules == match.rules
    for hand in again.results:
        for cards in hand.hands.values():
            assert all(card_to_str(card)[:-1] in SHORT_RANKS for card in cards)


def test_records_made_before_the_deck_was_a_rule_still_load_and_replay():
    # Made by the game as it was before this change (main at b9d47c9): version 1, no cards_per_deck.
    saved = json.loads((DATA / "records_before_the_deck.json").read_text(encoding="utf-8"))
    for preset_id, entry in saved.items():
        record = entry["record"]
        assert record["version"] == 1 and "cards_per_deck" not in record["rules"]
        match = Match.from_record(record)
        assert match.rules.cards_per_deck == 52 and match.rules.wild_on_wild
        assert match.rules.draw_rule == PRESETS[preset_id].draw_rule
        assert list(match.totals) == entry["totals"]
        assert sum(len(hand) for hand in match.moves) == entry["moves"]


def test_a_rule_set_without_the_new_parameters_means_what_it_meant():
    old = {key: value for key, value in PRESETS["switch"].to_dict().items()
           if key not in ("cards_per_deck", "wild_on_wild", "play_again_ranks", "last_card_word")}
    assert RuleSet.from_dict(old) == PRESETS["switch"]


def test_a_mau_mau_match_runs_to_100_penalty_points_and_the_lowest_total_wins():
    # docs/RULES.md R-PRESET-MAU-MAU: penalty points to 100, lowest total wins (a tie plays one more hand).
    match = play_randomly(Match(preset("mau_mau", 3), 21), random.Random(21))
    assert max(match.totals) >= 100
    assert all(match.totals[winner] == min(match.totals) for winner in match.winners)
    for result in match.results:
        for seat, cards in result.hands.items():
            if result.reason == "out" and seat != result.winner:
                assert result.scores[seat] == sum(PRESETS["mau_mau"].card_value(card) for card in cards)


def test_the_choices_note_belongs_to_mau_mau_with_or_without_its_switches():
    from game.rules import CHOICES, choices_of

    assert choices_of(preset("mau_mau", 6)) == CHOICES["mau_mau"]
    assert choices_of(with_house_rules("mau_mau", 3, ["ace_again", "nine_reverse", "jokers"])) == CHOICES["mau_mau"]
    assert choices_of(preset("mau_mau", 4).replace(match_end="single_hand")) == CHOICES["mau_mau"]
    assert choices_of(preset("crazy_eights", 4)) is None
    assert choices_of(preset("mau_mau", 4).replace(cards_per_deck=52)) is None    # no longer Mau-Mau
