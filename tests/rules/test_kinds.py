"""The kinds of move and event have one home (``game.rules.kinds``) and are written as the same words as before."""
import json
import random

from game.rules import MOVES, PRESETS, EventKind, Match, Move, MoveKind, preset


def test_every_event_of_random_matches_is_an_event_kind():
    """The rules core emits no kind of event the vocabulary does not name, in any preset."""
    seen: set[str] = set()
    for index, preset_id in enumerate(PRESETS):
        match = Match(preset(preset_id), seed=100 + index)
        rng = random.Random(index)
        seen.update(event.kind for event in match.deal_events)
        turns = 0
        while not match.over and turns < 3000:
            if match.hand.over:
                seen.update(event.kind for event in match.start_next_hand())
            else:
                seen.update(event.kind for event in match.apply(rng.choice(match.legal_moves())))
            turns += 1
    assert seen <= set(EventKind), seen - set(EventKind)
    assert {EventKind.PLAYED, EventKind.DREW, EventKind.DEALT, EventKind.HAND_ENDED} <= seen


def test_every_move_has_a_move_kind_and_the_words_of_before():
    """Every engine move's kind is a MoveKind, and a kind is still the plain word in JSON and text."""
    assert {move.kind for move in MOVES} == set(MoveKind)
    assert all(isinstance(move.kind, MoveKind) for move in MOVES)
    assert [kind.value for kind in MoveKind] == ["play", "draw", "pass", "last_card", "stop"]
    assert json.dumps([MoveKind.LAST_CARD, EventKind.HAND_ENDED]) == '["last_card", "hand_ended"]'
    assert Move("draw") == Move(MoveKind.DRAW) and hash(Move("play", 3)) == hash(Move.play(3))
    assert str(Move.parse("8S>H")) == "8S>H" and str(Move(MoveKind.LAST_CARD)) == "last"


def test_a_record_is_written_exactly_as_before():
    """A finished match's record holds moves in the notation of before, and replays to the same match."""
    match = Match(preset("crazy_eights"), seed=7)
    rng = random.Random(7)
    for _ in range(40):
        if match.over or match.hand.over:
            break
        match.apply(rng.choice(match.legal_moves()))
    text = json.dumps(match.to_record())
    assert "MoveKind" not in text and "EventKind" not in text
    again = Match.from_record(json.loads(text))
    assert again.moves == match.moves
