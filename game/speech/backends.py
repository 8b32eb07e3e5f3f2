"""Where spoken words go: the player's screen reader, the system's voice, or a recording.

The screen readers and the system voices of Windows (NVDA, JAWS, SAPI, OneCore), macOS (VoiceOver,
AVSpeech) and Linux (Orca, Speech Dispatcher) are reached through Prism (the ``prismatoid``
package); without it, a system voice is the ``spd-say`` or ``say`` command. Every finder returns
None when it finds nothing, and never raises.
"""
from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from typing import Protocol

log = logging.getLogger(__name__)

#: Prism's screen readers, best first (names of ``prism.BackendId``; a name this version lacks is skipped).
SCREEN_READERS = ("NVDA", "JAWS", "VOICE_OVER", "ORCA", "ZDSR", "ZOOM_TEXT", "SYSTEM_ACCESS", "PC_TALKER",
                  "BOY_PC_READER", "SENSE_READER", "UIA")
#: Prism's plain text-to-speech voices, best first.
SYSTEM_VOICES = ("ONE_CORE", "SAPI", "AV_SPEECH", "SPEECH_DISPATCHER")


class SpeechBackend(Protocol):
    """An output: ``name`` for the log, ``screen_reader`` (True for the player's own screen reader)."""

    name: str
    screen_reader: bool

    def speak(self, utterance) -> None:
        """Say ``utterance.text``, cutting off what is being said if ``utterance.interrupt``."""

    def stop(self) -> None:
        """Stop speaking."""


class RecordingBackend:
    """Keeps every utterance instead of speaking it: for tests and the coverage bench."""

    def __init__(self, screen_reader: bool = True):
        self.name = "recording"
        self.screen_reader = screen_reader
        self.utterances: list = []

    def speak(self, utterance) -> None:
        self.utterances.append(utterance)

    def stop(self) -> None:
        """Nothing is being spoken."""

    @property
    def texts(self) -> list[str]:
        """The words of every utterance, in order."""
        return [utterance.text for utterance in self.utterances]


class PrismOutput:
    """A Prism backend (a screen reader or a system voice)."""

    def __init__(self, backend, screen_reader: bool):
        self._backend = backend
        self.name = f"Prism {backend.name}"
        self.screen_reader = screen_reader

    def speak(self, utterance) -> None:
        self._backend.speak(utterance.text, utterance.interrupt)

    def stop(self) -> None:
        self._backend.stop()


class CommandVoice:
    """The system's speech command (``spd-say`` on Linux, ``say`` on macOS) run for each utterance."""

    def __init__(self, command: list[str], cancel: list[str] | None, language_flag: str | None):
        self.name = command[0]
        self.screen_reader = False
        self._command = command
        self._cancel = cancel
        self._language_flag = language_flag
        self._running: subprocess.Popen | None = None

    def speak(self, utterance) -> None:
        if utterance.interrupt:
            self.stop()
        args = list(self._command)
        if self._language_flag:
            args += [self._language_flag, utterance.language]
        # "--" keeps a text that starts with a dash from being read as an option.
        self._running = subprocess.Popen([*args, "--", utterance.text], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        running, self._running = self._running, None
        if running is not None and running.poll() is None:
            running.terminate()
        if self._cancel:
            subprocess.run(self._cancel, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=2, check=False)


class SystemOutputs:
    """Finds the outputs of this computer; Prism loads (once) on the first look."""

    def __init__(self):
        self._prism = None
        self._context = None
        self._prism_missing = False
        #: Why Prism did not load (for the self-test's line), or None.
        self.load_error: str | None = None

    def library_loaded(self) -> bool:
        """Whether Prism (and its native library) loads on this computer."""
        return self._load_prism()

    def _load_prism(self) -> bool:
        if self._prism_missing:
            return False
        if self._context is None:
            try:
                import prism
                self._prism, self._context = prism, prism.Context()
            except Exception as error:   # noqa: BLE001 - not installed, or its native library would not load
                self._prism_missing = True
                self.load_error = repr(error)[:200]
                log.info("speech: Prism is not available (%r); screen readers cannot be reached", error)
                return False
        return True

    def _first_prism(self, names, screen_reader: bool) -> PrismOutput | None:
        if not self._load_prism():
            return None
        for name in names:
            backend_id = getattr(self._prism.BackendId, name, None)
            if backend_id is None:
                continue
            try:
                if not self._context.exists(backend_id):
                    continue
                backend = self._context.create(backend_id)   # raises when it is not running
                if backend.features.is_supported_at_runtime:
                    return PrismOutput(backend, screen_reader)
            except Exception as error:   # noqa: BLE001 - "not available" comes as one of several errors
                log.debug("speech: %s is not available: %r", name, error)
        return None

    def screen_reader(self) -> SpeechBackend | None:
        """The screen reader the player runs, or None."""
        return self._first_prism(SCREEN_READERS, screen_reader=True)

    def system_voice(self, language: str = "en") -> SpeechBackend | None:
        """The system's own voice (OneCore or SAPI, AVSpeech, Speech Dispatcher; else ``spd-say`` or
        ``say``), or None."""
        found = self._first_prism(SYSTEM_VOICES, screen_reader=False)
        if found is not None:
            return found
        if sys.platform == "darwin" and shutil.which("say"):
            return CommandVoice(["say"], None, None)
        spd_say = shutil.which("spd-say")
        if spd_say:
            return CommandVoice([spd_say], [spd_say, "--cancel"], "--language")
        return None


class NoOutputs:
    """Finds nothing: a headless game (tests) speaks only through an output it is given."""

    def screen_reader(self) -> None:
        return None

    def system_voice(self, language: str = "en") -> None:
        return None
