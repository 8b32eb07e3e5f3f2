"""Card encoding and notation.

A card is a small int so the hot loops stay cheap: 0..51 are the French-suited
cards (``rank_index * 4 + suit_index``) and 52.. are jokers. Outside the hot
loops cards are written in the notation of docs/RULES.md R-CARDS: ``8S``, ``10H``, ``QD``,
``X1``.
"""
from __future__ import annotations

import random

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_RANK = 13
NO_SUIT = 4
FIRST_JOKER = 52
MAX_JOKERS = 4
CARD_COUNT = FIRST_JOKER + MAX_JOKERS

# Lookup tables are faster than arithmetic and treat jokers uniformly.
RANK_OF = tuple([c >> 2 for c in range(FIRST_JOKER)] + [JOKER_RANK] * MAX_JOKERS)
SUIT_OF = tuple([c & 3 for c in range(FIRST_JOKER)] + [NO_SUIT] * MAX_JOKERS)


class CardNotationError(ValueError):
    """A string is not a card in our notation."""


def card_from_str(text: str) -> int:
    """Parse ``8S``, ``10H``, ``QD`` or ``X1`` into a card int."""
    token = text.strip().upper()
    if len(token) >= 2 and token[0] == "X" and token[1:].isdigit():
        number = int(token[1:])
        if 1 <= number <= MAX_JOKERS:
            return FIRST_JOKER + number - 1
        raise CardNotationError(f"joker number must be 1..{MAX_JOKERS}: {text!r}")
    rank, suit = token[:-1], token[-1:]
    if rank not in RANKS or not suit or suit not in SUITS:
        raise CardNotationError(f"not a card: {text!r} (expected e.g. 8S, 10H, QD, X1)")
    return RANKS.index(rank) * 4 + SUITS.index(suit)


def card_to_str(card: int) -> str:
    """Write a card int in notation."""
    if card >= FIRST_JOKER:
        return f"X{card - FIRST_JOKER + 1}"
    return RANKS[card >> 2] + SUITS[card & 3]


def cards_from_str(text: str) -> list[int]:
    """Parse a space-separated list of cards (``"8S 10H X1"``)."""
    return [card_from_str(token) for token in text.split()]


def cards_to_str(cards) -> str:
    """Write cards as a space-separated string."""
    return " ".join(card_to_str(c) for c in cards)


def rank_index(rank: str) -> int:
    """Index of a rank name (``"A"`` -> 0, ``"X"`` -> joker rank)."""
    if rank == "X":
        return JOKER_RANK
    if rank not in RANKS:
        raise CardNotationError(f"not a rank: {rank!r} (expected one of {' '.join(RANKS)})")
    return RANKS.index(rank)


def suit_index(suit: str) -> int:
    """Index of a suit letter (``"C"`` -> 0)."""
    if len(suit) != 1 or suit.upper() not in SUITS:
        raise CardNotationError(f"not a suit: {suit!r} (expected one of C D H S)")
    return SUITS.index(suit.upper())


def is_red(card: int) -> bool:
    """Diamonds and hearts are red."""
    return SUIT_OF[card] in (1, 2)


#: The decks a rule can choose (``RuleSet.cards_per_deck``): the French 52 cards, or the 32 of the
#: Skat deck (7, 8, 9, 10, J, Q, K, A of each suit) that Mau-Mau is played with.
DECK_SIZES = (52, 32)
#: The ranks in a 32-card deck (rank names, as in ``RANKS``).
SHORT_DECK_RANKS = ("A", "7", "8", "9", "10", "J", "Q", "K")
_DECK_CARDS = {
    52: tuple(range(FIRST_JOKER)),
    32: tuple(c for c in range(FIRST_JOKER) if RANKS[c >> 2] in SHORT_DECK_RANKS),
}


def deck_ranks(cards_per_deck: int) -> tuple[str, ...]:
    """The rank names a deck of ``cards_per_deck`` cards holds, in ``RANKS`` order."""
    return RANKS if cards_per_deck == 52 else tuple(r for r in RANKS if r in SHORT_DECK_RANKS)


def deck_cards(cards_per_deck: int) -> tuple[int, ...]:
    """The card ints of one deck of ``cards_per_deck`` cards, no jokers (the same ints in either deck)."""
    return _DECK_CARDS[cards_per_deck]


def build_deck(decks: int, jokers_per_deck: int, cards_per_deck: int = 52) -> list[int]:
    """The full, unshuffled card list for a number of decks (of 52 or 32 cards) and jokers."""
    cards: list[int] = []
    joker = FIRST_JOKER
    one_deck = _DECK_CARDS[cards_per_deck]
    for _ in range(decks):
        cards.extend(one_deck)
        for _ in range(jokers_per_deck):
            cards.append(joker)
            joker += 1
    return cards


def shuffle(cards: list, rng) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would, in about half the time.

    The samplers of the search and the analysis shuffle three lists per sampled world; this is
    ``random.Random.shuffle`` with its per-card method call inlined (the same draws of
    ``getrandbits``, so the same order for the same seed). Another kind of generator (a
    ``Random`` subclass) is left to its own ``shuffle``.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for index in range(len(cards) - 1, 0, -1):
        size = index + 1
        bits = size.bit_length()
        other = getrandbits(bits)
        while other >= size:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]

