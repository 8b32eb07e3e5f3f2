"""Statistics: what each recorded hand and match changes, the display rows, and damaged entries."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.store import SUMMARY_HEADINGS, Statistics, StatisticsEntry, StatisticsStore
from game.store.statistics import STATISTICS_FORMAT


def _write_statistics_data(store: StatisticsStore, data: dict) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": 1, "data": data}), "utf-8")


def test_missing_file_gives_empty_statistics(folders):
    assert StatisticsStore(folders).load() == (Statistics(), None)
    assert Statistics().summary_rows() == []


def test_round_trip_through_the_file(folders):
    store = StatisticsStore(folders)
    store.record_hand("classic", "easy", won=True, score=40, low_is_good=False)
    store.record_hand("hoyle", "hard", won=False, score=12, low_is_good=True)
    store.record_match("classic", "easy", won=True)

    statistics, problem = StatisticsStore(folders).load()

    assert problem is None
    assert statistics.entry("classic", "easy").hands_won == 1
    assert statistics.entry("hoyle", "hard").best_hand_score == 12
    assert statistics.entry("classic", "easy").matches_won == 1
    assert store.path.parent == folders.data_dir


def test_hands_count_wins_best_and_average_for_points_scoring():
    statistics = Statistics()
    for won, score in [(True, 30), (False, 0), (True, 55), (True, 20)]:
        statistics = statistics.with_hand("classic", "medium", won, score, low_is_good=False)

    entry = statistics.entry("classic", "medium")

    assert (entry.hands_played, entry.hands_won) == (4, 3)
    assert entry.best_hand_score == 55
    assert entry.average_hand_score == pytest.approx(105 / 4)


def test_best_is_the_lowest_for_penalty_scoring():
    statistics = Statistics()
    for score in [17, 4, 9]:
        statistics = statistics.with_hand("hoyle", "easy", False, score, low_is_good=True)
    assert statistics.entry("hoyle", "easy").best_hand_score == 4


def test_switching_scoring_direction_restarts_best_and_average_only():
    statistics = Statistics().with_hand("custom", "easy", True, 50, low_is_good=False)
    statistics = statistics.with_hand("custom", "easy", True, 8, low_is_good=True)

    entry = statistics.entry("custom", "easy")

    assert (entry.hands_played, entry.hands_won) == (2, 2)
    assert (entry.best_hand_score, entry.average_hand_score, entry.low_is_good) == (8, 8.0, True)


def test_match_streaks():
    statistics = Statistics()
    for won in [True, True, False, True, True, True, False, True]:
        statistics = statistics.with_match("classic", "hard", won)

    entry = statistics.entry("classic", "hard")

    assert (entry.matches_played, entry.matches_won) == (8, 6)
    assert (entry.current_streak, entry.longest_streak) == (1, 3)


def test_results_are_kept_apart_per_preset_and_level():
    statistics = (
        Statistics()
        .with_match("classic", "easy", True)
        .with_match("classic", "hard", False)
        .with_match("switch", "easy", True)
    )
    assert [(e.preset_id, e.level, e.matches_won) for e in statistics.entries] == [
        ("classic", "easy", 1),
        ("classic", "hard", 0),
        ("switch", "easy", 1),
    ]


def test_summary_rows_and_their_text():
    statistics = Statistics()
    for won, score in [(True, 30), (False, 0), (True, 15)]:
        statistics = statistics.with_hand("classic", "medium", won, score, low_is_good=False)
    statistics = statistics.with_match("classic", "medium", True)
    statistics = statistics.with_match("classic", "easy", False)

    easy, medium = statistics.summary_rows()

    assert (medium.hands_played, medium.matches_played, medium.longest_streak) == (3, 1, 1)
    assert medium.hand_win_percent == pytest.approx(200 / 3)
    assert medium.match_win_percent == 100.0
    assert (medium.best_hand_score, medium.average_hand_score) == (30, 15.0)
    assert medium.cells() == ("classic", "Medium", "3", "67%", "1", "100%", "30", "15.0", "1", "0")
    # Nothing to average before the first hand: shown as a dash, not 0.
    assert easy.cells() == ("classic", "Easy", "0", "–", "1", "0%", "–", "–", "0", "0")
    assert len(SUMMARY_HEADINGS) == len(medium.cells())


def test_rows_follow_the_callers_level_order_and_then_the_level_names():
    statistics = Statistics()
    for level in ["expert", "medium", "hard", "easy"]:
        statistics = statistics.with_match("classic", level, True)
    statistics = statistics.with_match("action", "hard", False)

    rows = statistics.summary_rows(level_order=("easy", "medium", "hard"))

    assert [(row.preset_id, row.level) for row in rows] == [
        ("action", "hard"), ("classic", "easy"), ("classic", "medium"), ("classic", "hard"), ("classic", "expert"),
    ]
    assert [row.level for row in statistics.summary_rows()] == ["hard", "easy", "expert", "hard", "medium"]


@pytest.mark.parametrize("level", ["", "Hard", "night mare", "x" * 33, 3, None])
def test_an_entry_refuses_a_level_that_is_not_a_short_lower_case_name(level):
    with pytest.raises(ValueError, match="opponent level"):
        StatisticsEntry("classic", level)


def test_recording_with_an_invalid_level_changes_nothing(folders):
    store = StatisticsStore(folders)
    store.record_match("classic", "easy", True)
    before = store.path.read_bytes()

    with pytest.raises(ValueError, match="opponent level"):
        store.record_hand("classic", "Night mare!", True, 10, low_is_good=False)

    assert store.path.read_bytes() == before


def test_reset_forgets_everything(folders):
    store = StatisticsStore(folders)
    store.record_match("classic", "easy", True)
    store.reset()
    assert store.load() == (Statistics(), None)


def test_damaged_entries_are_dropped_and_the_rest_kept(folders):
    store = StatisticsStore(folders)
    good = Statistics().with_match("classic", "easy", True)
    entries = good.to_json()["entries"]
    broken = {**entries[0], "preset_id": "hoyle", "hands_won": 5}  # more hands won than played
    _write_statistics_data(store, {"entries": entries + [broken, "nonsense", entries[0]]})
    original = store.path.read_bytes()

    statistics, problem = store.load()

    assert statistics == good
    assert problem == "3 damaged statistics entries were dropped; the old copy is saved as statistics.json.bak."
    assert store.path.with_name("statistics.json.bak").read_bytes() == original


def test_entries_that_are_not_a_list_set_the_whole_file_aside(folders):
    store = StatisticsStore(folders)
    _write_statistics_data(store, {"entries": {"classic": 3}})
    original = store.path.read_bytes()

    statistics, problem = store.load()

    assert statistics == Statistics()
    assert problem == (
        "Your statistics file was damaged and has been reset; the old copy is saved as statistics.json.bak."
    )
    assert store.path.with_name("statistics.json.bak").read_bytes() == original
    assert not store.path.exists()


def test_recording_over_a_damaged_file_reports_it_and_starts_afresh(folders):
    store = StatisticsStore(folders)
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b"{not json")

    statistics, problem = store.record_match("classic", "easy", True)

    assert "damaged" in problem
    assert statistics.entry("classic", "easy").matches_played == 1
    assert store.load() == (statistics, None)


@pytest.mark.parametrize(
    "changes",
    [
        {"hands_played": -1},
        {"hands_played": True},
        {"matches_won": 2},
        {"current_streak": 1},
        {"best_hand_score": 3},
        {"score_count": 1, "hands_played": 1},
    ],
)
def test_entries_refuse_contradictions(changes):
    with pytest.raises(ValueError):
        StatisticsEntry("classic", "easy", **changes)


# ----- property: any sequence of results keeps the entries consistent and survives JSON -----

_results = st.lists(
    st.one_of(
        st.tuples(st.just("hand"), st.sampled_from(["classic", "custom"]), st.sampled_from(["easy", "hard"]),
                  st.booleans(), st.integers(-50, 500), st.booleans()),
        st.tuples(st.just("match"), st.sampled_from(["classic", "custom"]), st.sampled_from(["easy", "hard"]),
                  st.booleans()),
    ),
    max_size=40,
)


@given(_results)
def test_any_history_round_trips_through_json_text(results):
    statistics = Statistics()
    for result in results:
        if result[0] == "hand":
            statistics = statistics.with_hand(*result[1:])
        else:
            statistics = statistics.with_match(*result[1:])

    restored, dropped = Statistics.from_json(json.loads(json.dumps(statistics.to_json())))

    assert dropped == 0
    assert restored == statistics
    assert sum(entry.hands_played for entry in restored.entries) == sum(r[0] == "hand" for r in results)
