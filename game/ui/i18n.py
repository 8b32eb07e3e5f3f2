"""Translation: one ``_()`` for every player-facing string, and the rules core's reasons in words.

Catalogues live in ``game/ui/locale/<lang>/LC_MESSAGES/crazy-eights.mo``
(gettext domain ``crazy-eights``). The language comes from the ``LANGUAGE``
(or ``LC_ALL``/``LC_MESSAGES``/``LANG``) environment variables the usual
gettext way, or from :func:`set_language`; without a catalogue the English
source strings are shown.

Mark strings with ``_("…")`` where they are shown and with ``N_("…")`` where
they are only stored (translated later with ``_(variable)``);
``tools/extract_messages.py`` collects both, and ``ngettext``, into the
``.pot`` template.
"""
from __future__ import annotations

import gettext as _gettext
import logging
from contextlib import contextmanager
from pathlib import Path

from .safe_text import safe_text

DOMAIN = "crazy-eights"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

log = logging.getLogger(__name__)
#: The catalogues that could not be read since the last look (their paths), for a notice.
_unreadable_catalogues: list[str] = []


def _catalogue(languages: list[str] | None) -> _gettext.NullTranslations:
    """The catalogue for ``languages`` (None: from the environment); English when there is none, or when
    the file is cut short or is not a catalogue (gettext raises struct.error, "Bad magic number", a
    decoding error… from deep inside)."""
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, languages=languages, fallback=True)
    except Exception as error:   # noqa: BLE001 - whatever a damaged file makes gettext raise, English it is
        path = _gettext.find(DOMAIN, LOCALE_DIR, languages=languages) or str(LOCALE_DIR)
        log.warning("catalogue %s could not be read, English instead: %r", path, error)
        _unreadable_catalogues.append(str(path))
        return _gettext.NullTranslations()


_translation: _gettext.NullTranslations = _catalogue(None)


def set_language(language: str | None) -> None:
    """Switch catalogues (``"de"``, ``"en"``…; None = from the environment); a catalogue that cannot
    be read gives English (see :func:`take_unreadable_catalogues`)."""
    global _translation
    _translation = _catalogue([language] if language else None)


def take_unreadable_catalogues() -> list[str]:
    """The catalogue files found damaged since the last call (each is told once)."""
    found = list(dict.fromkeys(_unreadable_catalogues))
    _unreadable_catalogues.clear()
    return found


def current_language() -> str:
    """The language of the active catalogue: ``"de"``, ``"el"``, ``"nb"``… (``"en"`` without one)."""
    info = _translation.info() if hasattr(_translation, "info") else {}
    code = (info.get("language") or "").replace("-", "_").split("_")[0].lower()
    return code or "en"


#: Languages that write 28,5 where English writes 28.5.
DECIMAL_COMMA = frozenset({"de", "el", "nb"})


def decimal_text(value: float, decimals: int) -> str:
    """``value`` with at most ``decimals`` places and no trailing zeros, with the language's decimal mark."""
    text = f"{round(value, decimals):.{decimals}f}".rstrip("0").rstrip(".") if decimals else str(round(value))
    return text.replace(".", ",") if current_language() in DECIMAL_COMMA else text


def date_time_text(moment) -> str:
    """A date and time (a ``datetime``) written the way the player's language writes them."""
    return _("{year}-{month}-{day} {hour}:{minute}").format(
        year=moment.year, month=f"{moment.month:02d}", day=f"{moment.day:02d}",
        hour=f"{moment.hour:02d}", minute=f"{moment.minute:02d}")


def _(message: str) -> str:
    """The translation of ``message`` (the message itself in English)."""
    # gettext files the catalogue's header under the empty message id: "" stays "".
    if not message:
        return message
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural translation that fits ``count``."""
    if not singular:   # the empty id is the catalogue's header, never a message
        return singular if count == 1 else plural
    return _translation.ngettext(singular, plural, count)


def join_words(words: list[str]) -> str:
    """Words joined the way the language lists them: ``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{list} and {last}").format(list=_(", ").join(words[:-1]), last=words[-1])


# ----- cards in words ---------------------------------------------------------

SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
RANK_WORDS = {
    "A": N_("ace"), "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"),
    "6": N_("six"), "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "10": N_("ten"),
    "J": N_("jack"), "Q": N_("queen"), "K": N_("king"), "X": N_("joker"),
}
# Plural rank names, for rules text such as "eights are wild".
RANK_PLURALS = {
    "A": N_("aces"), "2": N_("twos"), "3": N_("threes"), "4": N_("fours"), "5": N_("fives"),
    "6": N_("sixes"), "7": N_("sevens"), "8": N_("eights"), "9": N_("nines"), "10": N_("tens"),
    "J": N_("jacks"), "Q": N_("queens"), "K": N_("kings"), "X": N_("jokers"),
}


