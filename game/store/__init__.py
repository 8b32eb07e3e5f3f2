"""Persistence: settings, statistics, the autosave and match record files. No pygame here."""

from game.store.autosave import AutosaveStore, RecordFileError, export_record, import_record
from game.store.files import LoadResult, read_json_document, write_json_atomic
from game.store.paths import UserFolders
from game.store.problems import SAVED_GAME_CODES, STORE_CODES, LoadProblem
from game.store.settings import ANIMATION_SPEEDS, CARD_BACKS, Settings, SettingsStore, Speed
from game.store.statistics import (
    SUMMARY_HEADINGS,
    Statistics,
    StatisticsEntry,
    StatisticsStore,
    SummaryRow,
)

__all__ = [
    "ANIMATION_SPEEDS",
    "CARD_BACKS",
    "Speed",
    "SAVED_GAME_CODES",
    "STORE_CODES",
    "SUMMARY_HEADINGS",
    "AutosaveStore",
    "LoadProblem",
    "LoadResult",
    "RecordFileError",
    "Settings",
    "SettingsStore",
    "Statistics",
    "StatisticsEntry",
    "StatisticsStore",
    "SummaryRow",
    "UserFolders",
    "export_record",
    "import_record",
    "read_json_document",
    "write_json_atomic",
]
