"""The move log's lines: card codes drawn as rank and suit shape, long lines on two rows."""
from __future__ import annotations

import pygame

from ..look import shapes
from ..i18n import GERMAN_LOOK
from ..look.palette import SUIT_RED, SUIT_RED_IN_LOG

UNBOUNDED = 1 << 20  # a width no line reaches: measure without squeezing


def log_line(text_cache, assets, deck_look: str, line: str, size: int, color, max_width: int) -> pygame.Surface:
    """A log line with card codes drawn as rank + suit shape, squeezed to ``max_width`` if wider."""
    key = ("logline", line, size, color, max_width, deck_look, assets.card_letters())
    cached = text_cache.cache.get(key)
    if cached is not None:
        return cached
    parts = []
    for word in line.split(" "):
        code = word.rstrip(",.!")
        tail = word[len(code):]
        if len(code) in (2, 3) and code[-1] in "CDHS" and code[:-1] in (
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
            suit = "CDHS".index(code[-1])
            ink = shapes.suit_color(suit, deck_look, light=True)
            if ink == SUIT_RED:
                ink = SUIT_RED_IN_LOG
            parts.append(("card", assets.rank_letter(code[:-1], deck_look), suit, ink, tail))
        else:
            parts.append(("text", word))
    space = text_cache.render(" ", size, color).get_width()
    images = []
    for part in parts:
        if part[0] == "text":
            images.append(text_cache.render(part[1], size, color))
        else:
            _kind, rank, suit, ink, tail = part
            rank_img = text_cache.render(rank, size, ink, bold=True)
            icon = (shapes.suit_sign(suit, int(size * 0.95), deck_look) if deck_look == GERMAN_LOOK
                    else shapes.suit_icon(suit, int(size * 0.95), ink))
            tail_img = text_cache.render(tail, size, color) if tail else None
            w = rank_img.get_width() + icon.get_width() + (tail_img.get_width() if tail_img else 0)
            h = rank_img.get_height()
            chip = pygame.Surface((w, h), pygame.SRCALPHA)
            chip.blit(rank_img, (0, 0))
            chip.blit(icon, (rank_img.get_width(), (h - icon.get_height()) // 2))
            if tail_img:
                chip.blit(tail_img, (rank_img.get_width() + icon.get_width(), 0))
            images.append(chip)
    width = sum(i.get_width() for i in images) + space * max(0, len(images) - 1)
    height = max((i.get_height() for i in images), default=size)
    surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for image in images:
        surf.blit(image, (x, (height - image.get_height()) // 2))
        x += image.get_width() + space
    if width > max_width:
        surf = pygame.transform.smoothscale(surf, (max_width, max(1, int(height * max_width / width))))
    return text_cache.cache.put(key, surf)


def log_rows(text_cache, assets, deck_look: str, line: str, size: int, color, max_width: int) -> list[pygame.Surface]:
    """``line`` as the rows it takes in ``max_width``: one, or two split between words when it is wider
    (only a single word wider than the room is squeezed)."""
    key = ("logrows", line, size, color, max_width, deck_look, assets.card_letters())
    cached = text_cache.cache.get(key)
    if cached is not None:
        return cached

    def width(text: str) -> int:
        return log_line(text_cache, assets, deck_look, text, size, color, UNBOUNDED).get_width()

    words = line.split(" ")
    if width(line) <= max_width or len(words) == 1:
        images = [log_line(text_cache, assets, deck_look, line, size, color, max_width)]
        return text_cache.cache.put(key, images)
    # The split that leaves the first row as full as fits (at least one word on each row);
    # the second row is indented, so that it reads as the same move.
    cut = max((i for i in range(1, len(words)) if width(" ".join(words[:i])) <= max_width), default=1)
    indent = max(4, size)
    first = log_line(text_cache, assets, deck_look, " ".join(words[:cut]), size, color, max_width)
    rest = log_line(text_cache, assets, deck_look, " ".join(words[cut:]), size, color, max_width - indent)
    second = pygame.Surface((rest.get_width() + indent, rest.get_height()), pygame.SRCALPHA)
    second.blit(rest, (indent, 0))
    return text_cache.cache.put(key, [first, second])
