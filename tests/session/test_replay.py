"""The replay model: a real match replayed frame by frame with every hand face up, navigation, and a
finished match handed to the recent-matches store by the session."""
from __future__ import annotations

import random

import pytest

from game.rules import Match, Move, preset
from game.session import AIWorker, TableSession
from game.session.replay import Replay
from game.store import AutosaveStore, StatisticsStore
from game.store.recent import RecentMatchesStore
from game.store.saved_game import SavedGame, SavedGameError, SavedSeat

from .test_session import seats

SAVED_SEATS = (SavedSeat("Tess", "human"), SavedSeat("Ada", "easy"), SavedSeat("Bruno", "medium"),
               SavedSeat("Chloé", "hard"))


def truth_of(match: Match) -> dict:
    """The full position of a match, read straight from the rules core, by match seat."""
    hand = match.hand
    hands = {seat: tuple(hand.hands[player]) for player, seat in enumerate(match.seats)}
    return {"hands": hands, "top": hand.discard[-1], "stock": len(hand.stock), "suit": hand.suit,
            "pending": hand.pending, "totals": tuple(match.totals), "hand": match.hand_number,
            "to_act": None if match.over or hand.over else match.current_seat}


def played_match(seed: int, players: int = 4, hands: int = 3):
    """A match of random legal moves (out-of-turn "last card" calls included), and the true position
    after every step."""
    rules = preset("crazy_eights", players).replace(match_end="fixed_hands", fixed_hands=hands)
    match = Match(rules, seed)
    rng = random.Random(seed)
    truths = [truth_of(match)]
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
            mover = next((s for s in match.seats if match.can_call_last_card(s) and s != match.current_seat), None)
            if mover is not None and rng.random() < 0.5:
                truths.append(truth_of(match))
                match.apply(Move("last_card"), mover)
        truths.append(truth_of(match))
    return match, truths


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_frame_shows_the_true_position_with_every_hand_face_up(seed):
    match, truths = played_match(seed)
    replay = Replay.of(SavedGame(match.to_record(), SAVED_SEATS))

    assert replay.finished and replay.winners == tuple(match.winners)
    assert len(replay) == len(truths) > 20
    assert replay.hand_count == 3
    for frame, truth in zip(replay.frames, truths):
        for seat in range(4):
            assert frame.hands[seat] == truth["hands"].get(seat, ())
        assert frame.pile[-1] == truth["top"]
        assert frame.stock_count == truth["stock"]
        assert frame.suit == truth["suit"]
        assert frame.pending == truth["pending"]
        assert frame.totals == truth["totals"]
        assert frame.hand_number == truth["hand"]
        assert frame.to_act == truth["to_act"]
    # Every card is somewhere: the hands, the pile and the stock hold the whole deck in every frame.
    for frame in replay.frames:
        assert sum(map(len, frame.hands)) + frame.pile_count + frame.stock_count == 52
    assert replay.frames[-1].match_over


def test_stepping_back_and_forward_reaches_identical_frames():
    match, _truths = played_match(4)
    replay = Replay.of(SavedGame(match.to_record(), SAVED_SEATS))
    seen = [replay.frame]
    while not replay.at_end:
        seen.append(replay.step())
    assert [frame.index for frame in seen] == list(range(len(replay)))
    for index in range(len(replay) - 1, -1, -1):
        assert replay.frame == seen[index]
        replay.step(-1)
    assert replay.index == 0
    assert replay.step(-1) == seen[0] and replay.index == 0  # the start holds (frames are made when shown)
    assert replay.last() == seen[-1] and replay.step(1) == seen[-1] and replay.at_end
    # A second replay of the same record builds equal frames.
    again = Replay.of(SavedGame(match.to_record(), SAVED_SEATS))
    assert again.frames == replay.frames


