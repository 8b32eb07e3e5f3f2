"""The rules core's, the store's and the seats' refusals in the player's words.

Each refusal below the UI carries a ``code`` and its ``params`` (its ``str()`` is English, for logs);
:func:`problem_text` turns any of them into sentences in the player's language, the way
``i18n.reason_text`` does for a refused move. Nothing here imports the rules or the store: the
main menu shows start-up problems before either is needed.
"""
from __future__ import annotations

import errno as _errno
from collections.abc import Callable, Mapping
from typing import Any

from .i18n import N_, Worded, _, decimal_text, join_words, ngettext, rank_name
from .safe_text import safe_text

Params = Mapping[str, Any]

#: The most of a file name, a path or a key read from a file that a sentence quotes.
QUOTED_CHARACTERS = 80


def quoted(value: Any) -> str:
    """A file name, path, key or system detail from outside, as a sentence may quote it (safe_text)."""
    return safe_text(value, max_chars=QUOTED_CHARACTERS)


def _quoted_list(values: Any) -> str:
    return ", ".join(quoted(value) for value in list(values or ())[:10])


def problem_text(problem) -> str:
    """A refusal with ``code`` and ``params`` (InvalidRuleSet, RecordError, SavedGameError, SeatError,
    RecordFileError, a store's LoadProblem) as one or more sentences for the player."""
    code = getattr(problem, "code", None)
    params = getattr(problem, "params", None) or {}
    if code in SENTENCES:
        return SENTENCES[code](params)
    if code in CLAUSES:
        return _sentence(CLAUSES[code](params))
    # A refusal this version has no words for yet: its own English, rather than nothing.
    return _sentence(safe_text(str(problem), max_chars=240))


def problem_clause(problem) -> str:
    """The same refusal as a clause to go inside another sentence ("… cannot be played: {reason}")."""
    code = getattr(problem, "code", None)
    if code in CLAUSES:
        return CLAUSES[code](getattr(problem, "params", None) or {})
    return problem_text(problem).rstrip(".")


def rule_problems_text(problems) -> str:
    """Every reason a rule set cannot be played (``InvalidRuleSet.problems``), joined as the language joins them."""
    return _("; ").join(problem_clause(problem) for problem in problems)


def unplayable_file_text(file_name: str, error) -> str:
    """``file_name`` cannot be played, and why (``error`` a SavedGameError or SeatError)."""
    # Not _sentence: a file name keeps the case it has on disk.
    return _("{name} cannot be played: {reason}").format(name=quoted(file_name), reason=problem_clause(error)) + "."


def os_error_text(number: int | None, detail: str | None) -> str:
    """What the system said went wrong, in the player's language for the common cases."""
    words = _OS_ERRORS.get(number)
    return _(words) if words else (quoted(detail) if detail else _("an error of the system"))


def os_error_words(error: Exception) -> str:
    """Why a write failed (an OSError, or the TypeError of a value that is not JSON), for the player."""
    return os_error_text(getattr(error, "errno", None), getattr(error, "strerror", None) or str(error))


def size_text(size_bytes: int | None) -> str:
    """A file's size, e.g. "12 MB" (or bytes when it is small)."""
    if size_bytes is None:
        return ""
    if size_bytes >= 1_000_000:
        return _("{size} MB").format(size=decimal_text(size_bytes / 1_000_000, 0))
    return ngettext("{count} byte", "{count} bytes", size_bytes).format(count=size_bytes)


def _sentence(clause: str) -> str:
    clause = clause.strip()
    return clause[:1].upper() + clause[1:] + ("" if clause.endswith((".", "!", "?")) else ".")


def _ranks(rank: str) -> Worded:
    """A rank as the player names the cards of it ("eights"); an unknown one as it was written (a
    translation may still ask for it with an article: ``{ranks:nom}``)."""
    try:
        return rank_name(rank, plural=True)
    except KeyError:
        return Worded(f"“{quoted(rank)}”")


