"""The UI monkey: seeded random input across every scene, counting the exceptions it provokes.

A headless App at 1280x720 gets random real pygame events, one or two frames apart: pointer
moves, clicks (anywhere, or on a visible widget), drags, wheel turns, keys (Escape, Enter, Tab,
Shift+Tab, arrows, Space, letters, digits) and window resizes. Now and then it opens a scene
directly (the menus, a table, the pause menu, the message and confirm boxes, the hand and match
results), so every scene gets its share however the clicks go. The same seed gives the same run.

``python bench/monkey.py --events 100000`` prints one JSON line:
{"events": ..., "posted": ..., "exceptions": ..., "frames": ..., "max_rss_mb": ..., "scenes": {...},
"first_errors": [...]} ("events" counts gestures; "posted" the pygame events they took; "max_rss_mb"
the most memory the process held, sampled every few gestures and from the kernel's peak at the end).
Target: 0 exceptions and max_rss_mb under 350 at 100,000 events.
``tests/ui/test_monkey.py`` runs a few thousand events of it in the suite.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LETTERS = "abcdhspqxz0123456789"
#: Gestures between two samples of the resident memory.
RSS_SAMPLE_EVERY = 50


def resident_mb() -> float:
    """The memory this process holds now (resident set), in MB; 0.0 where the system does not say."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def peak_resident_mb() -> float:
    """The most memory this process has held so far (the kernel's high-water mark), in MB."""
    try:
        import resource
    except ImportError:  # Windows: the samples alone
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2 ** 20 if sys.platform == "darwin" else peak / 2 ** 10


