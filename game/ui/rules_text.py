"""The rules of any rule set in the game's own words, written from the RuleSet fields.

Nothing here looks at a preset's name: a custom house-rule set is described
exactly as well as a named game. ``describe(rules)`` gives the full text for
the Rules screen; ``summary(rules)`` the short lines the New Game screen shows.
"""
from __future__ import annotations

from game.rules import CHOICES, DESCRIPTIONS, HOUSE_RULES_BY_ID, RuleSet

from .i18n import GERMAN_LOOK, N_, Worded, _, deck_look, join_words, ngettext, rank_name, ranks_phrase

_MIN_PLAYERS = 2
_FACE_VALUES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
THIRTY_TWO_CARDS = N_("The game is played with the 32-card deck: seven, eight, nine, ten, jack, queen, king and "
                      "ace of each suit (no twos to sixes).")
#: Texts that name the jack, the queen or the ace, as they read when the cards are German-suited (the Unter
#: for the jack, the Ober for the queen), as the card names do then.
GERMAN_LOOK_TEXTS = {
    THIRTY_TWO_CARDS: N_("The game is played with the 32-card deck: seven, eight, nine, ten, under, over, king "
                         "and ace of each suit (no twos to sixes)."),
    DESCRIPTIONS["mau_mau"]: N_("The German game with 32 cards: sevens draw two, eights skip, unders are wild; "
                                "say \"Mau\" on your last card."),
    # English names the German-suited ace "ace" too: these words differ from the French ones only so that
    # a language with a word of its own (German: the Daus) can say it.
    HOUSE_RULES_BY_ID["ace_again"].name: N_("Aces play again"),
    HOUSE_RULES_BY_ID["ace_again"].explanation: N_("Whoever plays an ace plays one more card at once, or draws."),
    HOUSE_RULES_BY_ID["jack_on_jack"].name: N_("Under on under"),
    HOUSE_RULES_BY_ID["jack_on_jack"].explanation: N_("An under may be played on an under."),
    CHOICES["mau_mau"]: N_("Mau-Mau is played in many ways; where tables differ, this game chose: a seven or an "
                           "eight turned up to start has no effect, and an under turned up goes back into the "
                           "stock; a seven is answered only with a seven, and whoever draws for it misses their "
                           "turn; an eight skips one player, and another eight does not pass the skip on; an "
                           "under may be your last card; only \"Mau\" is said, on your last card, not "
                           "\"Mau-Mau\" on going out."),
}


def deck_worded(text: str) -> str:
    """``text`` (a game's description, its choices…) in the player's language and in the words of the deck
    the card names follow now: "unders are wild" on German-suited cards, "jacks are wild" on French ones."""
    if deck_look() == GERMAN_LOOK:
        return _(GERMAN_LOOK_TEXTS.get(text, text))
    return _(text)


_RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _cap(text: str) -> str:
    if isinstance(text, Worded):   # a rank name keeps its forms with an article for the translation
        return text.capitalized()
    return text[:1].upper() + text[1:]


def ranks_plural(ranks) -> Worded:
    """``("J", "Q")`` -> ``jacks and queens`` (``{ranks:nom}`` in a translation: with their articles)."""
    return ranks_phrase(ranks)