#: The computer levels as players read them, and what the person's own seat is called.
SEAT_KIND_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"), "human": N_("You"),
                   "remote": N_("Person"),
                   "practice": N_("Practice"), "people": N_("People only"), "network": N_("Network table")}


def level_name(kind: str) -> str:
    """``"hard"`` -> ``"Hard"`` (in the player's language); the person's seat is ``"You"``."""
    return _(SEAT_KIND_WORDS[kind]) if kind in SEAT_KIND_WORDS else kind.title()


#: The name a new player has until they choose their own: stored as it is, in English, meaning "no name
#: of their own", and shown in the player's language.
DEFAULT_PLAYER_NAME = "You"

#: The languages with a catalogue (their "You" is the default name too, not a name of the player's own).
CATALOGUE_LANGUAGES = ("de", "el", "nb")
_default_name_words: frozenset[str] | None = None


def is_default_player_name(name: str) -> bool:
    """Whether ``name`` is the default name ("You" in English or in any language the game speaks): a
    match started in German keeps "Du", which is the default all the same."""
    global _default_name_words
    if _default_name_words is None:
        words = {DEFAULT_PLAYER_NAME}
        for language in CATALOGUE_LANGUAGES:
            try:
                catalogue = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
                words.add(catalogue.gettext(DEFAULT_PLAYER_NAME))
            except Exception:  # a damaged catalogue is another part's notice; its word is simply not known
                continue
        _default_name_words = frozenset(words)
    return name.strip() in _default_name_words


def stored_player_name(name: str) -> str:
    """The name to keep for what the player typed: the default, in whatever language, is kept as "no
    name of their own", so it follows the language."""
    return DEFAULT_PLAYER_NAME if is_default_player_name(name) else name


def shown_player_name(name: str) -> str:
    """The person's name on screen: the default name says "You" in the player's language."""
    return _(SEAT_KIND_WORDS["human"]) if is_default_player_name(name) else name


# ----- the deck look the names follow -------------------------------------------------------

#: The deck looks whose cards have names of their own: German-suited cards are "Eichel-Ober", not
#: "Kreuz-Dame" (the other looks only colour the French suits differently).
GERMAN_LOOK = "german"
#: The ranks a German-suited deck has: 7 to 10, Unter (our J), Ober (Q), König (K), Daus (A).
GERMAN_DECK_RANKS = frozenset(("7", "8", "9", "10", "J", "Q", "K", "A"))
_deck_look = "classic"

GERMAN_SUIT_WORDS = {"C": N_("acorns"), "D": N_("bells"), "H": N_("hearts"), "S": N_("leaves")}
GERMAN_RANK_WORDS = {"J": N_("under"), "Q": N_("over"), "K": N_("king"), "A": N_("ace")}
GERMAN_RANK_PLURALS = {"J": N_("unders"), "Q": N_("overs"), "K": N_("kings"), "A": N_("aces")}
#: Where a language names a German-suited card apart from its French twin though English does not
#: (one msgid serves both looks): the Greek heart is a heart ("καρδιά"), not a cup ("κούπα").
_GERMAN_SUIT_WORDS_BY_LANGUAGE = {"el": {"H": "καρδιά"}}


def set_deck_look(look: str) -> None:
    """The deck look the card names follow from now on (the table sets the look it shows)."""
    global _deck_look
    _deck_look = look


@contextmanager
def card_names_for(look: str):
    """Inside the block, card names follow ``look`` (a screen that writes about a game's cards away from
    the table: the rules in the deck the game is shown in); the look before comes back after it."""
    before = _deck_look
    set_deck_look(look)
    try:
        yield
    finally:
        set_deck_look(before)


def deck_look() -> str:
    """The deck look the card names follow now (``"classic"``, ``"german"``…)."""
    return _deck_look


def _german_named(rank: str | None = None) -> bool:
    """Whether names follow the German-suited deck now (for ``rank``: only the ranks it has)."""
    return _deck_look == GERMAN_LOOK and (rank is None or rank in GERMAN_DECK_RANKS)


