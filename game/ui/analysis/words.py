"""The match analysis in words: marks, ratings, luck, each candidate move, and the exported text file."""
from __future__ import annotations

from game.rules import SUITS, card_to_str
from game.session.match_review import LUCK_MARKS, MARKS, MatchAnalysis, RATINGS

from ..i18n import N_, _, card_name, decimal_text, level_name, ngettext, suit_name

MARK_WORDS = {"doubtful": N_("Doubtful"), "bad": N_("Bad"), "very_bad": N_("Very bad")}
#: GNU Backgammon's signs, which serious players read at a glance.
MARK_SIGNS = {"doubtful": "?!", "bad": "?", "very_bad": "??"}
LUCK_WORDS = {"very_lucky": N_("Very lucky"), "lucky": N_("Lucky"), "average": N_("Average luck"),
              "unlucky": N_("Unlucky"), "very_unlucky": N_("Very unlucky")}
RATING_WORDS = {"beginner": N_("Beginner"), "casual": N_("Casual player"), "intermediate": N_("Intermediate"),
                "advanced": N_("Advanced"), "expert": N_("Expert"), "world_class": N_("World class"),
                "too_few": N_("Not rated yet")}


def mark_text(mark: str) -> str:
    """"Very bad"."""
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else ""


def luck_text(mark: str) -> str:
    """"Lucky"."""
    return _(LUCK_WORDS[mark]) if mark in LUCK_WORDS else ""


def rating_text(rating: str) -> str:
    """"World class"."""
    return _(RATING_WORDS[rating]) if rating in RATING_WORDS else rating


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def candidate_text(move) -> str:
    """A candidate move as a line of the ranked list: "Play the eight of clubs, name spades"."""
    if move.kind == "draw":
        return _("Draw a card")
    if move.kind == "pass":
        return _("Pass")
    if move.kind == "last_card":
        return _("Call “Last card”")
    if move.kind == "stop":
        return _("Call “Stop!”")
    card = card_name(card_to_str(move.card))
    if move.suit is not None:
        return _capital(_("Play the {card}, name {suit}").format(card=card, suit=suit_name(SUITS[move.suit])))
    return _capital(_("Play the {card}").format(card=card))


def pp_text(fraction: float, signed: bool = False) -> str:
    """A win chance (0..1) in percentage points with one decimal: "12.5", "+3.0"."""
    text = decimal_text(abs(fraction) * 100.0, 1)
    if signed:
        return ("+" if fraction >= 0 else "−") + text
    return ("−" if fraction < 0 else "") + text


def percent_text(fraction: float) -> str:
    """"42%" (as the language writes it)."""
    return _("{percent}%").format(percent=round(fraction * 100))


def drawn_text(cards) -> str:
    """"Drew the seven of hearts", "Drew 3 cards: 7H, 2S, QD"."""
    if len(cards) == 1:
        return _capital(_("Drew the {card}").format(card=card_name(card_to_str(cards[0]))))
    return ngettext("Drew {count} card: {cards}", "Drew {count} cards: {cards}", len(cards)).format(
        count=len(cards), cards=", ".join(card_to_str(card) for card in cards))


def scale_text() -> str:
    """The rating scale in one line: "World class < 0.6 · Expert < 1.2 · …" (error rate per decision)."""
    parts = []
    for name, below in RATINGS:
        if below == float("inf"):
            parts.append(rating_text(name))
        else:
            parts.append(f"{rating_text(name)} < {decimal_text(below, 1)}")
    return " · ".join(parts)


def analysis_text(analysis: MatchAnalysis, source) -> str:
    """The whole analysis as a plain text file: the summary per player, then every decision with its
    ranked candidates and every draw's luck."""
    names = source.names
    lines = [_("Match analysis"), f"{_(source.game) if source.game else ''}".strip(),
             ngettext("{count} hand analysed", "{count} hands analysed", len(analysis.hands)).format(
                 count=len(analysis.hands)), ""]
    lines.append(_("Error rate: win chance given up per decision that mattered (one where some move would "
                   "have cost at least 2.5 points), in percentage points."))
    lines.append(_("Rating scale: {scale}").format(scale=scale_text()))
    lines.append("")
    for summary in analysis.summaries():
        seat = summary.seat
        kind = source.kinds[seat] if seat < len(source.kinds) else ""
        lines.append(f"{names[seat]} ({level_name(kind)})" if kind and kind != "human" else names[seat])
        lines.append("  " + _("Rating: {rating}").format(rating=rating_text(summary.rating)))
        lines.append("  " + _("Error rate: {rate} per decision ({count} decisions, {forced} forced moves)").format(
            rate=pp_text(summary.error_rate / 100.0), count=summary.decisions, forced=summary.forced))
        lines.append("  " + "  ".join(f"{MARK_SIGNS[name]} {mark_text(name)}: {summary.marks[name]}"
                                      for name in MARKS))
        lines.append("  " + _("Luck: {rating} ({luck} hands)").format(
            rating=luck_text(summary.luck_rating), luck=decimal_text(summary.luck, 2)) + "  "
            + "  ".join(f"{luck_text(name)}: {summary.luck_marks[name]}" for name in LUCK_MARKS))
        lines.append("  " + _("Hands won: {won} of {hands} · luck-adjusted: {adjusted}").format(
            won=summary.won, hands=summary.hands, adjusted=decimal_text(summary.luck_adjusted, 2)))
        lines.append("")
    hand = None
    for item in analysis.items:
        moment = item.moment
        if not item.decision and item.luck is None:
            continue
        if moment.hand != hand:
            hand = moment.hand
            lines += ["", "=" * 60, _("Hand {number}").format(number=hand), "=" * 60]
        head = f"[{moment.step + 1}] {names[moment.seat]}: {candidate_text(moment.made)}"
        if item.mark:
            head += f"  {MARK_SIGNS[item.mark]} {mark_text(item.mark)} ({pp_text(-item.loss)})"
        lines.append(head)
        if item.decision:
            for rank, score in enumerate(item.ranked, start=1):
                played = "*" if score.action == item.made_score.action else " "
                lines.append(f"   {played}{rank:>2}. {candidate_text(score.move):<44} "
                             f"{_('win')} {percent_text(score.win):>5}  "
                             f"{_('points')} {decimal_text(score.points, 1):>6}  "
                             f"{pp_text(-score.gap) if rank > 1 else '':>6}")
        if item.luck is not None:
            luck = f"   {drawn_text(moment.drawn)}: {_('luck')} {pp_text(item.luck, True)}"
            if item.luck_mark:
                luck += f" ({luck_text(item.luck_mark)})"
            lines.append(luck)
    return "\n".join(lines) + "\n"
