"""The table said aloud: every move in the log's own words, whose turn it is, and the facts a
player asks for (hand, top card, card counts, scores, the last moves).

The words are the narration's (:mod:`.narration`) with cards named in full ("the eight of
spades"); nothing here names a card the person could not see: another seat's draw is counted,
never named. Each utterance carries the history steps it tells, as ``("step", index)`` keys.
"""
from __future__ import annotations

from game.rules import FIRST_JOKER, SUITS, card_to_str
from game.rules.cards import RANKS, RANK_OF, SUIT_OF

from ..i18n import (_, hint_text, join_words, move_text, ngettext, rank_name, review_cost_text, review_summary,
                    suit_name)
from ..speaking import say
from .narration import dealing_line, describe, spoken_card, suit_word
from .results import reason_text

#: Events whose cards came from hidden places (the stock): named only when the person took them.
DRAWING = ("drew", "penalty_paid", "last_card_penalty")
#: How many moves the "last moves" key reads.
RECENT_MOVES = 5


def step_lines(entry, names: dict[int, str], human: int | None, face_up: bool = False,
               call_word: str = "last_card") -> list[str]:
    """What one history step says aloud: a deal's line, or the move's events with cards in words; a draw
    names its cards only when every card drawn in the step went to the person (or, ``face_up``, as a
    replay shows every hand)."""
    lines = []
    if entry.seat is None:
        lines.append(dealing_line(entry.hand, entry.dealer, names, human))
    drawers = {event.player for event in entry.events if event.kind in DRAWING}
    own_draw = face_up or (human is not None and drawers == {human})
    lines.extend(describe(entry.events, names, human, card_text=spoken_card, name_drawn=own_draw,
                          call_word=call_word))
    return lines


def sentences(lines) -> str:
    """Lines joined as sentences: "Ann plays the eight of spades. You are skipped."."""
    parts = [line.strip() for line in lines if line and line.strip()]
    return " ".join(part if part[-1] in ".!?…”" else part + "." for part in parts)


