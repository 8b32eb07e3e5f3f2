"""A match whose record fills up (MAX_RECORD_MOVES moves, docs/RULES.md R-MATCH-LENGTH) ends there as a
session plays it: the autosave written before the last move still loads, the match is counted as
finished and its autosave cleared, and the whole record replays to the same end. (A match of 200,000
moves is played at random first: a few seconds.)"""
from __future__ import annotations

import json
import random

import pytest

from game.rules import MAX_RECORD_MOVES, MAX_TURN_CAP, IllegalMove, Match, Move, RecordError, preset
from game.session import AIWorker, TableSession, default_table
from game.store import AutosaveStore, StatisticsStore
from game.store.saved_game import load_autosave

LEFT_TO_PLAY = 3


def nearly_full_match(seed: int) -> Match:
    """7 players with voluntary draws and the highest turn cap, to a million points: nothing but the
    record's length ends it soon. Played at random to LEFT_TO_PLAY moves short of the limit."""
    rules = preset("crazy_eights", 7).replace(voluntary_draw=True, turn_cap=MAX_TURN_CAP, target=10**6)
    match, rng = Match(rules, seed), random.Random(seed)
    while match.move_count < MAX_RECORD_MOVES - LEFT_TO_PLAY:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    assert not match.over
    return match


def test_a_session_whose_record_fills_up_ends_the_match_and_every_record_it_wrote_loads(folders):
    match = nearly_full_match(seed=5)
    hands_before = len(match.moves)
    autosave, statistics = AutosaveStore(folders), StatisticsStore(folders)
    session = TableSession(match, default_table("You", 7, "easy"), autosave=autosave, statistics=statistics, think_budget_ms=10,
                           worker=AIWorker("thread"))
    rng = random.Random(1)
    try:
        session.autosave()
        while not session.over:
            if session.hand_over:
                session.next_hand()
            else:
                # The autosave on disk is the match as it stands: one a loader takes (the length is checked
                # before the first slice of the replay).
                saved, problem = load_autosave(autosave)
                assert problem is None
                assert sum(map(len, saved.record["hands"])) == session.match.move_count < MAX_RECORD_MOVES
                next(saved.replaying())
                session.apply(rng.choice(session.match.legal_moves()))
        with pytest.raises(IllegalMove):
            session.apply(Move("draw"))
    finally:
        session.close()

    ended = session.match
    assert ended.move_count == MAX_RECORD_MOVES and ended.record_full
    last = ended.results[-1]
    assert last.reason == "match_length"
    assert last.winner == min(last.seats, key=lambda seat: (last.values[seat], (seat - ended.dealer - 1) % 7))
    # The best total wins the match, a tie shares it.
    assert ended.winners == [seat for seat in range(7) if ended.totals[seat] == min(ended.totals)]
    # Counted as a finished match; the autosave of a finished match is cleared.
    assert not autosave.path.exists()
    [entry] = statistics.load()[0].entries
    assert entry.matches_played == 1 and entry.hands_played == len(ended.moves) - hands_before + 1

    # The finished record replays to the same end; one move more is refused as too long.
    record = session.saved_game().record
    again = Match.from_record(json.loads(json.dumps(record)))
    assert again.over and again.winners == ended.winners and again.results[-1] == last
    record["hands"][-1].append("draw")
    with pytest.raises(RecordError) as refused:
        Match.from_record(record)
    assert refused.value.code == "record.too_long"
