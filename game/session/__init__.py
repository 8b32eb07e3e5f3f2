"""The table session: a match as the screen plays it, with no pygame.

``TableSession`` turns a person's decisions and the computer players' answers
into moves of the rules core, keeps the history, autosaves and counts the
statistics; ``TableView`` is all the screen may read of the position.
Layers: ui -> session -> ai -> rules, and session -> store.
"""
from .coach import Hint, TutorCheck
from .computer import AIWorker, make_bot
from .seats import HUMAN, OPPONENT_NAMES, REMOTE, STAND_IN_LEVEL, SEAT_CODES, SEAT_KINDS, Seat, SeatError, check_table, default_table
from .matches import MatchDesk
from .network_statistics import NETWORK
from .players import ComputerPlayer, LocalPlayer, RemotePlayer, SeatPlayer
from .replay import Replay, ReplayFrame
from .session import (AUTOSAVE, DEFAULT_THINK_BUDGET_MS, NOTICE, PEOPLE, PRACTICE, RECENT, STATISTICS, HistoryEntry,
                      TableSession, abandon_saved_game, position_fingerprint)
from .undo import UndoRefused, undo_refusal
from .view import NO_SUIT, SeatView, TableView, table_view

__all__ = [
    "AIWorker", "make_bot", "MatchDesk", "ComputerPlayer", "LocalPlayer", "RemotePlayer", "SeatPlayer", "HUMAN", "REMOTE", "STAND_IN_LEVEL", "OPPONENT_NAMES", "SEAT_CODES", "SEAT_KINDS", "Seat", "SeatError", "check_table",
    "default_table", "AUTOSAVE", "DEFAULT_THINK_BUDGET_MS", "STATISTICS", "HistoryEntry", "TableSession",
    "abandon_saved_game", "position_fingerprint", "NO_SUIT", "SeatView", "TableView", "table_view", "Hint", "TutorCheck", "PEOPLE", "PRACTICE", "UndoRefused",
    "undo_refusal",
    "NOTICE", "RECENT", "Replay", "ReplayFrame", "NETWORK",
]
