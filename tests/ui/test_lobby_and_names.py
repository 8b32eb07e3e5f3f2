"""The guest's lobby and one name per person, through the real screens: real pygame events on the dummy
driver, a real host on localhost (polled in a thread of its own, as the host's computer would run it)."""
from __future__ import annotations

import dataclasses
import threading
import time

import pygame
import pytest

from game.net.client import TableClient
from game.net.host import TableHost
from game.rules import preset
from game.session import OPPONENT_NAMES, REMOTE, Seat, TableSession
from game.ui.scene import AMBIENT_FPS
from game.ui.table import TableScene

from tests.ui.test_network_play import quiet_frames_draw_nothing, run_until, type_into


@pytest.fixture
def lobby_table():
    """Mia hosts (a person at her own computer), two seats open to friends, Ada a computer; the table waits
    in its lobby until ``host.start()``."""
    rules = preset("crazy_eights", 4)
    session = TableSession.new(rules, 21, [Seat("Mia", "human"), Seat("Bruno", REMOTE), Seat("Chloé", REMOTE),
                                           Seat("Ada", "easy")], think_budget_ms=10)
    host = TableHost(session, bind="127.0.0.1", port=0, code="K7QM", lobby=True)
    stop = threading.Event()

    def host_loop():
        while not stop.is_set():
            host.poll()
            time.sleep(0.002)
    loop = threading.Thread(target=host_loop, daemon=True)
    loop.start()
    yield host
    stop.set()
    loop.join(5)
    host.close()
    session.close()


def join_by_screen(app, ui, host, name: str = "Zoë"):
    join = app.go("join_table")
    ui.step(2)
    for key, text in (("name", name), ("address", "127.0.0.1"), ("port", str(host.address[1])), ("code", "K7QM")):
        type_into(ui, join.entries[key], text)
    ui.click(ui.button("Join"))
    return join


def labels(lobby) -> list[str]:
    return [label.text for label in lobby.seat_labels]


def test_a_guest_waits_in_the_lobby_that_follows_the_table_live_then_plays_at_start(app, ui, lobby_table):
    from game.speech import RecordingBackend

    recorder = RecordingBackend()
    app.speech.use(recorder)
    host = lobby_table
    join_by_screen(app, ui, host)
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "GuestLobbyScene")
    lobby = app.scenes.top
    assert lobby.waiting_text() == "Waiting for Mia to start…"
    assert lobby.game_text() == "Crazy Eights  ·  4 players"
    assert labels(lobby) == ["1.  Mia (host)", "2.  Zoë (you)", "3.  Waiting for a friend…", "4.  Ada, computer: Easy"]
    said = " ".join(recorder.texts)
    assert "Mia's table. Waiting for Mia to start… Crazy Eights, 4 players." in said
    assert "At the table: 1. Mia (host); 2. Zoë (you); 3. Waiting for a friend…; 4. Ada, computer: Easy" in said
    assert not app.scenes.top.link.table.ready, "the guest saw the dealt table before Start"

    friend = TableClient("127.0.0.1", host.address[1], "K7QM", "Cem")
    friend.connect()
    assert run_until(ui, lambda: labels(lobby)[2] == "3.  Cem joined")
    assert "Cem sat down at the table." in app.notices.texts() and "Cem sat down at the table." in recorder.texts
    friend.table.close()
    assert run_until(ui, lambda: labels(lobby)[2] == "3.  Waiting for a friend…")
    assert "Cem left the table." in app.notices.texts()

    app.notices.clear()
    ui.step(2)
    assert quiet_frames_draw_nothing(app), "a waiting guest's lobby drew the window again"
    assert app.frame_rate() == AMBIENT_FPS, "a waiting guest's lobby runs at the full frame rate"

    host.start()
    assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene))
    assert app.scenes.top.session.seat == 1 and app.scenes.top.session.view() is not None


def test_leaving_the_lobby_frees_the_seat_and_keeps_what_was_typed(app, ui, lobby_table):
    host = lobby_table
    join_by_screen(app, ui, host)
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "GuestLobbyScene")
    assert [row.state for row in host.lobby()][1] == "connected"
    ui.key(pygame.K_ESCAPE)
    join = app.scenes.top
    assert type(join).__name__ == "JoinTableScene" and app.table_link is None
    assert join.entries["code"].get_text() == "K7QM" and join.entries["name"].get_text() == "Zoë"
    assert run_until(ui, lambda: [row.state for row in host.lobby()][1] == "open")
    assert host.session.name(1) != "Zoë"


