"""The match analysis: every seat's moves, marks only for sure losses, the luck of draws, the summaries,
and the background job giving the same answer as the analysis worked out here."""
from __future__ import annotations

import random
import time

import pytest

from game.ai import EasyBot, MediumBot
from game.ai.luck import draw_luck
from game.rules import DRAW, RANK_OF, SUIT_OF, Match, card_to_str, preset
from game.session.match_review import (MARK_FROM, RATINGS, MatchAnalysis, MomentAnalysis, analyse_match,
                                       decision_mark, luck_mark, luck_rating_for, moments, rating_for)
from game.session.match_review_job import MatchAnalysisJob

ROLLOUTS, LUCK_WORLDS = 60, 12   # cheap: the tests check the plumbing and the arithmetic, not the strength


def played_match(seed: int = 4, players: int = 3, hands: int = 1) -> dict:
    """A record of ``hands`` hands of Crazy Eights: Easy at seat 0, Medium elsewhere."""
    rules = preset("crazy_eights", players)
    match = Match(rules, seed)
    bots = [EasyBot()] + [MediumBot()] * (players - 1)
    rng = random.Random(seed)
    for number in range(hands):
        if number:
            match.start_next_hand()
        while not match.hand.over:
            seat = match.current_seat
            match.apply(bots[seat].choose(match.view(seat), rng))
        if match.over:
            break
    return match.to_record()


def test_a_loss_is_marked_only_when_sure_and_by_its_size():
    assert decision_mark(0.20, 0.15) == ""                       # big, but within the worlds' noise
    assert decision_mark(0.02, 0.001) == ""                      # sure, but too small to mention
    assert decision_mark(MARK_FROM["doubtful"] + 0.001, 0.001) == "doubtful"
    assert decision_mark(MARK_FROM["bad"] + 0.001, 0.001) == "bad"
    assert decision_mark(MARK_FROM["very_bad"] + 0.05, 0.01) == "very_bad"
    assert decision_mark(MARK_FROM["very_bad"] + 0.05, 0.09) == ""   # 2 standard errors not cleared


def test_luck_marks_need_size_and_sureness():
    assert luck_mark(None, 0.0) == ""
    assert luck_mark(0.30, 0.02) == "very_lucky" and luck_mark(0.10, 0.02) == "lucky"
    assert luck_mark(-0.10, 0.02) == "unlucky" and luck_mark(-0.25, 0.05) == "very_unlucky"
    assert luck_mark(0.10, 0.06) == "" and luck_mark(0.05, 0.001) == ""


def test_the_rating_scale_runs_from_world_class_to_beginner_as_errors_grow():
    names = [rating_for(rate) for rate in (0.5, 1.5, 2.5, 4.0, 6.0, 40.0)]
    assert names == ["world_class", "expert", "advanced", "intermediate", "casual", "beginner"]
    assert [name for name, _below in RATINGS] == names
    assert luck_rating_for(0.5) == "very_lucky" and luck_rating_for(0.0) == "average"
    assert luck_rating_for(-0.5) == "very_unlucky"


def test_every_seats_moves_are_found_with_forced_ones_flagged_and_the_cards_drawn():
    record = played_match()
    found = moments(record)
    assert {moment.seat for moment in found} == {0, 1, 2}
    assert sum(len(hand) for hand in record["hands"]) == len(found)    # no out-of-turn calls in this hand
    for moment in found:
        assert moment.forced == (len(moment.view.legal_actions) == 1)
        assert moment.view.seat == moment.seats.index(moment.seat)   # the mover's own view
        if moment.drawn:
            assert moment.made.kind == "draw"
            assert not set(moment.drawn) & set(moment.view.hand)   # unseen before the draw
    assert any(moment.drawn for moment in found) and any(moment.forced for moment in found)


