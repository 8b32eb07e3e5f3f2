"""The replay's cards: the table's board with every hand face up, and the caption of each step in words."""
from __future__ import annotations

from game.ui.i18n import _

from ..table.board import HAND_ZONE, Board, Target, display_order
from ..table.narration import dealing_line, describe, spoken_card


class ReplayBoard(Board):
    """A :class:`Board` whose every seat shows its cards face up (the frame's hands, in ``hands``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: Each seat's cards in the position shown (set before each sync or deal).
        self.hands: tuple[tuple[int, ...], ...] = ()

    def targets(self, view) -> list[Target]:
        targets = [target for target in super().targets(view) if target.zone[0] != HAND_ZONE]
        lay = self.layout
        for seat_view in view.seats:
            seat = seat_view.seat
            if not seat_view.in_hand or seat >= len(self.hands):
                continue
            zone = (HAND_ZONE, seat)
            cards = display_order(self.hands[seat], view.hand_rules)
            spot = lay.seats[seat]
            if spot.bottom:
                positions, width, base = lay.hand_positions(len(cards)), lay.card_w, 600
            else:
                positions, width, base = lay.fan_positions(seat, len(cards)), spot.card_w, 200 + spot.offset * 50
            for i, ((x, y, angle), card) in enumerate(zip(positions, cards)):
                targets.append(Target(card, zone, x, y, angle, width, True, base + i, i))
        return targets


def step_caption(replay, frame, human: int | None = None) -> tuple[str, str]:
    """What the step shown did, in words: a headline ("Ada plays eight of spades and names hearts")
    and a second line with the rest (the penalty it sets, who is skipped, the end of the match).
    ``human`` is the person's seat, told as "you"."""
    names = {seat: player.name for seat, player in enumerate(replay.seats)}
    lines = describe(frame.events, names, human, card_text=spoken_card)
    if frame.deal:
        lines.insert(0, dealing_line(frame.hand_number, frame.dealer, names, human))
    if not lines:
        lines = [_("{name} moves").format(name=names.get(frame.seat, "?"))]
    headline, rest = lines[0], lines[1:]
    if frame.index == len(replay) - 1:
        if frame.match_over:
            if replay.winners == (human,):
                rest.append(_("You win the match!"))
            else:
                winners = " & ".join(names[seat] for seat in replay.winners)
                rest.append(_("{name} wins the match").format(name=winners))
        elif not replay.finished:
            rest.append(_("The record stops here: the match was not finished"))
    return headline[:1].upper() + headline[1:], " · ".join(rest)
