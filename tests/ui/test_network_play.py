"""Play with friends through the real screens: real pygame events on the dummy driver, a real host and a real
client on localhost (joining by address and port: no discovery needed).

The host's screens are driven by events while a real ``TableClient`` joins them; the join screen is driven
by events while a real ``TableHost`` (polled here, as the host's frame loop would) serves a table.
"""
from __future__ import annotations

import dataclasses
import random
import threading
import time

import pygame
import pygame_gui
import pytest

from game.net.autoplay import guest_step, host_step
from game.net.client import TableClient
from game.net.host import TableHost
from game.rules import MoveKind, preset
from game.session import REMOTE, Seat, TableSession
from game.ui.net_link import GuestTable, HostLink
from game.ui.scene import AMBIENT_FPS
from game.ui.table import TableScene

FRAME = 1 / 60


def type_into(ui, entry, text: str) -> None:
    """Click a text box, clear it and type ``text`` as key presses would."""
    ui.click(entry)
    entry.set_text("")
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    ui.step(2)


def run_until(ui, condition, seconds: float = 10.0, also=None) -> bool:
    """Step frames (and ``also``, once per frame) until ``condition()`` or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ui.step()
        if also is not None:
            also()
        if condition():
            return True
        time.sleep(0.002)
    return condition()


def quick(app) -> None:
    """Moves shown at once: the tests watch what happens, not the animation."""
    app.save_settings(dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant",
                                          ai_think_budget_ms=10))


def join_in_thread(client: TableClient) -> threading.Thread:
    """``client.connect()`` waits for the host's answer, which the host's frame loop gives: join off it."""
    def connect():
        try:
            client.connect()
        except Exception as error:   # noqa: BLE001 - the test reads it
            client.failure = error
    client.failure = None
    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def served_table():
    """A real host on localhost: seat 0 a computer standing for the host's person, seat 1 open to a friend,
    seat 2 a computer. Its frame loop runs in a thread of its own (as the host's computer would run it):
    the guest's screen waits for the host's answer to its move, which this thread gives. ``state["playing"]``
    lets the host's computers play."""
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    session = TableSession.new(rules, 21, [Seat("Mia", "easy"), Seat("Ada", REMOTE), Seat("Bruno", "easy")],
                               think_budget_ms=10)
    host = TableHost(session, bind="127.0.0.1", port=0, code="K7QM")
    state = {"playing": False, "stop": threading.Event()}

    def host_loop():
        rng = random.Random(5)
        while not state["stop"].is_set():
            if state["playing"]:
                if not host_step(host, rng):
                    state["playing"] = False
            else:
                host.poll()
            time.sleep(0.002)
    loop = threading.Thread(target=host_loop, daemon=True)
    loop.start()
    yield host, state
    state["stop"].set()
    loop.join(5)
    host.close()
    session.close()


def test_the_host_screens_open_a_table_that_a_friend_joins_by_address(app, ui):
    quick(app)
    app.go("menu", how="clear")
    ui.step(2)
    ui.click(ui.button("Play with friends"))
    ui.click(ui.button("Host a table"))
    host = app.scenes.top
    ui.click(ui.button("Open the table"))   # as "You": friends would see nobody's name
    assert host.link is None and any("Type a name" in text for text in app.notices.texts())
    type_into(ui, host.name_entry, "Mia")
    ui.choose(host.players_menu, "3 players")
    host = app.scenes.top
    assert [menu.selected_option[1] for menu in host.kind_menus] == ["friend", "medium"]
    ui.choose(next(menu for menu, index in host.kind_menus.items() if index == 1), "Computer: Easy")
    ui.click(ui.button("Open the table"))
    link = host.link
    assert isinstance(link, HostLink) and app.table_link is link
    assert len(link.code) == 4 and link.address_text().endswith(f":{link.host.address[1]}")
    assert "Waiting for a friend…" in host.seat_labels[1].text

    client = TableClient("127.0.0.1", link.host.address[1], link.code, "Bruno")
    thread = join_in_thread(client)
    assert run_until(ui, lambda: not thread.is_alive() and "Bruno joined" in host.seat_labels[1].text)
    assert client.failure is None
    assert "Bruno sat down at the table." in app.notices.texts()
    assert host.seat_labels[2].text.endswith("computer: Easy")
    ui.click(ui.button("Start"))
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is link.session
    assert [seat.kind for seat in table.session.seats] == ["human", REMOTE, "easy"]
    assert table.session.name(1) == "Bruno"

    # The friend plays from their own computer (a loop of its own, as their frames would be); each move
    # made at the host shows at the guest.
    guest = client.table
    stop = threading.Event()

    def guest_loop():
        rng = random.Random(1)
        while not stop.is_set() and guest_step(guest, rng):
            pass
    guest_thread = threading.Thread(target=guest_loop, daemon=True)
    guest_thread.start()
    rng = random.Random(1)

    def host_person_plays():
        if table.session.human_turn() and not table.board.moving and app.scenes.top is table:
            moves = table.session.view().my_moves
            table.human_move(rng.choice([m for m in moves if m.kind != MoveKind.LAST_CARD] or list(moves)))
    moved = lambda: len([e for e in list(guest.history) if e.seat is not None and e.seat != 1])
    assert run_until(ui, lambda: moved() >= 3, 20, also=host_person_plays)
    assert any(entry.seat == 1 for entry in table.session.history) or table.session.to_act() == 1
    stop.set()
    guest_thread.join(5)

    # Leaving the table for the menu closes it: the friend hears that the host left.
    app.main_menu()
    ui.step(2)
    assert app.table_link is None and link.closed
    assert run_until(ui, lambda: guest.poll() is not None and guest.ended == "host_quit", 5)
    client.close()


def test_the_join_screen_joins_by_address_and_shows_the_hosts_moves(app, ui, served_table):
    host, state = served_table
    quick(app)
    app.go("menu", how="clear")
    ui.step(2)
    ui.click(ui.button("Play with friends"))
    ui.click(ui.button("Join a table"))
    join = app.scenes.top
    type_into(ui, join.entries["name"], "Zoë")
    type_into(ui, join.entries["address"], "127.0.0.1")
    type_into(ui, join.entries["port"], str(host.address[1]))
    type_into(ui, join.entries["code"], "k7qm")
    ui.click(ui.button("Join"))
    assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene)), join.status
    table = app.scenes.top
    assert isinstance(table.session, GuestTable) and table.session.seat == 1
    assert table.session.name(1) == "Zoë" and host.session.name(1) == "Zoë"
    assert app.table_link is not None and app.table_link.table is table.session
    assert app.settings.player_name == "Zoë"

    # Not available at a network table, said rather than crashing.
    ui.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.effects.toast is not None and "network table" in table.effects.toast[0]
    assert not ui.has_button("Hint") or not ui.button("Hint").visible

    # The host's computers move; the guest's table shows each move (log line, history) and the guest plays.
    state["playing"] = True
    others = lambda: [entry for entry in table.session.history if entry.seat not in (None, 1)]
    rng = random.Random(2)

    def frame():
        if table.session.human_turn() and not table.board.moving and app.scenes.top is table:
            moves = [m for m in table.session.view().my_moves if m.kind != MoveKind.LAST_CARD]
            table.human_move(rng.choice(moves or list(table.session.view().my_moves)))
    assert run_until(ui, lambda: len(others()) >= 2, 20, also=frame)
    assert table.log, "the guest's move log stayed empty"
    assert host.session.history[len(host.session.history) - 1].seat is not None

    # The host leaves: the match is over for the guest, back at the menu with a message.
    state["stop"].set()
    host.close()
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "MessageScene", 5)
    assert app.table_link is None
    assert "The host left: the match is over." in app.scenes.top.text