_OS_ERRORS = {
    _errno.EACCES: N_("permission denied"), _errno.EPERM: N_("permission denied"),
    _errno.ENOSPC: N_("the disk is full"), _errno.EROFS: N_("the disk is read-only"),
    _errno.EIO: N_("the disk could not be read or written"), _errno.ELOOP: N_("its links lead round in a circle"),
    _errno.EISDIR: N_("it is a folder"), _errno.ENAMETOOLONG: N_("its name is too long"),
    # EEXIST: the store's only mkdir met a file of the folder's name.
    _errno.ENOTDIR: N_("a file stands where its folder should be"),
    _errno.EEXIST: N_("a file stands where its folder should be"),
}


# ----- the rules core: why a rule set cannot be played --------------------------------------

def _two_powers(params: Params) -> str:
    words = []
    for power, count in params.get("powers", ()):
        if power == "wild":
            words.append(_("wild card"))
        elif power == "draw":
            words.append(ngettext("pick up {n} card", "pick up {n} cards", count).format(n=count))
        elif power == "skip":
            words.append(_("miss a turn"))
        elif power == "reverse":
            words.append(_("reverse the direction"))
        elif power == "play_again":
            words.append(_("play again"))
        else:
            words.append(_("black jacks pick up {n}").format(n=count))
    return _("{ranks} cannot do two things at once ({powers})").format(
        ranks=_ranks(params.get("rank", "")), powers=join_words(words))


def _too_many_cards(params: Params) -> str:
    if params.get("decks") == 1:
        text = _("{players} players × {cards} cards and a starter card need {needed} cards, but one deck "
                 "holds only {size}")
    else:
        text = _("{players} players × {cards} cards and a starter card need {needed} cards, but two decks "
                 "hold only {size}")
    return text.format(players=params.get("players"), cards=params.get("hand_size"),
                       needed=int(params.get("dealt", 0)) + 1, size=params.get("deck_size"))


def _needs_penalty_scoring(params: Params) -> str:
    if params.get("match_end") == "elimination":
        return _("playing until only one is left needs penalty points (low is good)")
    return _("“reaching the target loses” needs penalty points (low is good)")


_RULE_CLAUSES: dict[str, Callable[[Params], str]] = {
    "rules.bad_value": lambda p: _("the rule “{field}” holds a value this game cannot use").format(
        field=quoted(p.get("field", ""))),
    "rules.not_an_object": lambda p: _("the rules are damaged"),
    "rules.malformed": lambda p: _("the rules are damaged"),
    "rules.unknown_parameters": lambda p: _("the rules hold settings this version does not know ({names})").format(
        names=_quoted_list(p.get("names"))),
    "rules.too_many_cards": _too_many_cards,
    "rules.draw_limit_zero": lambda p: _("drawing up to a limit needs a limit of at least one card"),
    "rules.target_wins_scoring": lambda p: _("“first to reach the target wins” needs the winner to collect "
                                             "the points"),
    "rules.needs_penalty_scoring": _needs_penalty_scoring,
    "rules.not_a_rank": lambda p: _("“{rank}” is not a card").format(rank=quoted(p.get("rank", ""))),
    "rules.draw_penalty_size": lambda p: _("a pick-up card makes the next player pick up {low} to {high} cards, "
                                           "not {count}").format(low=p.get("low"), high=p.get("high"),
                                                                 count=p.get("count")),
    "rules.black_jack_stacking_alone": lambda p: _("black jacks can be stacked only when they make the next "
                                                   "player pick up"),
    "rules.skip_stacking_alone": lambda p: _("skips can be stacked only when a card makes the next player miss "
                                             "a turn"),
    "rules.two_powers": _two_powers,
    "rules.wild_and_anything_on": lambda p: _("{ranks} cannot be wild and let any card follow at once").format(
        ranks=_ranks(p.get("rank", ""))),
    "rules.two_draw_penalties": lambda p: _("{ranks} are given two pick-up penalties").format(
        ranks=_ranks(p.get("rank", ""))),
    "rules.turn_cap_too_high": lambda p: _("a hand may run to at most {most} turns, not {cap}").format(
        most=p.get("most"), cap=p.get("cap")),
    "rules.rank_not_in_deck": lambda p: _("the 32-card deck has no {ranks}: no card could do what they are "
                                          "given to do").format(ranks=join_words([_ranks(r) for r in p.get("ranks", ())])),
}