def suit_name(suit: str) -> str:
    """``"H"`` -> ``"hearts"`` (``"C"`` -> ``"acorns"`` when the cards are German-suited)."""
    suit = suit.upper()
    if _german_named():
        own = _GERMAN_SUIT_WORDS_BY_LANGUAGE.get(current_language(), {}).get(suit)
        return own or _(GERMAN_SUIT_WORDS[suit])
    return _(SUIT_WORDS[suit])


# ----- cards with their article, in a grammatical case ---------------------------------------

#: The cases a translation may ask a card or rank name in: ``{card:acc}`` is "den Kreuz-Buben" in German,
#: "τον άσο σπαθί" in Greek; ``{card}`` is the bare name ("Kreuz-Bube"). Languages without articles
#: (English, whose messages hold their own "the", Norwegian) give the bare name in every case.
CASES = ("nom", "acc", "dat", "gen")
#: "{rank:indef}": one card of a rank, as in "unless they play a two too" (Norwegian "en toer", not "en to").
INDEFINITE = "indef"


class Worded(str):
    """A card's or a rank's name (the bare name as a str) that a translation can ask for with its
    article in a case: ``"{card:acc}"``. Any other format spec is the str's own."""

    forms: dict

    def __new__(cls, text: str, forms: dict | None = None):
        worded = super().__new__(cls, text)
        worded.forms = dict(forms or {})
        return worded

    def __format__(self, spec: str) -> str:
        if spec in CASES or spec == INDEFINITE:
            return self.forms.get(spec, str(self))
        return format(str(self), spec)

    def capitalized(self) -> "Worded":
        """The same name, every form with a capital first letter (a sentence starts with it)."""
        return Worded(_capital(str(self)), {case: _capital(form) for case, form in self.forms.items()})


#: Definite articles by gender ("pl" and "pl_<gender>" for the plural) and case (nom, acc, dat, gen).
_ARTICLES = {
    "de": {"m": ("der", "den", "dem", "des"), "f": ("die", "die", "der", "der"), "n": ("das", "das", "dem", "des"),
           "pl_m": ("die", "die", "den", "der"), "pl_f": ("die", "die", "den", "der"),
           "pl_n": ("die", "die", "den", "der")},
    # Greek has no dative: "dat" is the accusative a preposition takes.
    "el": {"m": ("ο", "τον", "τον", "του"), "f": ("η", "την", "την", "της"), "n": ("το", "το", "το", "του"),
           "pl_m": ("οι", "τους", "τους", "των"), "pl_f": ("οι", "τις", "τις", "των"),
           "pl_n": ("τα", "τα", "τα", "των")},
}


def _same(word: str) -> tuple[str, str, str, str]:
    return (word, word, word, word)


#: Each rank's gender and its forms by case, singular and plural, where they differ from the
#: catalogue's bare word (German weak nouns: "den Buben"; Greek: "τον άσο", "τον ρήγα").
_RANK_GRAMMAR = {
    "de": {
        "A": ("n", ("Ass", "Ass", "Ass", "Asses"), ("Asse", "Asse", "Assen", "Asse")),
        "J": ("m", ("Bube", "Buben", "Buben", "Buben"), _same("Buben")),
        "Q": ("f", _same("Dame"), _same("Damen")),
        "K": ("m", ("König", "König", "König", "Königs"), ("Könige", "Könige", "Königen", "Könige")),
        "X": ("m", ("Joker", "Joker", "Joker", "Jokers"), ("Joker", "Joker", "Jokern", "Joker")),
        **{rank: ("f", _same(word), _same(word + "en")) for rank, word in (
            ("2", "Zwei"), ("3", "Drei"), ("4", "Vier"), ("5", "Fünf"), ("6", "Sechs"), ("7", "Sieben"),
            ("8", "Acht"), ("9", "Neun"), ("10", "Zehn"))},
    },
    "el": {
        "A": ("m", ("άσος", "άσο", "άσο", "άσου"), ("άσοι", "άσους", "άσους", "άσων")),
        "J": ("m", ("βαλές", "βαλέ", "βαλέ", "βαλέ"), ("βαλέδες", "βαλέδες", "βαλέδες", "βαλέδων")),
        "Q": ("f", ("ντάμα", "ντάμα", "ντάμα", "ντάμας"), ("ντάμες", "ντάμες", "ντάμες", "ντάμων")),
        "K": ("m", ("ρήγας", "ρήγα", "ρήγα", "ρήγα"), ("ρηγάδες", "ρηγάδες", "ρηγάδες", "ρηγάδων")),
        "X": ("n", _same("τζόκερ"), _same("τζόκερ")),
        **{rank: ("n", (word, word, word, word[:-1] + "ιού"), (word + "α", word + "α", word + "α", word[:-1] + "ιών"))
           for rank, word in (("2", "δυάρι"), ("3", "τριάρι"), ("4", "τεσσάρι"), ("5", "πεντάρι"),
                              ("6", "εξάρι"), ("7", "εφτάρι"), ("8", "οχτάρι"), ("9", "εννιάρι"),
                              ("10", "δεκάρι"))},
    },
}