def _by_player_count(values: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Runs of equal values as (first player count, last player count, value)."""
    runs: list[list[int]] = []
    for index, value in enumerate(values):
        players = index + _MIN_PLAYERS
        if runs and runs[-1][2] == value:
            runs[-1][1] = players
        else:
            runs.append([players, players, value])
    return [tuple(run) for run in runs]


def _players_range(first: int, last: int) -> str:
    if first == last:
        return ngettext("{n} player", "{n} players", first).format(n=first)
    return _("{first}–{last} players").format(first=first, last=last)


def _or_list(words: list[str]) -> str:
    """Words joined as alternatives: ``a``, ``a or b``, ``a, b or c``."""
    if len(words) == 1:
        return words[0]
    return _("{list} or {last}").format(list=_(", ").join(words[:-1]), last=words[-1])


def _deal_text(rules: RuleSet, for_match: bool) -> str:
    parts = []
    short = rules.cards_per_deck == 32
    if for_match:
        if short:
            decks = (_("one 32-card deck") if rules.decks == 1
                     else _("two 32-card decks shuffled together"))
        else:
            decks = (_("one 52-card deck") if rules.decks == 1
                     else _("two 52-card decks shuffled together"))
        parts.append(ngettext("{players} players, {decks}, {cards} card each.",
                              "{players} players, {decks}, {cards} cards each.", rules.hand_size)
                     .format(players=rules.players, decks=decks, cards=rules.hand_size))
    hand_runs = _by_player_count(rules.hand_size_by_players)
    if len(hand_runs) == 1:
        parts.append(ngettext("Everyone is dealt {cards} card.", "Everyone is dealt {cards} cards.",
                              hand_runs[0][2]).format(cards=hand_runs[0][2]))
    else:
        pieces = [ngettext("{cards} card with {players}", "{cards} cards each with {players}", value)
                  .format(cards=value, players=_players_range(first, last)) for first, last, value in hand_runs]
        parts.append(_("Cards dealt: {list}.").format(list=_("; ").join(pieces)))
    if short:
        parts.append(deck_worded(THIRTY_TWO_CARDS))
    deck_runs = _by_player_count(rules.decks_by_players)
    if len(deck_runs) == 1 and short:
        parts.append(_("One deck is used.") if deck_runs[0][2] == 1 else _("Two decks are shuffled together."))
    elif len(deck_runs) == 1:
        parts.append(_("One 52-card deck is used.") if deck_runs[0][2] == 1
                     else _("Two 52-card decks are shuffled together."))
    else:
        pieces = [(_("one deck for {players}") if value == 1 else _("two decks for {players}"))
                  .format(players=_players_range(first, last)) for first, last, value in deck_runs]
        parts.append(_("Decks: {list}.").format(list=_("; ").join(pieces)))
    if rules.jokers_per_deck:
        parts.append(ngettext("Each deck has {n} joker added.", "Each deck has {n} jokers added.",
                              rules.jokers_per_deck).format(n=rules.jokers_per_deck))
    parts.append(_("The rest of the cards form the stock; its top card is turned up to start the "
                   "discard pile. Play goes clockwise, starting left of the dealer, and the deal "
                   "moves one seat to the left after every hand."))
    return " ".join(parts)


def _play_text(rules: RuleSet) -> str:
    parts = [_("On your turn, play one card that matches the top card of the discard pile in rank or "
               "in suit.")]
    if rules.wild_ranks and rules.wild_on_wild:
        parts.append(_("{ranks} are wild: you can play one on any card and name any of the four suits; "
                       "the next player must follow that suit or play a wild card too. A wild card may "
                       "always be played on another wild card.")
                     .format(ranks=_cap(ranks_plural(rules.wild_ranks))))
    elif rules.wild_ranks:
        parts.append(_("{ranks} are wild: you can play one on any card except another wild card, and name "
                       "any of the four suits (its own too); the next player must follow that suit. A wild "
                       "card may never be played on a wild card.")
                     .format(ranks=_cap(ranks_plural(rules.wild_ranks))))
    else:
        parts.append(_("No card is wild in this game."))
    if rules.jokers_per_deck and rules.wild_on_wild:
        parts.append(_("Jokers are super wild: play one on anything and name any suit."))
    elif rules.jokers_per_deck:
        parts.append(_("Jokers are wild too: play one on anything but a wild card and name any suit."))
    if rules.anything_on_ranks:
        parts.append(_("Any card may be played on {ranks}.").format(ranks=ranks_plural(rules.anything_on_ranks)))
    parts.append(_("Play your last card and you go out: the hand is yours at once. An action card played "
                   "as your last card ends the hand without its effect."))
    return " ".join(parts)


def _draw_text(rules: RuleSet) -> str:
    if rules.draw_rule == "until_playable":
        text = _("If you cannot play, draw from the stock one card at a time until you draw one you can "
                 "play, then play it.")
    elif rules.draw_rule == "one_then_pass":
        text = _("If you cannot play, draw one card and keep it, even if it fits: your turn ends.")
    elif rules.draw_rule == "up_to_n":
        text = ngettext("If you cannot play, draw up to {n} card, one at a time, and play as soon as one "
                        "fits. If none fits, you pass.",
                        "If you cannot play, draw up to {n} cards, one at a time, and play as soon as one "
                        "fits. If none fits, you pass.", rules.draw_limit).format(n=rules.draw_limit)
    else:
        text = _("If you cannot play, draw one card. If it fits you may play it at once; otherwise "
                 "your turn ends.")
    if rules.voluntary_draw:
        extra = _("You may draw even when you hold a card you could play.")
    else:
        extra = _("You may only draw when you have no card you can play.")
    return f"{text} {extra}"


def _stock_text(rules: RuleSet) -> str:
    if rules.stock_exhausted == "reshuffle":
        text = _("When the stock is empty, the discard pile except its top card is shuffled to make a "
                 "new stock. If there is nothing to reshuffle, a player who cannot play passes.")
    elif rules.stock_exhausted == "pass":
        text = _("When the stock is empty it is not renewed: a player who cannot play passes.")
    else:
        text = _("When the stock runs out, the hand ends at once and is scored: the player with the "
                 "lowest hand wins it.")
    blocked = _("If nobody can play or draw, the hand is blocked: the player with the lowest hand wins "
                "it (on a tie, the first of them in turn order from the dealer's left). A hand that "
                "runs past {cap} turns ends the same way.").format(cap=rules.turn_cap)
    return f"{text} {blocked}"


def _starter_text(rules: RuleSet) -> str:
    parts = []
    if rules.bury_wild_starter and (rules.wild_ranks or rules.jokers_per_deck):
        parts.append(_("If the card turned up to start is wild, it is buried in the middle of the stock "
                       "and another card is turned."))
    parts.append(_("An action card turned up to start has no effect."))
    return " ".join(parts)


def _actions_text(rules: RuleSet) -> str:
    parts = []
    for ranks, count in _draw_kinds(rules):
        if len(ranks) == 1:
            parts.append(ngettext(
                "{ranks}: the next player picks up {n} card and misses their turn, unless they play a {rank} too.",
                "{ranks}: the next player picks up {n} cards and misses their turn, unless they play a {rank} too.",
                count).format(ranks=_cap(rank_name(ranks[0], plural=True)), n=count, rank=rank_name(ranks[0])))
        else:
            # Ranks that draw the same number are one kind: any of them answers any other.
            either = _or_list([format(rank_name(rank), "indef") for rank in ranks])
            parts.append(ngettext(
                "{ranks}: the next player picks up {n} card and misses their turn, unless they play {either} too.",
                "{ranks}: the next player picks up {n} cards and misses their turn, unless they play {either} too.",
                count).format(ranks=_cap(ranks_plural(ranks)), n=count, either=either))
    if rules.draw_penalties and rules.stacking:
        parts.append(_("Penalties stack: each card that answers one adds to it, and the first player who "
                       "cannot answer picks up the lot and misses their turn. Different kinds of "
                       "penalty never combine."))
    if rules.black_jack_draw:
        parts.append(ngettext(
            "Black jacks (clubs and spades): the next player picks up {n} card and misses their turn, unless "
            "they play a red jack, which cancels the penalty.",
            "Black jacks (clubs and spades): the next player picks up {n} cards and misses their turn, unless "
            "they play a red jack, which cancels the penalty.", rules.black_jack_draw).format(n=rules.black_jack_draw))
        if rules.black_jack_stacking:
            parts.append(_("A black jack may be answered with the other black jack, doubling the penalty, "
                           "before a red jack cancels it."))
    if rules.skip_ranks:
        parts.append(_("{ranks} skip: the next player misses their turn.")
                     .format(ranks=_cap(ranks_plural(rules.skip_ranks))))
        if rules.skip_stacking:
            parts.append(_("A skipped player may pass the skip on with a skip card of their own; each one "
                           "skips one more player."))
        parts.append(_("With two players, a skip gives the same player another turn."))
    if rules.reverse_ranks:
        if rules.reverse_with_two == "skip":
            text = _("{ranks} reverse the direction of play; with two players a reverse works as a skip.")
        else:
            text = _("{ranks} reverse the direction of play; with two players a reverse has no effect.")
        parts.append(text.format(ranks=_cap(ranks_plural(rules.reverse_ranks))))
    if rules.play_again_ranks:
        parts.append(_("{ranks} play again: whoever plays one plays one more card at once (if nothing fits, "
                       "they draw as usual).").format(ranks=_cap(ranks_plural(rules.play_again_ranks))))
    if not parts:
        return _("There are no action cards: only matching rank and suit matters.")
    return " ".join(parts)


def _draw_kinds(rules: RuleSet) -> list[tuple[list[str], int]]:
    """The draw penalties by kind: the ranks that draw the same number of cards, with that number."""
    kinds: dict[int, list[str]] = {}
    for rank, count in rules.draw_penalties:
        kinds.setdefault(count, []).append(rank)
    return [(ranks, count) for count, ranks in kinds.items()]


def _calls_text(rules: RuleSet) -> str | None:
    parts = []
    if rules.last_card_call and rules.last_card_word == "mau":
        parts.append(ngettext(
            "When a play leaves you with one card, say “Mau”: before you play it, or right after, until the "
            "next player moves. If the next player moves before you say it, you pick up {n} card.",
            "When a play leaves you with one card, say “Mau”: before you play it, or right after, until the "
            "next player moves. If the next player moves before you say it, you pick up {n} cards.",
            rules.last_card_penalty).format(n=rules.last_card_penalty))
    elif rules.last_card_call:
        parts.append(ngettext(
            "When a play leaves you with one card, call “Last card”: before you play it, or right after, "
            "until the next player moves. If the next player moves before your call, you pick up {n} card.",
            "When a play leaves you with one card, call “Last card”: before you play it, or right after, "
            "until the next player moves. If the next player moves before your call, you pick up {n} cards.",
            rules.last_card_penalty).format(n=rules.last_card_penalty))
    if rules.stop_call:
        parts.append(ngettext(
            "With {n} point or fewer in hand you may call “Stop!” at the start of your turn: the hand ends, "
            "and you win it if your hand is the lowest (ties go to you); otherwise the lowest hand wins it.",
            "With {n} points or fewer in hand you may call “Stop!” at the start of your turn: the hand ends, "
            "and you win it if your hand is the lowest (ties go to you); otherwise the lowest hand wins it.",
            rules.stop_threshold).format(n=rules.stop_threshold))
    return " ".join(parts) if parts else None


def values_text(rules: RuleSet) -> str:
    """Card values, grouped: ``eights 50; jacks, queens and kings 10; aces 1; other cards face value``."""
    groups: dict[int, list[str]] = {}
    in_deck = rules.ranks     # the values of ranks the deck lacks never count
    for rank, value in zip(_RANK_ORDER, rules.rank_values):
        if rank in in_deck and _FACE_VALUES.get(rank) != value:
            groups.setdefault(value, []).append(rank)
    pieces = []
    for value in sorted(groups, reverse=True):
        pieces.append(_("{ranks} {n}").format(ranks=ranks_plural(groups[value]), n=value))
    if rules.black_jack_value is not None:
        pieces.append(_("black jacks {n}").format(n=rules.black_jack_value))
    if rules.jokers_per_deck:
        pieces.append(_("jokers {n}").format(n=rules.joker_value))
    if any(_FACE_VALUES[r] == v for r, v in zip(_RANK_ORDER, rules.rank_values) if r in _FACE_VALUES and r in in_deck):
        pieces.append(_("other cards their face value"))
    return _cap(_("; ").join(pieces)) + "."


def _scoring_text(rules: RuleSet) -> str:
    if rules.scoring == "penalty":
        text = _("When someone goes out, every other player adds the value of the cards left in their hand "
                 "to their score; the winner adds nothing. Low scores are good. After a blocked hand "
                 "everyone, the winner included, adds their own cards.")
    else:
        text = _("The player who goes out scores the value of all the cards left in the other players' "
                 "hands. High scores are good.")
    return f"{values_text(rules)} {text}"


def _match_text(rules: RuleSet) -> str:
    low = rules.scoring == "penalty"
    if rules.match_end == "target_loses":
        text = _("The match ends after the hand in which someone reaches {target} points; the lowest "
                 "total wins.").format(target=rules.target)
    elif rules.match_end == "target_wins":
        text = _("The first player to reach {target} points wins the match.").format(target=rules.target)
    elif rules.match_end == "fixed_hands":
        text = (ngettext("The match lasts {n} hand; the lowest total wins.",
                         "The match lasts {n} hands; the lowest total wins.", rules.fixed_hands) if low
                else ngettext("The match lasts {n} hand; the highest total wins.",
                              "The match lasts {n} hands; the highest total wins.", rules.fixed_hands)
                ).format(n=rules.fixed_hands)
    elif rules.match_end == "elimination":
        text = _("A player whose total goes over {target} points is out; the last player left wins the "
                 "match.").format(target=rules.target)
    else:
        text = _("The match is a single hand: whoever wins it wins the match.")
    if rules.sudden_death and rules.match_end in ("target_loses", "target_wins", "fixed_hands", "elimination"):
        text += " " + _("A tie for first place is settled by one more hand between the tied players.")
    return text


def describe(rules: RuleSet, for_match: bool = False) -> list[tuple[str, str]]:
    """The rules as (heading, paragraph) pairs, in the order a player needs them.

    ``for_match`` adds this game's own player count, decks and hand size.
    """
    sections = [
        (_("The deal"), _deal_text(rules, for_match)),
        (_("Playing a card"), _play_text(rules)),
        (_("Drawing"), _draw_text(rules)),
        (_("Action cards"), _actions_text(rules)),
    ]
    calls = _calls_text(rules)
    if calls:
        sections.append((_("Calls"), calls))
    sections += [
        (_("The starter card"), _starter_text(rules)),
        (_("When the stock runs out"), _stock_text(rules)),
        (_("Scoring"), _scoring_text(rules)),
        (_("Winning the match"), _match_text(rules)),
    ]
    return sections


def match_length(rules: RuleSet) -> str:
    """How long the match is, in a few words."""
    if rules.match_end == "target_loses":
        return _("until someone reaches {n} points").format(n=rules.target)
    if rules.match_end == "target_wins":
        return _("first to {n} points").format(n=rules.target)
    if rules.match_end == "fixed_hands":
        return ngettext("{n} hand", "{n} hands", rules.fixed_hands).format(n=rules.fixed_hands)
    if rules.match_end == "elimination":
        return _("out over {n} points, last one in wins").format(n=rules.target)
    return _("a single hand")


def summary(rules: RuleSet) -> list[str]:
    """A few short lines for the New Game screen's live summary."""
    if rules.cards_per_deck == 32:
        decks = _("one 32-card deck") if rules.decks == 1 else _("two 32-card decks")
    else:
        decks = _("one deck") if rules.decks == 1 else _("two decks")
    if rules.jokers_per_deck:
        decks = ngettext("{decks} and {n} joker", "{decks} and {n} jokers",
                         rules.jokers_per_deck * rules.decks).format(decks=decks, n=rules.jokers_per_deck * rules.decks)
    lines = [ngettext("{players} players, {cards} card each, {decks}.",
                      "{players} players, {cards} cards each, {decks}.", rules.hand_size)
             .format(players=rules.players, cards=rules.hand_size, decks=decks)]
    if rules.wild_ranks and not rules.wild_on_wild:
        wild = _("{ranks} wild, never on one another").format(ranks=_cap(ranks_plural(rules.wild_ranks)))
    elif rules.wild_ranks:
        wild = _("{ranks} wild").format(ranks=_cap(ranks_plural(rules.wild_ranks)))
    else:
        wild = _("No wild cards")
    draw = {"until_playable": _("draw until you can play"),
            "up_to_n": ngettext("draw up to {n} card", "draw up to {n} cards", rules.draw_limit).format(n=rules.draw_limit),
            "one_then_may_play": _("draw one, then play it if you can"),
            "one_then_pass": _("draw one, then your turn ends")}[rules.draw_rule]
    lines.append(_("{wild}; {draw}.").format(wild=wild, draw=draw))
    actions = []
    for ranks, count in _draw_kinds(rules):
        actions.append(_("{ranks} pick up {n}").format(ranks=ranks_plural(ranks), n=count))
    if rules.black_jack_draw:
        actions.append(_("black jacks pick up {n}").format(n=rules.black_jack_draw))
    if rules.skip_ranks:
        actions.append(_("{ranks} skip").format(ranks=ranks_plural(rules.skip_ranks)))
    if rules.reverse_ranks:
        actions.append(_("{ranks} reverse").format(ranks=ranks_plural(rules.reverse_ranks)))
    if rules.anything_on_ranks:
        actions.append(_("anything on {ranks}").format(ranks=ranks_plural(rules.anything_on_ranks)))
    if rules.play_again_ranks:
        actions.append(_("{ranks} play again").format(ranks=ranks_plural(rules.play_again_ranks)))
    if rules.last_card_call and rules.last_card_word == "mau":
        actions.append(_("say “Mau” on your last card"))
    if actions:
        lines.append(_cap(_(", ").join(actions)) + ".")
    scoring = _("Penalty points, low is good") if rules.scoring == "penalty" else _("Winner collects points")
    lines.append(_("{scoring}; {length}.").format(scoring=scoring, length=match_length(rules)))
    return lines
