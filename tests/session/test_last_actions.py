"""What each seat last did, for the badges by the seats: from the history, until the seat's next turn."""
from __future__ import annotations

from game.rules import Event, Move, card_from_str
from game.session import HistoryEntry
from game.session.view import LastAction, last_actions

EIGHT = card_from_str("8S")
SEVEN = card_from_str("7H")


def step(seat, move, *events):
    return HistoryEntry(1, seat, move, tuple(events), 0)


DEAL = HistoryEntry(1, None, None, (Event("starter", -1, (SEVEN,)),), 0)


def test_a_play_a_named_suit_a_draw_and_a_pass_show_by_their_seats():
    history = [DEAL,
               step(1, Move.play(EIGHT, 2), Event("played", 1, (EIGHT,)), Event("nominated", 1, suit=2)),
               step(2, Move("draw"), Event("drew", 2, count=3)),
               step(0, Move("pass"), Event("passed", 0))]
    assert last_actions(history, 3, to_act=None) == (
        LastAction("pass"), LastAction("play", EIGHT, 2), LastAction("draw", count=3))


def test_a_skip_and_a_penalty_show_at_the_seat_they_hit():
    history = [DEAL,
               step(0, Move.play(SEVEN), Event("played", 0, (SEVEN,)), Event("skipped", 1)),
               step(2, Move("draw"), Event("drew", 2, count=2), Event("penalty_paid", 2, count=2))]
    actions = last_actions(history, 3, to_act=None)
    assert actions[1] == LastAction("skipped") and actions[2] == LastAction("penalty", count=2)


def test_the_badge_goes_when_the_seat_is_to_act_and_a_new_hand_starts_clean():
    history = [DEAL, step(1, Move.play(EIGHT, 0), Event("played", 1, (EIGHT,)), Event("nominated", 1, suit=0))]
    assert last_actions(history, 3, to_act=1)[1] is None
    assert last_actions(history + [HistoryEntry(2, None, None, (), 1)], 3, to_act=None) == (None, None, None)