class Monkey:
    """Random input for one App; ``run(events)`` returns how it went."""

    def __init__(self, app, seed: int = 0, resizes: float = 0.03, progress: int = 0):
        import pygame

        self.pygame = pygame
        self.app = app
        self.rng = random.Random(seed)
        # When to jump and where come from a stream of their own, so that a screen with one widget
        # more (which changes what the clicks draw from ``rng``) does not change the scenes visited.
        self.jumps = random.Random(f"{seed}-jumps")
        self.resizes = resizes          # the share of gestures that resize the window (each repaints the felt)
        self.events = 0                 # gestures: a click or a drag counts once
        self.posted = 0                 # pygame events posted (a click is a press and a release)
        self.frames = 0
        self.errors: list[str] = []
        self.scenes: Counter = Counter()
        self.max_rss_mb = 0.0
        self.progress = progress        # gestures between two progress lines on stderr (0: none)

    # ----- scenes the monkey can open directly -------------------------------------------------

    def _table(self, finished: bool = False):
        from game.rules import Match, preset
        from game.session import default_table
        from game.ui.sessions import session_for

        rng = self.rng
        preset_id = rng.choice(["crazy_eights", "switch", "crazy_eights_action", "swedish_rummy"])
        players = rng.randint(2, 5)
        rules = preset(preset_id, players)
        if finished:
            rules = rules.replace(match_end="single_hand") if rng.random() < 0.5 else rules
        seats = default_table("You", players, rng.choice(["easy", "medium"]))
        table = self.app.go("table", session_for(self.app, Match(rules, rng.randrange(10 ** 6)), seats),
                            how="clear")
        if finished:
            guard = 0
            while not table.session.match.hand.over and guard < 3000:
                table.session.apply(rng.choice(table.session.match.legal_moves()))
                guard += 1
        return table

    def open_random_scene(self) -> None:
        """Jump to a random scene, as a player could reach it."""
        app, rng = self.app, self.rng
        choice = self.jumps.choice(["menu", "new_game", "settings", "rules", "statistics", "table", "pause",
                             "message", "confirm", "hand_result", "match_result", "rules_of_match",
                             "export", "import", "replay"])
        if choice == "menu":
            app.main_menu()
        elif choice in ("new_game", "settings", "rules", "statistics"):
            app.main_menu()
            app.go(choice)
        elif choice == "table":
            self._table()
        elif choice == "pause":
            app.go("pause", self._table())
        elif choice == "rules_of_match":
            table = self._table()
            app.go("pause", table)
            app.go("rules", rules=table.session.rules)
        elif choice in ("export", "import"):
            app.go("pause", self._table())
            (app.scenes.top.export_record if choice == "export" else app.scenes.top.import_record)()
        elif choice == "replay":  # a hand played out, replayed from the statistics screen
            from game.ui.replay.opening import open_replay

            saved = self._table(finished=True).session.saved_game()
            app.main_menu()
            app.go("statistics")
            open_replay(app, saved, "")
        elif choice == "message":
            app.go("message", "A message", "Something to read " * rng.randint(1, 30))
        elif choice == "confirm":
            app.go("confirm", "A question", "Really? " * rng.randint(1, 20), "Yes", lambda: None)
        else:
            table = self._table(finished=True)
            if table.session.match.hand.over:
                app.go(choice, table)

    # ----- input -------------------------------------------------------------------------------

    def _widgets(self) -> list:
        import pygame_gui

        hits = []
        for element in self.app.ui_manager.get_sprite_group().sprites():
            if not getattr(element, "visible", False) or not element.alive():
                continue
            if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UICheckBox,
                                    pygame_gui.elements.UIDropDownMenu, pygame_gui.elements.UITextEntryLine,
                                    pygame_gui.elements.UIHorizontalSlider)):
                hits.append(element)
        return hits

    def _point(self):
        w, h = self.app.size
        widgets = self._widgets() if self.rng.random() < 0.6 else []
        if widgets:
            rect = self.rng.choice(widgets).get_abs_rect()
            return (rect.left + self.rng.randint(0, max(0, rect.width - 1)),
                    rect.top + self.rng.randint(0, max(0, rect.height - 1)))
        return self.rng.randrange(w), self.rng.randrange(h)

    def _post(self, kind, **data) -> None:
        self.pygame.event.post(self.pygame.event.Event(kind, **data))
        self.posted += 1

    def _mouse(self, kind, pos, **data) -> None:
        self.pygame.mouse.set_pos(pos)
        self._post(kind, pos=pos, **data)

    def random_input(self) -> None:
        """Post one random gesture (a click or a drag is several events)."""
        pg, rng = self.pygame, self.rng
        roll = rng.random()
        if roll < 0.25:
            self._mouse(pg.MOUSEMOTION, self._point(), rel=(rng.randint(-9, 9), rng.randint(-9, 9)), buttons=(0, 0, 0))
        elif roll < 0.55:
            pos = self._point()
            button = rng.choice([1, 1, 1, 1, 3])
            self._mouse(pg.MOUSEBUTTONDOWN, pos, button=button)
            self.step()
            self._mouse(pg.MOUSEBUTTONUP, pos, button=button)
        elif roll < 0.65:
            start, end = self._point(), self._point()
            self._mouse(pg.MOUSEBUTTONDOWN, start, button=1)
            for i in range(1, 5):
                self.step()
                at = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
                self._mouse(pg.MOUSEMOTION, at, rel=(1, 1), buttons=(1, 0, 0))
            self._mouse(pg.MOUSEBUTTONUP, end, button=1)
        elif roll < 0.68:
            self._post(pg.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False, precise_x=0.0, precise_y=0.0)
        elif roll < 1.0 - self.resizes:
            special = [pg.K_ESCAPE, pg.K_RETURN, pg.K_TAB, pg.K_UP, pg.K_DOWN, pg.K_LEFT, pg.K_RIGHT, pg.K_SPACE,
                       pg.K_BACKSPACE, pg.K_DELETE, pg.K_HOME, pg.K_END, pg.K_PAGEUP, pg.K_PAGEDOWN]
            if rng.random() < 0.6:
                key, text = rng.choice(special), ""
            else:
                text = rng.choice(LETTERS)
                key = ord(text)
            mod = pg.KMOD_SHIFT if rng.random() < 0.15 else 0
            for kind in (pg.KEYDOWN, pg.KEYUP):
                self._post(kind, key=key, mod=mod, unicode=text if kind == pg.KEYDOWN else "", scancode=0)
            if text:
                self._post(pg.TEXTINPUT, text=text)
        else:
            self.app.resize((rng.randint(900, 1700), rng.randint(560, 1000)))
            self.posted += 1
        self.events += 1

    def step(self) -> None:
        """One frame; an exception is counted and the monkey starts again from the main menu."""
        try:
            self.app.step(1 / 60)
        except Exception:  # the point of the monkey: count every exception a player could meet
            self.errors.append(traceback.format_exc(limit=6))
            self.pygame.event.clear()
            self.app.running = True
            self.app.main_menu()
        self.frames += 1

    def run(self, events: int) -> dict:
        """Post ``events`` random gestures; returns events, exceptions, frames and scenes seen."""
        app = self.app
        app.main_menu()
        while self.events < events:
            if self.jumps.random() < 0.01 or not len(app.scenes):
                try:
                    self.open_random_scene()
                except Exception:
                    self.errors.append(traceback.format_exc(limit=6))
                    app.main_menu()
            if not app.running:          # Quit was pressed: start the game again
                app.running = True
                app.main_menu()
            self.random_input()
            for _ in range(self.rng.choice([1, 1, 2])):
                self.step()
            top = app.scenes.top
            if top is not None:
                self.scenes[type(top).__name__] += 1
            if self.events % RSS_SAMPLE_EVERY == 0:
                self.max_rss_mb = max(self.max_rss_mb, resident_mb())
            if self.progress and self.events % self.progress == 0:
                print(json.dumps({"events": self.events, "exceptions": len(self.errors), "frames": self.frames,
                                  "rss_mb": round(resident_mb(), 1), "max_rss_mb": round(self.max_rss_mb, 1)}),
                      file=sys.stderr, flush=True)
        self.max_rss_mb = max(self.max_rss_mb, resident_mb(), peak_resident_mb())
        return {"events": self.events, "posted": self.posted, "exceptions": len(self.errors), "frames": self.frames,
                "max_rss_mb": round(self.max_rss_mb, 1), "scenes": dict(sorted(self.scenes.items())),
                "first_errors": self.errors[:3]}


def make_app(home: str | None = None):
    """A headless App on a throw-away home, fast animations so the tables move on."""
    import dataclasses

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CRAZY_EIGHTS_HOME"] = home or tempfile.mkdtemp(prefix="crazy-eights-monkey-")
    from game.store import UserFolders
    from game.ui.app import App

    app = App(size=(1280, 720), folders=UserFolders.default(), headless=True, fullscreen=False)
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast", ai_think_budget_ms=20)
    app.running = True
    return app


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print a progress line (events, exceptions, memory) on stderr every N gestures")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    app = make_app()
    started = time.perf_counter()
    result = Monkey(app, args.seed, progress=args.progress).run(args.events)
    result["seconds"] = round(time.perf_counter() - started, 1)
    for error in result["first_errors"]:
        print(error, file=sys.stderr)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
