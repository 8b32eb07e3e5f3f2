"""The app's voice and its keys for everybody: F1 (the keys), M (mute), F2 (say again).

The words are made here and in the scenes, through ``_()``; :class:`game.speech.Speech` only carries
them to the player's screen reader or voice.
"""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from game.speech import NoOutputs, Speech

from .i18n import _, current_language


def make_speech(settings, headless: bool) -> Speech:
    """The game's voice for ``settings``; a headless game (tests) looks for no output of this computer."""
    # A real window looks for the screen reader in the background: the first frame never waits for it.
    speech = Speech(settings.speech, settings.speech_detail, outputs=NoOutputs() if headless else None,
                    background=not headless)
    speech.language = current_language()
    return speech


def apply_speech_settings(app) -> None:
    """Take the player's speech choices and language (after the settings or the language changed)."""
    app.speech.configure(app.settings.speech, app.settings.speech_detail, current_language())


def say(app, text: str, keys: tuple = (), interrupt: bool = True) -> bool:
    """Speak ``text`` through the app's voice (nothing when there is none, or speech is off)."""
    speech = getattr(app, "speech", None)
    if speech is None:
        return False
    speech.language = current_language()
    return speech.say(text, keys, interrupt)


def typing(scene) -> bool:
    """Whether a text box of ``scene`` has the keyboard (letters are then the player's words)."""
    return any(isinstance(widget, pygame_gui.elements.UITextEntryLine) and widget.is_focused
               for widget in getattr(scene, "widgets", ()))


def handle_app_key(app, event) -> bool:
    """F1 opens (or closes) the key help, F2 says the last thing again, M mutes or unmutes; True if used."""
    if event.type != pygame.KEYDOWN:
        return False
    top = app.scenes.top
    if event.key == pygame.K_F1:
        if top is not None and getattr(top, "is_key_help", False):
            app.pop()
        else:
            app.go("keys")
        return True
    if event.key == pygame.K_F2:
        if app.speech.last is not None:
            app.speech.repeat()
        return True
    if event.key == pygame.K_m and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) \
            and not typing(top):
        toggle_mute(app)
        return True
    return False


def toggle_mute(app) -> None:
    """Mute every sound, or bring them back at the volumes set (remembered in the settings)."""
    muted = not app.settings.muted
    app.save_settings(dataclasses.replace(app.settings, muted=muted))
    text = _("Sound off (M turns it back on)") if muted else _("Sound on")
    app.notify(text, seconds=2.5)   # the notice is spoken too