def test_drawing_a_wild_card_is_luckier_than_drawing_a_card_that_fits_nothing():
    record = played_match(seed=9, players=2)
    found = [m for m in moments(record) if m.made.action == DRAW and m.view.stock_count > 10 and not m.view.pending]
    moment = found[0]
    view = moment.view
    unseen = view.unseen_cards()
    eight = next(card for card in unseen if card < 52 and card_to_str(card).startswith("8"))
    dud = next(card for card in unseen if card < 52 and not card_to_str(card).startswith("8")
               and SUIT_OF[card] != view.suit and RANK_OF[card] != RANK_OF[view.top])
    lucky = draw_luck(view, DRAW, (eight,), worlds=1000)
    unlucky = draw_luck(view, DRAW, (dud,), worlds=1000)
    assert lucky.luck > 0 > unlucky.luck
    assert lucky.luck - unlucky.luck > 2 * (lucky.error ** 2 + unlucky.error ** 2) ** 0.5
    assert draw_luck(view, DRAW, (eight,), worlds=1000) == lucky          # seeded by the position: the same answer


def test_the_summary_counts_marks_and_takes_the_luck_off_the_result():
    record = played_match(seed=5)
    analysis = analyse_match(record, rollouts=ROLLOUTS, luck_worlds=LUCK_WORLDS)
    assert analysis.hands == (1,)
    winner = analysis.outcomes[0].winner
    for summary in analysis.summaries():
        mine = [item for item in analysis.items if item.seat == summary.seat]
        assert summary.decisions == sum(1 for item in mine if item.decision)
        assert summary.decisions + summary.forced == len(mine)
        assert summary.won == (1 if summary.seat == winner else 0)
        assert summary.luck == pytest.approx(sum(item.luck for item in mine if item.luck is not None))
        assert summary.luck_adjusted == pytest.approx(summary.won - summary.luck)
        assert sum(summary.marks.values()) == sum(1 for item in mine if item.mark)
        assert summary.mattered == sum(1 for item in mine if item.decision and item.ranked[-1].gap >= 0.025)
        if summary.mattered:
            assert summary.error_rate == pytest.approx(
                100 * sum(item.loss for item in mine if item.decision) / summary.mattered)
        # One hand is too few decisions to name a rating: "World class" from three moves would be luck.
        assert (summary.rating == "too_few") == (summary.mattered < 10)
    for item in analysis.items:
        assert item.decision == (not item.moment.forced)
        if item.decision:
            assert item.ranked[0].gap == 0 and item.made_score in item.ranked
        else:
            assert not item.ranked and not item.mark


def test_next_marked_steps_through_the_marked_decisions_and_wraps():
    record = played_match()
    found = moments(record)
    items = []
    for index, moment in enumerate(found):
        items.append(MomentAnalysis(moment, mark="bad" if index in (3, 7) and moment.seat == found[3].seat
                                    else ""))
    analysis = MatchAnalysis(tuple(items), (1,), (), 3)
    marked = [i for i, item in enumerate(items) if item.mark]
    assert analysis.next_marked(-1) == marked[0]
    assert analysis.next_marked(marked[-1]) == marked[0]                  # wraps round
    assert analysis.next_marked(marked[0], backwards=True) == marked[-1]
    other = next(seat for seat in (0, 1, 2) if seat != found[3].seat)
    assert analysis.next_marked(0, seat=other) is None


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_the_background_job_never_blocks_and_gives_the_same_analysis(mode):
    record = played_match(seed=6, players=2)
    job = MatchAnalysisJob(record, (1,), mode=mode, rollouts=ROLLOUTS, luck_worlds=LUCK_WORLDS)
    started = time.monotonic()
    first = job.poll()
    assert first is None and job.total > 0 and time.monotonic() - started < 1.0
    deadline = time.monotonic() + 120
    result = None
    while result is None:
        assert time.monotonic() < deadline
        result = job.poll()
        time.sleep(0.01)
    assert job.used == mode and job.done == job.total
    assert result == analyse_match(record, (1,), rollouts=ROLLOUTS, luck_worlds=LUCK_WORLDS)