#: The German-suited deck's own ranks by case, where the language declines them: the Unter and the
#: Ober are men ("den Eichel-Ober"), the Daus is neuter ("das Schellen-Daus", plural "Däuser").
_GERMAN_RANK_GRAMMAR = {
    "de": {
        "J": ("m", ("Unter", "Unter", "Unter", "Unters"), ("Unter", "Unter", "Untern", "Unter")),
        "Q": ("m", ("Ober", "Ober", "Ober", "Obers"), ("Ober", "Ober", "Obern", "Ober")),
        "A": ("n", ("Daus", "Daus", "Daus", "Dauses"), ("Däuser", "Däuser", "Däusern", "Däuser")),
    },
    # The Unter and Ober keep their German names in Greek, as foreign words do: unchanged in every case.
    "el": {
        "J": ("m", _same("ούντερ"), _same("ούντερ")),
        "Q": ("m", _same("όμπερ"), _same("όμπερ")),
    },
}
_GERMAN_INDEFINITE_RANKS = {
    "de": {"J": "einen Unter", "Q": "einen Ober", "A": "ein Daus"},
    "nb": {"J": "en underknekt", "Q": "en overknekt"},
}


#: One card of a rank, where the language names it apart from the rank's word in a card's name.
_INDEFINITE_RANKS = {
    # German: the accusative a sentence like "er legt ebenfalls eine Zwei" takes.
    "de": {"A": "ein Ass", "2": "eine Zwei", "3": "eine Drei", "4": "eine Vier", "5": "eine Fünf", "6": "eine Sechs",
           "7": "eine Sieben", "8": "eine Acht", "9": "eine Neun", "10": "eine Zehn", "J": "einen Buben",
           "Q": "eine Dame", "K": "einen König", "X": "einen Joker"},
    "nb": {"A": "et ess", "2": "en toer", "3": "en treer", "4": "en firer", "5": "en femmer", "6": "en sekser",
           "7": "en syver", "8": "en åtter", "9": "en nier", "10": "en tier", "J": "en knekt", "Q": "en dame",
           "K": "en konge", "X": "en joker"},
}


def _grammar(rank: str):
    """(articles, gender, singular forms, plural forms) of a rank in the current language and deck look,
    or None."""
    language = current_language()
    entry = None
    if _german_named(rank):
        entry = _GERMAN_RANK_GRAMMAR.get(language, {}).get(rank)
    if entry is None:
        entry = _RANK_GRAMMAR.get(language, {}).get(rank)
    return None if entry is None else (_ARTICLES[language], *entry)


def _rank_word(rank: str, plural: bool) -> str:
    """A rank's bare word in the current language and deck look."""
    if _german_named(rank) and rank in GERMAN_RANK_WORDS:   # 7 to 10 are named as on French cards
        own = _GERMAN_RANK_GRAMMAR.get(current_language(), {}).get(rank)
        if own is not None:
            return own[2 if plural else 1][0]
        return _(GERMAN_RANK_PLURALS[rank] if plural else GERMAN_RANK_WORDS[rank])
    return _(RANK_PLURALS[rank] if plural else RANK_WORDS[rank])


def _indefinite(rank: str) -> str | None:
    language = current_language()
    if _german_named(rank):
        own = _GERMAN_INDEFINITE_RANKS.get(language, {}).get(rank)
        if own:
            return own
    return _INDEFINITE_RANKS.get(language, {}).get(rank)


def rank_name(rank: str, plural: bool = False) -> Worded:
    """``"Q"`` -> ``"queen"`` (or ``"queens"``; ``"over"`` on German-suited cards); ``"{rank:nom}"`` in a
    translation adds the article."""
    rank = rank.upper()
    bare = _rank_word(rank, plural)
    grammar = _grammar(rank)
    one = None if plural else _indefinite(rank)
    extra = {INDEFINITE: one} if one else {}
    if grammar is None:
        return Worded(bare, extra)
    articles, gender, singular, plurals = grammar
    forms, article_key = (plurals, f"pl_{gender}") if plural else (singular, gender)
    return Worded(bare, {**extra, **{case: f"{articles[article_key][i]} {forms[i]}" for i, case in enumerate(CASES)}})


