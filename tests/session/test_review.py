"""The hand review: the person's decisions replayed from the record and scored against the hard bot's evaluation."""
from __future__ import annotations

import random

import pytest

from game.ai.medium import MediumBot
from game.rules import DRAW, PRESETS, Match, Move, parse_record_move, preset, tables_for, view_of
from game.session.review import (COSTLY, Decision, DecisionReview, HandReview, hand_decisions, review_decision,
                                 costly_and_sure, review_hand, reviewing, surely_costly)
from game.session.review_job import ReviewJob, hand_review_job
from tests.ai.ai_helpers import positions
from tests.ai.test_ai_hidden_cards import swap_hidden_cards

ITERATIONS = 400   # per decision: enough to tell a blunder from a good move, few enough for the suite
PERSON = 0


def play_hand(rules, seed: int, person_move=None):
    """A match of ``rules`` whose first hand Medium plays for everyone; ``person_move(match, view, step)``
    may choose the person's move instead (None: Medium's)."""
    match = Match(rules, seed)
    medium = MediumBot()
    rng = random.Random(seed)
    while not match.hand.over:
        seat = match.current_seat
        view = match.view(seat)
        move = None
        if seat == PERSON and person_move is not None:
            move = person_move(match, view, len(match.moves[-1]))
        match.apply(move if move is not None else medium.choose(view, rng))
    return match


def blunder_hand(rules, is_chance, blunder):
    """A hand where the person, at the first position ``is_chance(view)`` finds, plays ``blunder(view)``;
    returns the match and the step of the blunder in the hand."""
    for seed in range(1, 300):
        chosen = []

        def person_move(match, view, step):
            if not chosen and is_chance(view):
                chosen.append(step)
                return blunder(view)
            return None

        match = play_hand(rules, seed, person_move)
        if chosen:
            return match, chosen[0]
    raise AssertionError("no seed gives the blunder's position")


