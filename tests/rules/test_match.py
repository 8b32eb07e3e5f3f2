"""The match (docs/RULES.md R-SCORING to R-SUDDEN-DEATH): scoring over hands, every match end, sudden death, dealer rotation, the record."""
import json
import random

import pytest

from game.rules import HandState, Match, Move, RecordError, cards_from_str, preset


def finish_hand(match: Match, winner_seat: int, others: dict[int, str]) -> None:
    """Replace the current hand by one where ``winner_seat`` goes out at once, the others holding ``others``."""
    seats = match.seats
    hands = [cards_from_str("5H") if seat == winner_seat else cards_from_str(others.get(seat, "2C"))
             for seat in seats]
    match.hand = HandState.from_position(match.hand.rules, hands, stock=cards_from_str("KD QD"),
                                         discard=cards_from_str("9H"), current=seats.index(winner_seat))
    match.apply(Move.parse("5H"))


def test_target_loses_lowest_total_wins_when_someone_passes_the_target():
    match = Match(preset("crazy_eights", 3), seed=1)
    match.totals = [90, 40, 20]
    finish_hand(match, 2, {0: "8S", 1: "3C"})
    assert match.over and match.winners == [2]
    assert match.totals == [140, 43, 20]
    assert [s.seat for s in match.standings()] == [2, 1, 0]


def test_target_loses_continues_below_the_target():
    match = Match(preset("crazy_eights", 3), seed=1)
    finish_hand(match, 0, {1: "8S", 2: "3C"})
    assert not match.over
    assert match.results[-1].scores == {0: 0, 1: 50, 2: 3}


def test_target_loses_tie_for_lowest_goes_to_sudden_death_among_the_tied():
    match = Match(preset("crazy_eights", 3), seed=2)
    match.totals = [95, 50, 47]
    finish_hand(match, 1, {0: "8S", 2: "3C"})
    assert not match.over and match.sudden_death_seats == (1, 2)
    match.start_next_hand()
    assert match.seats == (1, 2) and match.hand.n == 2
    finish_hand(match, 2, {1: "KS"})
    assert match.over and match.winners == [2]
    assert match.results[-1].sudden_death


def test_target_wins_first_to_reach_the_target_wins():
    match = Match(preset("swedish_rummy", 3), seed=3)
    match.totals = [90, 0, 0]
    finish_hand(match, 0, {1: "KS", 2: "2C"})
    assert match.totals[0] == 102 and match.over and match.winners == [0]


def test_fixed_hands_lowest_total_after_n_hands_wins():
    match = Match(preset("crazy_eights_hoyle", 2), seed=4)
    for number in range(5):
        assert not match.over
        if number:
            match.start_next_hand()
        finish_hand(match, number % 2, {0: "KS", 1: "2C"})
    assert match.over and match.hand_number == 5
    assert match.totals == [20, 6] and match.winners == [1]


def test_elimination_over_the_cap_is_out_and_the_last_one_under_it_wins():
    match = Match(preset("switch", 3), seed=5)
    match.totals = [95, 10, 20]
    finish_hand(match, 1, {0: "10S", 2: "2C"})
    assert match.eliminated == [True, False, False] and not match.over
    match.start_next_hand()
    assert match.seats == (1, 2)
    assert len(match.hand.hands[0]) == 7  # two players: the Switch table deals seven
    finish_hand(match, 1, {2: "KS QS JS JC AS 10S 10C"})
    assert match.over and match.winners == [1]


def test_single_hand_whoever_goes_out_wins():
    match = Match(preset("switch", 4).replace(match_end="single_hand"), seed=6)
    finish_hand(match, 3, {})
    assert match.over and match.winners == [3]


def test_the_deal_rotates_clockwise_each_hand():
    match = Match(preset("crazy_eights", 4), seed=7)
    dealers = [match.dealer]
    for _ in range(4):
        finish_hand(match, match.current_seat, {})
        match.start_next_hand()
        dealers.append(match.dealer)
        assert match.current_seat == (match.dealer + 1) % 4
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:]))