def card_name(code: str) -> Worded:
    """``"QH"`` -> ``"queen of hearts"`` (``"over of hearts"``, "Herz-Ober", on German-suited cards);
    ``"X1"`` -> ``"joker"``; ``"{card:acc}"`` in a translation gives it with its article in that case
    ("den Kreuz-Buben")."""
    code = code.strip().upper()
    rank = "X" if code.startswith("X") else code[:-1]
    if rank != "X" and (rank not in RANK_WORDS or code[-1] not in SUIT_WORDS):
        raise ValueError(f"not a card: {code!r}")
    grammar = _grammar(rank)
    if rank == "X":
        bare, named = _("joker"), (lambda word: word)
    else:
        suit = suit_name(code[-1])
        def named(word: str) -> str:
            return _("{rank} of {suit}").format(rank=word, suit=suit)
        bare = named(rank_name(rank))
    if grammar is None:
        return Worded(bare)
    articles, gender, singular, _plurals = grammar
    return Worded(bare, {case: f"{articles[gender][i]} {named(singular[i])}" for i, case in enumerate(CASES)})


def ranks_phrase(ranks) -> Worded:
    """``("J", "Q")`` -> ``jacks and queens``; ``"{ranks:nom}"`` gives each its article ("τα οχτάρια")."""
    words = [rank_name(rank, plural=True) for rank in ranks]
    forms = {case: join_words([format(word, case) for word in words]) for case in CASES}
    return Worded(join_words(words), forms if any(word.forms for word in words) else {})


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def reason_text(error) -> str:
    """An :class:`~game.rules.IllegalMove` as a sentence for the player, in their language."""
    reason = getattr(error, "reason", "")
    params = getattr(error, "params", {}) or {}
    card = params.get("card")
    the_card = card_name(card) if card else _("that card")
    if reason == "not_in_hand":
        return _capital(_("the {card} is not in your hand.").format(card=the_card))
    if reason == "must_answer_penalty":
        count = int(params.get("count", 0))
        return ngettext("You must pick up {count} card or answer with a matching card.",
                        "You must pick up {count} cards or answer with a matching card.",
                        count).format(count=count)
    if reason == "must_answer_skip":
        return _("You are skipped unless you play a skip card.")
    if reason == "only_drawn_card":
        return _("After drawing you may only play the card you drew, the {card}.").format(card=the_card)
    if reason == "needs_suit":
        return _("Name a suit for your wild card.")
    if reason == "not_wild":
        return _capital(_("the {card} is not wild, so it cannot name a suit.").format(card=the_card))
    if reason == "not_matching":
        suit, rank = params.get("suit"), params.get("rank")
        if suit in SUIT_WORDS and rank in RANK_WORDS:
            return _capital(_("the {card} doesn't match {suit} or {rank}.").format(
                card=the_card, suit=suit_name(suit), rank=rank_name(rank)))
        return _capital(_("the {card} doesn't match the top card.").format(card=the_card))
    if reason == "stock_empty":
        return _("The stock is empty.")
    if reason == "draw_limit":
        return _("You cannot draw again: play a card or pass.")
    if reason == "must_play":
        return _("You have a card you can play, so you cannot draw.")
    if reason == "cannot_pass":
        return _("You cannot pass now.")
    if reason == "last_card_not_allowed" and params.get("word") == "mau":
        return _("You can say “Mau” only as you play down to one card.")
    if reason == "last_card_not_allowed":
        return _("You can call “Last card” only as you play down to one card.")
    if reason == "wild_on_wild":
        top = params.get("top")
        the_top = card_name(top) if top else _("that card")
        return _capital(_("the {card} cannot go on the {top}: no wild card on a wild card.").format(
            card=the_card, top=the_top))
    if reason == "stop_not_allowed":
        threshold = int(params.get("threshold", 0))
        return ngettext("You can call “Stop!” only at the start of your turn with at most {threshold} point in hand.",
                        "You can call “Stop!” only at the start of your turn with at most {threshold} points in hand.",
                        threshold).format(threshold=threshold)
    if reason in ("not_your_turn", "net.not_your_turn"):
        if params.get("name"):   # a name may have come over the network
            return _("Wait for your turn: {name} is playing.").format(name=safe_text(params["name"], 24))
        return _("Wait for your turn.")
    if reason in ("net.stale", "net.illegal"):
        return _("The table moved on before your move arrived. Look again and play.")
    if reason == "net.no_answer":
        return _("The host did not answer your move. Try again.")
    if reason == "net.not_connected":
        return _("The connection to the table is gone.")
    if reason == "hand_over":
        return _("The hand is over.")
    if reason == "match_over":
        return _("The match is over.")
    if reason == "hand_in_progress":
        return _("The current hand is not over yet.")
    # A reason this version does not know yet: the rules core's own English sentence.
    return _capital(str(error))


