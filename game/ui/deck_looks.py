"""The deck looks the player chooses in Settings: the art each draws from, its suits' inks, and whether a
game's deck can be shown in it (German-suited cards have no 2 to 6 and no joker).

``shown_deck_look(chosen, rules)`` is what the table draws: the chosen look, or the classic French
cards where the German look cannot show the game's deck.
"""
from __future__ import annotations

from game.store.settings import DECK_LOOKS

from .i18n import GERMAN_DECK_RANKS, GERMAN_LOOK

CLASSIC = "classic"
FOUR_COLOUR = "four_color"
TOURNAMENT = "tournament"

#: Each look's folder under ``assets/cards/`` (tools/make_cards.py draws them all).
LOOK_FOLDERS = {CLASSIC: "", FOUR_COLOUR: "four_color", TOURNAMENT: "tournament", GERMAN_LOOK: "german"}
#: German-suited corner letters: U for the Unter (our J), O for the Ober (our Q); König K, Daus A.
GERMAN_CARD_LETTERS = {"J": "U", "Q": "O"}
#: The cards of a 32-card (Skat) deck: what a rule's ``cards_per_deck`` says when it is not 52.
SKAT_DECK_SIZE = 32


def deals_skat_deck(rules) -> bool:
    """Whether ``rules`` deal the 32-card deck (7 to ace of each suit) and no joker: only then can every
    card be shown German-suited. The one place the screen asks the rules which deck they play with."""
    return getattr(rules, "cards_per_deck", 52) == SKAT_DECK_SIZE and rules.jokers_per_deck == 0


def shown_deck_look(chosen: str, rules) -> str:
    """The look the cards of a game under ``rules`` are drawn in: the chosen one, or the classic cards
    when German suits are chosen for a game they cannot show (None: no game, the chosen look)."""
    if chosen == GERMAN_LOOK and rules is not None and not deals_skat_deck(rules):
        return CLASSIC
    return chosen if chosen in LOOK_FOLDERS else CLASSIC


def has_german_face(card_code: str) -> bool:
    """Whether a German-suited face exists for ``card_code`` (``7C`` yes, ``2C`` and jokers no)."""
    return not card_code.startswith("X") and card_code[:-1] in GERMAN_DECK_RANKS