@pytest.mark.parametrize("code, port_shift, words", [
    ("ZZZZ", 0, "That is not this table's code"),
    ("K7QM", 1, "Nobody is hosting a table at that address and port"),
])
def test_a_refused_join_says_why_and_keeps_what_was_typed(app, ui, served_table, code, port_shift, words):
    host, _state = served_table
    join = app.go("join_table")
    ui.step(2)
    type_into(ui, join.entries["name"], "Zoë")
    type_into(ui, join.entries["address"], "127.0.0.1")
    port = host.address[1] + port_shift if port_shift == 0 else _closed_port()
    type_into(ui, join.entries["port"], str(port))
    type_into(ui, join.entries["code"], code)
    ui.click(ui.button("Join"))
    assert run_until(ui, lambda: join.joining is None and words in join.status, 10), join.status
    assert any(words in text for text in app.notices.texts())
    assert app.scenes.top is join and join.entries["code"].get_text() == code
    assert join.entries["address"].get_text() == "127.0.0.1"


def test_boxes_typed_wrong_are_refused_before_any_connection(app, ui):
    join = app.go("join_table")
    ui.step(2)
    type_into(ui, join.entries["address"], "192.168.1.20")
    type_into(ui, join.entries["code"], "K7QM")
    ui.click(ui.button("Join"))
    assert join.joining is None and "Type a name" in join.status, "the default name \"You\" tells friends nothing"
    type_into(ui, join.entries["address"], "")
    ui.click(ui.button("Join"))
    assert join.joining is None and "Type the address" in join.status
    type_into(ui, join.entries["address"], "192.168.1.20")
    type_into(ui, join.entries["port"], "99999")
    ui.click(ui.button("Join"))
    assert join.joining is None and "The port is a number" in join.status


