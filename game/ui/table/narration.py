"""The table's move log: rules events in player-facing words ("Ann plays 8S and names hearts")."""
from __future__ import annotations

from game.rules import FIRST_JOKER, SUITS, EventKind, MoveKind, card_to_str

from game.ui.i18n import Worded, _, card_name, join_words, ngettext, suit_name

from ..scenes.loading import run_in_slices


def card_word(card: int) -> str:
    """A card as the log writes it: its code for a suited card (the log draws ``8S`` as a rank and
    suit chip), its spoken name for a joker, whose code (``X2``) means nothing to a player."""
    return card_name(card_to_str(card)) if card >= FIRST_JOKER else Worded(card_to_str(card))


def suit_word(suit: int) -> str:
    """``2`` -> ``"hearts"`` (in the player's language)."""
    return suit_name(SUITS[suit])


def dealing_line(number: int, dealer: int, names: dict[int, str], human: int | None = None) -> str:
    """The log line that opens a hand: "Hand 2: Ada deals", or "Hand 2: you deal"."""
    if human is not None and dealer == human:
        return _("Hand {number}: you deal").format(number=number)
    return _("Hand {number}: {name} deals").format(number=number, name=names.get(dealer, "?"))


def spoken_card(card: int) -> str:
    """A card in words, for a caption: ``"eight of spades"``."""
    return card_name(card_to_str(card))


