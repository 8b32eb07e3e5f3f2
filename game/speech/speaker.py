"""One voice for the game: what to say goes in, the player's chosen output says it.

``Speech`` holds the player's choices (off, with a screen reader, always; brief or full) and finds an
output when it first has something to say. A new utterance interrupts the one being spoken, as
screen readers do with a new event; an output that fails is dropped quietly (logged once) and the
game plays on in silence.
"""
from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from .backends import SpeechBackend, SystemOutputs

log = logging.getLogger(__name__)

#: "off": never speak; "screen_reader": only through a screen reader the player runs; "always": through
#: the screen reader if one runs, else through the system's own voice.
MODES = ("off", "screen_reader", "always")
#: "brief": the events themselves; "full": also whose turn it is with the pile and the suit, and what
#: kind of control has the focus.
DETAILS = ("brief", "full")
#: Longer than anything the game says; a longer text is cut (a screen reader would read it for minutes).
MAX_CHARACTERS = 2000
#: Seconds before looking again for a screen reader that was not running (it may be started later).
LOOK_AGAIN_AFTER = 30.0

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str) -> str:
    """``text`` as one line to speak: control and direction characters dropped, blanks collapsed, cut
    to :data:`MAX_CHARACTERS`."""
    text = _CONTROL.sub("", str(text))
    return " ".join(text.split())[:MAX_CHARACTERS]


@dataclass(frozen=True)
class Utterance:
    """One thing said: its words, what it tells (``keys``, e.g. ``("step", 12)`` for a move of the
    history), the language it is in, and whether it cut off what was being said."""

    text: str
    keys: tuple = ()
    language: str = "en"
    interrupt: bool = True


class Speech:
    """The game's voice: ``say`` speaks through the output the player's mode allows, or stays silent.

    ``outputs`` finds the outputs (``screen_reader()``, ``system_voice(language)``); a test gives
    :class:`~game.speech.backends.NoOutputs` and then a recording through :meth:`use`. ``clock`` is only
    for looking again for a screen reader now and then. ``background``: look in a thread (the game's
    first frame does not wait for a screen reader to answer); what was said meanwhile, the last
    utterance, is spoken once an output is found.
    """

    def __init__(self, mode: str = "screen_reader", detail: str = "full", *,
                 outputs=None, clock: Callable[[], float] = time.monotonic, background: bool = False):
        self.mode = mode if mode in MODES else "screen_reader"
        self.detail = detail if detail in DETAILS else "full"
        self.language = "en"
        self._outputs = outputs if outputs is not None else SystemOutputs()
        self._clock = clock
        self._backend: SpeechBackend | None = None
        self._looked_at: float | None = None
        self._failed: set[str] = set()
        self._background = background
        self._lock = threading.Lock()
        self._looking: threading.Thread | None = None
        self._waiting: Utterance | None = None   # said while a look in the background was under way
        #: The last thing said (the "say again" key repeats it).
        self.last: Utterance | None = None

    # ----- the player's choices ---------------------------------------------------------------

    def configure(self, mode: str, detail: str, language: str | None = None) -> None:
        """Take the player's settings; a new mode may look for an output afresh."""
        mode = mode if mode in MODES else self.mode
        if mode != self.mode:
            if mode == "off":
                self.stop()
            self._looked_at = None   # a new mode may reach an output the old one did not look for
        self.mode = mode
        self.detail = detail if detail in DETAILS else self.detail
        if language:
            self.language = language

    @property
    def full(self) -> bool:
        """Whether the player asked for full detail."""
        return self.detail == "full"

    @property
    def enabled(self) -> bool:
        """Whether anything may be said at all (the mode is not "off")."""
        return self.mode != "off"

    def use(self, backend: SpeechBackend | None) -> None:
        """Speak through ``backend`` from now on (tests, the bench); None looks for one again."""
        self._backend = backend
        self._looked_at = None if backend is None else self._clock()

    @property
    def backend(self) -> SpeechBackend | None:
        """The output in use, or None (nothing found, or not looked for yet)."""
        return self._backend

    # ----- speaking ---------------------------------------------------------------------------

    def say(self, text: str, keys: tuple = (), interrupt: bool = True) -> bool:
        """Speak ``text`` (cutting off what is being said unless ``interrupt`` is False); True if an
        output took it. ``keys`` name what it tells, for a recording."""
        text = clean_text(text)
        if not text or self.mode == "off":
            return False
        utterance = Utterance(text, tuple(keys), self.language, interrupt)
        self.last = utterance
        with self._lock:
            backend = self._output()
            if backend is None:
                if self._looking is not None:
                    self._waiting = utterance
                return False
        return self._speak(backend, utterance)

    def _speak(self, backend: SpeechBackend, utterance: Utterance) -> bool:
        try:
            backend.speak(utterance)
        except Exception as error:   # noqa: BLE001 - an output's failure never stops the game
            with self._lock:
                self._drop(backend, error)
            return False
        return True

    def repeat(self) -> bool:
        """Say the last thing again."""
        if self.last is None:
            return False
        return self.say(self.last.text, (), True)

    def stop(self) -> None:
        """Stop speaking now (the window closes, the player switched speech off)."""
        if self._backend is not None:
            try:
                self._backend.stop()
            except Exception as error:   # noqa: BLE001
                self._drop(self._backend, error)

    def _output(self) -> SpeechBackend | None:
        """The output to speak through now, or None (looking for one starts here; called under the lock)."""
        backend = self._backend
        if backend is not None and (self.mode == "always" or backend.screen_reader):
            return backend
        if self._looking is not None:
            return None
        now = self._clock()
        if self._looked_at is not None and now - self._looked_at < LOOK_AGAIN_AFTER:
            return None
        self._looked_at = now
        if self._background:
            self._looking = threading.Thread(target=self._look_in_background, args=(self.mode, self.language),
                                             name="speech-output", daemon=True)
            self._looking.start()
            return None
        return self._found(self._look(self.mode, self.language))

    def _look(self, mode: str, language: str) -> SpeechBackend | None:
        found = self._outputs.screen_reader()
        if found is None and mode == "always":
            found = self._outputs.system_voice(language)
        return found

    def _look_in_background(self, mode: str, language: str) -> None:
        try:
            found = self._look(mode, language)
        except Exception as error:   # noqa: BLE001 - a finder that breaks leaves the game silent, not stopped
            log.warning("speech: looking for an output failed: %r", error)
            found = None
        with self._lock:
            self._looking = None
            backend = self._found(found) if self._backend is None else self._backend
            waiting, self._waiting = self._waiting, None
        if backend is not None and waiting is not None:
            self._speak(backend, waiting)

    def wait_for_output(self, seconds: float = 5.0) -> None:
        """Wait for a look in the background to end (tests, and a clean shutdown)."""
        looking = self._looking
        if looking is not None:
            looking.join(seconds)

    def _found(self, found: SpeechBackend | None) -> SpeechBackend | None:
        if found is None and "none" not in self._failed:
            self._failed.add("none")
            log.info("speech: no %s found; the game stays silent",
                     "screen reader" if self.mode == "screen_reader" else "screen reader or system voice")
        elif found is not None:
            log.info("speech: speaking through %s", found.name)
        self._backend = found
        return found

    def _drop(self, backend: SpeechBackend, error: Exception) -> None:
        if backend.name not in self._failed:
            self._failed.add(backend.name)
            log.warning("speech: %s failed (%r); looking for another output later", backend.name, error)
        self._backend = None