def undo_refusal_text(refusal) -> str:
    """Why a move cannot be taken back, for the player."""
    if refusal.reason == "card_seen":
        return _("A card was drawn since your last move, so it cannot be taken back.")
    if refusal.reason == "hand_over":
        return _("The hand is over: its moves cannot be taken back.")
    if refusal.reason == "switched_off":
        return _("Undo is switched off in the settings.")
    if refusal.reason == "net.guest":
        return _("Not available at a network table: only the host can take a move back.")
    if refusal.reason == "other_person_moved":
        return _("Someone else has played since your last move, so it cannot be taken back.")
    return _("There is no move of yours to take back in this hand.")


def hint_text(hint, name_of=None) -> str:
    """A :class:`~game.session.Hint` (or a reviewed decision) as one sentence for the player, in their
    language. ``name_of(seat)`` names a player the reason names, when the hint does not carry the name."""
    from game.rules import SUITS, MoveKind, card_to_str  # here, so that the main menu starts without the rules

    params = hint.params
    card = card_name(card_to_str(params["card"])) if "card" in params else ""
    suit = suit_name(SUITS[params["suit"]]) if "suit" in params else ""
    count = int(params.get("count", 0))
    reason = hint.reason
    move = getattr(hint, "move", None) or getattr(hint, "best", None)
    if reason == "call_last_card" and params.get("word") == "mau":
        return _("Say “Mau” now: it costs nothing and saves you a penalty.")
    if reason == "call_last_card":
        return _("Call “Last card” now: it costs nothing and saves you a penalty.")
    if reason == "call_stop":
        points = int(params.get("points", 0))
        return ngettext("Call “Stop!”: your hand is worth only {points} point.",
                        "Call “Stop!”: your hand is worth only {points} points.", points).format(points=points)
    if reason == "take_penalty":
        return ngettext("Pick up the {count} card now.", "Pick up the {count} cards now.", count).format(count=count)
    if reason == "nothing_fits":
        return _("Draw a card: nothing in your hand fits.")
    if reason == "draw_instead":
        return _("Draw a card: what you hold is worth more later.")
    if reason == "save_wild":
        wild = card_name(card_to_str(params["wild"]))
        return _("Draw a card rather than spend the {wild}: keep it for when nothing else fits.").format(wild=wild)
    if reason == "pass":
        return _("Pass: nothing you could play helps you now.")
    if reason == "only_move":
        return _capital(_("play the {card}: it is the only card you can play.").format(card=card))
    if reason == "pass_penalty_on":
        return _capital(_("play the {card}: pass the penalty on to the next player.").format(card=card))
    if reason == "go_out":
        return _capital(_("play the {card} and go out!").format(card=card))
    if reason == "wild_names_suit":
        if count:
            return _capital(ngettext("play the {card} and name {suit}: you still hold {count} card of that suit.",
                                     "play the {card} and name {suit}: you still hold {count} cards of that suit.",
                                     count).format(card=card, suit=suit, count=count))
        return _capital(_("play the {card} and name {suit}.").format(card=card, suit=suit))
    if reason == "keep_wild":
        wild = card_name(card_to_str(params["wild"]))
        return _capital(_("play the {card} and keep your {wild} for later.").format(card=card, wild=wild))
    if reason == "change_suit":
        return _capital(ngettext("play the {card}: it turns play to {suit}, and you still hold {count} card of that suit.",
                                 "play the {card}: it turns play to {suit}, and you still hold {count} cards of that suit.",
                                 count).format(card=card, suit=suit, count=count))
    if reason == "could_go_out":
        return _("You could have gone out with the {card}.").format(card=card)
    if reason == "shed_points":
        points = int(params.get("points", 0))
        return _capital(_("play the {card}: it would cost you {points} points if you were caught with it.")
                        .format(card=card, points=points))
    if reason == "keep_matching":
        kept = card_name(card_to_str(params["kept"]))
        return _capital(ngettext("play the {card} and keep the {kept}: {count} other card of yours matches it.",
                                 "play the {card} and keep the {kept}: {count} other cards of yours match it.",
                                 count).format(card=card, kept=kept, count=count))
    if reason == "fewest_stranded":
        if not count:
            return _capital(_("play the {card}: every card you keep still has another of yours to follow it.")
                            .format(card=card))
        return _capital(ngettext("play the {card}: it leaves only {count} card that none of yours can follow.",
                                 "play the {card}: it leaves only {count} cards that none of yours can follow.",
                                 count).format(card=card, count=count))
    if reason == "keep_suit":
        return _capital(ngettext("play the {card}: it keeps play in {suit}, and you still hold {count} card of that suit.",
                                 "play the {card}: it keeps play in {suit}, and you still hold {count} cards of that suit.",
                                 count).format(card=card, suit=suit, count=count))
    if reason == "keep_long_suit":
        return _capital(ngettext("play the {card}: it keeps you in {suit}, your longest suit ({count} more).",
                                 "play the {card}: it keeps you in {suit}, your longest suit ({count} more).",
                                 count).format(card=card, suit=suit, count=count))
    if reason in ("opponent_void", "suit_scarce", "penalty_next", "skip_next"):
        return _("{move}: {reason}.").format(move=_play_lead(move, card), reason=_table_reason(reason, params, suit,
                                                                                              name_of))
    if move is not None and move.kind == MoveKind.PLAY and move.suit is not None:   # the suit it names is part of it
        return _("{move}: {reason}.").format(move=_play_lead(move, card),
                                             reason=_("it gives you the best chance from here"))
    return _capital(_("play the {card}: it gives you the best chance from here.").format(card=card))


