"""Every computer seat is driven through the seat protocol (ask from a view, then poll): any decider of
that shape can sit there, the computer levels being one."""
from __future__ import annotations

from game.rules import Match, preset
from game.session import AIWorker, ComputerPlayer, Seat, TableSession

from .test_session import seats, wait_for_computer


class LastLegalPlayer:
    """A decider of the protocol's shape that takes a few polls to answer, with the last legal move of the
    view it was asked about (what the session asks with is all it may know)."""

    def __init__(self) -> None:
        self.asked: list = []
        self.polls = 0

    def ask(self, ticket, view, seed):
        self.asked.append((ticket, view, seed))
        self.polls = 0

    def poll(self):
        self.polls += 1
        if not self.asked or self.polls < 3:
            return None
        ticket, view, _seed = self.asked[-1]
        return ticket, view.legal_moves[-1], None

    def cancel(self):
        self.asked.clear()


def test_a_seat_of_the_protocols_shape_plays_and_is_asked_once_per_position():
    rules = preset("crazy_eights", 3)
    session = TableSession(Match(rules, 11), [Seat("Ada", "easy"), Seat("Bruno", "easy"), Seat("Chloé", "easy")],
                           think_budget_ms=10, worker=AIWorker("thread"))
    try:
        players = {seat: LastLegalPlayer() for seat in range(3)}
        session.seat_players.update(players)
        for _ in range(12):
            if session.hand_over:
                break
            seat = session.computer_to_act()
            view = session.match.view(seat)
            assert session.think() is None and session.think() is None   # not ready: the frame goes on
            move = wait_for_computer(session)
            assert move == view.legal_moves[-1]
            [(ticket, asked_view, _seed)] = players[seat].asked   # asked once, however often polled
            assert ticket == session.version and asked_view.hand == view.hand and asked_view.seat == seat
            session.play_computer_move()
            players[seat].asked.clear()
    finally:
        session.close()


def test_computer_levels_sit_behind_the_protocol_and_follow_a_new_worker():
    session = TableSession(Match(preset("crazy_eights", 3), 5), seats(3), think_budget_ms=10,
                           worker=AIWorker("thread"))
    try:
        assert session.people == (0,)
        player = session.seat_player(1)
        assert isinstance(player, ComputerPlayer) and player.worker is session.worker
        assert session.seat_player(1) is player
        session.worker.shutdown()
        session.worker = AIWorker("thread")
        assert session.seat_player(1).worker is session.worker
    finally:
        session.close()