def test_the_host_closing_the_lobby_sends_the_guest_to_the_menu_saying_so(app, ui, lobby_table):
    host = lobby_table
    join_by_screen(app, ui, host)
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "GuestLobbyScene")
    host.close()
    assert run_until(ui, lambda: type(app.scenes.top).__name__ == "MessageScene", 5)
    assert "The host left: the match is over." in app.scenes.top.text and app.table_link is None


def test_a_name_already_at_the_table_is_refused_on_the_join_screen(app, ui, lobby_table):
    join = join_by_screen(app, ui, lobby_table, name=" MIA ")
    assert run_until(ui, lambda: join.joining is None and "already at this table" in join.status, 10), join.status
    assert app.scenes.top is join and join.entries["name"].get_text() == " MIA "
    assert "That name is already at this table: choose another." in app.notices.texts()
    assert [row.state for row in lobby_table.lobby()][1:3] == ["open", "open"]


def test_the_hosts_lobby_lists_a_friend_live_and_no_computer_takes_the_hosts_name(app, ui):
    host = app.go("host_table")
    ui.step(2)
    type_into(ui, host.name_entry, "Bruno")   # the name the second seat's computer would have had
    ui.choose(host.players_menu, "4 players")
    host = app.scenes.top
    host.open_table()
    ui.step(3)
    link = host.link
    names = [link.session.seats[seat].name for seat in range(4)]
    assert names[0] == "Bruno" and "Bruno" not in names[1:] and set(names[1:]) <= set(OPPONENT_NAMES)
    friend = TableClient("127.0.0.1", link.host.address[1], link.code, "Ada")
    thread = threading.Thread(target=friend.connect, daemon=True)
    thread.start()
    assert run_until(ui, lambda: not thread.is_alive() and host.seat_labels[1].text == "2.  Ada joined")
    assert friend.table.lobby is not None and not friend.table.ready
    shown = [label.text for label in host.seat_labels]
    assert "Ada" not in " ".join(shown[2:]), shown   # a computer called Ada took another name
    ui.click(ui.button("Start"))
    assert isinstance(app.scenes.top, TableScene)
    deadline = time.monotonic() + 5
    while not friend.table.ready and time.monotonic() < deadline:
        ui.step()
        friend.table.poll()
    assert friend.table.ready, "the guest did not get the table at Start"
    friend.table.close()
    app.main_menu()


# ----- hot seat ---------------------------------------------------------------------------------------

def person_seats(app, ui, names: list[str]):
    """New game with 4 players, the first seats after the player made people called ``names``."""
    app.save_settings(dataclasses.replace(app.settings, player_name="Tess"))
    scene = app.go("new_game")
    ui.step(2)
    assert scene.players == 4
    for index in range(len(names)):
        ui.choose(next(menu for menu, at in scene.level_menus.items() if at == index), "Person")
        scene = app.scenes.top
    for index, name in enumerate(names):
        type_into(ui, next(entry for entry, at in scene.name_entries.items() if at == index), name)
    return scene


@pytest.mark.parametrize("names, shared", [(["Mia", " mia "], "mia"), (["TESS"], "TESS")])
def test_new_game_refuses_two_people_with_one_name_on_the_form(app, ui, names, shared):
    scene = person_seats(app, ui, names)
    ui.click(ui.button("Start"))
    assert app.scenes.top is scene, "a table opened with two people of one name"
    words = f"Two people at this table are called {shared}: give each their own name."
    assert words in scene.summary_box.html_text and words in app.notices.texts()
    entry = next(entry for entry, at in scene.name_entries.items() if at == len(names) - 1)
    type_into(ui, entry, "Nora")
    assert "Two people" not in scene.summary_box.html_text
    ui.click(ui.button("Start"))
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.session.seats[len(names)].name == "Nora"


def test_new_game_renames_a_computer_that_has_a_persons_name(app, ui):
    person_seats(app, ui, ["Bruno"])   # the second seat's computer is called Bruno
    ui.click(ui.button("Start"))
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    names = [seat.name for seat in table.session.seats]
    assert names[:2] == ["Tess", "Bruno"] and "Bruno" not in names[2:]
    assert set(names[2:]) <= set(OPPONENT_NAMES) and len(set(names)) == 4
