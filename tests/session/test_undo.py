"""Fair undo: back to before the person's last decision, refused once a hidden card was seen."""
from __future__ import annotations

import time

import pytest

from game.rules import Match, Move, preset
from game.session import PRACTICE, AIWorker, Seat, TableSession, UndoRefused
from game.store import AutosaveStore, StatisticsStore
from game.store.saved_game import load_autosave

SEATS = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]


def session_on(folders, rules, seed):
    return TableSession(Match(rules, seed), SEATS, autosave=AutosaveStore(folders),
                        statistics=StatisticsStore(folders), think_budget_ms=10, worker=AIWorker("thread"))


def computers_until_person(session, limit=20.0):
    deadline = time.monotonic() + limit
    while not session.human_turn() and not session.hand_over:
        assert time.monotonic() < deadline
        if session.think() is not None:
            session.play_computer_move()
        else:
            time.sleep(0.001)


def position_for_undo(folders, rules=None):
    """A session where the person just played a card and the computers have moved since, no one drawing."""
    rules = rules or preset("crazy_eights", 3)
    for seed in range(1, 400):
        session = session_on(folders, rules, seed)
        computers_until_person(session)
        view = session.view()
        plays = [m for m in view.my_moves if m.kind == "play"]
        if session.hand_over or not plays:
            session.close()
            continue
        before = (session.match.to_record(), session.view())
        session.play(plays[0])
        computers_until_person(session)
        drew = any(e.kind in ("drew", "penalty_paid", "reshuffled", "hand_ended")
                   for entry in session.history for e in entry.events if entry.seat is not None)
        if not drew and not session.hand_over:
            return session, before
        session.close()
    raise AssertionError("no seed gives a position to undo")


def test_undo_restores_the_exact_position_before_the_persons_move(folders):
    session, (record, view) = position_for_undo(folders)
    try:
        assert len(session.match.moves[-1]) > len(record["hands"][-1])
        session.undo()
        assert session.match.to_record() == record
        after = session.view()
        assert (after.my_cards, after.discard, after.to_act, after.suit, after.stock_count) == \
            (view.my_cards, view.discard, view.to_act, view.suit, view.stock_count)
        assert [s.card_count for s in after.seats] == [s.card_count for s in view.seats]
        assert session.history[-1].seat != 0 or session.history[-1].move is None
        # The autosave holds the position taken back to, marked as practice.
        saved, _problem = load_autosave(AutosaveStore(folders))
        assert saved.record == record and saved.practice
    finally:
        session.close()


def test_undo_is_refused_after_a_card_was_drawn_and_changes_nothing(folders):
    for seed in range(1, 400):
        session = session_on(folders, preset("crazy_eights", 3), seed)
        computers_until_person(session)
        if Move("draw") in session.view().my_moves:
            break
        session.close()
    try:
        session.play(Move("draw"))
        record = session.match.to_record()
        with pytest.raises(UndoRefused) as refusal:
            session.undo()
        assert refusal.value.reason == "card_seen"
        assert session.match.to_record() == record and not session.practice
    finally:
        session.close()


def test_undo_with_nothing_of_the_persons_in_the_hand_is_refused(folders):
    session = session_on(folders, preset("crazy_eights", 3), 1)
    try:
        with pytest.raises(UndoRefused) as refusal:
            session.undo()
        assert refusal.value.reason == "nothing_to_undo"
    finally:
        session.close()


def test_a_match_with_an_undo_counts_apart_as_practice_even_after_resuming(folders):
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    session, _before = position_for_undo(folders, rules)
    session.undo()
    session.close()
    saved, _problem = load_autosave(AutosaveStore(folders))
    resumed = TableSession.resume(saved, autosave=AutosaveStore(folders), statistics=StatisticsStore(folders),
                                  think_budget_ms=10, worker=AIWorker("thread"))
    try:
        assert resumed.practice and resumed.statistics_key() == ("crazy_eights", PRACTICE)
        while not resumed.over:
            if resumed.human_turn():
                resumed.play(resumed.view().my_moves[0])
            else:
                computers_until_person(resumed)
        statistics, _problem = StatisticsStore(folders).load()
        assert [(e.preset_id, e.level) for e in statistics.entries] == [("crazy_eights", PRACTICE)]
    finally:
        resumed.close()


def test_undo_refusal_tells_ahead_what_undo_would_answer(folders):
    from game.session import undo_refusal

    session, _before = position_for_undo(folders)
    try:
        assert undo_refusal(session.history, session.human) is None
        session.undo()
        refusal = undo_refusal(session.history, session.human)
        assert refusal is not None and refusal.reason == "nothing_to_undo"
        with pytest.raises(UndoRefused):
            session.undo()
        assert undo_refusal(session.history, None).reason == "nothing_to_undo"
        draw = next((m for m in session.view().my_moves if m.kind == "draw"), None)
        if draw is not None:
            session.play(draw)
            assert undo_refusal(session.history, session.human).reason == "card_seen"
    finally:
        session.close()
