"""The lobby before the host starts, over real sockets on localhost: guests hear who sits where (live, as
others join and leave) and see no dealt table until Start; a name already at the table is refused; a
computer never carries a person's name; the "lobby" message goes through the one checker."""
from __future__ import annotations

import json
import time

import pytest

from game.net import JoinRefused, TableHost
from game.net.protocol import HOST_MESSAGES, MAX_HOST_MESSAGE, ProtocolError, read_message, write_message
from game.session import OPPONENT_NAMES

from .peers import make_session
from .test_join import join_in_thread

#: The host's person, two seats open to friends, a computer named after a friend's likely name.
SEATS = (("Host", "human"), ("Guest 1", "remote"), ("Guest 2", "remote"), ("Ada", "easy"))


@pytest.fixture
def lobby_host(tmp_path):
    session = make_session("crazy_eights", 41, tmp_path, seats=SEATS)
    table = TableHost(session, bind="127.0.0.1", code="WXYZ", lobby=True)
    yield table
    table.close()
    session.close()


def join(host, name: str, token: str | None = None):
    """Join while the host's frame loop polls; the RemoteTable, or the JoinRefused."""
    outcome = join_in_thread(host, code="WXYZ", name=name, token=token)
    return outcome.get("table") or outcome["refused"]


def settle(host, *tables, until, seconds: float = 5.0) -> bool:
    """Poll the host and the guests until ``until()`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        host.poll()
        for table in tables:
            table.poll()
        if until():
            return True
        time.sleep(0.005)
    return until()


def states(table) -> list[tuple[str, str]]:
    return [(row.name, row.state) for row in table.lobby]


def test_a_guest_waits_in_the_lobby_sees_others_come_and_go_and_gets_the_table_at_start(lobby_host):
    host = lobby_host
    bea = join(host, "Bea")
    assert bea.lobby is not None and not bea.ready and not bea.started, "the dealt table came before Start"
    assert states(bea) == [("Host", "here"), ("Bea", "connected"), ("Guest 2", "open"), ("Ada", "computer")]
    assert [row.kind for row in bea.lobby] == ["human", "remote", "remote", "easy"]
    seen = bea.lobby_changes

    cem = join(host, "Cem")
    assert settle(host, bea, cem, until=lambda: bea.lobby[2] == cem.lobby[2] and bea.lobby[2].name == "Cem")
    assert bea.lobby[2].state == "connected" and bea.lobby_changes > seen and bea.name(2) == "Cem"
    assert not bea.ready and not cem.ready

    cem.close()   # Cem leaves the lobby: the seat is open again, under a computer's name
    assert settle(host, bea, until=lambda: bea.lobby[2].state == "open")
    assert bea.lobby[2].name in OPPONENT_NAMES and bea.lobby[2].name != "Ada"
    assert host.open_seats == (2,)
    dan = join(host, "Dan")   # the freed seat takes the next friend
    assert isinstance(dan, type(bea)) and dan.seat == 2

    host.start()
    assert settle(host, bea, dan, until=lambda: bea.ready and dan.ready)
    assert bea.started and bea.view().my_cards == host.session.view_for(1).my_cards
    assert bea.view().version == host.session.version
    bea.close()
    dan.close()


def test_the_host_leaving_the_lobby_ends_the_table_for_its_guests(lobby_host):
    bea = join(lobby_host, "Bea")
    lobby_host.close()
    deadline = time.monotonic() + 5
    while bea.ended is None and time.monotonic() < deadline:
        bea.poll()
        time.sleep(0.005)
    assert bea.ended == "host_quit" and not bea.ready
    bea.close()


@pytest.mark.parametrize("name", ["bea", "  BEA ", "B e a", "host", "HOST "])
def test_a_name_already_at_the_table_is_refused_whatever_its_case_and_spaces(lobby_host, name):
    bea = join(lobby_host, "Bea")
    answer = join(lobby_host, name)
    if name == "B e a":   # another name: the spaces inside it count
        assert not isinstance(answer, JoinRefused)
        answer.close()
    else:
        assert isinstance(answer, JoinRefused) and answer.code == "net.name_taken"
        assert lobby_host.open_seats == (2,) and lobby_host.session.name(2) == "Guest 2"
    bea.close()


def test_the_same_person_joining_again_with_their_token_is_not_refused_for_their_own_name(lobby_host):
    bea = join(lobby_host, "Bea")
    token = bea.token
    bea.client.connection.close()   # the network drops: the seat waits for her
    assert settle(lobby_host, until=lambda: lobby_host.lobby()[1].state == "waiting")
    again = join(lobby_host, "Bea", token=token)
    assert not isinstance(again, JoinRefused) and again.seat == 1
    again.close()


def test_a_computer_never_carries_a_friends_name(lobby_host):
    host = lobby_host
    ada = join(host, " ada ")   # the computer in seat 3 is called Ada
    names = [host.session.name(seat) for seat in range(4)]
    assert names[1] == " ada " and names[3] in OPPONENT_NAMES and names[3] != "Ada"
    assert len({" ".join(name.split()).casefold() for name in names}) == 4
    assert settle(host, ada, until=lambda: ada.lobby[3].name == names[3]) and ada.name(3) == names[3]
    # A friend may take the name the computer was given: the computer moves on to the next free one.
    other = join(host, names[3])
    assert not isinstance(other, JoinRefused) and other.seat == 2
    renamed = [host.session.name(seat) for seat in range(4)]
    assert renamed[2] == names[3] and renamed[3] not in (names[3], "Ada") and renamed[3] in OPPONENT_NAMES
    ada.close()
    other.close()


def test_without_a_lobby_the_table_comes_at_once_with_the_seats(tmp_path):
    session = make_session("crazy_eights", 43, tmp_path, seats=SEATS)
    host = TableHost(session, bind="127.0.0.1", code="WXYZ")
    try:
        bea = join(host, "Bea")
        assert settle(host, bea, until=lambda: bea.ready)
        assert bea.started and states(bea)[1] == ("Bea", "connected")
        bea.close()
    finally:
        host.close()
        session.close()


def read(text: str) -> dict:
    return read_message(text, HOST_MESSAGES, MAX_HOST_MESSAGE)


def test_the_checker_takes_a_lobby_of_exact_shape_and_refuses_any_other():
    good = {"type": "lobby", "started": False,
            "seats": [{"name": "Mia", "state": "here"}, {"name": "Bea", "state": "connected"}]}
    assert read(json.dumps(good)) == good
    assert read(write_message("lobby", started=True, seats=[])) == {"type": "lobby", "started": True, "seats": []}
    bad = [
        {**good, "started": 0},                                                    # an int is not a bool
        {**good, "seats": [{"name": "Mia", "state": "dancing"}]},                  # no such state
        {**good, "seats": [{"name": "Mia", "state": "here", "cards": ["8S"]}]},    # a field too many
        {**good, "seats": [{"name": "Mia"}]},                                      # a field missing
        {**good, "seats": [{"name": "M" * 49, "state": "open"}]},                  # a name too long
        {**good, "seats": [{"name": "Mia", "state": "open"}] * 16},        # too many seats
        {**good, "seats": [{"name": 7, "state": "open"}]},                         # a name that is no string
        {**good, "seats": {"0": {"name": "Mia", "state": "here"}}},                # not a list
        {"type": "lobby", "seats": []},                                            # started missing
        {**good, "host": "Mia"},                                                   # an unknown field
    ]
    for message in bad:
        with pytest.raises(ProtocolError):
            read(json.dumps(message))


def test_a_lobby_that_does_not_fit_the_table_is_not_taken(lobby_host):
    bea = join(lobby_host, "Bea")
    before = bea.lobby
    bea.client.inbox.put(read(write_message("lobby", started=False, seats=[{"name": "X", "state": "open"}])))
    bea.poll()
    assert bea.lobby == before and bea.refused_messages == 1
    bea.close()
