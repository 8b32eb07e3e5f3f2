"""How big widgets and type are for a window size, designed at 1280x720."""
from __future__ import annotations

REFERENCE_SIZE = (1280, 720)


def ui_scale(size: tuple[int, int], low: float = 0.85, high: float = 1.5) -> float:
    """How much bigger than at 1280x720 the widgets should be for this window."""
    width, height = size
    return max(low, min(high, width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1]))


def font_scale(size: tuple[int, int]) -> float:
    """How much bigger the theme's fonts should be: steps, so text stays crisp and layouts predictable."""
    width, height = size
    fit = min(width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1])
    if fit >= 1.45:
        return 1.5
    if fit >= 1.2:
        return 1.25
    return 1.0


#: The theme blocks whose row height grows with their type (a list's rows must hold their text).
SCALED_ROWS = ("selection_list",)


def scaled_theme(theme: dict, scale: float) -> dict:
    """A copy of a pygame_gui theme with every font size multiplied by ``scale`` (and the row height of the
    selection lists, so a bigger type keeps its room)."""
    copy = {}
    for element, block in theme.items():
        block = dict(block)
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            block["font"] = dict(font, size=str(max(6, round(int(font["size"]) * scale))))
        misc = block.get("misc")
        if element in SCALED_ROWS and isinstance(misc, dict) and "list_item_height" in misc:
            block["misc"] = dict(misc, list_item_height=str(round(int(misc["list_item_height"]) * scale)))
        copy[element] = block
    return copy