def test_hand_by_hand_navigation():
    match, _truths = played_match(5)
    replay = Replay.of(SavedGame(match.to_record(), SAVED_SEATS))
    starts = replay.hand_starts
    assert len(starts) == 3 and starts[0] == 0
    assert all(replay.frames[start].deal for start in starts)
    assert replay.next_hand().index == starts[1]
    assert replay.next_hand().index == starts[2]
    assert replay.next_hand().index == len(replay) - 1      # the last hand: to its end
    assert replay.previous_hand().index == starts[2]        # back to this hand's deal
    assert replay.previous_hand().index == starts[1]        # from a deal: the hand before
    replay.step(3)
    assert replay.hand_start() == starts[1]
    assert replay.first().index == 0
    assert replay.previous_hand().index == 0


def test_a_record_of_a_match_in_play_replays_up_to_where_it_stops():
    match = Match(preset("crazy_eights", 3), 9)
    for _ in range(7):
        match.apply(match.legal_moves()[0])
    replay = Replay.of(SavedGame(match.to_record(), SAVED_SEATS[:3]))
    assert not replay.finished
    assert len(replay) == 8
    assert replay.last().hands[match.current_seat] == tuple(match.hand.hands[match.hand.current])


def test_a_bare_record_gets_its_players_from_seats_for_and_a_broken_one_is_refused():
    match, _truths = played_match(6, players=3, hands=1)
    replay = Replay.of(SavedGame(match.to_record(), None), seats_for=lambda players: seats(players))
    assert [seat.name for seat in replay.seats] == ["Tess", "Ada", "Bruno"]
    record = match.to_record()
    record["hands"][0].insert(0, "QQ")
    with pytest.raises(SavedGameError):
        Replay.of(SavedGame(record, None), seats_for=seats)


def test_a_finished_match_at_the_table_is_kept_in_the_recent_matches(folders):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    recent = RecentMatchesStore(folders)
    session = TableSession(Match(rules, 11), seats(3), autosave=AutosaveStore(folders),
                           statistics=StatisticsStore(folders), recent=recent, worker=AIWorker("thread"))
    rng = random.Random(11)
    try:
        while not session.over:
            if session.hand_over:
                session.next_hand()
            else:
                session.apply(rng.choice(session.match.legal_moves()))
            if not session.over:
                assert recent.load() == ([], None)  # only a finished match is kept
    finally:
        session.close()
    [kept] = recent.load()[0]
    assert kept.game == "crazy_eights" and kept.winners == tuple(session.match.winners)  # a short match of it
    assert [seat.name for seat in kept.saved.seats] == ["Tess", "Ada", "Bruno"]
    replay = Replay.of(kept.saved)
    assert len(replay) == len(session.history)
    for frame, entry in zip(replay.frames, session.history):
        assert (frame.seat, frame.move, frame.events) == (entry.seat, entry.move, entry.events)
    # A rematch keeps using the store.
    assert session.rematch(12).recent_store is recent


def test_a_store_that_cannot_be_written_is_reported_once_and_the_match_still_ends(folders):
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    recent = RecentMatchesStore(folders)
    folders.data_dir.write_text("a file where the data folder belongs: every write fails")
    told = []
    session = TableSession(Match(rules, 3), seats(3), recent=recent, worker=AIWorker("thread"),
                           report_problem=lambda store, reason: told.append(store))
    rng = random.Random(3)
    try:
        while not session.over:
            session.apply(rng.choice(session.match.legal_moves()))
    finally:
        session.close()
    assert told == ["recent"]
    assert session.match.over


def test_each_hand_end_has_its_result_and_the_practice_mark_is_kept():
    match, _truths = played_match(11)
    saved = SavedGame(SavedGame.of(match, SAVED_SEATS).record, SAVED_SEATS, practice=True)
    replay = Replay.of(saved)
    assert replay.practice and not Replay.of(SavedGame.of(match, SAVED_SEATS)).practice
    ends = [frame.index for frame in replay.frames if frame.hand_over]
    assert [replay.result(index) for index in ends] == list(match.results)
    assert all(replay.result(index) is None for index in range(len(replay)) if index not in ends)
    for end, start in zip(ends, replay.hand_starts):
        result = replay.result(end)
        before = replay.frames[start].totals
        assert tuple(before[seat] + result.scores[seat] for seat in result.seats) == result.totals
        assert replay.hand_ordinal(end) == replay.hand_starts.index(start)
