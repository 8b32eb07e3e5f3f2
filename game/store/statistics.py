"""The player's results, per game preset and per opponent level, and the file that keeps them.

The caller files a table under the strongest computer opponent at it
(`game.ai.strongest_level`): beating two easy players and one hard player
counts as beating hard opponents. The store knows no list of levels: a level
is any short lower-case name, and the display order is the caller's
(`Statistics.summary_rows`), so the bot levels are defined once, in game.ai.

Best and average hand scores only make sense within one scoring direction.
A preset always scores the same way, but a custom rule set kept under one id
may switch between points (high is good) and penalties (low is good); when a
hand arrives with the other direction, that row's best and average start
over, while its hand, match and streak counts carry on.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DocumentFile, copy_aside, set_aside
from game.store.problems import LoadProblem, backup_params, os_reason
from game.store.paths import UserFolders

STATISTICS_FORMAT = "crazy-eights-statistics"
STATISTICS_VERSION = 1
STATISTICS_FILE_NAME = "statistics.json"

log = logging.getLogger(__name__)

# Short enough for a table cell; lower-case so "Hard" and "hard" cannot be two rows.
_LEVEL_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")

SUMMARY_HEADINGS = (
    "Game",
    "Opponents",
    "Hands",
    "Hands won",
    "Matches",
    "Matches won",
    "Best hand",
    "Average hand",
    "Longest streak",
    "Abandoned",
)

_COUNT_FIELDS = ("hands_played", "hands_won", "matches_played", "matches_won",
                 "score_count", "current_streak", "longest_streak", "matches_abandoned")

#: How many change ids are remembered: far more than a journal ever replays at once.
COUNTED_CHANGES_KEPT = 64
CHANGE_ID_MAX_LENGTH = 100
_CHANGE_ID = re.compile(r"[A-Za-z0-9:._-]+")

_WHAT = "statistics file"
_CONSEQUENCE = "has been reset"


@dataclass(frozen=True)
class StatisticsEntry:
    """The counts for one (preset, opponent level, player) triple. Raises ValueError if they contradict each other.

    ``player`` is "" for the one person who plays against computers (the statistics as they always were);
    at a table of several people each keeps their own, by name.
    """

    preset_id: str
    level: str
    hands_played: int = 0
    hands_won: int = 0
    matches_played: int = 0
    matches_won: int = 0
    # Sum and count rather than a mean, so each new hand updates the average exactly.
    score_sum: int = 0
    score_count: int = 0
    best_hand_score: int | None = None
    # The scoring direction of the scores above; None until a hand is recorded.
    low_is_good: bool | None = None
    current_streak: int = 0
    longest_streak: int = 0
    # Matches the player left unfinished by starting a new game over them.
    matches_abandoned: int = 0
    # The person's name at a table of several people; "" for the player alone against computers.
    player: str = ""

    def __post_init__(self) -> None:
        _check_preset_id(self.preset_id)
        _check_player(self.player)
        _check_level(self.level)
        for name in _COUNT_FIELDS:
            value = getattr(self, name)
            if type(value) is int and 0 <= value < checks.COUNT_LIMIT:
                continue  # a good count, passed without a call: a file may hold 10,000 entries
            try:
                checks.count(value)
            except checks.InvalidValue as error:
                raise ValueError(f"{name}: {error}") from None
        try:
            checks.score(self.score_sum)
            if self.best_hand_score is not None:
                checks.score(self.best_hand_score)
        except checks.InvalidValue as error:
            raise ValueError(f"scores: {error}") from None
        if self.hands_won > self.hands_played:
            raise ValueError("more hands won than played")
        if self.matches_won > self.matches_played:
            raise ValueError("more matches won than played")
        if self.score_count > self.hands_played:
            raise ValueError("more scored hands than hands played")
        if not self.current_streak <= self.longest_streak <= self.matches_won:
            raise ValueError("streaks do not fit the matches won")
        if self.score_count == 0:
            if self.best_hand_score is not None or self.low_is_good is not None:
                raise ValueError("a best score without any scored hand")
        elif self.best_hand_score is None or not isinstance(self.low_is_good, bool):
            raise ValueError("scored hands without a best score and scoring direction")

    @property
    def average_hand_score(self) -> float | None:
        """The mean hand score, or None before the first scored hand."""
        return self.score_sum / self.score_count if self.score_count else None

    def with_hand(self, won: bool, score: int, low_is_good: bool) -> StatisticsEntry:
        """This entry after one more hand."""
        checks.score(score)
        scores_restart = self.low_is_good is not None and self.low_is_good != low_is_good
        if self.best_hand_score is None or scores_restart:
            best, score_sum, score_count = score, score, 1
        else:
            best = min(self.best_hand_score, score) if low_is_good else max(self.best_hand_score, score)
            score_sum, score_count = self.score_sum + score, self.score_count + 1
        return replace(
            self,
            hands_played=self.hands_played + 1,
            hands_won=self.hands_won + (1 if won else 0),
            score_sum=score_sum,
            score_count=score_count,
            best_hand_score=best,
            low_is_good=bool(low_is_good),
        )

    def with_match(self, won: bool) -> StatisticsEntry:
        """This entry after one more match; a loss ends the current winning streak."""
        current = self.current_streak + 1 if won else 0
        return replace(
            self,
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + (1 if won else 0),
            current_streak=current,
            longest_streak=max(self.longest_streak, current),
        )

    def with_abandoned_match(self) -> StatisticsEntry:
        """This entry after one more match left unfinished; like a loss, it ends the winning streak."""
        return replace(self, matches_abandoned=self.matches_abandoned + 1, current_streak=0)


@dataclass(frozen=True)
class SummaryRow:
    """One line of the statistics screen; percentages and averages are None when nothing was played."""

    preset_id: str
    level: str
    hands_played: int
    hand_win_percent: float | None
    matches_played: int
    match_win_percent: float | None
    best_hand_score: int | None
    average_hand_score: float | None
    longest_streak: int
    matches_abandoned: int = 0

    def cells(self) -> tuple[str, ...]:
        """The row as text, in the order of SUMMARY_HEADINGS."""
        return (
            self.preset_id,
            self.level.capitalize(),
            str(self.hands_played),
            _format_optional(self.hand_win_percent, "{:.0f}%"),
            str(self.matches_played),
            _format_optional(self.match_win_percent, "{:.0f}%"),
            _format_optional(self.best_hand_score, "{}"),
            _format_optional(self.average_hand_score, "{:.1f}"),
            str(self.longest_streak),
            str(self.matches_abandoned),
        )


@dataclass(frozen=True)
class Statistics:
    """All recorded results; pure data, each change returns a new Statistics."""

    entries: tuple[StatisticsEntry, ...] = ()
    # The ids of the last changes counted, e.g. "<match id>:hand:3" or "<match id>:abandoned": a change
    # applied again (a journal replayed after a kill, a hand replayed after a crash) is not counted twice.
    # A match id, not its seed: a new match may reuse a seed and is still a match of its own.
    counted_changes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # One canonical order, so equal statistics compare equal and display in a stable order.
        object.__setattr__(self, "entries", tuple(sorted(self.entries, key=_entry_order)))
        keys = [_key_of(entry) for entry in self.entries]
        if len(set(keys)) != len(keys):
            raise ValueError("two entries for the same preset, level and player")
        changes = tuple(_change_id(change) for change in self.counted_changes)
        object.__setattr__(self, "counted_changes", changes[-COUNTED_CHANGES_KEPT:])

    def has_counted(self, change_id: str | None) -> bool:
        """Whether the change ``change_id`` (see counted_changes) is already counted."""
        return change_id is not None and change_id in self.counted_changes

    def with_finished_hand(
        self,
        preset_id: str,
        level: str,
        change_id: str | None,
        hand: tuple[bool, int, bool] | None,
        match_won: bool | None,
        player: str = "",
    ) -> Statistics:
        """These statistics after a hand ended: ``hand`` is (won, score, low_is_good) when the player
        played it, ``match_won`` is set when it ended the match. A change already counted changes nothing."""
        if self.has_counted(change_id):
            return self
        entry = self.entry(preset_id, level, player)
        if hand is not None:
            entry = entry.with_hand(*hand)
        if match_won is not None:
            entry = entry.with_match(match_won)
        return self._with_entry(entry)._with_change(change_id)

    def with_abandoned_match(self, preset_id: str, level: str, change_id: str | None = None,
                             player: str = "") -> Statistics:
        """These statistics after the player left a match unfinished; counted once per ``change_id``."""
        if self.has_counted(change_id):
            return self
        entry = self.entry(preset_id, level, player).with_abandoned_match()
        return self._with_entry(entry)._with_change(change_id)

    def _with_change(self, change_id: str | None) -> Statistics:
        if change_id is None:
            return self
        return replace(self, counted_changes=self.counted_changes + (change_id,))

    def entry(self, preset_id: str, level: str, player: str = "") -> StatisticsEntry:
        """The counts for one preset, level and player (all zero if never played)."""
        for existing in self.entries:
            if existing.preset_id == preset_id and existing.level == level and existing.player == player:
                return existing
        return StatisticsEntry(preset_id, level, player=player)

    def players(self) -> list[str]:
        """The names of the people counted at tables of several people, in alphabetical order."""
        return sorted({entry.player for entry in self.entries if entry.player}, key=str.casefold)

    def with_hand(
        self, preset_id: str, level: str, won: bool, score: int, low_is_good: bool
    ) -> Statistics:
        """These statistics after one more hand."""
        return self._with_entry(self.entry(preset_id, level).with_hand(won, score, low_is_good))

    def with_match(self, preset_id: str, level: str, won: bool) -> Statistics:
        """These statistics after one more match."""
        return self._with_entry(self.entry(preset_id, level).with_match(won))

    def summary_rows(self, level_order: Sequence[str] = (), player: str = "") -> list[SummaryRow]:
        """One display row per preset and level ``player`` played ("" the player alone against computers), by
        preset, then levels in ``level_order`` (then by name)."""
        rank = {level: index for index, level in enumerate(level_order)}
        entries = sorted(
            (entry for entry in self.entries if entry.player == player),
            key=lambda entry: (entry.preset_id, rank.get(entry.level, len(rank)), entry.level),
        )
        return [
            SummaryRow(
                preset_id=entry.preset_id,
                level=entry.level,
                hands_played=entry.hands_played,
                hand_win_percent=_percent(entry.hands_won, entry.hands_played),
                matches_played=entry.matches_played,
                match_win_percent=_percent(entry.matches_won, entry.matches_played),
                best_hand_score=entry.best_hand_score,
                average_hand_score=entry.average_hand_score,
                longest_streak=entry.longest_streak,
                matches_abandoned=entry.matches_abandoned,
            )
            for entry in entries
        ]

    def to_json(self) -> dict[str, Any]:
        """The statistics as a plain JSON object."""
        # An entry of the player alone is written as it always was (no "player" key).
        data: dict[str, Any] = {"entries": [_entry_json(entry) for entry in self.entries]}
        if self.counted_changes:
            data["counted_changes"] = list(self.counted_changes)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> tuple[Statistics, int]:
        """Statistics from a JSON object, and how many invalid, unknown or duplicate entries were dropped.

        Raises ValueError if the object holds unknown keys, "entries" is not a list at all,
        "counted_changes" is not a short list of change ids, or the older "last_counted_hand" (written
        before matches had ids; checked, then dropped) is not a (seed, hand number) pair.
        """
        checks.known_keys(data, ("entries", "counted_changes", "last_counted_hand"), required=("entries",))
        raw_entries = data["entries"]
        if not isinstance(raw_entries, list):
            raise ValueError(f"entries is {type(raw_entries).__name__}, expected a list")
        if data.get("last_counted_hand") is not None:
            _legacy_hand_id(data["last_counted_hand"])
        counted_changes = tuple(checks.list_of(data.get("counted_changes", []), _change_id, COUNTED_CHANGES_KEPT))
        known_fields = [entry_field.name for entry_field in fields(StatisticsEntry)]
        kept: dict[tuple[str, str, str], StatisticsEntry] = {}
        dropped = 0
        for raw in raw_entries:
            try:
                # An unknown field is no field of ours: the entry is damaged, not trimmed.
                checks.known_keys(raw, known_fields, required=("preset_id", "level"))
                entry = StatisticsEntry(**raw)
            except (TypeError, ValueError) as error:
                log.info("statistics entry dropped: %s", error)
                dropped += 1
                continue
            key = _key_of(entry)
            if key in kept:
                dropped += 1
                continue
            kept[key] = entry
        return cls(tuple(kept.values()), counted_changes), dropped

    def _with_entry(self, changed: StatisticsEntry) -> Statistics:
        others = tuple(
            entry
            for entry in self.entries
            if _key_of(entry) != _key_of(changed)
        )
        return replace(self, entries=others + (changed,))


class StatisticsStore:
    """Loads, updates and saves Statistics in `statistics.json` in the data folder; every write is atomic."""

    def __init__(self, folders: UserFolders) -> None:
        self.file = DocumentFile(
            folders.data_dir / STATISTICS_FILE_NAME, STATISTICS_FORMAT, STATISTICS_VERSION,
            what=_WHAT, consequence=_CONSEQUENCE, role="statistics",
        )
        self.path: Path = self.file.path

    def load(self) -> tuple[Statistics, LoadProblem | None]:
        """The saved statistics (empty if there are none) and a one-line problem for the player, or None."""
        result = self.file.read()
        if result.data is None:
            return Statistics(), result.problem
        try:
            statistics, dropped = Statistics.from_json(result.data)
        except ValueError as error:
            log.info("statistics file set aside: %s", error)
            return Statistics(), set_aside(self.path, _WHAT, _CONSEQUENCE, role="statistics")
        if not dropped:
            return statistics, None
        what_happened = f"{dropped} damaged statistics {'entry was' if dropped == 1 else 'entries were'} dropped"
        try:
            backup = copy_aside(self.path)
        except OSError as error:
            # No copy: leave the file as it is, the dropped entries are still in it.
            return statistics, LoadProblem(
                "store.statistics_dropped", f"{what_happened}; the old copy could not be kept ({os_reason(error)}).",
                count=dropped, **backup_params(None, error))
        # The copy keeps the dropped entries; the file keeps the good ones, so the next load is quiet.
        try:
            self.save(statistics)
        except OSError as error:
            log.warning("statistics could not be rewritten without the damaged entries: %s", error)
        return statistics, LoadProblem("store.statistics_dropped",
                                       f"{what_happened}; the old copy is saved as {backup.name}.",
                                       count=dropped, **backup_params(backup.name))

    def save(self, statistics: Statistics) -> None:
        """Write the statistics atomically; raises UnreadFileKept over a file that could not be read,
        OSError if the disk refuses."""
        self.file.write(statistics.to_json())

    def record_finished_hand(
        self,
        preset_id: str,
        level: str,
        change_id: str | None,
        hand: tuple[bool, int, bool] | None,
        match_won: bool | None = None,
        player: str = "",
    ) -> tuple[Statistics, str | None]:
        """Count a finished hand and, if it ended the match, the match, in one write (see
        Statistics.with_finished_hand); a change already counted (same ``change_id``) is not counted again.

        Returns the statistics and any problem met while loading the old ones; raises OSError
        (UnreadFileKept included) when they cannot be saved.
        """
        statistics, problem = self.load()
        self.file.refuse_if_unread()
        updated = statistics.with_finished_hand(preset_id, level, change_id, hand, match_won, player)
        if updated is not statistics:
            self.save(updated)
        return updated, problem

    def record_hand(
        self, preset_id: str, level: str, won: bool, score: int, low_is_good: bool
    ) -> tuple[Statistics, str | None]:
        """Add one finished hand (`score` is the player's; `low_is_good` for penalty scoring).

        Returns the new statistics and any problem met while loading the old ones.
        """
        return self.record_finished_hand(preset_id, level, None, (won, score, low_is_good))

    def record_match(self, preset_id: str, level: str, won: bool) -> tuple[Statistics, str | None]:
        """Add one finished match. Returns the new statistics and any problem met while loading."""
        return self.record_finished_hand(preset_id, level, None, None, won)

    def record_abandoned_match(self, preset_id: str, level: str, change_id: str | None = None,
                               player: str = "") -> tuple[Statistics, str | None]:
        """Count a match the player left unfinished, once per ``change_id``. Returns the new statistics and
        any loading problem; raises OSError (UnreadFileKept included) when they cannot be saved."""
        statistics, problem = self.load()
        self.file.refuse_if_unread()
        updated = statistics.with_abandoned_match(preset_id, level, change_id, player)
        if updated is not statistics:
            self.save(updated)
        return updated, problem

    def reset(self) -> None:
        """Forget all results (the player asked to)."""
        self.save(Statistics())


def _check_preset_id(preset_id: Any) -> None:
    if not isinstance(preset_id, str) or not preset_id:
        raise ValueError(f"preset id must be non-empty text, got {preset_id!r}")


def _check_level(level: Any) -> None:
    if not isinstance(level, str) or not _LEVEL_NAME.fullmatch(level):
        raise ValueError(f"opponent level must be a short lower-case name such as 'hard', got {level!r}")


def _change_id(value: Any) -> str:
    """A change id: 1 to CHANGE_ID_MAX_LENGTH printable ASCII characters; raises checks.InvalidValue."""
    if not isinstance(value, str) or not 1 <= len(value) <= CHANGE_ID_MAX_LENGTH or not _CHANGE_ID.fullmatch(value):
        raise checks.InvalidValue(f"expected a change id, got {repr(value)[:60]}")
    return value


def _legacy_hand_id(value: Any) -> tuple[int, int]:
    """A (match seed, hand number) pair, as files before match ids held it; raises ValueError."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"a hand id is [seed, hand number], got {value!r}")
    seed, hand = value
    return checks.whole_number(seed, -(2**63), 2**63), checks.count(hand)


def _entry_order(entry: StatisticsEntry) -> tuple[str, str, str]:
    return entry.preset_id, entry.level, entry.player


def _key_of(entry: StatisticsEntry) -> tuple[str, str, str]:
    return entry.preset_id, entry.level, entry.player


def _entry_json(entry: StatisticsEntry) -> dict[str, Any]:
    data = asdict(entry)
    if not entry.player:
        del data["player"]
    return data


def _check_player(player: Any) -> None:
    if player != "":
        try:
            checks.name(player)
        except checks.InvalidValue as error:
            raise ValueError(f"player: {error}") from None
        if player != player.strip():
            raise ValueError("player: surrounding spaces")


def _percent(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def _format_optional(value: float | int | None, template: str) -> str:
    return "–" if value is None else template.format(value)