def play_random_match(rules, seed: int, move_seed: int, max_hands: int = 50) -> Match:
    match = Match(rules, seed)
    rng = random.Random(move_seed)
    while not match.over and match.hand_number <= max_hands:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    return match


def test_a_record_replays_the_match_exactly():
    match = play_random_match(preset("crazy_eights_action", 4), seed=11, move_seed=12)
    record = json.loads(json.dumps(match.to_record()))
    replayed = Match.from_record(record)
    assert replayed.totals == match.totals and replayed.winners == match.winners
    assert replayed.hand.hands == match.hand.hands and replayed.hand.stock == match.hand.stock
    assert replayed.to_record() == record


def test_a_record_of_an_unfinished_hand_resumes_at_the_same_position():
    match = Match(preset("switch", 4), seed=13)
    rng = random.Random(1)
    for _ in range(17):
        match.apply(rng.choice(match.legal_moves()))
    resumed = Match.from_record(match.to_record())
    assert resumed.hand.hands == match.hand.hands and resumed.current_seat == match.current_seat
    assert resumed.hand.legal_actions() == match.hand.legal_actions()


def good_record():
    match = Match(preset("crazy_eights", 3), seed=21)
    rng = random.Random(2)
    for _ in range(10):
        match.apply(rng.choice(match.legal_moves()))
    return match.to_record()


@pytest.mark.parametrize("tamper, message", [
    (lambda r: [], "not a JSON object"),
    (lambda r: r | {"format": "chess"}, "not a Crazy Eights game record"),
    (lambda r: r | {"version": 99}, "newer version of the game"),
    (lambda r: r | {"version": "1"}, "no valid version"),
    (lambda r: r | {"seed": "x"}, "no valid seed"),
    (lambda r: r | {"rules": {"players": 9}}, "rules are invalid: players must be between 2 and 7"),
    (lambda r: r | {"hands": "8S"}, "list of hands"),
    (lambda r: r | {"hands": [r["hands"][0][:-1] + ["QQ"]]}, "move 10 of hand 1"),
    (lambda r: r | {"hands": [["8S>H"] * 3]}, "cannot be replayed"),
    (lambda r: r | {"hands": r["hands"] + [["draw"]]}, "never reached"),
    (lambda r: {k: v for k, v in r.items() if k != "seed"}, "no valid seed"),
])
def test_a_bad_record_is_refused_with_a_clear_error(tamper, message):
    record = good_record()
    before = json.dumps(record)
    with pytest.raises(RecordError, match=message):
        Match.from_record(tamper(json.loads(before)))
    assert json.dumps(record) == before


def test_a_move_that_is_not_text_is_refused_in_the_hand_that_holds_it():
    """The moves are checked a hand at a time as the replay reaches them: a damaged later hand still refuses
    the record (with the same code), after the slices before it were replayed."""
    from game.rules.match import finish

    match = Match(preset("crazy_eights", 2).replace(target=10**6), seed=3)
    rng = random.Random(4)
    while match.hand_number < 3:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    record = match.to_record()
    record["hands"][1][1] = 8
    steps = Match.replaying(record, slice_moves=1)
    assert next(steps) == (1, sum(len(hand) for hand in record["hands"]))   # hand 1 replays
    with pytest.raises(RecordError, match="moves of hand 2") as refused:
        finish(steps)
    assert refused.value.code == "record.bad_moves" and refused.value.params["hand"] == 2


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],
    lambda text: text[:-1],
    lambda text: "\x00\xff" + text,
    lambda text: "[" * 100_000,
])
def test_a_truncated_or_garbled_record_is_refused_with_a_clear_error(damage):
    text = json.dumps(good_record())
    with pytest.raises(RecordError, match="not valid JSON"):
        Match.from_json(damage(text))


def test_a_record_survives_its_json_text():
    match = Match.from_record(good_record())
    assert Match.from_json(match.to_json()).to_record() == match.to_record()


