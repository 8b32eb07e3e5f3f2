"""Joining by address, port and code: refusals both ways with a code the screen words, and what a guest's
table shows before and after its first move."""
from __future__ import annotations

import json
import random
import threading
import time

import pytest
from websockets.sync.server import serve

from game.net import PROTOCOL_VERSION, JoinRefused, TableClient, TableHost
from game.net.audit import PrivacyAudit
from game.net.protocol import entry_fields, write_message
from game.rules import IllegalMove, Move
from game.session import HUMAN, REMOTE

from .peers import make_session


@pytest.fixture
def host(tmp_path):
    session = make_session("crazy_eights", 41, tmp_path)
    table = TableHost(session, bind="127.0.0.1", code="WXYZ")
    yield table
    table.close()
    session.close()


def join_in_thread(host, **options):
    """Join while the host's frame loop polls (the seat is given on the frame thread)."""
    outcome = {}

    def join():
        try:
            outcome["table"] = TableClient("127.0.0.1", host.address[1], **options).connect(timeout=5)
        except JoinRefused as refused:
            outcome["refused"] = refused
    thread = threading.Thread(target=join)
    thread.start()
    while thread.is_alive():
        host.poll()
        time.sleep(0.005)
    return outcome


def test_a_wrong_code_is_refused_and_the_right_one_in_any_case_joins(host):
    assert join_in_thread(host, code="ABCD", name="Bea")["refused"].code == "net.wrong_code"
    table = join_in_thread(host, code=" wxyz ", name="Bea")["table"]
    assert table.seat == 1 and table.name(1) == "Bea" and host.session.name(1) == "Bea"
    table.close()


def test_a_full_table_refuses_the_third_guest(host):
    first = join_in_thread(host, code="WXYZ", name="A")["table"]
    second = join_in_thread(host, code="WXYZ", name="B")["table"]
    assert {first.seat, second.seat} == {1, 2}
    assert join_in_thread(host, code="WXYZ", name="C")["refused"].code == "net.full"
    assert [row.state for row in host.lobby()] == ["here", "connected", "connected", "computer"]
    first.close()
    second.close()


def test_no_host_at_the_address_is_said_as_such():
    with pytest.raises(JoinRefused) as refused:
        TableClient("127.0.0.1", 1, "WXYZ", "Bea").connect(timeout=2)
    assert refused.value.code == "net.no_host"


def test_a_guest_of_another_version_is_refused_by_the_host_saying_both_versions(host):
    from websockets.sync.client import connect
    with connect(f"ws://127.0.0.1:{host.address[1]}/") as ws:
        ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION + 1, "code": "WXYZ", "name": "New",
                            "shiny_new_field": [1, 2]}))
        answer = json.loads(ws.recv(timeout=5))
    assert answer == {"type": "refused", "code": "net.version",
                      "params": {"host": PROTOCOL_VERSION, "guest": PROTOCOL_VERSION + 1}}


