"""Words broken into lines that fit: the one line-breaker of the screens that lay out their own text."""
from __future__ import annotations

import pygame


def wrap_words(text: str, font: pygame.font.Font, width: int, most: int = 0) -> list[str]:
    """``text`` broken at spaces (and at its own line breaks) into lines at most ``width`` wide; a word
    wider than a line is broken where it must be, never cut off. With ``most``, the last of that many
    lines keeps the rest (its drawing shrinks or trims it to fit)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        for word in paragraph.split():
            if len(lines) > start and font.size(f"{lines[-1]} {word}")[0] <= width:
                lines[-1] = f"{lines[-1]} {word}"
                continue
            while font.size(word)[0] > width and len(word) > 1:
                cut = max(1, next((i for i in range(len(word) - 1, 0, -1) if font.size(word[:i])[0] <= width), 1))
                lines.append(word[:cut])
                word = word[cut:]
            lines.append(word)
        if len(lines) == start:
            lines.append("")
    if most and len(lines) > most:
        lines[most - 1:] = [" ".join(lines[most - 1:])]
    return lines