def describe(events, names: dict[int, str], human: int | None = None, card_text=card_word,
             name_drawn: bool = False, call_word: str = "last_card") -> list[str]:
    """Log lines for the events of one move (several events can make one line).

    The human player is addressed as "you" ("You play 8S"), the others by name; ``card_text(card)``
    writes a card (its code for the log, :func:`spoken_card` for a caption in words). ``name_drawn``
    (a replay, every hand face up) names the cards each draw took. ``call_word`` is the rules'
    ``last_card_word``: Mau-Mau's players say "Mau".
    """
    mau = call_word == "mau"
    lines: list[str] = []
    paid = {e.player for e in events if e.kind == EventKind.PENALTY_PAID}
    forgot = {e.player for e in events if e.kind == EventKind.LAST_CARD_PENALTY}
    skip_drew = paid | forgot
    events = list(events)
    drawn: dict[int, list[int]] = {}
    for event in events:
        if event.kind == EventKind.DREW:
            drawn.setdefault(event.player, []).extend(event.cards)

    def cards_of(player: int) -> str:
        return ", ".join(card_text(card) for card in drawn.get(player, ()))
    for index, event in enumerate(events):
        kind = event.kind
        you = human is not None and event.player == human
        who = names.get(event.player, "?")
        if kind == EventKind.PLAYED:
            card = card_text(event.cards[0])
            nominated = next((e for e in events[index + 1:index + 2] if e.kind == EventKind.NOMINATED), None)
            if nominated is not None:
                text = (_("You play {card} and name {suit}") if you
                        else _("{name} plays {card} and names {suit}"))
                lines.append(text.format(name=who, card=card, suit=suit_word(nominated.suit)))
            else:
                text = _("You play {card}") if you else _("{name} plays {card}")
                lines.append(text.format(name=who, card=card))
        elif kind == EventKind.DREW:
            if event.player in skip_drew:
                continue
            if name_drawn and event.cards:
                lines.append(drawn_line(you, who, event.count, cards_of(event.player), card_text(event.cards[0])))
                continue
            if you:
                text = ngettext("You draw a card", "You draw {count} cards", event.count)
            else:
                text = ngettext("{name} draws a card", "{name} draws {count} cards", event.count)
            lines.append(text.format(name=who, count=event.count))
        elif kind == EventKind.PENALTY_PAID and name_drawn and drawn.get(event.player):
            if you:
                text = ngettext("You pick up {count} card: {cards}", "You pick up {count} cards: {cards}", event.count)
            else:
                text = ngettext("{name} picks up {count} card: {cards}", "{name} picks up {count} cards: {cards}",
                                event.count)
            lines.append(text.format(name=who, count=event.count, cards=cards_of(event.player)))
        elif kind == EventKind.PENALTY_PAID:
            if you:
                text = ngettext("You pick up {count} card", "You pick up {count} cards", event.count)
            else:
                text = ngettext("{name} picks up {count} card", "{name} picks up {count} cards", event.count)
            lines.append(text.format(name=who, count=event.count))
        elif kind == EventKind.LAST_CARD_PENALTY and name_drawn and drawn.get(event.player) and mau:
            text = (_("You forgot to say “Mau” and draw {count}: {cards}") if you
                    else _("{name} forgot to say “Mau” and draws {count}: {cards}"))
            lines.append(text.format(name=who, count=event.count, cards=cards_of(event.player)))
        elif kind == EventKind.LAST_CARD_PENALTY and name_drawn and drawn.get(event.player):
            text = (_("You forgot “Last card” and draw {count}: {cards}") if you
                    else _("{name} forgot “Last card” and draws {count}: {cards}"))
            lines.append(text.format(name=who, count=event.count, cards=cards_of(event.player)))
        elif kind == EventKind.LAST_CARD_PENALTY and mau:
            text = (_("You forgot to say “Mau” and draw {count}") if you
                    else _("{name} forgot to say “Mau” and draws {count}"))
            lines.append(text.format(name=who, count=event.count))
        elif kind == EventKind.LAST_CARD_PENALTY:
            text = (_("You forgot “Last card” and draw {count}") if you
                    else _("{name} forgot “Last card” and draws {count}"))
            lines.append(text.format(name=who, count=event.count))
        elif kind == EventKind.RESHUFFLED:
            lines.append(_("The discards are shuffled into a new stock"))
        elif kind == EventKind.SKIPPED:
            lines.append((_("You are skipped") if you else _("{name} is skipped")).format(name=who))
        elif kind == EventKind.REVERSED:
            lines.append(_("Play reverses direction"))
        elif kind == EventKind.PLAYS_AGAIN:
            lines.append((_("You play again") if you else _("{name} plays again")).format(name=who))
        elif kind == EventKind.PENALTY_STACKED:
            lines.append(_("Next player picks up {count} unless they answer").format(count=event.count))
        elif kind == EventKind.PENALTY_CANCELLED:
            lines.append((_("You cancel the penalty") if you else _("{name} cancels the penalty")).format(name=who))
        elif kind == EventKind.SKIP_STACKED:
            lines.append(_("Skips stack up: {count}").format(count=event.count))
        elif kind == EventKind.LAST_CARD_CALLED and mau:
            lines.append((_("You say “Mau!”") if you else _("{name}: “Mau!”")).format(name=who))
        elif kind == EventKind.LAST_CARD_CALLED:
            lines.append((_("You call “Last card!”") if you else _("{name}: “Last card!”")).format(name=who))
        elif kind == EventKind.PASSED:
            lines.append((_("You pass") if you else _("{name} passes")).format(name=who))
        elif kind == EventKind.STOP_CALLED:
            lines.append((_("You call “Stop!”") if you else _("{name} calls “Stop!”")).format(name=who))
        elif kind == EventKind.HAND_ENDED:
            lines.append(_("You win the hand!") if you else _("{name} wins the hand").format(name=who))
        elif kind == EventKind.STARTER:
            lines.append(_("Starter card: {card}").format(card=card_text(event.cards[0])))
    return lines


def drawn_line(you: bool, who: str, count: int, cards: str, card: str) -> str:
    """A draw with the cards it took: "Bruno draws 7C", "Bruno draws 2 cards: 7C, KH"."""
    if count == 1:
        return (_("You draw {card}") if you else _("{name} draws {card}")).format(name=who, card=card)
    if you:
        text = ngettext("You draw {count} card: {cards}", "You draw {count} cards: {cards}", count)
    else:
        text = ngettext("{name} draws {count} card: {cards}", "{name} draws {count} cards: {cards}", count)
    return text.format(name=who, count=count, cards=cards)


def history_lines(entries, seats, human: int | None = None, name_drawn: bool = False,
                  call_word: str = "last_card") -> list[str]:
    """Log lines for steps of the session's history: "Hand 2: Ada deals", then each move's words."""
    return [text for _seat, text in history_rows(entries, seats, human, name_drawn, call_word)]