@pytest.mark.parametrize("answer", ["welcome", "refused"])
def test_a_host_of_another_version_is_refused_by_the_guest(answer):
    def other_host(connection):
        connection.recv()
        if answer == "welcome":   # a newer host whose welcome this guest cannot read
            connection.send(json.dumps({"type": "welcome", "version": PROTOCOL_VERSION + 1, "seat": 1,
                                        "table": {"new": "shape"}}))
        else:
            connection.send(write_message("refused", code="net.version",
                                          params={"host": PROTOCOL_VERSION + 1, "guest": PROTOCOL_VERSION}))
    with serve(other_host, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with pytest.raises(JoinRefused) as refused:
            TableClient("127.0.0.1", server.socket.getsockname()[1], "WXYZ", "Bea").connect(timeout=5)
    assert refused.value.code == "net.version"
    assert refused.value.params == {"host": PROTOCOL_VERSION + 1, "guest": PROTOCOL_VERSION}


def test_the_guest_table_shows_its_own_hand_only_and_plays_through_the_host(host):
    table = join_in_thread(host, code="WXYZ", name="Bea")["table"]
    session = host.session
    deadline = time.monotonic() + 5
    while not table.ready and time.monotonic() < deadline:
        host.poll()
        table.poll()
    view = table.view()
    assert view.my_cards == session.view_for(1).my_cards and view.version == session.version
    assert [seat.kind for seat in table.seats] == [REMOTE, HUMAN, REMOTE, "easy"]
    assert [event.cards for event in table.history[0].events if event.player != 1 and event.kind == "dealt"] \
        == [(), (), ()]
    assert table.undo_refusal().reason == "net.guest" and not table.available("hint")
    rng = random.Random(1)
    deadline = time.monotonic() + 30
    while not table.human_turn() and time.monotonic() < deadline:   # the host plays until it is Bea's turn
        if session.over or session.hand_over:
            pytest.skip("the hand ended before the guest's turn (pick another seed)")
        if session.human_turn():
            session.play(rng.choice(session.view().my_moves))
        elif session.computer_to_act() not in (None, 1) and session.think() is not None:
            session.play_computer_move()
        host.poll()
        table.poll()
        while table.think() is not None:
            table.play_computer_move()
    assert table.human_turn()
    missing = next(card for card in range(52) if card not in table.view().my_cards and card not in table.view().discard)
    with pytest.raises(IllegalMove) as refused:   # a card she does not hold: refused by the host, the rules' reason
        guest_plays(host, table, Move.play(missing))
    assert refused.value.reason == "not_in_hand"
    move = table.view().my_moves[0]
    events = guest_plays(host, table, move)
    assert session.history[-1].seat == 1 and session.history[-1].move == move
    assert events == list(table.history[-1].events) and table.version == session.version
    table.close()


def guest_plays(host, table, move):
    """The guest plays ``move`` (in a thread: ``play`` waits for the host) while the host's frame loop runs."""
    outcome = {}

    def play():
        try:
            outcome["events"] = table.play(move)
        except IllegalMove as error:
            outcome["refused"] = error
    thread = threading.Thread(target=play)
    thread.start()
    session = host.session
    while thread.is_alive():
        host.poll()
        if session.computer_to_act() == 1 and session.think() is not None:   # the scene applies it when it comes
            session.play_computer_move()
            host.poll()
        time.sleep(0.002)
    if "refused" in outcome:
        raise outcome["refused"]
    return outcome["events"]


def test_the_audit_finds_a_card_sent_unredacted():
    session = make_session("crazy_eights", 42)
    try:
        audit = PrivacyAudit(session)
        deal = session.history[0]
        audit(1, write_message("table", start=0, entries=[entry_fields(deal, 1)]))
        assert audit.leaks == []
        audit(1, write_message("table", start=0, entries=[entry_fields(deal, 2)]))   # redacted for seat 2, not 1
        from game.rules import card_to_str
        assert sorted(card for _seat, card, _kind in audit.leaks) == sorted(
            card_to_str(card) for card in session.match.hand.hands[session.match.hand_player(2)])
    finally:
        session.close()


def test_the_hosts_autosave_holds_the_whole_table_and_a_continued_match_keeps_the_guests_seats(host, tmp_path):
    from game.session import AIWorker, TableSession
    from game.store.autosave import AutosaveStore
    from game.store.paths import UserFolders
    from game.store.saved_game import load_autosave

    table = join_in_thread(host, code="WXYZ", name="Bea")["table"]
    session = host.session
    rng = random.Random(2)
    deadline = time.monotonic() + 30
    while session.moves_made < 6 and time.monotonic() < deadline:   # everyone moves, Bea from her table
        if session.human_turn():
            session.play(rng.choice(session.view().my_moves))
        elif session.computer_to_act() not in (None, table.seat) and session.think() is not None:
            session.play_computer_move()
        host.poll()
        table.poll()
        while table.think() is not None:
            table.play_computer_move()
        if table.human_turn():
            guest_plays(host, table, table.view().my_moves[0])
    assert session.moves_made >= 6
    saved, problem = load_autosave(AutosaveStore(UserFolders(tmp_path, tmp_path)))   # from the disk
    assert problem is None
    assert [(seat.name, seat.kind) for seat in saved.seats][:3] == [("Host", "human"), ("Bea", "remote"),
                                                                     ("Guest 2", "remote")]
    again = TableSession.resume(saved, worker=AIWorker("thread"))
    try:
        assert again.fingerprint() == session.fingerprint()
        assert [seat.kind for seat in again.seats] == [seat.kind for seat in session.seats]
        assert again.people == (0,)   # the guests' seats are not people at this screen: Medium plays them
    finally:
        again.close()
        table.close()


def test_the_host_shows_a_table_code_to_read_out_and_its_addresses():
    from game.net import local_addresses, new_table_code
    from game.net.protocol import CODE_ALPHABET, CODE_LENGTH

    codes = {new_table_code() for _ in range(200)}
    assert len(codes) > 190 and all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert all(not address.startswith("127.") and address.count(".") == 3 for address in local_addresses())
