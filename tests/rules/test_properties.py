"""Property tests over every preset and random valid custom rule sets (hypothesis)."""
import copy
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import ACTION_COUNT, MOVES, HandState, IllegalMove, Match, determinize, view_of

from .strategies import any_rule_set

PROPERTY_SETTINGS = settings(max_examples=120, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def all_cards(state: HandState) -> Counter:
    cards = Counter(state.stock)
    cards.update(state.discard)
    for hand in state.hands:
        cards.update(hand)
    return cards


def snapshot(state: HandState):
    return (tuple(map(tuple, state.hands)), tuple(state.stock), tuple(state.discard), state.current,
            state.direction, state.suit, state.pending, state.phase, state.over)


@PROPERTY_SETTINGS
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1))
def test_a_random_hand_conserves_cards_accepts_only_legal_moves_and_ends(rules, seed):
    rng = random.Random(seed)
    state, _ = HandState.deal(rules, random.Random(seed ^ 0x5EED))
    full_pack = Counter(rules.full_deck())
    moves = 0
    # Every turn costs at most a stock's worth of draws plus a call; the cap bounds the turns.
    move_bound = (rules.turn_cap + 1) * (rules.deck_size + 3)
    while not state.over:
        assert all_cards(state) == full_pack
        legal = state.legal_actions()
        assert legal, "a state that is not over must have a legal move"
        illegal = rng.randrange(ACTION_COUNT)
        if illegal not in legal:
            before = snapshot(state)
            try:
                state.apply(illegal)
            except IllegalMove as error:
                assert error.reason and str(error)
            else:
                raise AssertionError(f"illegal move {MOVES[illegal]} was accepted")
            assert snapshot(state) == before
        state.apply(rng.choice(legal))
        moves += 1
        assert moves <= move_bound
    assert all_cards(state) == full_pack
    assert 0 <= state.winner < state.n
    scores = state.scores()
    assert len(scores) == state.n and all(s >= 0 for s in scores)


@PROPERTY_SETTINGS
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_a_determinized_state_gives_back_the_same_view(rules, seed, steps):
    rng = random.Random(seed)
    state, _ = HandState.deal(rules, random.Random(seed))
    for _ in range(steps):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(state.n):
        view = view_of(state, seat)
        sampled = determinize(view, random.Random(seed + seat))
        assert view_of(sampled, seat) == view
        assert all_cards(sampled) == all_cards(state)
        assert sampled.legal_actions() == state.legal_actions() or seat != state.current


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1))
def test_a_record_replays_to_the_same_states(rules, seed):
    rng = random.Random(seed)
    match = Match(rules, seed)
    states = []
    while not match.over and match.hand_number <= 3:
        if match.hand.over:
            match.start_next_hand()
            continue
        match.apply(rng.choice(match.legal_moves()))
        states.append(snapshot(match.hand))
    replayed = Match(rules, seed)
    replay_states = []
    for number, hand_moves in enumerate(match.to_record()["hands"]):
        if number:
            replayed.start_next_hand()
        for text in hand_moves:
            from game.rules import Move
            replayed.apply(Move.parse(text))
            replay_states.append(snapshot(replayed.hand))
    assert replay_states == states
    assert Match.from_record(match.to_record()).totals == match.totals


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1))
def test_a_refusal_is_told_without_applying_and_is_the_one_apply_raises(rules, seed):
    """``Match.refusal`` (a person's move checked as it is offered) agrees with ``apply`` on every move, in
    turn and out of turn, and changes nothing."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    for _ in range(30):
        if match.over:
            break
        if match.hand.over:
            match.start_next_hand()
            continue
        seat = rng.choice([None, *range(rules.players)])
        moves_made, position = match.move_count, snapshot(match.hand)
        for move in rng.sample(MOVES, 10):
            refusal = match.refusal(move, seat)
            assert (match.move_count, snapshot(match.hand)) == (moves_made, position)
            # A refused move leaves the match as it was (the property above), so it is tried on the match itself.
            trial = match if refusal is not None else copy.deepcopy(match)
            try:
                trial.apply(move, seat)
            except IllegalMove as error:
                assert refusal is not None and (refusal.reason, refusal.params) == (error.reason, error.params)
            else:
                assert refusal is None
        match.apply(rng.choice(match.legal_moves()))