def history_rows(entries, seats, human: int | None = None, name_drawn: bool = False, call_word: str = "last_card"
                 ) -> list[tuple[int | None, str]]:
    """Like :func:`history_lines`, each line with the seat whose step it was (None for a deal);
    ``name_drawn`` names the cards each draw took (a replay shows every hand)."""
    names = {seat: player.name for seat, player in enumerate(seats)}
    rows: list[tuple[int | None, str]] = []
    run: list[int] = []   # the cards of the draws in a row by one seat told so far (the last row)
    run_seat = None
    for entry in entries:
        if entry.seat is None:
            rows.append((None, dealing_line(entry.hand, entry.dealer, names, human)))
        if is_plain_draw(entry):
            cards = [card for event in entry.events for card in event.cards]
            count = sum(event.count for event in entry.events)
            if run_seat == entry.seat and rows:
                # Draw after draw by one seat (drawing until a card fits) is one line: "draws 8 cards".
                run.extend(cards)
                run_count[0] += count
                rows[-1] = (entry.seat, draw_run_line(entry.seat == human, names.get(entry.seat, "?"),
                                                      run_count[0], run, name_drawn))
                continue
            run, run_seat, run_count = list(cards), entry.seat, [count]
        else:
            run_seat = None
        rows.extend((entry.seat, line) for line in describe(entry.events, names, human, name_drawn=name_drawn,
                                                             call_word=call_word))
    return rows


#: Steps told between two yields of ``telling``.
TELL_SLICE = 500


def telling(table):
    """The lines of ``table``'s history in slices (a match of 200,000 moves takes seconds to tell): a
    generator yielding (steps told, steps in all) and returning the rows."""
    session = table.session
    entries = session.history
    rows = []
    start = 0
    while start < len(entries):
        end = min(len(entries), start + TELL_SLICE)
        # A run of draws is one line: a slice never ends inside one.
        while end < len(entries) and is_plain_draw(entries[end]) and is_plain_draw(entries[end - 1]) \
                and entries[end].seat == entries[end - 1].seat:
            end += 1
        rows.extend(history_rows(entries[start:end], session.shown_seats, getattr(session, "addressed", session.human),
                                 getattr(session, "name_drawn", False), session.rules.last_card_word))
        start = end
        yield start, len(entries)
    return rows


def open_history(app, table) -> None:
    """The move history over ``table``, told a slice a frame under the loading bar when it is long."""
    run_in_slices(app, telling(table), _("Gathering the moves…"), lambda rows: app.go("history", table, rows),
                  lambda error: None)


def is_plain_draw(entry) -> bool:
    """Whether a step is a draw and nothing else (no reshuffle, no penalty): one of a run of draws."""
    return (entry.seat is not None and entry.move is not None and entry.move.kind == MoveKind.DRAW and bool(entry.events)
            and all(event.kind == EventKind.DREW and event.player == entry.seat for event in entry.events))


def draw_run_line(you: bool, who: str, count: int, cards: list[int], name_drawn: bool) -> str:
    """Several draws in a row by one seat as one line: "Bruno draws 8 cards" (with the cards, in a replay)."""
    if name_drawn and len(cards) == count:
        return drawn_line(you, who, count, ", ".join(card_word(card) for card in cards), card_word(cards[0]))
    if you:
        text = ngettext("You draw a card", "You draw {count} cards", count)
    else:
        text = ngettext("{name} draws a card", "{name} draws {count} cards", count)
    return text.format(name=who, count=count)


def log_tail(entries, logged: int, seats, human: int | None = None,
             call_word: str = "last_card") -> tuple[int, list[str]]:
    """The log lines for the steps from ``logged`` on, as (how many of the log's last lines they replace,
    the new lines): a draw that carries on the run of draws before it rewrites that run's line."""
    start = logged
    if logged < len(entries) and is_plain_draw(entries[logged]):
        seat = entries[logged].seat
        while start > 0 and is_plain_draw(entries[start - 1]) and entries[start - 1].seat == seat:
            start -= 1
    replaced = len(history_lines(entries[start:logged], seats, human, call_word=call_word)) if start < logged else 0
    return replaced, history_lines(entries[start:], seats, human, call_word=call_word)


def shared_win_text(names: list[str], you_among: bool) -> str:
    """A match won by several: "Ada and Bruno share the win", "You share the win with Ada"."""
    if you_among:
        return _("You share the win with {names}").format(names=join_words(names))
    return _("{names} share the win").format(names=join_words(names))
