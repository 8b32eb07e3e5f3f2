"""Headless runs of the real App and scenes, started by flags.

``--smoke`` plays a seeded computer match to its result; ``--autoplay`` is the crash-resume test's player.
"""
from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
import time

from game.speech import SystemOutputs

from .app import DEFAULT_SIZE, FPS, MIN_SIZE, App, _headless_environment

SMOKE_TIME_LIMIT = 120.0


def speech_library() -> str:
    """"prism" when the screen-reader library loads here (a build must carry its native parts), else
    "none" (the game then speaks through spd-say / say, or stays silent)."""
    outputs = SystemOutputs()
    return "prism" if outputs.library_loaded() else f"none ({outputs.load_error})"


def smoke(seed: int = 8, time_limit: float = SMOKE_TIME_LIMIT) -> int:
    """Headless self-test: main menu, then a seeded computer-only match played to its result."""
    _headless_environment()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory(prefix="crazy-eights-smoke-") as home:
        os.environ["CRAZY_EIGHTS_HOME"] = home
        from game.rules import preset
        from game.store import UserFolders

        from .scenes.menu import MainMenuScene

        app = App(size=DEFAULT_SIZE, folders=UserFolders.default(), headless=True, fullscreen=False)
        app.save_settings(dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant", ai_think_budget_ms=10))
        missing = _missing_game_files(app)
        if missing:
            print("smoke: missing game files: " + ", ".join(missing), file=sys.stderr)
            return 1
        app.running = True
        app.push(MainMenuScene(app))
        app.step()
        if not isinstance(app.scenes.top, MainMenuScene):
            print("smoke: the main menu did not open", file=sys.stderr)
            return 1
        from game.session import Seat

        from .sessions import new_session
        from .table import MatchResultScene

        rules = preset("crazy_eights", players=3).replace(match_end="fixed_hands", fixed_hands=2)
        seats = [Seat("Ada", "easy"), Seat("Bruno", "medium"),
                 Seat("Chloe", "hard")]
        table = app.go("table", new_session(app, rules, seed, seats))
        session = table.session
        started = time.monotonic()
        frames = 0
        while not isinstance(app.scenes.top, MatchResultScene):
            if time.monotonic() - started > time_limit:
                print(f"smoke: the match did not finish within {time_limit:.0f} s "
                      f"(hand {session.hand_number}, top scene {type(app.scenes.top).__name__})", file=sys.stderr)
                return 1
            if not app.running:
                print("smoke: the game quit before the match ended", file=sys.stderr)
                return 1
            app.step(1 / FPS)
            frames += 1
        if not session.over:
            print("smoke: the match result showed before the match was over", file=sys.stderr)
            return 1
        names = ", ".join(seats[s].name for s in session.winners)
        hands, elapsed = session.hands_played, time.monotonic() - started   # the table lets go of them when closed
        network = _smoke_network(app, time_limit)
        if network.startswith("failed"):
            print(f"smoke: the network table {network}", file=sys.stderr)
            return 1
        import pygame
        print(f"smoke: ok, {hands} hands in {frames} frames "
              f"({elapsed:.1f} s); won by {names}; "
              f"AI worker: {', '.join(sorted(table.session.worker.used)) or 'none'}; "
              f"window: {pygame.display.get_caption()[0]!r}; speech: {speech_library()}; network: {network}")
        app.shutdown()
    return 0


def _smoke_network(app, time_limit: float) -> str:
    """Host a table on localhost through the host screen and join it once with a real client, as a friend's
    computer would (by address and port: no discovery needed); a line for the report, "failed: ..." if not."""
    import threading

    from game.net import TableClient

    from .table import TableScene

    app.main_menu()
    app.step(1 / FPS)
    host = app.go("host_table")
    host.players, host.kinds[:2] = 3, ["friend", "easy"]
    host.evaluate()
    host.rebuild()
    host.name_entry.set_text("Smoke host")
    host.open_table()
    link = host.link
    if link is None:
        return "failed: the table did not open"
    port = link.host.address[1]
    client = TableClient("127.0.0.1", port, link.code, "Smoke")
    failures: list[Exception] = []

    def join() -> None:
        try:
            client.connect()
        except Exception as error:   # noqa: BLE001 - reported below
            failures.append(error)
    joining = threading.Thread(target=join, daemon=True)
    joining.start()
    started = time.monotonic()
    guest = None
    while time.monotonic() - started < min(30.0, time_limit):
        app.step(1 / FPS)
        if not joining.is_alive():
            guest = client.table
            if guest is None or (guest.poll() is not None and guest.lobby is not None and "joined" in
                                 [seat.state for seat in host.lobby]):
                break
        time.sleep(0.005)
    if failures or guest is None or guest.lobby is None:
        return f"failed: could not join ({failures[0] if failures else 'no lobby came'})"
    if guest.ready:
        return "failed: the guest saw the dealt table before Start"
    seated = [seat.state for seat in host.lobby]
    host.start()
    app.step(1 / FPS)
    if not isinstance(app.scenes.top, TableScene) or app.table_link is not link:
        return "failed: the host's table did not open"
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline and not guest.ready:   # Start sends the guest the dealt table
        app.step(1 / FPS)
        guest.poll()
        time.sleep(0.005)
    if not guest.ready:
        return "failed: no table came at Start"
    cards = len(guest.view().my_cards)
    app.main_menu()   # the host leaves: the guest hears the match is over
    app.step(1 / FPS)
    heard = ""
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and not heard:
        guest.poll()
        heard = guest.ended or ""
        time.sleep(0.01)
    client.close()
    if "joined" not in seated or heard != "host_quit":
        return f"failed: lobby {seated}, guest heard {heard or 'nothing'}"
    return f"joined table {link.code} at 127.0.0.1:{port} ({cards} cards), host quit heard"


def _missing_game_files(app) -> list[str]:
    """The art, sounds, theme, catalogues and fonts the game needs but cannot find (source or build)."""
    from pathlib import Path

    import pygame_gui

    from .assets import gui_font_path, package_file
    from .i18n import LOCALE_DIR

    missing = [str(path) for path in app.assets.missing_files()]
    gui_data = Path(pygame_gui.__file__).resolve().parent / "data"
    for path in (package_file("theme.json"), gui_font_path(False), gui_font_path(True),
                 gui_data / "FiraCode-Regular.ttf"):
        if not path.is_file():
            missing.append(str(path))
    if not any(LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")):
        missing.append(str(LOCALE_DIR / "*" / "LC_MESSAGES" / "*.mo"))
    return missing


# ----- autoplay (for the crash test) --------------------------------------------------------


def _click_button(app, object_id: str, frames: int = 10) -> None:
    """Click the visible pygame_gui button ``object_id`` with real mouse events, then run a few frames."""
    import pygame
    import pygame_gui

    button = next(element for element in app.ui_manager.get_sprite_group().sprites()
                  if isinstance(element, pygame_gui.elements.UIButton) and element.visible
                  and object_id in element.get_object_ids())
    position = button.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=position, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1))
    app.frame(1 / FPS)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=position, button=1))
    for _frame in range(frames):
        if not app.running:
            break
        app.frame(1 / FPS)

