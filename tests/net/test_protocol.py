"""What travels: a seat's view, its history and the results come back as the same values the screen reads,
with nothing of another seat's hand; sizes stay under the caps."""
from __future__ import annotations

import json
import random

import pytest

from game.net.protocol import (HOST_MESSAGES, MAX_HOST_MESSAGE, ProtocolError, TableFacts, entry_fields, entry_from,
                               hand_result_fields, hand_result_from, match_result_fields, match_result_from,
                               read_message, view_fields, view_from, write_message)
from game.rules import EventKind

from .peers import make_session


def sent_and_read(kind, **fields):
    return read_message(write_message(kind, **fields), HOST_MESSAGES, MAX_HOST_MESSAGE)


@pytest.mark.parametrize("preset_id", ["crazy_eights", "switch", "mau_mau"])
def test_views_history_and_results_come_back_as_the_values_the_screen_reads(preset_id):
    session = make_session(preset_id, 3)
    try:
        rng = random.Random(3)
        facts = TableFacts(1, session.rules, tuple(s.name for s in session.seats), tuple(s.kind for s in session.seats))
        while not session.over:
            if session.hand_over:
                result = session.hand_result()
                message = sent_and_read("table", start=0, entries=[], view=view_fields(session.view_for(1)),
                                        catch_up=False, hand_result=hand_result_fields(result),
                                        match_result=None if session.match_result() is None
                                        else match_result_fields(session.match_result()))
                assert hand_result_from(message["hand_result"], session.seats) == result
                if session.over:
                    assert match_result_from(message["match_result"], session.seats) == session.match_result()
                session.next_hand()
                continue
            session.apply(rng.choice(session.match.legal_moves()))
            entry = session.history[-1]
            history = [entry_from(sent_and_read("table", start=0, entries=[entry_fields(e, 1)],
                                                view=view_fields(session.view_for(1)), catch_up=False,
                                                hand_result=None, match_result=None)["entries"][0])
                       for e in session.history[-12:]]
            read = history[-1]
            assert (read.seat, read.move, read.hand, read.dealer) == (entry.seat, entry.move, entry.hand, entry.dealer)
            for sent, got in zip(entry.events, read.events):
                hidden = sent.kind in (EventKind.DEALT, EventKind.DREW) and sent.player != 1
                assert got.cards == (() if hidden else tuple(sent.cards)) and got.kind == sent.kind
            view = session.view_for(1)
            checked = sent_and_read("table", start=0, entries=[], view=view_fields(view), catch_up=False,
                                    hand_result=None, match_result=None)["view"]
            back = view_from(checked, facts, session.history)
            assert back == view
    finally:
        session.close()


def test_a_host_message_that_does_not_fit_the_table_is_refused():
    session = make_session("crazy_eights", 4)
    try:
        fields = view_fields(session.view_for(1))
        facts = TableFacts(1, session.rules, ("A", "B"), ("human", "remote"))   # two names for four seats
        with pytest.raises(ProtocolError):
            view_from(sent_and_read("table", start=0, entries=[], view=fields, catch_up=False, hand_result=None,
                                    match_result=None)["view"], facts, [])
        fields["cards"] = ["8S"] * 121
        with pytest.raises(ProtocolError):
            sent_and_read("table", start=0, entries=[], view=fields, catch_up=False, hand_result=None,
                          match_result=None)
        with pytest.raises(ProtocolError) as refused:
            read_message(json.dumps({"type": "notice", "code": "joined", "params": {}, "extra": 1}), HOST_MESSAGES,
                         MAX_HOST_MESSAGE)
        assert refused.value.code == "net.unknown_field"
    finally:
        session.close()