def _play_lead(move, card: str) -> str:
    """"Play the {card}" (naming a suit when the move names one), to lead a reason."""
    from game.rules import SUITS

    if move is not None and move.suit is not None:
        return _capital(_("play the {card} and name {suit}").format(card=card, suit=suit_name(SUITS[move.suit])))
    return _capital(_("play the {card}").format(card=card))


def _player_named(params: dict, name_of) -> str:
    """The name of the player a reason names (an outside string: through safe_text)."""
    if "name" in params:
        return safe_text(params["name"], max_chars=24)
    if name_of is not None and "seat" in params:
        return safe_text(name_of(params["seat"]), max_chars=24)
    return _("the next player")


def _table_reason(reason: str, params: dict, suit: str, name_of) -> str:
    """What a play does to the others, the half of a hint after the move."""
    name = _player_named(params, name_of)
    if reason == "opponent_void":
        since = int(params.get("since", 0))
        if not since:
            return _("{name} could not follow {suit} and has none left").format(name=name, suit=suit)
        return ngettext("{name} could not follow {suit} and can hold at most {count} of them now",
                        "{name} could not follow {suit} and can hold at most {count} of them now",
                        since).format(name=name, suit=suit, count=since)
    if reason == "suit_scarce":
        unseen = int(params.get("unseen", 0))
        return ngettext("only {count} card of {suit} is still unseen, so the others can rarely follow",
                        "only {count} cards of {suit} are still unseen, so the others can rarely follow",
                        unseen).format(count=unseen, suit=suit)
    if reason == "penalty_next":
        count = int(params.get("count", 0))
        return ngettext("{name} must pick up {count} card or answer it",
                        "{name} must pick up {count} cards or answer it", count).format(name=name, count=count)
    cards = int(params.get("cards", 0))
    if cards <= 2:
        return ngettext("it skips {name}, who holds only {count} card",
                        "it skips {name}, who holds only {count} cards", cards).format(name=name, count=cards)
    return _("it skips {name}").format(name=name)


#: How a move stands beside a number ("ten of spades", "drawing"): by kind, then "play" and "play_naming".
_SHORT_MOVE_WORDS = {"draw": N_("drawing a card"), "pass": N_("passing"), "last_card": N_("calling “Last card”"),
                     "stop": N_("calling “Stop!”"), "play": N_("the {card}"), "play_naming": N_("the {card}, naming {suit}")}
#: The person's move as the review tells it, keyed as ``_SHORT_MOVE_WORDS``.
_MOVE_SENTENCES = {"draw": N_("You drew a card."), "pass": N_("You passed."), "last_card": N_("You called “Last card”."),
                   "stop": N_("You called “Stop!”."), "play": N_("You played the {card}."),
                   "play_naming": N_("You played the {card} and named {suit}.")}