# ----- the rules core: why a game record cannot be replayed ----------------------------------

_RECORD_CLAUSES: dict[str, Callable[[Params], str]] = {
    "record.not_json": lambda p: _("the game record is cut short or damaged"),
    "record.not_an_object": lambda p: _("the game record is damaged"),
    "record.not_a_record": lambda p: _("the file is not a Crazy Eights game record"),
    "record.no_version": lambda p: _("the game record has no valid version number"),
    "record.newer_version": lambda p: _("the game record was made by a newer version of the game"),
    "record.invalid_rules": lambda p: _("the rules in the game record cannot be played: {reason}").format(
        reason=rule_problems_text(p.get("problems", ()))),
    "record.no_seed": lambda p: _("the game record's shuffle is missing or damaged"),
    "record.bad_moves": lambda p: _("the moves in the game record are damaged"),
    "record.too_long": lambda p: _("the game record is too long to be a real game"),
    "record.hand_never_reached": lambda p: _("the game record goes on to hand {hand}, which was never "
                                             "reached").format(hand=p.get("hand")),
    "record.move_not_replayable": lambda p: _("move {move} of hand {hand} ({text}) is not allowed by the "
                                              "rules").format(move=p.get("move"), hand=p.get("hand"),
                                                              text=quoted(p.get("text", ""))),
}


# ----- the store and the seats: why a saved game cannot be played ----------------------------

def _seats_wrong_count(params: Params) -> str:
    players = int(params.get("players", 0))
    return ngettext("the rules seat {players} player, not {seats}",
                    "the rules seat {players} players, not {seats}", players).format(
        players=players, seats=params.get("seats"))


_SAVED_CLAUSES: dict[str, Callable[[Params], str]] = {
    "saved.not_saved_game": lambda p: _("the file does not hold a saved game"),
    "saved.record_damaged": lambda p: _("the game record is damaged"),
    "saved.unknown_keys": lambda p: _("the saved game holds parts this version does not know ({names})").format(
        names=_quoted_list(p.get("keys"))),
    "saved.practice_damaged": lambda p: _("the saved game's practice mark is damaged"),
    "saved.seats_missing": lambda p: _("the list of players is missing"),
    "saved.seat_damaged": lambda p: _("a player in the saved match is damaged"),
    "saved.seat_no_name": lambda p: _("a player in the saved match has no name"),
    "saved.seat_name_bad": lambda p: _("a player's name is too long or holds control characters"),
    "saved.seat_kind_bad": lambda p: _("a player is neither a person nor a computer level"),
    "saved.seats_dont_fit": lambda p: _("the saved players do not fit the saved rules"),
    "saved.bad_record": lambda p: problem_clause(p.get("error")),
    "seats.unknown_kind": lambda p: _("a player is neither a person nor a computer level"),
    "seats.wrong_count": _seats_wrong_count,
    "seats.missing": lambda p: _("the list of players is missing"),
}

CLAUSES: dict[str, Callable[[Params], str]] = {**_RULE_CLAUSES, **_RECORD_CLAUSES, **_SAVED_CLAUSES}


# ----- the store: files read at start, on the statistics screen, and imported --------------

#: A stored setting as a notice names it when its value had to be reset.
SETTING_WORDS = {
    "sound_volume": N_("master volume"), "effects_volume": N_("effects volume"), "muted": N_("mute"),
    "speech": N_("speech"), "speech_detail": N_("speech detail"),
    "animation_speed": N_("animation speed"), "computer_speed": N_("computer speed"),
    "pause_after_computer_move": N_("pause after each computer move"), "allow_undo": N_("undo"),
    "tutor_mode": N_("tutor mode"), "tutored_names": N_("who plays with the tutor"),
    "fullscreen": N_("full screen"), "card_back": N_("card back"), "deck_look": N_("deck look"),
    "english_card_letters": N_("J, Q, K, A on the cards"), "highlight_playable": N_("highlight playable cards"),
    "player_name": N_("your name"), "ai_think_budget_ms": N_("computer thinking time"),
    "last_new_game": N_("your last New game choices"), "window_size": N_("window size"),
    "language": N_("language"), "unknown": N_("settings this version does not know"),
}


