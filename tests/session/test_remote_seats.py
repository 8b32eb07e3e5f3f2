"""A seat played from another computer: its RemotePlayer answers with the person's move, the stand-in
computer while they are away; saved and continued, the seat stays theirs and a Medium computer plays it."""
from __future__ import annotations

import time

from game.rules import Match, Move, preset
from game.session import AIWorker, RemotePlayer, Seat, TableSession
from game.session.session import _statistics_key


class ScriptedStandIn:
    """A stand-in of the protocol's shape answering "draw" at once (recording what it was asked)."""

    def __init__(self) -> None:
        self.asked, self.cancelled = [], 0

    def ask(self, ticket, view, seed):
        self.asked.append(ticket)

    def poll(self):
        return (self.asked[-1], Move.parse("draw"), None) if self.asked else None

    def cancel(self):
        self.cancelled += 1
        self.asked.clear()


def test_the_person_answers_a_question_even_when_the_move_came_first_and_a_stale_one_is_refused():
    stand_in = ScriptedStandIn()
    player = RemotePlayer(stand_in)
    assert player.offer(5, Move.parse("8S"))          # before the session asked
    player.ask(5, None, 0)
    assert player.poll() == (5, Move.parse("8S"), None)
    assert player.poll() is None                      # answered once
    player.ask(6, None, 0)
    assert not player.offer(5, Move.parse("draw"))    # for a position gone by
    assert player.poll() is None and stand_in.asked == []


def test_while_the_person_is_away_the_stand_in_answers_the_open_question_and_gives_it_back():
    stand_in = ScriptedStandIn()
    player = RemotePlayer(stand_in)
    player.ask(7, None, 0)
    player.leave()
    assert stand_in.asked == [7] and player.poll() == (7, Move.parse("draw"), None)
    assert not player.offer(8, Move.parse("pass"))    # not heard while away
    player.ask(8, None, 0)
    player.come_back()
    assert stand_in.cancelled == 1 and player.poll() is None
    assert player.offer(8, Move.parse("pass")) and player.poll() == (8, Move.parse("pass"), None)


def test_a_continued_match_plays_a_remote_seat_with_the_medium_stand_in_and_keeps_it_remote():
    rules = preset("crazy_eights", 3)
    seats = [Seat("Ada", "easy"), Seat("Bea", "remote"), Seat("Cy", "easy")]
    session = TableSession(Match(rules, 4), seats, think_budget_ms=10, worker=AIWorker("thread"))
    try:
        played_by_bea = False
        deadline = time.monotonic() + 30
        while not played_by_bea and time.monotonic() < deadline:
            seat = session.computer_to_act()
            if seat is None:
                session.next_hand()
                continue
            if session.think() is not None:
                session.play_computer_move()
                played_by_bea = session.history[-1].seat == 1
        assert played_by_bea and session.bots[1].level == "medium"
        saved = session.saved_game()
        assert [seat.kind for seat in saved.seats] == ["easy", "remote", "easy"]
        again = TableSession.resume(saved, worker=AIWorker("thread"))
        assert again.seats[1].is_remote and not again.seats[1].is_human and again.people == ()
        again.close()
    finally:
        session.close()


def test_a_remote_seat_is_an_opponent_for_the_statistics_not_a_person_at_this_screen():
    rules = preset("crazy_eights", 3)
    assert _statistics_key(rules, [Seat("Me", "human"), Seat("Bea", "remote"), Seat("Cy", "hard")])[1] == "hard"
    assert _statistics_key(rules, [Seat("Me", "human"), Seat("Bea", "remote"), Seat("Cy", "remote")])[1] == "people"
    assert _statistics_key(rules, [Seat("Bea", "remote"), Seat("Cy", "remote"), Seat("Di", "easy")]) is None


def test_a_remote_persons_last_card_call_is_theirs_not_the_stand_ins():
    rules = preset("crazy_eights", 3).replace(last_card_call=True)
    session = TableSession(Match(rules, 9), [Seat("Me", "human"), Seat("Bea", "remote"), Seat("Cy", "easy")],
                           think_budget_ms=10, worker=AIWorker("thread"))
    try:
        player = RemotePlayer(session.stand_in(1))
        session.attach_player(1, player)
        assert session._remote_person_present(1)
        player.leave()
        assert not session._remote_person_present(1)
    finally:
        session.close()