def _move_words(move, wordings: dict[str, str]) -> str:
    """``move`` in the wording ``wordings`` gives its kind (the card and the suit it names filled in)."""
    from game.rules import SUITS, MoveKind, card_to_str

    if move.kind != MoveKind.PLAY:
        return _(wordings[move.kind])
    card = card_name(card_to_str(move.card))
    if move.suit is not None:
        return _(wordings["play_naming"]).format(card=card, suit=suit_name(SUITS[move.suit]))
    return _(wordings["play"]).format(card=card)


def short_move_text(move) -> str:
    """A move in a few words, to stand beside a number: "ten of spades", "eight of clubs, naming hearts",
    "drawing"."""
    return _move_words(move, _SHORT_MOVE_WORDS)


def hint_numbers_text(hint) -> str:
    """The analysis's numbers behind a hint: its chance to win the hand beside the other move's ("" when
    there was nothing to weigh)."""
    if hint.win is None or hint.other is None or hint.other_win is None:
        return ""
    other = short_move_text(hint.other)
    win_gap = round(hint.win * 100) - round(hint.other_win * 100)
    if abs(win_gap) < WIN_CHANCE_WORTH_TELLING and hint.points is not None and hint.other_points is not None:
        # The chances are the same: the points tell the moves apart.
        points = round(hint.other_points - hint.points) if hint.penalty else round(hint.points - hint.other_points)
        if points >= 1:
            if hint.penalty:
                return ngettext("About {points} penalty point fewer to expect from the hand than with {other}.",
                                "About {points} penalty points fewer to expect from the hand than with {other}.",
                                points).format(points=points, other=other)
            return ngettext("About {points} point more to expect from the hand than with {other}.",
                            "About {points} points more to expect from the hand than with {other}.",
                            points).format(points=points, other=other)
    win, other_win = percent_text(round(hint.win * 100)), percent_text(round(hint.other_win * 100))
    if hint.close:
        return _("Chance to win the hand: {win}, against {other_win} for {other}: too close to call.").format(
            win=win, other=other, other_win=other_win)
    return _("Chance to win the hand: {win}, against {other_win} for {other}.").format(
        win=win, other=other, other_win=other_win)


def move_text(move) -> str:
    """The person's move as the review tells it: "You played the eight of clubs and named spades"."""
    return _move_words(move, _MOVE_SENTENCES)


#: A gap in the chance to win the hand smaller than this (in percentage points) is told in points instead.
WIN_CHANCE_WORTH_TELLING = 2
#: Under penalty scoring, a gap in the penalty points expected from this many points is told with the chances.
PENALTY_POINTS_WORTH_TELLING = 2


def percent_text(percent: int) -> str:
    """A whole percentage as the player's language writes it ("30%", "30 %")."""
    return _("{percent}%").format(percent=percent)


def review_cost_text(decision, penalty_scoring: bool) -> str:
    """What a reviewed decision cost, in words: the two chances to win the hand side by side (and, in a
    game scored in penalty points, the penalty points more to expect), or the points alone."""
    made, best = round(decision.made_win * 100), round(decision.best_win * 100)
    points = round(decision.made_points - decision.best_points) if penalty_scoring else \
        round(decision.best_points - decision.made_points)
    if best - made >= WIN_CHANCE_WORTH_TELLING:
        made, best = percent_text(made), percent_text(best)
        if penalty_scoring and points >= PENALTY_POINTS_WORTH_TELLING:
            return ngettext("Your chance to win the hand: {made} instead of {best}, "
                            "and about {points} more penalty point to expect",
                            "Your chance to win the hand: {made} instead of {best}, "
                            "and about {points} more penalty points to expect", points).format(
                made=made, best=best, points=points)
        return _("Your chance to win the hand: {made} instead of {best}").format(made=made, best=best)
    if points >= 1:
        if penalty_scoring:
            return ngettext("About {points} more penalty point to expect from the hand",
                            "About {points} more penalty points to expect from the hand", points).format(points=points)
        return ngettext("About {points} point fewer to expect from the hand",
                        "About {points} points fewer to expect from the hand", points).format(points=points)
    return _("A small cost, but the other move was better")


def review_summary(review) -> str:
    """The review's one-line summary: how many decisions were looked at and how many were the best move."""
    count = len(review.decisions)
    reviewed = ngettext("{count} decision reviewed", "{count} decisions reviewed", count).format(count=count)
    matched = ngettext("{matched} matched the best move", "{matched} matched the best move",
                       review.matched).format(matched=review.matched)
    return f"{reviewed}  ·  {matched}"
