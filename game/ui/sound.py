"""Sound effects at the player's volumes; silent (and quiet about it) on a machine with no audio device."""
from __future__ import annotations

import logging

import pygame

from .assets import SOUND_NAMES, Assets

log = logging.getLogger(__name__)


class Sound:
    """Plays the effects in ``assets/sounds``; the mixer starts on the first sound played."""

    def __init__(self, settings, assets: Assets | None = None):
        self.assets = assets if assets is not None else Assets()
        self.sound_volume = float(settings.sound_volume)
        self.effects_volume = float(settings.effects_volume)
        self.muted = bool(getattr(settings, "muted", False))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._tried = False
        self.available = False
        self._missing_reported: set[str] = set()

    @property
    def volume(self) -> float:
        """The volume an effect plays at: the master volume times the effects volume (0 while muted)."""
        if self.muted:
            return 0.0
        return max(0.0, min(1.0, self.sound_volume * self.effects_volume))

    def set_volumes(self, sound_volume: float | None = None, effects_volume: float | None = None,
                    muted: bool | None = None) -> None:
        """Change the master and/or effects volume (0.0 to 1.0), or mute, for every sound from now on."""
        if sound_volume is not None:
            self.sound_volume = float(sound_volume)
        if effects_volume is not None:
            self.effects_volume = float(effects_volume)
        if muted is not None:
            self.muted = bool(muted)
            if self.muted:
                self.stop()
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def apply_settings(self, settings) -> None:
        """Take the volumes and the mute from a Settings record."""
        self.set_volumes(settings.sound_volume, settings.effects_volume, getattr(settings, "muted", False))

    def _start(self) -> bool:
        if not self._tried:
            self._tried = True
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self.available = True
            except pygame.error as error:
                # No sound card, no PulseAudio, a headless server: play on in silence.
                log.info("no audio device, playing silently (%s)", error)
                self.available = False
        return self.available

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is None:
            path = self.assets.sound_path(name)
            if not path.is_file():
                if name not in self._missing_reported:
                    self._missing_reported.add(name)
                    log.warning("sound effect %s is missing (generate it with `make assets`)", path)
                return None
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self.volume)
            self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play one effect (``deal``, ``play``, ``draw``, ``shuffle``, ``invalid``, ``win``, ``lose``, ``click``)."""
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound effect called {name!r}; known: {', '.join(SOUND_NAMES)}")
        if self.volume <= 0.0 or not self._start():
            return
        sound = self._load(name)
        if sound is not None:
            sound.play()

    def stop(self) -> None:
        """Silence everything (when the window closes)."""
        if self.available and pygame.mixer.get_init():
            pygame.mixer.stop()