def test_a_found_table_fills_in_the_address_and_port(app, ui):
    from game.net.discovery import FoundTable
    from game.net.protocol import PROTOCOL_VERSION

    join = app.go("join_table")
    ui.step(2)
    found = FoundTable("x._crazyeights._tcp.local.", "Mia\u200b's \u202etable", "192.168.1.20", 47475,
                       PROTOCOL_VERSION, 1, 3)
    join.browser._tables[found.service] = found   # as the browser thread would list it
    join.browser.changes += 1
    ui.step(2)
    button = next(button for button in join.table_buttons)
    assert "\u202e" not in button.text and "\u200b" not in button.text and "1 seat open" in button.text
    ui.click(button)
    assert join.entries["address"].get_text() == "192.168.1.20"
    assert join.entries["port"].get_text() == "47475"


def _closed_port() -> int:
    """A localhost port nobody listens on (bound, then let go)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def quiet_frames_draw_nothing(app, frames: int = 8) -> bool:
    """Whether a marker painted on the window survives ``frames`` quiet frames (nothing was drawn again)."""
    from game.ui.app import INPUT_GRACE

    time.sleep(INPUT_GRACE + 0.05)
    for _ in range(3):
        app.step(FRAME)
    app.screen.set_at((5, 5), (255, 0, 255))
    for _ in range(frames):
        app.step(FRAME)
    return tuple(app.screen.get_at((5, 5)))[:3] == (255, 0, 255)


def test_waiting_in_the_lobby_or_for_tables_draws_nothing(app, ui):
    """The lobby polls the host and the join screen its browser a few times a second; neither redraws the
    window while nothing changes (the app's frame rate for them is the ambient one, not the full one)."""
    host = app.go("host_table")
    ui.step(2)
    type_into(ui, host.name_entry, "Mia")
    host.open_table()
    ui.step(3)
    assert host.link is not None
    app.notices.clear()
    ui.step(2)
    assert quiet_frames_draw_nothing(app), "a waiting lobby drew the window again"
    assert app.frame_rate() == AMBIENT_FPS, "a waiting lobby runs at the full frame rate"
    join = app.go("join_table")
    ui.step(3)
    join.browser.close()   # a table appearing in the list would (rightly) draw: keep the list still
    assert quiet_frames_draw_nothing(app), "the join screen drew the window again while nothing changed"
    app.pop()
    host.back()


def test_a_dropped_guest_joins_again_and_takes_the_same_seat_back(app, ui, served_table):
    host, _state = served_table
    join = app.go("join_table")
    ui.step(2)
    for key, text in (("name", "Zoë"), ("address", "127.0.0.1"), ("port", str(host.address[1])), ("code", "K7QM")):
        type_into(ui, join.entries[key], text)
    ui.click(ui.button("Join"))
    assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene))
    guest = app.scenes.top.session.remote
    guest.client.connection.close()   # the network drops (no goodbye from the game)
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "MessageScene", 10)
    assert "connection to the table was lost" in app.scenes.top.text
    assert run_until(ui, lambda: [row.state for row in host.lobby()][1] == "waiting", 5)
    ui.key(pygame.K_RETURN)
    join = app.go("join_table")
    ui.step(2)
    for key, text in (("address", "127.0.0.1"), ("port", str(host.address[1])), ("code", "K7QM")):
        type_into(ui, join.entries[key], text)
    ui.click(ui.button("Join"))
    assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene))
    assert app.scenes.top.session.seat == 1 and [row.state for row in host.lobby()][1] == "connected"


def test_the_join_screen_takes_an_ipv6_address_with_its_port_and_says_what_a_link_local_one_lacks(app, ui):
    from tests.net.test_ipv6 import NO_IPV6

    join = app.go("join_table")
    ui.step(2)
    type_into(ui, join.entries["name"], "Zoë")
    type_into(ui, join.entries["code"], "K7QM")
    type_into(ui, join.entries["address"], "fe80::1")
    ui.click(ui.button("Join"))
    assert join.joining is None and "needs the network it is on after a %" in join.status
    if NO_IPV6 is not None:
        pytest.skip(f"IPv6 not tested: {NO_IPV6}")
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    session = TableSession.new(rules, 22, [Seat("Mia", "easy"), Seat("Ada", REMOTE), Seat("Bruno", "easy")],
                               think_budget_ms=10)
    host = TableHost(session, code="K7QM")   # every address, IPv4 and IPv6, as the game's host listens
    try:
        # The address as the host's screen shows it, port and all; the port box says something else.
        type_into(ui, join.entries["address"], f"[::1]:{host.address[1]}")
        type_into(ui, join.entries["port"], "1")
        ui.click(ui.button("Join"))
        assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene), also=host.poll), join.status
        assert app.scenes.top.session.seat == 1 and host.session.name(1) == "Zoë"
    finally:
        if app.table_link is not None:
            app.table_link.close()
        host.close()
        session.close()
