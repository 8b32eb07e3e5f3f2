"""The application: the window, the one event loop and the scene stack.

``App`` owns the window and a pygame_gui ``UIManager`` themed by
``theme.json``. Its loop is the only code that reads the pygame event queue:
each event goes to the UI manager and, unless a widget used it, to the top
scene. Every visible scene is drawn bottom first, then the widgets.
pygame itself is imported only once an App is made, after a headless one has
chosen the dummy video and audio drivers.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
import sys
import time
import warnings
from pathlib import Path

from .letting_go import LettingGo
from .look.palette import BLACK
from .look.scale import font_scale, scaled_theme

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)
FPS = 60
#: Seconds after the last input during which the loop keeps the full frame rate (pygame_gui's
#: hover and press looks, a card lifting under the pointer, a drag).
INPUT_GRACE = 0.5
#: Seconds between looks at the event queue while the loop idles (the longest a key waits).
IDLE_POLL = 0.008
TITLE = "Crazy Eights"

log = logging.getLogger(__name__)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _headless_environment() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _window_environment() -> None:
    # On Linux SDL shows a window's pixels through OpenGL when it can; without a graphics card (a
    # virtual machine, Mesa's software llvmpipe) that is two threads copying every frame whole, 7 %
    # of a core for an idle table. X11's shared-memory images send only the parts that changed.
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def fit_to_screen(size, desktops) -> tuple[int, int]:
    """``size`` shrunk to the first desktop (a window saved on a bigger screen must still fit)."""
    if not desktops:
        return int(size[0]), int(size[1])
    width, height = desktops[0]
    return min(int(size[0]), width), min(int(size[1]), height)


class App:
    """The window, the UI manager, the stores and the scene stack; ``run()`` is the main loop."""

    def __init__(self, size: tuple[int, int] | None = DEFAULT_SIZE, folders=None, headless: bool = False,
                 fullscreen: bool | None = None, own_data_folder: bool = False):
        if headless:
            _headless_environment()
        _window_environment()

        import pygame
        import pygame_gui

        from game.store import AutosaveStore, SettingsStore, StatisticsStore, UserFolders
        from game.store.journal import JOURNAL_FILE_NAME, StoreJournal
        from game.store.lock import DataFolderLock
        from game.store.recent import RecentMatchesStore

        from .assets import AssetMissing, Assets, package_file
        from .scene import SceneStack
        from .scenes.message import Notices
        from .sound import Sound
        from .surface_cache import compact_gui_theme_ids, give_back_memory_as_freed

        give_back_memory_as_freed()
        self.headless = headless
        self.folders = folders if folders is not None else UserFolders.default()
        #: One game process owns a data folder (``own_data_folder``: the real start asks for it).
        self.folder_lock = DataFolderLock(self.folders.data_dir)
        #: False when another game owns the data folder: this one only says so and touches no file.
        self.owns_data = self.folder_lock.acquire() if own_data_folder else True
        if not self.owns_data:
            log.warning("the data folder %s is in use by another game (process %s)", self.folders.data_dir,
                        self.folder_lock.owner_pid())
        #: How often a second start asked this game to come to the front (and it did).
        self.shown_on_request = 0
        self.settings_store = SettingsStore(self.folders)
        self.stats_store = StatisticsStore(self.folders)
        # A move's autosave is written off the frame loop (a long match's is 1.2 MB, synced to disk).
        self.autosave_store = AutosaveStore(self.folders, in_background=True)
        #: The last finished matches, for the statistics screen's list and the replay viewer.
        self.recent_store = RecentMatchesStore(self.folders)
        #: Every change to several of those files goes through it (see game.store.journal).
        self.journal = StoreJournal(self.folders.data_dir / JOURNAL_FILE_NAME, autosave=self.autosave_store,
                                    statistics=self.stats_store, recent=self.recent_store)
        self.settings, settings_problem = self.settings_store.load()
        # Before the statistics are read: a change a kill left half done is finished first (by the owner:
        # the other game may be in the middle of it).
        recovered = self.journal.recover() if self.owns_data else self.journal.run([])
        self.statistics, stats_problem = self.stats_store.load()
        autosave_problem = self.autosave_store.check_place() if self.owns_data else None
        #: One-line problems met while loading, shown once by the main menu.
        self.startup_problems: list[str] = [
            p for p in (settings_problem, *recovered.notices, stats_problem, autosave_problem) if p]
        if recovered.failed:
            log.warning("changes left undone by a stop could not be finished: %s", recovered.failed)
        #: Set when the autosave turned out unusable this session (Continue stays hidden).
        self.autosave_broken = False
        #: --seed: the seed of the next new game (then counts up), else a random one.
        self.seed_override: int | None = None

        self.language = ""
        self.apply_language()
        self._tell_unreadable_catalogues()
        pygame.display.init()
        pygame.font.init()
        if size is None:  # the size remembered from last time, if it still fits this screen
            size = fit_to_screen(self.settings.window_size, pygame.display.get_desktop_sizes())
        self._windowed_size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else bool(fullscreen)
        self.screen = self._open_window()
        self._set_caption()
        self.assets = Assets()
        self.assets.english_card_letters = self.settings.english_card_letters
        try:
            pygame.display.set_icon(self.assets.icon())
        except AssetMissing as error:
            log.warning("%s", error)

        with open(package_file("theme.json"), encoding="utf-8") as theme_file:
            self._theme = json.load(theme_file)
        self.font_scale = font_scale(self.size)
        self._laid_out_for = self.size     # the window size the screens and images were last made for
        self.ui_manager = pygame_gui.UIManager(self.size, scaled_theme(self._theme, self.font_scale),
                                               enable_live_theme_updates=False)
        compact_gui_theme_ids(self.ui_manager)
        self._preload_fonts()
        self.sound = Sound(self.settings, self.assets)
        from .speaking import make_speech

        self.speech = make_speech(self.settings, headless)
        self.scenes = SceneStack()
        self.notices = Notices(self)
        self.clock = pygame.time.Clock()
        self.running = False
        self.frames = 0
        self._last_input = time.monotonic()
        self._woken_by: list = []     # the event that ended an idle wait, handled in the next frame
        from .crash import FaultInjection

        self._fault = FaultInjection.from_environment()   # tests only: CRAZY_EIGHTS_FAULT
        #: Back on the main menu: the collector's full scan of what a long load froze waits for the frame
        #: after this one (its number and the menu here), so that it never falls in the frame that let go
        #: of the closed screens (a long match's history: tens of milliseconds); and if that frame opened
        #: something over the menu (an imported match, itself just loaded and frozen), it is not done.
        self._thaw_after: tuple[int, object] | None = None
        #: What closed screens let go of, freed a slice a frame (the thaw above waits for it).
        self.letting_go = LettingGo()
        #: Unexpected errors met in frames this run, and the crash reports written for them.
        self.crashes = 0
        self.crash_reports: list[Path] = []
        #: The network table of the match being played (a ``net_link`` HostLink or GuestLink), or None: polled
        #: every frame whatever scene is on top, so friends are answered while the pause menu is open too.
        self.table_link = None
        self._shown: tuple | None = None   # what the last whole frame showed (see _show_frame)
        self._still_before = False         # whether the top scene called the frame before still too

    # ----- the window -----------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """The window's drawable size in pixels."""
        return self.screen.get_size()

    def _open_window(self):
        import pygame

        if self.fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    # pygame-ce warns that from_display_module() is for surface rendering with Window;
                    # we only ask the window manager not to let the window shrink below the minimum.
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):  # no window size limits here: VIDEORESIZE enforces them
                pass
        return screen

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between full screen and a resizable window, and lay everything out again."""
        if bool(fullscreen) == self.fullscreen:
            return
        if not self.fullscreen:
            self._windowed_size = self.size
        self.fullscreen = bool(fullscreen)
        self.screen = self._open_window()
        self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11: full screen on/off, remembered in the settings."""
        self.set_fullscreen(not self.fullscreen)
        if self.settings.fullscreen != self.fullscreen:
            self.save_settings(dataclasses.replace(self.settings, fullscreen=self.fullscreen))

    def _window_resized(self, width: int, height: int) -> None:
        import pygame

        if self.fullscreen:
            self.screen = pygame.display.get_surface()
        else:
            wanted = (max(MIN_SIZE[0], width), max(MIN_SIZE[1], height))
            surface = pygame.display.get_surface()
            if wanted != (width, height) or surface is None or surface.get_size() != wanted:
                # Too small (or the surface lags behind): hold the window at the minimum.
                surface = pygame.display.set_mode(wanted, pygame.RESIZABLE)
            self.screen = surface
            self._windowed_size = self.size
        self._relayout()

    def _preload_fonts(self) -> None:
        # Text boxes switch to bold in their HTML (headings, bold words); load those up front.
        fonts = self.ui_manager.get_theme().get_font_dictionary()
        wanted = [round(size * self.font_scale) for size in (13, 15, 19)]   # the summaries' problem, headings
        self.ui_manager.preload_fonts([
            {"name": "noto_sans", "point_size": size, "style": "bold", "antialiased": "1"}
            for size in wanted if not fonts.check_font_preloaded(f"noto_sans_bold_aa_{size}")])

    def _relayout(self) -> None:
        from .surface_cache import forget_other_window_sizes, release_closed_screens

        if self.size != self._laid_out_for:
            self._laid_out_for = self.size
            forget_other_window_sizes()   # before the new size is drawn: never both sizes' images at once
        self.ui_manager.set_window_resolution(self.size)
        scale = font_scale(self.size)
        if scale != self.font_scale:
            # Bigger window, bigger type: reload the theme with scaled fonts before scenes rebuild.
            self.font_scale = scale
            self.ui_manager.get_theme().load_theme(scaled_theme(self._theme, scale))
            self._preload_fonts()
        for scene in list(self.scenes):
            scene.on_resize(self.size)
        self.notices.layout()
        release_closed_screens()   # the widgets and images made for the old size

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as if the player had dragged its edge (tests and tools use this)."""
        self._window_resized(int(size[0]), int(size[1]))

    # ----- settings ---------------------------------------------------------------------

    def save_settings(self, settings) -> None:
        """Adopt and save new settings; apply volumes and full screen at once."""
        from game.store.files import UnreadFileKept

        self.settings = settings
        try:
            self.settings_store.save(settings)
        except UnreadFileKept:
            pass  # the player was told at start that this file is kept and not saved over
        except OSError as error:
            from .i18n import _
            from .problems import os_error_words
            self.notify(_("Your settings could not be saved: {error}").format(error=os_error_words(error)),
                        problem=True)
        self.sound.apply_settings(settings)
        from .speaking import apply_speech_settings

        apply_speech_settings(self)
        self.assets.english_card_letters = settings.english_card_letters
        if self.apply_language():
            self._relanguage()
            self._tell_unreadable_catalogues()
        if settings.fullscreen != self.fullscreen:
            self.set_fullscreen(settings.fullscreen)
        for scene in list(self.scenes):
            changed = getattr(scene, "on_settings_changed", None)
            if changed is not None:
                changed(settings)

    def apply_language(self) -> bool:
        """Speak the language the settings ask for (the OS's for "system"); True if it changed."""
        from .i18n import set_language, take_unreadable_catalogues
        from .language import resolve

        language = resolve(self.settings.language)
        if language == self.language:
            return False
        self.language = language
        take_unreadable_catalogues()   # only this language's catalogue matters (not the environment's at import)
        set_language(language)
        return True

    def _tell_unreadable_catalogues(self) -> None:
        """A damaged catalogue leaves the game in English: say so (at start, through the main menu)."""
        from .i18n import _, take_unreadable_catalogues
        from .language import LANGUAGE_CHOICES
        from .safe_text import safe_text

        for path in take_unreadable_catalogues():
            code = Path(path).parent.parent.name   # locale/<code>/LC_MESSAGES/crazy-eights.mo
            language = dict(LANGUAGE_CHOICES).get(code, safe_text(code, max_chars=20))
            text = _("The translation for {language} is damaged, so the game speaks English.").format(
                language=language)
            if getattr(self, "notices", None) is not None:
                self.notify(text, seconds=10.0, problem=True)
            else:   # still starting: the main menu shows it
                self.startup_problems.append(text)

    def _set_caption(self) -> None:
        import pygame

        from .i18n import _

        pygame.display.set_caption(_(TITLE))

    def _relanguage(self) -> None:
        # Everything showing words in the old language is made again: widgets, drawn text, notices.
        self._set_caption()
        self.notices.clear()
        for scene in list(self.scenes):
            scene.on_language_changed()

    def notify(self, text: str, seconds: float = 6.0, problem: bool = False):
        """Show a one-line notice above everything for a few seconds (and say it)."""
        from .speaking import say

        say(self, text, interrupt=False)
        return self.notices.show(text, seconds, problem)

    def take_startup_problems(self) -> list[str]:
        """The loading problems not shown yet (each is shown once)."""
        problems, self.startup_problems = self.startup_problems, []
        return problems

    def next_seed(self) -> int:
        """The seed for a new match: from --seed (counting up), else random."""
        import random

        if self.seed_override is not None:
            seed = self.seed_override
            self.seed_override += 1
            return seed
        return random.SystemRandom().randrange(2 ** 31)

    # ----- scenes -------------------------------------------------------------------------

    def push(self, scene) -> None:
        self.scenes.push(scene)

    def pop(self):
        from .surface_cache import release_closed_screens

        scene = self.scenes.pop()
        if not len(self.scenes):
            self.quit()
        release_closed_screens()
        return scene

    def replace(self, scene) -> None:
        self.scenes.replace(scene)

    def go(self, name: str, *args, how: str = "push", **kwargs):
        """Open the scene called ``name`` (see ``navigation.SCENES``): pushed on top, replacing the
        top one (``how="replace"``) or alone on the stack (``how="clear"``); returns it."""
        from . import navigation
        from .surface_cache import frozen_by_a_load, release_closed_screens

        scene = navigation.create(self, name, *args, **kwargs)
        if how == "push":
            self.scenes.push(scene)
        elif how == "replace":
            self.scenes.replace(scene)
        elif how == "clear":
            self.scenes.clear_to(scene)
        else:
            raise ValueError(f"how must be one of {', '.join(navigation.HOW)}, not {how!r}")
        if how == "clear" and name == "menu" and frozen_by_a_load():
            self._thaw_after = (self.frames, scene)
        elif how != "push":
            release_closed_screens()
        return scene

    @property
    def settling(self) -> bool:
        """Whether what closed screens let go of is still being freed, or its collection is still to come."""
        return self.letting_go.pending or self._thaw_after is not None

    def first_scene(self) -> None:
        """The main menu, or, when another game owns the data folder, the box that says so."""
        if self.owns_data:
            self.main_menu()
        else:
            self.go("already_open", how="clear")

    def show_window(self) -> None:
        """Bring the window to the front (a second start asked): restored if minimised, then focused."""
        import pygame

        self.shown_on_request += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.restore()
            window.focus()
        except (AttributeError, pygame.error) as error:  # a driver with no window manager
            log.info("the window could not be brought to the front: %s", error)

    def open_dropped(self, file_name: str) -> None:
        """A file dropped onto the window: a record opens (replayed, or imported to play on) unless this
        game only says that another one is open."""
        from pathlib import Path

        from .imports import open_dropped_file

        if self.owns_data:
            open_dropped_file(self, Path(file_name))

    def main_menu(self) -> None:
        """Drop every scene and show the main menu."""
        self.go("menu", how="clear")

    def quit(self) -> None:
        """End the main loop after this frame."""
        self.running = False

    # ----- the loop ----------------------------------------------------------------------

    def dispatch(self, event) -> None:
        """Route one event: app-wide keys and window events first, then widgets, then the top scene."""
        import pygame

        if event.type != pygame.NOEVENT:
            self._last_input = time.monotonic()
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._window_resized(event.w, event.h)
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            if (event.x, event.y) != self.size:
                self._window_resized(event.x, event.y)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.DROPFILE:
            self.open_dropped(event.file)
            return
        from .speaking import handle_app_key

        if handle_app_key(self, event):
            return
        consumed = self.ui_manager.process_events(event)
        top = self.scenes.top
        if top is not None and not consumed:
            top.dispatch(event)

    def step(self, dt: float = 1 / FPS) -> None:
        """Run exactly one frame: read and dispatch events, update, draw, flip."""
        import pygame

        #: When this frame began (long work started in it takes what is left of its budget: scenes.loading).
        self.frame_started = time.perf_counter()
        events, self._woken_by = self._woken_by + pygame.event.get(), []
        resizes = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)
        # Dragging a window edge sends a burst of resize events: lay out once, for the last size.
        last_resize = max((i for i, event in enumerate(events) if event.type in resizes), default=-1)
        for index, event in enumerate(events):
            if event.type in resizes and index != last_resize:
                continue
            self.dispatch(event)
        self.update(dt)
        self._show_frame(quiet=not events)
        self.frames += 1
        # Headless loops never sleep in clock.tick: hand the interpreter lock to the AI worker's
        # threads now and then, or a busy frame loop starves them for seconds.
        time.sleep(0)

    def update(self, dt: float) -> None:
        if self._fault is not None:
            self._fault.check(self.scenes.top)
        if self.letting_go.pending:   # what closed screens held, a slice a frame; the scan below after it
            self.letting_go.work()
        elif self._thaw_after is not None and self.frames > self._thaw_after[0]:
            menu, self._thaw_after = self._thaw_after[1], None
            if len(self.scenes) == 1 and self.scenes.top is menu:
                from .surface_cache import release_closed_screens

                release_closed_screens(thaw=True)
        if self.folder_lock.take_show_request():
            self.show_window()
        from .surface_cache import trim_gui_shapes

        self.ui_manager.update(dt)
        trim_gui_shapes(self.ui_manager)
        self.notices.update(dt)
        if self.table_link is not None:
            self.table_link.update(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)

    def _shown_state(self) -> tuple:
        # What a frame shows beyond the top scene's own picture: the window, the scenes drawn, and
        # every widget (pygame_gui gives a widget a new image when its look changes).
        widgets = tuple((id(sprite), id(sprite.image), tuple(sprite.rect), sprite.visible)
                        for sprite in self.ui_manager.get_sprite_group().sprites())
        return self.size, tuple(id(scene) for scene in self.scenes.visible()), widgets

    def _show_frame(self, quiet: bool) -> None:
        """Draw the frame and show it: whole, or, on a quiet frame (no input for a while, the same
        scenes and widgets, the top scene still since the frame before), only where the top scene
        says its picture changes (nowhere on a still menu): waiting costs next to nothing, in a real
        window too."""
        import pygame

        top = self.scenes.top
        quiet = quiet and top is not None and time.monotonic() - self._last_input >= INPUT_GRACE
        shown = self._shown_state()
        rects = top.changing_rects() if quiet else None
        # The first still frame is drawn whole: it shows where the last motion ended.
        if rects is None or not self._still_before or shown != self._shown:
            self.draw()
            pygame.display.flip()
            self._shown = shown
        elif rects:
            area = rects[0].unionall(rects[1:]).clip(self.screen.get_rect())
            self.screen.set_clip(area)
            try:
                self.draw()
            finally:
                self.screen.set_clip(None)
            pygame.display.update(area)
        self._still_before = rects is not None

    def draw(self) -> None:
        self.screen.fill(BLACK)
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.ui_manager.draw_ui(self.screen)
        if self.scenes.top is not None:
            self.scenes.top.draw_over_widgets(self.screen)

    def frame_rate(self) -> int:
        """The frames a second the loop runs at now: full for a while after any input, else what the
        top scene asks for (``Scene.frame_rate``)."""
        top = self.scenes.top
        if top is None or time.monotonic() - self._last_input < INPUT_GRACE or self.letting_go.pending:
            return FPS
        rate = int(top.frame_rate())
        if self.table_link is not None:   # friends' moves and notices are looked for a few times a second
            rate = max(rate, self.table_link.frame_rate())
        return min(FPS, max(1, rate))

    def wait_for_frame(self) -> float:
        """Wait for the next frame and return its time step in seconds.

        At the full rate the clock paces the loop. Below it the loop sleeps in the event queue
        until an event comes or the frame is due, so an idle screen costs almost nothing and input
        is still answered at once.
        """
        import pygame

        rate = self.frame_rate()
        if rate >= FPS or self.frames == 0:
            return min(self.clock.tick(FPS) / 1000.0, 0.1)  # a stalled frame must not make animations jump
        # Look at the queue every few milliseconds rather than in pygame.event.wait, which on some
        # video drivers (the dummy one among them) polls every millisecond and costs more than it saves.
        due = time.monotonic() + 1.0 / rate
        while True:
            events = pygame.event.get()
            now = time.monotonic()
            if events or now >= due:
                break
            time.sleep(min(IDLE_POLL, due - now))
        dt = self.clock.tick() / 1000.0
        if events:
            self._woken_by.extend(events)
            # Input after a still spell starts whatever it sets moving from its first frame.
            dt = min(dt, 1 / FPS)
        return min(dt, 0.1)

    def run(self) -> int:
        """The main loop, at up to 60 frames a second (fewer while nothing moves); returns the exit status."""
        import pygame

        if not len(self.scenes):
            self.first_scene()
        self.running = True
        first_frame_report = os.environ.get(FIRST_FRAME_VARIABLE)
        try:
            while self.running:
                self.frame(self.wait_for_frame())
                if first_frame_report and self.frames == 1:
                    _report_first_frame(first_frame_report)
                    self.running = False
        finally:
            self.shutdown()
        from .crash import CRASH_STATUS

        return CRASH_STATUS if self.crashes else 0

    def frame(self, dt: float = 1 / FPS) -> None:
        """One ``step`` that an unexpected error does not end: see :meth:`recover`."""
        try:
            self.step(dt)
        except Exception as error:   # noqa: BLE001 - the one place that catches what nobody expected
            self.recover(error)

    def recover(self, error: Exception) -> None:
        """After an error nobody expected in a frame: stop the sessions on screen from writing the autosave
        (it stays as the last whole move left it), write a crash report to the log folder, and put the
        crash message alone on the stack (Main menu or Quit). Past MAX_CRASHES, or when the message
        itself fails, quit."""
        from .crash import MAX_CRASHES, CrashScene, report_text, write_report

        self.crashes += 1
        scenes = [type(scene).__name__ for scene in self.scenes]
        log.error("unexpected error in a frame (scenes: %s)", " > ".join(scenes), exc_info=error)
        for scene in list(self.scenes):
            session = getattr(scene, "session", None)
            if session is not None and hasattr(session, "stop_writing"):
                session.stop_writing()
        try:
            self.autosave_store.settle()
            autosave_kept = self.autosave_store.path.is_file()
        except (AttributeError, OSError):
            autosave_kept = False
        details = {"language": self.language, "window": "x".join(map(str, self.size)), "frames": self.frames,
                   "crashes this run": self.crashes, "autosave kept": autosave_kept}
        report = write_report(self.folders.log_dir, report_text(error, scenes, details))
        if report is not None:
            self.crash_reports.append(report)
        if self.crashes > MAX_CRASHES or (scenes and scenes[-1] == CrashScene.__name__):
            self.quit()
            return
        try:
            self.notices.clear()
        except Exception:   # noqa: BLE001 - a broken notice must not stop the message
            log.exception("the notices could not be cleared")
        for _attempt in range(len(self.scenes) + 2):
            try:   # each failed try has still dropped the scene whose on_exit failed
                self.scenes.clear_to(CrashScene(self, report, autosave_kept))
                return
            except Exception:   # noqa: BLE001
                log.exception("a scene could not be closed after the error")
        self.quit()

    def shutdown(self) -> None:
        """Close the scenes, remember the window size, release the window and sound."""
        import pygame

        while len(self.scenes):
            try:
                self.scenes.pop()
            except Exception:   # noqa: BLE001 - closing down goes on past a broken scene
                log.exception("a scene failed to close")
        if self.table_link is not None:   # the friends at the table are told the game closed
            link, self.table_link = self.table_link, None
            link.close()
        if self.owns_data and not self.fullscreen and tuple(self.size) != tuple(self.settings.window_size):
            try:
                self.settings_store.save(dataclasses.replace(self.settings, window_size=tuple(self.size)))
            except (OSError, ValueError):
                pass
        self.sound.stop()
        self.speech.stop()
        self.autosave_store.close()   # the last move's autosave on disk before the folder is let go
        self.folder_lock.release()
        pygame.quit()


# ----- start-up measurement (bench/startup.py) -----------------------------------------------

#: Set to 1 (report on stdout) or to a file path (windowed builds have no stdout): after the first
#: frame is flipped, report the seconds since CRAZY_EIGHTS_LAUNCH_T (the launcher's time.time())
#: and quit.
FIRST_FRAME_VARIABLE = "CRAZY_EIGHTS_EXIT_AFTER_FIRST_FRAME"
LAUNCH_TIME_VARIABLE = "CRAZY_EIGHTS_LAUNCH_T"
_IMPORTED_AT = time.time()


def _report_first_frame(destination: str) -> None:
    try:
        launched = float(os.environ[LAUNCH_TIME_VARIABLE])
    except (KeyError, ValueError):  # no launch time given: count from this module's import
        launched = _IMPORTED_AT
    line = f"first-frame {time.time() - launched:.4f}\n"
    if destination == "1":
        sys.stdout.write(line)
        sys.stdout.flush()
    else:
        with open(destination, "w", encoding="utf-8") as report:
            report.write(line)
