"""Every colour the game paints itself, by name (theme.json styles pygame_gui's widgets, in hex).

A colour is an RGB tuple; where one is drawn see-through, add the alpha at the call: ``(*GOLD, 200)``.
"""
from __future__ import annotations

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
# Masks rather than colours: BLEND_RGBA_MIN with OPAQUE keeps a shape's pixels; TRANSPARENT clears.
OPAQUE = (255, 255, 255, 255)
TRANSPARENT = (0, 0, 0, 0)

# ----- gold, cream and wood: titles, rims and panels on every screen --------------------------

GOLD = (242, 196, 84)
GOLD_LIGHT = (242, 207, 107)
PALE_GOLD = (255, 244, 200)
GOLD_DEEP = (196, 140, 40)
GOLD_DARK = (138, 106, 40)
BRASS = (184, 144, 58)
DULL_BRASS = (109, 86, 40)

CREAM = (255, 250, 238)
PARCHMENT = (243, 233, 207)     # theme.json's text colour, for text we render next to its widgets
LIGHT_TEXT = (240, 240, 240)

WOOD_DARK = (43, 26, 14)
PANEL_WOOD = (36, 22, 12)
OUTLINE_BROWN = (30, 18, 8)
EBONY = (20, 12, 6)
RAIL_GRAIN = ((62, 38, 20), (54, 33, 17), (70, 44, 23), (48, 29, 15))

LIGHT_GREY = (200, 200, 200)

# ----- felt -------------------------------------------------------------------------------

MENU_FELT = (22, 96, 58)
MENU_FELT_EDGE = (8, 46, 27)
INSET_FELT = (13, 48, 30)
TABLE_FELT = (54, 132, 84)
TABLE_FELT_EDGE = (8, 40, 26)
BLUE_FELT = (40, 80, 130)
BLUE_FELT_EDGE = (10, 20, 40)
DIM_SHADE = (5, 12, 8)

# ----- suits and cards -----------------------------------------------------------------------

SUIT_RED = (206, 22, 52)
SUIT_BLACK = (28, 28, 34)
SUIT_GREEN = (22, 128, 60)
SUIT_BLUE = (30, 96, 196)
SUIT_BLACK_ON_DARK = (236, 236, 242)
# The German tournament deck's diamonds, and the German suits' own inks (Eichel, Schellen, Herz, Grün);
# the acorn's brown is lightened where it stands on the dark felt (the move log).
SUIT_YELLOW = (228, 170, 8)
GERMAN_ACORN = (122, 70, 20)
GERMAN_ACORN_ON_DARK = (214, 156, 92)
GERMAN_BELL = (183, 121, 11)
GERMAN_LEAF = (35, 122, 51)

CARD_EDGE = (170, 170, 176)
CARD_BACK_BLUE = (30, 62, 150)
CARD_BACK_RED = (160, 30, 44)
UNPLAYABLE_TINT = (172, 172, 180, 255)     # multiplied into a card that cannot be played now

# ----- seats and computer levels ------------------------------------------------------------

SEAT_COLORS = ((214, 92, 80), (84, 150, 214), (230, 176, 70), (120, 186, 110), (170, 116, 206),
               (66, 186, 180), (226, 128, 170))
LEVEL_COLORS = {"easy": (86, 168, 96), "medium": (222, 160, 52), "hard": (206, 66, 58), "human": (90, 140, 220)}

# ----- menus --------------------------------------------------------------------------------

LOCKED_TICK = (150, 132, 104)
PROBLEM_TEXT = (255, 177, 154)

# ----- the suit chooser -------------------------------------------------------------------------

CHOOSER_SHADE = (4, 14, 8)
CHOOSER_TEXT = (226, 214, 184)
SUIT_BUTTON = (238, 228, 206)
SUIT_BUTTON_FOCUSED = (250, 244, 228)
SUIT_BUTTON_RIM = (150, 120, 70)
SUIT_BUTTON_LABEL = (40, 30, 22)

# ----- hand and match results -----------------------------------------------------------------

RESULT_PANEL = (34, 21, 11)
RESULT_SUBTITLE = (226, 214, 186)
RESULT_NOTE = (200, 190, 170)
AVATAR_RING = (230, 210, 170)
PENALTY_POINTS = (255, 150, 130)
POINTS_GAINED = (160, 230, 160)
OUT_BADGE = (190, 60, 50)
MEDAL_GOLD = (242, 200, 80)
MEDAL_SILVER = (200, 206, 214)
MEDAL_BRONZE = (206, 140, 80)
NO_MEDAL = (120, 110, 100)
MEDAL_RIM = (60, 40, 20)
MEDAL_NUMBER = (40, 26, 12)
CONFETTI = (MEDAL_GOLD, SEAT_COLORS[0], SEAT_COLORS[1], SEAT_COLORS[3], SEAT_COLORS[6])

# ----- the table ----------------------------------------------------------------------------------
# painter.py and table.py still spell these out; they are named here for their rewrite.

WARNING_RED = (230, 90, 70)
FELT_LINE = (112, 178, 128)
ARROW_SHADOW = (16, 48, 28)
SUIT_DISC = (250, 244, 230)
SUIT_DISC_RIM = (190, 170, 130)
EMPTY_STOCK_LINE = (120, 170, 130)
EMPTY_STOCK_TEXT = (170, 210, 180)
PENALTY_RED = (206, 40, 46)
SKIP_ORANGE = (214, 120, 30)
BADGE_RIM = (255, 235, 200)
PLATE_WOOD = (44, 28, 15)
PLATE_IDLE = (40, 36, 32)
PLATE_RIM = (150, 118, 62)
IDLE_GREY = (90, 90, 90)
SEAT_AVATAR_RING = (220, 200, 160)
SEAT_AVATAR_RING_ACTIVE = (255, 240, 200)
UNKNOWN_LEVEL = (120, 120, 120)
SEAT_INFO = (226, 212, 180)
SEAT_INFO_IDLE = (200, 180, 150)
FLASH_PILL = (28, 16, 8)
LOG_PANEL = (10, 28, 18)
LOG_RULE = (120, 100, 60)
LOG_CAPTION = (200, 214, 196)
LOG_NEWEST = (246, 238, 220)
LOG_RECENT = (206, 214, 200)
LOG_OLDER = (160, 176, 160)
SUIT_RED_IN_LOG = (255, 120, 120)
BANNER_PANEL = (20, 14, 8)
BANNER_HINT = (236, 232, 214)
TOAST_PANEL = (58, 16, 12)
TOAST_RIM = (255, 138, 112)
TOAST_TEXT = (255, 240, 220)
REVIEW_TRACK = (18, 12, 6)             # the hand review's progress bar, before it fills
REVIEW_MADE_RING = (236, 112, 96)      # around the card the person played, when another was better


def hex_code(colour: tuple) -> str:
    """``#rrggbb``, for colours in pygame_gui's HTML text."""
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])
