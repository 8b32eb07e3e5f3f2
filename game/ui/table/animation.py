"""Tweens and easing: small value animations advanced by ``update(dt)``.

Nothing here knows about cards or pygame; a tween moves numbers from a start to
an end over a duration (after an optional delay) along an easing curve.
"""
from __future__ import annotations

import math
from typing import Callable

from game.store.settings import Speed

Easing = Callable[[float], float]

#: Duration multipliers for ``settings.animation_speed`` ("instant" means no animation).
SPEED_FACTORS = {Speed.SLOW: 1.6, Speed.NORMAL: 1.0, Speed.FAST: 0.55, Speed.INSTANT: 0.0}


def speed_factor(speed: str) -> float:
    """The duration multiplier for an animation speed name (unknown names count as normal)."""
    return SPEED_FACTORS.get(speed, 1.0)


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1.0 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1.0 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: good for cards landing on the pile."""
    c1 = 1.30158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    """Interpolate degrees along the short way round."""
    diff = (b - a + 180.0) % 360.0 - 180.0
    return a + diff * t


class Tween:
    """Moves a tuple of floats from ``start`` to ``end`` in ``duration`` seconds after ``delay``."""

    __slots__ = ("start", "end", "duration", "delay", "easing", "elapsed", "angle_index")

    def __init__(self, start, end, duration: float, easing: Easing = ease_out_cubic,
                 delay: float = 0.0, angle_index: int = -1):
        self.start = tuple(float(v) for v in start)
        self.end = tuple(float(v) for v in end)
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.easing = easing
        self.elapsed = 0.0
        self.angle_index = angle_index

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay or self.duration == 0.0 and self.delay == 0.0

    @property
    def progress(self) -> float:
        """0..1 of the raw (un-eased) time."""
        if self.duration <= 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration

    def value(self) -> tuple[float, ...]:
        t = self.progress
        if t <= 0.0:
            return self.start
        if t >= 1.0:
            return self.end
        k = self.easing(t)
        values = []
        for index, (a, b) in enumerate(zip(self.start, self.end)):
            values.append(lerp_angle(a, b, k) if index == self.angle_index else lerp(a, b, k))
        return tuple(values)


class Timer:
    """A countdown for one-shot effects (flashes, toasts); ``fraction`` goes 1 -> 0."""

    __slots__ = ("duration", "left")

    def __init__(self, duration: float):
        self.duration = max(1e-6, duration)
        self.left = duration

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def active(self) -> bool:
        return self.left > 0.0

    @property
    def fraction(self) -> float:
        return self.left / self.duration

    @property
    def age(self) -> float:
        return self.duration - self.left


class Spring:
    """A value that follows a target smoothly (critically damped); used for hover lifts."""

    __slots__ = ("value", "target", "speed")

    def __init__(self, value: float = 0.0, speed: float = 18.0):
        self.value = value
        self.target = value
        self.speed = speed

    def update(self, dt: float) -> None:
        k = 1.0 - math.exp(-self.speed * dt)
        self.value += (self.target - self.value) * k
        if abs(self.target - self.value) < 1e-3:
            self.value = self.target
