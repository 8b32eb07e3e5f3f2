"""The teacher's words: each lesson's name, each step's title and what the teacher says at it, and the
kind words for a move that is not the step's (``game.session.lessons`` has the lessons; the screen words them)."""
from __future__ import annotations

from .i18n import N_, _, card_name, hint_text, reason_text, suit_name

LESSON_TITLES = {
    "crazy_eights": N_("Crazy Eights"),
    "action_cards": N_("The action cards"),
    "switch": N_("Switch"),
}
LESSON_BLURBS = {
    "crazy_eights": N_("Match the suit or the rank, eights are wild, draw when nothing fits."),
    "action_cards": N_("Twos make the next player pick up, jacks skip, queens reverse, anything goes on an ace."),
    "switch": N_("Eights skip, aces reverse, the black jack and the red jack, and the “Last card” call."),
}
#: A step's short title (the lesson list and the rules screen's "Show me" links), by the step's own key.
STEP_TITLES = {
    "match_suit": N_("Match the suit"),
    "match_rank": N_("Match the rank"),
    "eight_wild": N_("Eights are wild: name a suit"),
    "draw": N_("Draw when nothing fits"),
    "play_drawn": N_("Play the card you drew"),
    "follow_named": N_("Follow the suit that was named"),
    "go_out": N_("Play your last card and win"),
    "skip": N_("A jack skips the next player"),
    "reverse": N_("A queen reverses the direction"),
    "answer_two": N_("Answer a two with a two"),
    "take_penalty": N_("Pick up when you cannot answer"),
    "anything_on_ace": N_("Anything goes on an ace"),
    "no_wild": N_("No wild cards in Switch"),
    "eight_skips": N_("An eight skips the next player"),
    "ace_reverses": N_("An ace reverses the direction"),
    "red_jack": N_("A red jack stops a black jack"),
    "draw_one": N_("Draw one card"),
    "call_last": N_("Call “Last card”"),
    "one_left": N_("Down to one card"),
}
#: The rules screen's sections a step belongs to (``game.session.lessons.SECTIONS``), as its headings say them.
SECTION_TITLES = {
    "play": N_("Playing a card"),
    "draw": N_("Drawing"),
    "actions": N_("Action cards"),
    "calls": N_("Calls"),
}


def lesson_title(key: str) -> str:
    """A lesson's name in the player's language."""
    return _(LESSON_TITLES[key])


def step_title(step) -> str:
    """A step's short title."""
    return _(STEP_TITLES[step.key.partition(".")[2]])


def _teacher(key: str, card: str, top: str, name: str, suit: str) -> str:
    lesson, _dot, step = key.partition(".")
    words = {
        "match_suit": _("On your turn you play one card onto the pile. It must match the top card in suit or in "
                        "rank. The {top} is on top: play your {card}, a card of the same suit."),
        "match_rank": _("A card of the same rank fits too, whatever its suit. Play the {card} on the {top}."),
        "eight_wild": _("Nothing in your hand matches the {top}, but eights are wild: an eight goes on any card, "
                        "and you name the suit the next player must follow."),
        "draw": _("Nothing fits, and you have no eight. Draw from the stock, one card at a time, until a card "
                  "fits: click the stock or press D."),
        "play_drawn": _("The card you drew fits: play it now."),
        "follow_named": _("{name} played an eight and named {suit}. Follow {suit} or play an eight: play the "
                          "{card}."),
        "go_out": _("One card left, and it fits. Play your last card to go out: the hand is yours."),
        "skip": _("Some cards have powers in this game. A jack skips the next player: {name} misses a turn."),
        "reverse": _("A queen turns the direction of play around. Play the {card}: the others play in the "
                     "other order from now on."),
        "answer_two": _("{name} played a two: you must pick up two cards, unless you answer with a two of your "
                        "own. Then the next player must pick up four."),
        "take_penalty": _("Another two, and you have no two left to answer it. Pick up the cards: it ends your "
                          "turn."),
        "anything_on_ace": _("Any card may go on an ace. Play the {card}, though it matches neither the suit nor "
                             "the rank."),
        "no_wild": _("Switch has no wild card: every card must match the suit or the rank. Play the {card} on "
                     "the {top}."),
        "eight_skips": _("In Switch an eight skips the next player: {name} misses a turn."),
        "ace_reverses": _("An ace turns the direction of play around. Play the {card}."),
        "red_jack": _("{name} played a black jack: you must pick up seven cards! Only a red jack stops it: play "
                      "the {card}, and nobody picks up."),
        "draw_one": _("Nothing fits the {top}. In Switch you draw just one card, and if it fits you may play it "
                      "at once."),
        "one_left": _("Now play the {card}. Everyone knows you are down to your last card."),
        "call_last": _("You are about to play down to one card. Say “Last card” first (press L, or the Last card "
                       "button), or you pick up two cards as a penalty."),
    }[step]
    return words.format(card=card, top=top, name=name, suit=suit)


def teacher_words(run) -> str:
    """What the teacher says at ``run``'s step (a ``LessonRun``), with the hint's sentence where one fits."""
    from game.rules import SUITS, card_to_str

    step = run.step
    if step is None:
        return _("Lesson complete! Well played.")
    session = run.session
    view = session.view()
    card = card_name(card_to_str(step.move.card)) if step.move.card is not None else ""
    top = card_name(card_to_str(view.discard[-1])) if view.discard else ""
    named_by = session.named_by
    key = step.key.partition(".")[2]
    if key in ("skip", "eight_skips"):
        name = session.name((session.human + view.direction) % session.rules.players)
    elif named_by is not None and key == "follow_named":
        name = session.name(named_by)
    else:
        last = next((entry.seat for entry in reversed(session.history) if entry.seat not in (None, session.human)), None)
        name = session.name(last) if last is not None else ""
    suit = suit_name(SUITS[view.suit]) if 0 <= view.suit < 4 else ""
    words = _teacher(step.key, card, top, name, suit)
    hint = run.hint()
    return f"{words} {hint_text(hint)}" if hint is not None else words


def verdict_words(verdict) -> str:
    """The kind word for a move that is not the step's (a ``Verdict`` that is not ok)."""
    if verdict.code == "other_suit":
        from game.rules import SUITS

        return _("Good card! This time name {suit}, as the lesson asks.").format(
            suit=suit_name(SUITS[verdict.step.move.suit]))
    if verdict.code == "other_move":
        return _("That would be allowed in a real game, but this step shows something else. Try the highlighted "
                 "move.")
    if verdict.code == "not_now":
        return _("Wait a moment: the others are playing.")
    return _("Not quite: {reason} Have another go.").format(reason=reason_text(verdict.refusal))