class TableSpeech:
    """What the table says, through the app's voice."""

    def __init__(self, scene):
        self.scene = scene
        #: How many history steps have been told (a step is told once).
        self.told = 0

    @property
    def app(self):
        return self.scene.app

    @property
    def session(self):
        return self.scene.session

    @property
    def full(self) -> bool:
        """Whether the player asked for full detail (an app without a voice counts as full)."""
        speech = getattr(self.app, "speech", None)
        return speech is None or speech.full

    def _names(self) -> dict[int, str]:
        return {seat: player.name for seat, player in enumerate(self.session.shown_seats)}

    def _say(self, text: str, keys: tuple = (), interrupt: bool = True) -> None:
        say(self.app, text, keys, interrupt)

    # ----- events ------------------------------------------------------------------------------------

    def start(self) -> None:
        """The table opens: a new match tells its deal; a resumed one says where it stands (the moves before
        are in the log, E reads the last of them)."""
        history = self.session.history
        if len(history) <= 1:
            self.told = 0
            self.news()
            return
        self.told = len(history)
        view = self.session.view()
        pile, turn = self.pile_text(view), self.turn_lines()
        self._say(sentences([_("Hand {number}").format(number=view.hand_number), *([] if pile in turn else [pile]),
                             *turn]))

    def news(self) -> None:
        """Say the history steps not told yet (one utterance, cutting off the one before), and then whose
        turn it is."""
        session = self.session
        history = session.history
        if self.told > len(history):   # an undo took steps back
            self.told = len(history)
        names = self._names()
        lines, keys = [], []
        for index in range(self.told, len(history)):
            lines.extend(step_lines(history[index], names, session.addressed, call_word=session.rules.last_card_word))
            keys.append(("step", index))
        self.told = len(history)
        lines.extend(self.turn_lines())
        if lines or keys:
            self._say(sentences(lines), tuple(keys))

    def turn_lines(self) -> list[str]:
        """"Your turn" (with the pile and the suit, in full detail), or whose turn it is in full detail."""
        view = self.session.view()
        if self.scene.waiting_for_player is not None:
            return [_("Press Space to go on")]
        if view.to_act is None or view.hand_over:
            return []
        # The call buttons a sighted player sees appear: "Last card" out of turn, "Stop!" on the turn.
        calls = []
        if "last_card" in view.move_kinds:
            calls.append(_("Press L to call “Last card”"))
        if view.my_turn and "stop" in view.move_kinds:
            calls.append(_("You may call “Stop!” with S"))
        if view.my_turn:
            lines = [_("Your turn")]
            kinds = view.move_kinds
            # What the banner tells a sighted player, with the keys instead of the mouse.
            if view.pending and view.playable:
                lines.append(ngettext("Pick up {count} card or answer it", "Pick up {count} cards or answer them",
                                      view.pending).format(count=view.pending))
            elif view.pending:
                lines.append(ngettext("Press D to pick up {count} card", "Press D to pick up {count} cards",
                                      view.pending).format(count=view.pending))
            elif view.pending_skips:
                lines.append(_("Play a skip card or pass"))
            elif view.drew_this_turn and "pass" in kinds:
                lines.append(_("Play the card you drew, or pass") if view.playable else _("No luck: pass"))
            elif not view.playable and "draw" in kinds:
                lines.append(_("No card fits: press D to draw"))
            if self.full:
                lines.append(self.pile_text(view))
            return lines + calls
        if self.full:
            return [*calls, _("{name}'s turn").format(name=self._names().get(view.to_act, "?"))]
        return calls

    def undone(self) -> None:
        """A take-back: the steps taken back are not told again (the toast that follows says what
        happened, and the position is the person's turn again)."""
        self.told = len(self.session.history)

    def toast(self, text: str) -> None:
        """A toast over the table (a refusal and its reason, a hint) is said as it shows."""
        self._say(text)

    def selected(self, card: int) -> None:
        """The card the arrows chose, and whether it can be played now."""
        view = self.session.view()
        text = spoken_card(card)
        if view.my_turn:
            text = (_("{card}, playable") if card in view.playable else _("{card}, cannot be played now")).format(
                card=text)
        self._say(text)

    def tutor_asks(self, words: list[str]) -> None:
        """The tutor's question, as its dialog shows it."""
        self._say(sentences(words))

    def chooser_opened(self, suggested: int) -> None:
        """The suit chooser opened on ``suggested``."""
        self._say(_("Name a suit: C, D, H or S, or Left and Right, then Enter. {suit}.").format(
            suit=suit_word(suggested)))

    def chooser_focus(self, suit: int) -> None:
        self._say(suit_word(suit))

    def hand_result(self, result) -> None:
        """A hand's result (after the move that ended it, not cutting it off)."""
        session = self.session
        human = session.human
        names = self._names()
        winner = result.winner
        lines = [_("You win the hand!") if winner == human
                 else _("{name} wins the hand").format(name=names.get(winner, "?"))]
        reason = reason_text(result.reason, names.get(winner, "?"), winner == human)
        if reason:
            lines.append(reason)
        # The result shows every hand left face up: full detail names the cards, brief counts them.
        for seat in result.seats:
            cards = list(result.hands.get(seat, ()))
            if not cards or seat == winner:
                continue
            if self.full:
                words = join_words([spoken_card(card) for card in cards])
                lines.append(_("You: {cards}").format(cards=words) if seat == human
                             else _("{name}: {cards}").format(name=names.get(seat, "?"), cards=words))
            else:
                lines.append(self.count_text(seat, len(cards), names))
        scored = [(_("You: {points}") if seat == human else _("{name}: {points}")).format(
            name=names.get(seat, "?"), points=f"+{result.scores[seat]}")
            for seat in result.seats if result.scores.get(seat)]
        if scored:
            lines.append(_("This hand: {scores}").format(scores=join_words(scored)))
        lines.append(self.scores_text())
        self._say(sentences(lines), interrupt=False)

    def review(self, hand_number: int, review) -> None:
        """A finished hand review, as its screen shows it: the summary, then each costly decision (the move
        made, the better one and why, what it cost), or the warm word."""
        lines = [_("Hand review"), _("Hand {number}").format(number=hand_number), review_summary(review)]
        costliest = review.costliest()
        if not costliest:
            lines.append(_("Well played!"))
        for decision in costliest:
            lines += [move_text(decision.made), _("Better"), hint_text(decision),
                      review_cost_text(decision, decision.view.rules.scoring == "penalty")]
        self._say(sentences(lines))

    def match_result(self, title: str, summary: str) -> None:
        """The match's result, as its screen titles it."""
        self._say(sentences([title, summary, self.scores_text()]), interrupt=False)

    # ----- asked for -----------------------------------------------------------------------------------

    def pile_text(self, view=None) -> str:
        """"On the pile: the eight of hearts; suit: spades" (and the penalty waiting, the stock)."""
        view = view or self.session.view()
        if not view.discard:
            return _("The pile is empty")
        top = view.discard[-1]
        text = _("On the pile: {card}").format(card=spoken_card(top))
        shown_suit = SUIT_OF[top] if top < FIRST_JOKER else None
        if view.suit < 4 and (view.nominated or view.suit != shown_suit):
            text = _("{pile}; suit: {suit}").format(pile=text, suit=suit_name(SUITS[view.suit]))
        return text

    def hand(self) -> None:
        """R: the person's cards, grouped by suit."""
        view = self.session.view()
        cards = view.my_cards
        if self.session.human is None:
            self._say(_("You are watching: you hold no cards"))
            return
        if not cards:
            self._say(_("You hold no cards"))
            return
        groups = []
        for suit in range(4):
            ranks = sorted((RANK_OF[c] for c in cards if c < FIRST_JOKER and SUIT_OF[c] == suit))
            if ranks:
                groups.append(_("{suit}: {ranks}").format(
                    suit=suit_name(SUITS[suit]), ranks=join_words([rank_name(RANKS[r]) for r in ranks])))
        jokers = sum(1 for c in cards if c >= FIRST_JOKER)
        if jokers:
            groups.append(ngettext("{count} joker", "{count} jokers", jokers).format(count=jokers))
        lines = [ngettext("Your hand, {count} card", "Your hand, {count} cards", len(cards)).format(count=len(cards)),
                 *groups]
        if view.my_turn and self.full:
            lines.append(ngettext("{count} can be played", "{count} can be played", len(view.playable)).format(
                count=len(view.playable)) if view.playable else _("Nothing can be played"))
        self._say(sentences(lines))

    def top(self) -> None:
        """T: the top card of the pile and the suit in force."""
        view = self.session.view()
        lines = [self.pile_text(view)]
        if view.pending:
            lines.append(ngettext("{count} card to pick up is waiting", "{count} cards to pick up are waiting",
                                  view.pending).format(count=view.pending))
        lines.append(ngettext("{count} card in the stock", "{count} cards in the stock",
                              view.stock_count).format(count=view.stock_count))
        self._say(sentences(lines))

    def counts(self) -> None:
        """C: how many cards every seat holds."""
        view = self.session.view()
        names = self._names()
        parts = []
        for seat in view.seats:
            if not seat.in_hand:
                parts.append(_("You: out") if seat.seat == self.session.human
                             else _("{name}: out").format(name=names.get(seat.seat, "?")))
            else:
                parts.append(self.count_text(seat.seat, seat.card_count, names))
        self._say(sentences(parts))

    def count_text(self, seat: int, count: int, names: dict[int, str]) -> str:
        """"Ada: 3 cards", or "You: 3 cards" for the person."""
        if seat == self.session.human:
            return ngettext("You: {count} card", "You: {count} cards", count).format(count=count)
        return ngettext("{name}: {count} card", "{name}: {count} cards", count).format(
            name=names.get(seat, "?"), count=count)

    def scores_text(self) -> str:
        """"Scores: You 12, Ann 30"."""
        view = self.session.view()
        names = self._names()
        parts = [_("You {points}").format(points=seat.total) if seat.seat == self.session.human
                 else _("{name} {points}").format(name=names.get(seat.seat, "?"), points=seat.total)
                 for seat in view.seats]
        return _("Scores: {scores}").format(scores=", ".join(parts))

    def scores(self) -> None:
        """O: every seat's total."""
        self._say(self.scores_text())

    def recent(self) -> None:
        """E: the last five moves, oldest first."""
        session = self.session
        names = self._names()
        lines: list[str] = []
        for entry in reversed(session.history):
            if entry.seat is None:
                break   # this hand's moves only
            lines[:0] = step_lines(entry, names, session.addressed, call_word=session.rules.last_card_word)
            if len(lines) >= RECENT_MOVES:
                break
        if not lines:
            self._say(_("No moves yet this hand"))
            return
        self._say(sentences([_("Last moves"), *lines[-RECENT_MOVES:]]))