def _backup(params: Params) -> str:
    if params.get("backup"):
        return _("The old copy is saved as {backup}.").format(backup=quoted(params["backup"]))
    return _("The old copy could not be kept ({reason}).").format(
        reason=os_error_text(params.get("backup_errno"), params.get("backup_error")))


def _what_became(role: str | None) -> str:
    if role == "settings":
        return _("Your settings are back to their defaults.")
    if role == "statistics":
        return _("Your statistics start again from zero.")
    if role == "autosave":
        return _("The saved match cannot be resumed.")
    if role == "recent":
        return _("The list of recent matches is empty now.")
    if role == "lessons":
        return _("Your lessons start again from the beginning.")
    return ""


def _file_went_wrong(params: Params) -> str:
    why, name = params.get("why"), quoted(params.get("file", ""))
    if why == "newer-version":
        return _("{file} was made by a newer version of the game.").format(file=name)
    if why == "too-large":
        size = size_text(params.get("size_bytes"))
        if size:
            return _("{file} is too large to load ({size}).").format(file=name, size=size)
        return _("{file} is too large to load.").format(file=name)
    if why == "not-a-file":
        return _("{file} is not a file.").format(file=name)
    if why == "unreadable":
        return _("{file} could not be read ({reason}).").format(
            file=name, reason=os_error_text(params.get("errno"), params.get("detail")))
    return _("{file} was damaged.").format(file=name)


def _set_aside(params: Params) -> str:
    return " ".join(part for part in (_file_went_wrong(params), _what_became(params.get("role")), _backup(params))
                    if part)


def _unreadable(params: Params) -> str:
    return " ".join((_file_went_wrong({**params, "why": "unreadable"}),
                     _("It is left as it is, and the game will not save over it until it is started again.")))


def _settings_reset(params: Params) -> str:
    labels = join_words([_(SETTING_WORDS.get(name, SETTING_WORDS["unknown"])) for name in params.get("fields", ())])
    return " ".join((_("Some settings were not valid and are back to their defaults: {settings}.").format(
        settings=labels), _backup(params)))


def _statistics_dropped(params: Params) -> str:
    count = int(params.get("count", 0))
    return " ".join((ngettext("{count} damaged statistics entry was left out.",
                              "{count} damaged statistics entries were left out.", count).format(count=count),
                     _backup(params)))


def _recent_dropped(params: Params) -> str:
    count = int(params.get("count", 0))
    return " ".join((ngettext("{count} damaged match was left out of the list of recent matches.",
                              "{count} damaged matches were left out of the list of recent matches.",
                              count).format(count=count),
                     _backup(params)))


SENTENCES: dict[str, Callable[[Params], str]] = {
    "rules.invalid": lambda p: _("These rules cannot be played together: {reason}.").format(
        reason=rule_problems_text(p.get("problems", ()))),
    "store.unreadable": _unreadable,
    "store.set_aside": _set_aside,
    "store.settings_reset": _settings_reset,
    "store.statistics_dropped": _statistics_dropped,
    "store.recent_dropped": _recent_dropped,
    "store.autosave_unusable": lambda p: _sentence(_("The saved match cannot be resumed: {reason}").format(
        reason=problem_clause(p.get("error")))),
    "store.record_missing": lambda p: _("{file} does not exist.").format(file=quoted(p.get("file", ""))),
    "store.record_unusable": _file_went_wrong,
    "store.record_damaged": lambda p: _("{file} is not a Crazy Eights game record, or it is damaged.").format(
        file=quoted(p.get("file", ""))),
    "store.record_unplayable": lambda p: unplayable_file_text(p.get("file", ""), p.get("error")),
}