AUTOPLAY_SEED = 20261129
AUTOPLAY_HANDS = 6


class _AnnouncedAutosave:
    """The real autosave store, saying on stdout when a save is on disk: ``saved <moves>`` (from the writer's
    thread for a move's autosave written in the background), ``cleared``."""

    def __init__(self, store):
        self._store = store
        store.on_saved = self._announce

    def __getattr__(self, name):
        return getattr(self._store, name)

    @staticmethod
    def _announce(record) -> None:
        from game.store.files import EncodedJSON

        hands = record["record"]["hands"]   # after a move, already encoded (the rules keep finished hands encoded)
        moves = sum(len(hand) for hand in (hands.decoded() if isinstance(hands, EncodedJSON) else hands))
        _say(f"saved {moves}")

    def clear(self) -> None:
        self._store.clear()
        _say("cleared")


def _say(line: str) -> None:
    """One whole line on stdout, in one write: the autosave's thread says ``saved`` while the frame loop
    says the rest, and ``print`` writes the line and its end separately (two threads' lines would mix)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def match_fingerprint(match) -> str:
    """A digest of a match's whole position (record and the current hand), to compare two replays."""
    from game.session import position_fingerprint

    return position_fingerprint(match)


def autoplay(seed: int = AUTOPLAY_SEED, hands: int = AUTOPLAY_HANDS) -> int:
    """Headless, unpaced play for the crash test, in the real App, menu and table.

    Resumes the autosave in CRAZY_EIGHTS_HOME through the main menu's Continue (printing
    ``resumed <moves> <fingerprint>``) or starts a seeded match, then lets the computer choose
    every move, the player's seat too, through the same calls as the mouse and keys, until the
    match result shows (``over``). Each autosave is announced once written (``saved <moves>``).
    The player's seat is a "human" one because the table only autosaves matches a person plays.
    """
    _headless_environment()
    import random

    import pygame

    from game.rules import preset

    from .scenes.loading import LoadingScene
    from .scenes.menu import MainMenuScene
    from game.session import Seat, make_bot

    from .sessions import new_session
    from .table import HandResultScene, MatchResultScene, TableScene

    app = App(size=MIN_SIZE, headless=True, fullscreen=False, own_data_folder=True)
    if not app.owns_data:
        print("autoplay: another game owns the data folder", file=sys.stderr)
        return 1
    app.settings = dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant", ai_think_budget_ms=10)
    app.autosave_store = _AnnouncedAutosave(app.autosave_store)
    app.journal.stores["autosave"] = app.autosave_store  # every write goes through the journal
    app.running = True
    menu = MainMenuScene(app)
    app.push(menu)
    app.step()
    if menu.can_continue():
        menu.continue_game()  # exactly what the Continue button does
        # A record of REPLAY_SLICE moves or more may replay under the loading bar, a slice a frame (always
        # when the frame that asked has spent its budget, as on a loaded machine); the table opens after it
        # and moves only from the frame after that.
        while isinstance(app.scenes.top, LoadingScene) and app.running:
            app.frame(1 / FPS)
        if not isinstance(app.scenes.top, TableScene):
            print("autoplay: the autosave could not be resumed", file=sys.stderr)
            return 1
        session = app.scenes.top.session
        _say(f"resumed {session.moves_made} {session.fingerprint()}")
    else:
        rules = preset("crazy_eights", players=3).replace(match_end="fixed_hands", fixed_hands=hands)
        seats = [Seat("Pilot", "human"), Seat("Ada", "easy"),
                 Seat("Bruno", "easy")]
        app.go("table", new_session(app, rules, seed, seats))
    table = app.scenes.top
    pilot, rng = make_bot("easy", 10), random.Random(seed)
    answered = None
    started = time.monotonic()
    from .crash import CRASH_STATUS, CrashScene

    while not isinstance(app.scenes.top, MatchResultScene):
        if isinstance(app.scenes.top, CrashScene):
            # The crash test's fault (CRAZY_EIGHTS_FAULT): say where the report went, then press Quit.
            _say(f"crashed {app.crash_reports[-1] if app.crash_reports else 'no report'}")
            _click_button(app, "#crash_quit")
            app.shutdown()
            return CRASH_STATUS if not app.running else 1
        if not app.running or time.monotonic() - started > SMOKE_TIME_LIMIT:
            print(f"autoplay: the match did not end (top scene {type(app.scenes.top).__name__})", file=sys.stderr)
            return 1
        top = app.scenes.top
        if top is table and table.human_turn() and table.chooser is None:
            table.human_move(pilot.choose(table.session.player_view(table.human), rng))
        elif isinstance(top, HandResultScene) and answered is not top:
            answered = top  # press Enter once: "Next hand" or "Final results"
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        app.frame(1 / FPS)
    _say("over")
    app.shutdown()
    return 0