def _switch_match_with_late_calls(seed: int):
    """A Switch match played at random, nobody calling before the play and some calling just after it."""
    from game.rules import LAST_CARD

    match = Match(preset("switch", 3), seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if match.over:
            break
        if match.hand.over:
            match.start_next_hand()
            continue
        late = [s for s in match.seats if s != match.current_seat and match.can_call_last_card(s)]
        if late and rng.random() < 0.5:
            match.apply(Move("last_card"), seat=late[0])
            continue
        actions = [a for a in match.hand.legal_actions() if a != LAST_CARD]
        match.apply(rng.choice(actions))
    return match


def test_a_record_with_an_out_of_turn_last_card_call_replays_exactly():
    match = _switch_match_with_late_calls(11)
    record = match.to_record()
    late_calls = [m for hand in record["hands"] for m in hand if "@" in m]
    assert late_calls and all(m.startswith("last@") for m in late_calls)
    replayed = Match.from_record(json.loads(json.dumps(record)))
    assert replayed.to_record() == record
    assert replayed.totals == match.totals and replayed.hand.hands == match.hand.hands


@pytest.mark.parametrize("text", ["last@9", "last@", "draw@1", "last@x", "last@00"])
def test_a_malformed_or_impossible_out_of_turn_move_is_refused(text):
    record = Match(preset("switch", 3), 2).to_record()
    record["hands"] = [[text]]
    with pytest.raises(RecordError, match="cannot be replayed"):
        Match.from_record(record)


def test_play_randomly_ends_the_match_and_replays_from_its_record():
    import random

    from game.rules import play_randomly

    match = play_randomly(Match(preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2), 5),
                          random.Random(5))
    assert match.over and match.hand_number == 2
    assert Match.from_record(match.to_record()).to_record() == match.to_record()


def test_the_hands_as_json_are_what_the_record_encodes_after_every_move_and_after_a_replay():
    # The autosave writes Match.hands_json after every move: each finished hand encoded once, so it must be
    # the record's own encoding at every point: in a hand, across deals and after a replay.
    rules = preset("switch", 3).replace(match_end="fixed_hands", fixed_hands=4)
    match, rng = Match(rules, 11), random.Random(11)

    def encoded(m):
        return json.dumps(m.to_record()["hands"], separators=(",", ":"))

    assert match.hands_json() == encoded(match) == "[[]]"
    hands_seen = set()
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
        assert match.hands_json() == encoded(match)
        hands_seen.add(match.hand_number)
    assert hands_seen == {1, 2, 3, 4}
    again = Match.from_record(json.loads(match.to_json()))
    assert again.hands_json() == encoded(match)
    assert match.to_record() == {**match.record_head(), "hands": json.loads(match.hands_json())}


def _position(match: Match) -> tuple:
    hand = match.hand
    return (match.to_record(), match.hands_json(), match.move_count, list(match.totals), match.dealer, match.seats,
            [list(cards) for cards in hand.hands], list(hand.stock), list(hand.discard), hand.current,
            hand.direction, hand.suit, hand.pending, hand.phase, hand.over, [r.totals for r in match.results])


def test_playing_the_current_hand_again_is_the_record_replayed_to_that_point():
    # An undo deals the hand again from its seed and plays its kept moves again, sharing what came before:
    # it must be the very match a full replay of the record up to there gives, events included.
    rules = preset("switch", 3).replace(match_end="fixed_hands", fixed_hands=5)
    match, rng, checked = Match(rules, 21), random.Random(21), 0
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
            continue
        match.apply(rng.choice(match.legal_moves()))
        if match.hand.over or rng.random() > 0.1:
            continue
        keep = rng.randrange(len(match.moves[-1]) + 1)
        heard, replayed, before = [], [], _position(match)
        again = match.replaying_current_hand(keep, lambda m, seat, move, events: heard.append((seat, move, events)))
        record = match.to_record()
        record["hands"][-1] = record["hands"][-1][:keep]
        full = Match.from_record(record, lambda m, seat, move, events: replayed.append((seat, move, events)))
        assert _position(again) == _position(full)
        assert heard == replayed[-(keep + 1):]   # the hand's deal and its kept moves
        assert _position(match) == before   # the match itself is left as it was
        checked += 1
    assert checked >= 5
