"""What a move looks and sounds like beyond the cards: seat flashes, toasts, the ring, the suit, sounds.

``Effects.show(events)`` turns the events of one move into timed effects;
``update(dt)`` ages them; the painter reads them. Nothing here changes the game.
"""
from __future__ import annotations

import logging
import math

from game.rules import EventKind
from game.ui.i18n import _, ngettext

from ..look.palette import GOLD, LIGHT_GREY, WARNING_RED
from .animation import Timer

log = logging.getLogger(__name__)

RING_DRIFT = 9.0         # degrees a second the direction ring turns at rest
RING_SPIN = 420.0        # extra degrees a second at the peak of a reversal


def _idle_timer() -> Timer:
    timer = Timer(0.001)
    timer.left = 0.0
    return timer


class Effects:
    """Timed effects of the moves at one table, and the sounds they make."""

    def __init__(self, play_sound, call_word: str = "last_card"):
        self._play_sound = play_sound
        #: The rules' ``last_card_word``: what the call is called over a seat ("Mau!" in Mau-Mau).
        self.call_word = call_word
        self.toast: tuple[str, Timer] | None = None
        self.toast_kind = "message"
        #: seat -> (word, timer, colour) shown over that seat's name plate.
        self.flashes: dict[int, tuple[str, Timer, tuple]] = {}
        self.ring_angle = 0.0
        self.ring_spin = _idle_timer()
        self.suit_pulse = _idle_timer()
        self.penalty_pop = _idle_timer()

    def sound(self, name: str) -> None:
        """Play a sound effect; sound is a nicety and never stops the game."""
        try:
            self._play_sound(name)
        except Exception:
            log.debug("sound %s failed", name, exc_info=True)

    def show_toast(self, text: str, seconds: float = 2.8, kind: str = "message") -> None:
        """A short message over the table (a refused move, a hint); ``kind`` lets its owner take it back."""
        self.toast = (text, Timer(seconds))
        self.toast_kind = kind

    def clear_toast(self, kind: str) -> None:
        """Take back the toast if it is still one of ``kind``."""
        if self.toast is not None and self.toast_kind == kind:
            self.toast = None

    def show(self, events, speed: float) -> None:
        """The sounds and effects of one move's events."""
        kinds = [e.kind for e in events]
        if EventKind.PLAYED in kinds:
            self.sound("play")
        elif EventKind.DREW in kinds:
            self.sound("draw")
        if EventKind.RESHUFFLED in kinds:
            self.sound("shuffle")
        for event in events:
            if event.kind == EventKind.SKIPPED:
                self.flashes[event.player] = (_("Skipped"), Timer(1.3), WARNING_RED)
            elif event.kind == EventKind.REVERSED:
                self.ring_spin = Timer(max(0.35, 0.9 * speed) if speed else 0.001)
            elif event.kind in (EventKind.PENALTY_STACKED, EventKind.SKIP_STACKED):
                self.penalty_pop = Timer(0.5)
            elif event.kind == EventKind.NOMINATED:
                self.suit_pulse = Timer(1.2)
            elif event.kind == EventKind.LAST_CARD_CALLED:
                said = _("Mau!") if self.call_word == "mau" else _("Last card!")
                self.flashes[event.player] = (said, Timer(1.6), GOLD)
            elif event.kind == EventKind.LAST_CARD_PENALTY:
                forgot = _("Forgot “Mau”!") if self.call_word == "mau" else _("Forgot to call!")
                self.flashes[event.player] = (forgot, Timer(1.6), WARNING_RED)
            elif event.kind == EventKind.PLAYS_AGAIN:
                self.flashes[event.player] = (_("Again!"), Timer(1.3), GOLD)
            elif event.kind == EventKind.PASSED:
                self.flashes[event.player] = (_("Pass"), Timer(1.0), LIGHT_GREY)
            elif event.kind == EventKind.STOP_CALLED:
                self.flashes[event.player] = (_("Stop!"), Timer(1.6), GOLD)
            elif event.kind == EventKind.PENALTY_PAID:
                self.flashes[event.player] = (
                    ngettext("+{count} card", "+{count} cards", event.count).format(count=event.count),
                    Timer(1.3), WARNING_RED)

    def update(self, dt: float, direction: int, drift: bool = True) -> None:
        """Age every effect; the ring turns the way play goes (``drift``: slowly between spins too;
        a table waiting for the person holds it still, so that waiting costs next to nothing)."""
        for timer in (self.ring_spin, self.suit_pulse, self.penalty_pop):
            timer.update(dt)
        speed = RING_DRIFT if drift else 0.0
        if self.ring_spin.active:
            speed += RING_SPIN * math.sin(math.pi * self.ring_spin.fraction)
        self.ring_angle = (self.ring_angle + direction * speed * dt) % 360.0
        for seat in list(self.flashes):
            self.flashes[seat][1].update(dt)
            if not self.flashes[seat][1].active:
                del self.flashes[seat]
        if self.toast is not None:
            self.toast[1].update(dt)
            if not self.toast[1].active:
                self.toast = None

    @property
    def active(self) -> bool:
        """Whether anything is still changing on screen (a toast, a flash, a spin, a pulse)."""
        return bool(self.toast or self.flashes or self.ring_spin.active or self.suit_pulse.active
                    or self.penalty_pop.active)
