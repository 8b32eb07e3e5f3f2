"""The replay's cards: the table's board with every hand face up, and the caption of each step in words."""
from __future__ import annotations

from game.ui.i18n import _

from ..table.board import HAND_ZONE, Board, Target, display_order
from ..table.narration import dealing_line, describe, history_lines, shared_win_text, spoken_card


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
                positions, width, base = open_fan_positions(lay, seat, len(cards)), spot.card_w, 200 + spot.offset * 50
            for i, ((x, y, angle), card) in enumerate(zip(positions, cards)):
                targets.append(Target(card, zone, x, y, angle, width, True, base + i, i))
        return targets


#: How far apart face-up cards of a seat's fan may lie, in card widths (the rank and suit in the corner show).
OPEN_FAN_SPACING = 0.62


def info_panel_bottom(lay) -> float:
    """How far down the replay's info panel (top left, as wide as the log) may reach."""
    return lay.margin + lay.font_size * 6.4


def fan_room(lay, seat: int) -> float:
    """How wide a seat's fan may spread: to the window's edges and halfway to a neighbour at the same
    height, never narrower than the table's fan."""
    spot = lay.seats[seat]
    x, y = spot.center
    half = min(x - lay.margin, lay.size[0] - lay.margin - x)
    for other in lay.seats.values():
        if other.seat != seat and not other.bottom and abs(other.center[1] - y) < spot.card_h * 1.6:
            half = min(half, abs(other.center[0] - x) / 2 - lay.margin)
    return max(spot.max_fan_width, 2 * half)


def open_fan_positions(lay, seat: int, count: int) -> list[tuple[float, float, float]]:
    """(centre x, centre y, angle) of each face-up card of a seat's fan, spread as far as the room allows
    and kept clear of the info panel in the top-left corner."""
    spot = lay.seats[seat]
    if count <= 1:
        return lay.fan_positions(seat, count)
    cw = spot.card_w
    spacing = min(cw * OPEN_FAN_SPACING, (fan_room(lay, seat) - cw) / (count - 1))
    spacing = max(spacing, min(cw * 0.32, (spot.max_fan_width - cw) / (count - 1)))
    width = spacing * (count - 1)
    spread = min(14.0, 2.4 * (count - 1))
    sag = spot.card_h * min(0.08, 0.015 * (count - 1))
    cx, cy = spot.center
    clear_of = lay.log_rect.right + lay.margin
    if cy - spot.card_h * 0.6 < info_panel_bottom(lay) and cx - width / 2 - cw / 2 < clear_of < cx:
        cx = clear_of + width / 2 + cw / 2
    return [(cx - width / 2 + spacing * i, cy + sag * rel * rel, -spread / 2 * rel)
            for i, rel in ((i, (i / (count - 1)) * 2 - 1) for i in range(count))]


def step_caption(replay, frame, human: int | None = None) -> tuple[str, str]:
    """What the step shown did, in words: a headline ("Ada plays eight of spades and names hearts")
    and a second line with the rest (the penalty it sets, who is skipped, the end of the match).
    Every draw names its cards (every hand is face up); ``human`` is a seat told as "you" (None: none)."""
    names = {seat: player.name for seat, player in enumerate(replay.seats)}
    lines = describe(frame.events, names, human, card_text=spoken_card, name_drawn=True,
                     call_word=replay.rules.last_card_word)
    if frame.deal:
        lines.insert(0, dealing_line(frame.hand_number, frame.dealer, names, human))
    if not lines:
        lines = [_("You move") if human is not None and frame.seat == human
                 else _("{name} moves").format(name=names.get(frame.seat, "?"))]
    headline, rest = lines[0], lines[1:]
    if frame.index == len(replay) - 1:
        if frame.match_over:
            rest.append(match_winner_text(replay, human))
        elif not replay.finished:
            rest.append(_("The record stops here: the match was not finished"))
    return headline[:1].upper() + headline[1:], " · ".join(rest)


#: The steps the replay's log is told from (more than its panel shows).
LOG_TAIL = 80


def replay_log(replay, human: int | None = None) -> list[str]:
    """The log of the hand shown, up to the step shown: each move with the cards drawn named and, at
    the hand's end, each seat's points this hand and total (and who won the match, at its end)."""
    # The log shows its last lines only: a hand of thousands of steps is not told from its start.
    frames = replay.steps[max(replay.hand_start(), replay.index + 1 - LOG_TAIL):replay.index + 1]
    lines = history_lines(frames, replay.seats, human, name_drawn=True, call_word=replay.rules.last_card_word)
    result = replay.result()
    if result is not None:
        for seat in result.seats:
            text = (_("You: +{points} this hand · {total} in all") if human is not None and seat == human
                    else _("{name}: +{points} this hand · {total} in all"))
            lines.append(text.format(name=replay.name(seat), points=result.scores.get(seat, 0),
                                     total=result.totals[seat]))
        if replay.frame.match_over:
            lines.append(match_winner_text(replay, human))
    return lines


def match_winner_text(replay, human: int | None = None) -> str:
    """"Ada wins the match" (or "You win the match!" for the seat told as "you")."""
    if human is not None and replay.winners == (human,):
        return _("You win the match!")
    if len(replay.winners) > 1:
        return shared_win_text([replay.name(seat) for seat in replay.winners if seat != human],
                               human in replay.winners)
    return _("{name} wins the match").format(name=" & ".join(replay.name(seat) for seat in replay.winners))