def wild_and_one_more(view):
    """Two cards in hand, one wild and one other that fits: the wild should be kept for the last card."""
    wild = tables_for(view.rules).wild
    plays = [a for a in view.legal_actions if a < DRAW]
    return len(view.hand) == 2 and any(wild[a // 5] for a in plays) and any(not wild[a // 5] for a in plays)


def throw_the_wild(view):
    wild = tables_for(view.rules).wild
    return Move.from_action(next(a for a in view.legal_actions if a < DRAW and wild[a // 5]))


def test_throwing_away_the_only_eight_when_another_card_fitted_is_the_costliest_decision():
    rules = preset("crazy_eights", 3)
    match, step = blunder_hand(rules, wild_and_one_more, throw_the_wild)
    review = review_hand(match.to_record(), PERSON, 1, rollouts=ITERATIONS)
    worst = review.costliest()[0]
    assert worst.decision.step == step and len(review.decisions) > 1
    assert worst.cost == max(d.cost for d in review.decisions)
    assert worst.made.kind == "play" and tables_for(rules).wild[worst.made.card]
    assert worst.best.kind == "play" and not tables_for(rules).wild[worst.best.card]
    assert worst.reason == "keep_wild" and worst.params["wild"] == worst.made.card
    assert worst.best_win - worst.made_win > 0.1   # going out next turn was all but sure with the eight kept


def one_card_that_fits(view):
    return len(view.hand) == 1 and any(a < DRAW for a in view.legal_actions) and DRAW in view.legal_actions


def test_drawing_instead_of_going_out_is_the_costliest_decision_and_says_so():
    rules = preset("switch", 4)   # Switch lets a player draw even with a card that fits
    match, step = blunder_hand(rules, one_card_that_fits, lambda view: Move("draw"))
    review = review_hand(match.to_record(), PERSON, 1, rollouts=ITERATIONS)
    worst = review.costliest()[0]
    assert worst.decision.step == step and len(review.decisions) > 1
    assert worst.cost == max(d.cost for d in review.decisions)
    assert worst.made == Move("draw") and worst.best.kind == "play"
    assert worst.reason == "could_go_out" and worst.params == {"card": worst.best.card}
    assert worst.best_win == 1.0


def test_a_hand_played_as_the_reviewer_would_costs_nothing():
    rules = preset("crazy_eights", 3)

    def reviewers_move(match, view, step):
        if len(view.legal_actions) < 2:
            return None
        guess = Decision(step, view, tuple(match.seats), Move.from_action(view.legal_actions[0]))
        return review_decision(guess, ITERATIONS).best

    match = play_hand(rules, 5, reviewers_move)
    review = review_hand(match.to_record(), PERSON, 1, rollouts=ITERATIONS)
    assert len(review.decisions) >= 3
    assert review.matched == len(review.decisions)
    assert sum(d.cost for d in review.decisions) == 0.0
    assert review.costliest() == []


def reviewed(step: int, made_value: float, best_value: float, error: float = 0.0) -> DecisionReview:
    view = view_of(positions(preset("crazy_eights", 2), 1, seed=1)[0], 0)
    return DecisionReview(Decision(step, view, (0, 1), Move("draw")), Move("draw"), made_value, best_value,
                          0.5, 0.5, 0.0, 0.0, error, 40, "draw_instead")


def test_the_costliest_three_come_first_and_a_cost_within_the_noise_is_not_shown():
    review = HandReview((reviewed(0, 0.5, 0.52), reviewed(1, 0.2, 0.5), reviewed(2, 0.4, 0.5),
                         reviewed(3, 0.3, 0.5), reviewed(4, 0.1, 0.5), reviewed(5, 0.4, 0.5, error=0.06),
                         reviewed(6, 0.5, 0.5)))
    assert [d.decision.step for d in review.costliest()] == [4, 1, 3]
    assert [d.decision.step for d in review.costliest(10)] == [4, 1, 3, 2]
    assert review.matched == 1


def test_a_gap_of_exactly_the_costly_line_is_judged_alike_whatever_the_worlds_that_measured_it():
    # A move that costs exactly 5 points in every world (Hoyle, 3 players, in the coach bench): the review's
    # 32 worlds and the oracle's 800 summed the same differences and rounded apart.
    review, oracle = (0.025000000000000012, 3.1e-18), (0.024999999999999915, 2.8e-18)
    assert surely_costly(*review) and surely_costly(*oracle)
    assert not surely_costly(COSTLY - 1e-6, 0.0) and not surely_costly(0.03, 0.016)


def test_a_gap_barely_past_the_costly_line_is_marked_only_when_its_low_end_is_still_costly():
    # From the coach bench: 0.031 measured (standard error 0.0105) on 640 worlds, 0.015 by the oracle.
    assert costly_and_sure(0.0314, 0.0105) and not surely_costly(0.0314, 0.0105)
    # The same gap measured twice as finely is sure to cost at least half the line: marked.
    assert surely_costly(0.0314, 0.005)
    # Not costly at all, however sure: never marked.
    assert not surely_costly(COSTLY - 1e-6, 1e-6)


def test_forced_moves_are_not_decisions():
    match = play_hand(preset("crazy_eights", 4), 2)
    record = match.to_record()
    decisions, forced = hand_decisions(record, PERSON, 1)
    replay = Match.from_record(dict(record, hands=[[]]))
    on_turn = 0
    for text in record["hands"][0]:
        move, caller = parse_record_move(text)
        if caller is None and replay.current_seat == PERSON:
            on_turn += 1
        replay.apply(move, caller)
    assert forced > 0 and decisions
    assert len(decisions) + forced == on_turn
    assert all(len(d.view.legal_actions) > 1 for d in decisions)
    assert all(d.made.action in d.view.legal_actions for d in decisions)
    review = review_hand(record, PERSON, 1, rollouts=60)
    assert review.forced == forced and len(review.decisions) == len(decisions)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_job_reports_progress_up_to_the_total_and_matches_the_review_worked_out_here(mode):
    match = play_hand(preset("switch", 3), 3)
    decisions, forced = hand_decisions(match.to_record(), PERSON, 1)
    decisions = decisions[:5]
    job = ReviewJob(decisions, forced, rollouts=120, mode=mode)
    seen = []
    review = None
    while review is None:
        review = job.poll()
        seen.append(job.done)
    assert job.total == len(decisions) >= 2
    assert seen == sorted(seen) and seen[-1] == job.total
    assert job.used == mode
    assert review == HandReview(tuple(reviewing(decisions, 120)), forced)


def test_a_job_for_a_hand_without_decisions_is_done_at_once():
    job = ReviewJob([], 4)
    assert (job.done, job.total) == (0, 0)
    assert job.poll() == HandReview((), 4)


def test_the_session_job_reviews_the_finished_hand_of_the_match():
    match = play_hand(preset("crazy_eights", 2), 6)
    job = hand_review_job(match, PERSON, 1, mode="thread")
    review = None
    while review is None:
        review = job.poll()
    assert len(review.decisions) == job.total == len(hand_decisions(match.to_record(), PERSON, 1)[0])


def test_a_later_hand_is_replayed_from_its_own_deal_and_each_view_is_the_one_the_person_had():
    match = play_hand(preset("crazy_eights", 3), 8)
    match.start_next_hand()
    medium, rng = MediumBot(), random.Random(1)
    seen = []
    while not match.hand.over:
        seat = match.current_seat
        view = match.view(seat)
        if seat == PERSON and len(view.legal_actions) > 1:
            seen.append((len(match.moves[-1]), view))
        match.apply(medium.choose(view, rng))
    decisions, _ = hand_decisions(match.to_record(), PERSON, 2)
    assert seen and [(d.step, d.view) for d in decisions] == seen


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_game_is_reviewed_with_legal_moves_only(preset_id, players):
    match = play_hand(preset(preset_id, players), players)
    decisions, _ = hand_decisions(match.to_record(), PERSON, 1)
    for reviewed in reviewing(decisions[:4], 40):
        assert reviewed.made.action in reviewed.view.legal_actions
        assert reviewed.best.action in reviewed.view.legal_actions
        assert reviewed.cost >= 0.0 and 0.0 <= reviewed.made_win <= 1.0
        assert [seat for seat, _ in reviewed.opponent_counts()] == [
            s for s in (reviewed.decision.seats[(reviewed.view.seat + reviewed.view.direction * k) % players]
                        for k in range(1, players))]


@pytest.mark.parametrize("rules", [preset("switch", 3), preset("crazy_aces", 2), preset("crazy_eights_action", 4),
                                   preset("crazy_eights", 3).replace(jokers_per_deck=2), preset("mau_mau", 3)],
                         ids=["switch", "crazy_aces", "stacking", "jokers", "mau_mau"])
def test_a_review_sees_only_the_persons_view(rules):
    rng = random.Random(4)
    checked = 0
    for state in positions(rules, 8, seed=5):
        seat = state.current
        view = view_of(state, seat)
        if len(view.legal_actions) < 2 or checked == 3:
            continue
        checked += 1
        swapped = swap_hidden_cards(state, seat, rng)
        assert view_of(swapped, seat) == view
        made = Move.from_action(view.legal_actions[-1])
        seats = tuple(range(rules.players))
        assert review_decision(Decision(3, view, seats, made), 120) == \
            review_decision(Decision(3, view_of(swapped, seat), seats, made), 120)
    assert checked
