"""The messages between a host and the computers that join its table, and the ONE checker of them.

Every message is one WebSocket text frame holding a JSON object with a ``"type"``. Whatever comes in
(to the host from a guest, or to a guest from the host) goes through :func:`read_message`: a size cap,
JSON, a known type, exactly the known fields, exact types (``bool`` is not an ``int``), sane sizes.
Anything else raises ``ProtocolError(code)`` and is refused; the match plays on.

Cards travel in card notation (``8S``, ``10H``, ``X1``), moves in move notation (``8S>H``, ``draw``,
``last``). What goes to a seat is built only from that seat's ``TableView`` and history entries
redacted for it (:func:`redact`): another seat's dealt or drawn cards are never sent.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from game.rules import Event, EventKind, InvalidRuleSet, Move, MoveNotationError, RuleSet, card_from_str, card_to_str
from game.session import HistoryEntry, SeatView, TableView
from game.session.results import HandResultView, MatchResultView, StandingView
from game.session.view import last_actions

#: Bumped whenever a message changes shape: a host and a guest of different versions refuse each other.
PROTOCOL_VERSION = 2
#: The most a guest may send in one message (a hello is under 200 bytes).
MAX_GUEST_MESSAGE = 2048
#: The most the host sends in one message (a view, a batch of history; a long hand comes in batches).
MAX_HOST_MESSAGE = 512 * 1024
#: History entries per message when a guest catches up on a hand.
ENTRIES_PER_MESSAGE = 400
MAX_NAME_CHARS = 24
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud across a room
CODE_LENGTH = 4

#: Why a join is refused (JoinRefused.code); the UI puts each into words.
JOIN_CODES = frozenset({"net.wrong_code", "net.version", "net.full", "net.no_host", "net.bad_hello",
                        "net.host_quit", "net.timeout", "net.refused", "net.name_taken"})
#: Why a guest's move is refused (besides the rules' IllegalMove codes).
MOVE_CODES = frozenset({"net.not_your_turn", "net.stale", "net.illegal", "net.no_answer", "net.not_connected"})
#: Why a message is refused (sent back as a "problem" message; the match plays on).
PROBLEM_CODES = frozenset({"net.too_big", "net.bad_json", "net.bad_message", "net.unknown_type",
                           "net.unknown_field", "net.missing_field", "net.bad_value", "net.flood"})
#: What the host tells everyone (HostNotice.code / a "notice" message), with ``seat`` and ``name``.
NOTICE_CODES = frozenset({"joined", "left", "waiting_for", "computer_took", "rejoined", "last_card_called",
                          "host_quit"})
#: How a seat stands in a "lobby" message (host.LobbySeat.state): the host's person ("here"), a computer,
#: open to a friend (a computer plays it meanwhile), a friend connected, dropped and awaited, or away.
LOBBY_STATES = frozenset({"here", "computer", "open", "connected", "waiting", "away"})


class ProtocolError(ValueError):
    """A message refused by the checker: ``code`` is one of PROBLEM_CODES (English detail for logs)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


# ----- the checker -------------------------------------------------------------------------------

def _int(low: int, high: int):
    def check(value):
        if type(value) is not int or not low <= value <= high:
            raise ProtocolError("net.bad_value", f"expected an int in {low}..{high}")
        return value
    return check


def _bool(value):
    if type(value) is not bool:
        raise ProtocolError("net.bad_value", "expected true or false")
    return value


def _text(max_chars: int, pattern: str | None = None):
    compiled = re.compile(pattern) if pattern else None

    def check(value):
        if type(value) is not str or len(value) > max_chars or (compiled and not compiled.fullmatch(value)):
            raise ProtocolError("net.bad_value", f"expected a string of at most {max_chars} characters")
        return value
    return check


def _optional(inner):
    def check(value):
        return None if value is None else inner(value)
    return check


def _list(inner, max_items: int):
    def check(value):
        if type(value) is not list or len(value) > max_items:
            raise ProtocolError("net.bad_value", f"expected a list of at most {max_items} items")
        return [inner(item) for item in value]
    return check


def _object(fields: dict, optional=frozenset()):
    def check(value):
        return _fields(value, fields, optional)
    return check


def _fields(value, fields: dict, optional=frozenset()) -> dict:
    if type(value) is not dict:
        raise ProtocolError("net.bad_message", "expected an object")
    unknown = set(value) - set(fields)
    if unknown:
        raise ProtocolError("net.unknown_field", ", ".join(sorted(map(str, unknown)))[:80])
    missing = set(fields) - set(value) - set(optional)
    if missing:
        raise ProtocolError("net.missing_field", ", ".join(sorted(missing)))
    return {name: check(value[name]) for name, check in fields.items() if name in value}


def _card(value):
    if type(value) is not str or not _CARD.fullmatch(value):
        raise ProtocolError("net.bad_value", "expected a card like 8S, 10H, X1")
    return card_from_str(value)


def _move(value):
    if type(value) is not str or not _MOVE.fullmatch(value):
        raise ProtocolError("net.bad_value", "expected a move like 8S, 8S>H, draw, pass, last, stop")
    try:
        return Move.parse(value)
    except (MoveNotationError, ValueError):
        raise ProtocolError("net.bad_value", "not a move") from None


def _params(value):
    """A refusal's or notice's parameters: a few short names with ints or short strings."""
    if type(value) is not dict or len(value) > 8:
        raise ProtocolError("net.bad_value", "expected a small object of parameters")
    for key, item in value.items():
        _text(24, r"[a-z_]+")(key)
        if type(item) is not int and (type(item) is not str or len(item) > 64):
            raise ProtocolError("net.bad_value", "a parameter is an int or a short string")
    return dict(value)


def _rules(value):
    if type(value) is not dict:
        raise ProtocolError("net.bad_value", "expected the rules")
    try:
        return RuleSet.from_dict(value)
    except (InvalidRuleSet, TypeError, ValueError):
        raise ProtocolError("net.bad_value", "the rules do not hold") from None


_CARD = re.compile(r"(?:10|[2-9JQKA])[CDHS]|X[1-9]")
_MOVE = re.compile(r"(?:(?:10|[2-9JQKA])[CDHS]|X[1-9])(?:>[CDHS])?|draw|pass|last|stop")
_NAME = r"[^\x00-\x1f\x7f]{1,%d}" % MAX_NAME_CHARS
_CODE = r"[A-Z0-9]{1,8}"
_TOKEN = r"[0-9a-f]{32}"
_SEAT = _int(0, 15)
_COUNT = _int(0, 100_000)
_TICKET = _int(0, 2**53)
_SCORE = _int(-(2**40), 2**40)
_KINDS = frozenset(EventKind)
_EVENT_KIND = _text(24, "|".join(sorted(_KINDS)))


def _event(value):
    if type(value) is not list or len(value) != 5:
        raise ProtocolError("net.bad_value", "an event is [kind, player, cards, suit, count]")
    kind, player, cards, suit, count = value
    return Event(EventKind(_EVENT_KIND(kind)), _int(-1, 15)(player), tuple(_list(_card, 120)(cards)),
                 _int(0, 4)(suit), _int(-100_000, 100_000)(count))   # a reverse counts the new direction


_ENTRY = _object({"hand": _COUNT, "seat": _optional(_SEAT), "move": _optional(_move), "dealer": _SEAT,
                  "events": _list(_event, 200)})

_SEAT_STATE = _object({"in_hand": _bool, "cards": _int(0, 200), "total": _SCORE, "out": _bool})

_VIEW = _object({
    "version": _TICKET, "hand_players": _int(2, 15), "hand": _COUNT, "dealer": _SEAT,
    "to_act": _optional(_SEAT), "direction": _int(-1, 1), "suit": _int(0, 4), "nominated": _bool,
    "named_by": _optional(_SEAT), "discard": _list(_card, 120), "stock": _int(0, 200), "pending": _int(0, 200),
    "pending_skips": _int(0, 200), "drew": _bool, "hand_over": _bool, "match_over": _bool,
    "sudden_death": _bool, "seats": _list(_SEAT_STATE, 15), "cards": _list(_card, 120),
    "moves": _list(_move, 300)})

_HAND_RESULT = _object({
    "number": _COUNT, "seats": _list(_SEAT, 15), "winner": _SEAT, "reason": _text(16, r"[a-z_]+"),
    "hands": _list(_list(_card, 120), 15), "values": _list(_SCORE, 15), "scores": _list(_SCORE, 15),
    "totals": _list(_SCORE, 15), "eliminated": _list(_bool, 15), "penalty_scoring": _bool, "match_over": _bool})

_MATCH_RESULT = _object({
    "seed": _int(0, 2**64), "winners": _list(_SEAT, 15), "hands_played": _COUNT, "game_name": _text(80),
    "standings": _list(_object({"seat": _SEAT, "total": _SCORE, "out": _bool, "place": _int(1, 15)}), 15)})

#: What a guest may send the host.
GUEST_MESSAGES = {
    "hello": ({"type": None, "version": _int(0, 2**31), "code": _text(8, _CODE), "name": _text(MAX_NAME_CHARS, _NAME),
               "token": _optional(_text(32, _TOKEN))}, frozenset({"token"})),
    "move": ({"type": None, "ticket": _TICKET, "move": _move}, frozenset()),
    "bye": ({"type": None}, frozenset()),
}

#: What the host may send a guest.
HOST_MESSAGES = {
    "welcome": ({"type": None, "version": _int(0, 2**31), "seat": _SEAT, "token": _text(32, _TOKEN),
                 "names": _list(_text(MAX_NAME_CHARS * 2), 15), "kinds": _list(_text(16, r"[a-z]+"), 15),
                 "rules": _rules}, frozenset()),
    "refused": ({"type": None, "code": _text(32, r"[a-z_.]+"), "params": _params}, frozenset()),
    "table": ({"type": None, "start": _int(0, 2**40), "entries": _list(_ENTRY, ENTRIES_PER_MESSAGE),
               "view": _VIEW, "catch_up": _bool, "hand_result": _optional(_HAND_RESULT),
               "match_result": _optional(_MATCH_RESULT)}, frozenset()),
    "move_refused": ({"type": None, "ticket": _TICKET, "code": _text(32, r"[a-z_.]+"), "params": _params},
                     frozenset()),
    "lobby": ({"type": None, "seats": _list(_object({"name": _text(MAX_NAME_CHARS * 2),
                                                     "state": _text(16, "|".join(sorted(LOBBY_STATES)))}), 15),
               "started": _bool}, frozenset()),
    "notice": ({"type": None, "code": _text(32, r"[a-z_.]+"), "params": _params}, frozenset()),
    "problem": ({"type": None, "code": _text(32, r"[a-z_.]+")}, frozenset()),
    "end": ({"type": None, "code": _text(32, r"[a-z_.]+")}, frozenset()),
}


def read_message(data, kinds: dict, max_bytes: int) -> dict:
    """THE check of an incoming message: ``data`` (str or bytes) against ``kinds`` (GUEST_MESSAGES on the
    host, HOST_MESSAGES on a guest). Returns the checked fields (``type`` kept); raises ProtocolError.

    A hello of another protocol version is returned as it is (only its version read), so that the host
    can refuse it saying why, whatever else a newer version puts in it."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolError("net.bad_message", "binary frames are not spoken here")
    if type(data) is not str or len(data) > max_bytes or len(data.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError("net.too_big", f"more than {max_bytes} bytes")
    try:
        message = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("net.bad_json") from None
    if type(message) is not dict:
        raise ProtocolError("net.bad_message", "a message is a JSON object")
    kind = message.get("type")
    if type(kind) is not str or kind not in kinds:
        raise ProtocolError("net.unknown_type", str(kind)[:24])
    if kind in ("hello", "welcome") and type(message.get("version")) is int and message["version"] != PROTOCOL_VERSION:
        return {"type": kind, "version": message["version"]}
    fields, optional = kinds[kind]
    checked = _fields(message, {name: check or (lambda value: value) for name, check in fields.items()}, optional)
    return checked


def _no_constant(name):
    raise ValueError(f"{name} is not a number JSON allows")


def write_message(kind: str, **fields) -> str:
    """One message as the text sent (compact JSON, no NaN)."""
    return json.dumps({"type": kind, **fields}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


# ----- views, history and results ---------------------------------------------------------------

def redact(entry: HistoryEntry, viewer: int) -> HistoryEntry:
    """``entry`` as ``viewer`` may know it: the cards another seat was dealt or drew are left out (their
    number stays)."""
    events = tuple(
        event._replace(cards=(), count=len(event.cards) if event.kind == EventKind.DEALT else event.count)
        if event.kind in (EventKind.DEALT, EventKind.DREW) and event.player != viewer else event
        for event in entry.events)
    return HistoryEntry(entry.hand, entry.seat, entry.move, events, entry.dealer)


def entry_fields(entry: HistoryEntry, viewer: int) -> dict:
    """A history entry, redacted for ``viewer``, as sent."""
    entry = redact(entry, viewer)
    return {"hand": entry.hand, "seat": entry.seat, "move": None if entry.move is None else str(entry.move),
            "dealer": entry.dealer,
            "events": [[str(e.kind), e.player, [card_to_str(c) for c in e.cards], e.suit, e.count]
                       for e in entry.events]}


def entry_from(fields: dict) -> HistoryEntry:
    """A checked entry back as a HistoryEntry."""
    return HistoryEntry(fields["hand"], fields["seat"], fields["move"], tuple(fields["events"]), fields["dealer"])


def view_fields(view: TableView) -> dict:
    """A seat's TableView as sent (the names, kinds and rules went once, in the welcome)."""
    return {"version": view.version, "hand_players": view.hand_rules.players, "hand": view.hand_number,
            "dealer": view.dealer, "to_act": view.to_act, "direction": view.direction, "suit": view.suit,
            "nominated": view.nominated, "named_by": view.named_by, "discard": [card_to_str(c) for c in view.discard],
            "stock": view.stock_count, "pending": view.pending, "pending_skips": view.pending_skips,
            "drew": view.drew_this_turn, "hand_over": view.hand_over, "match_over": view.match_over,
            "sudden_death": view.sudden_death,
            "seats": [{"in_hand": s.in_hand, "cards": s.card_count, "total": s.total, "out": s.eliminated}
                      for s in view.seats],
            "cards": [card_to_str(c) for c in view.my_cards], "moves": [str(m) for m in view.my_moves]}


@dataclass(frozen=True)
class TableFacts:
    """What a guest learns once, in the welcome: its seat, the rules and everyone's name and kind."""

    seat: int
    rules: RuleSet
    names: tuple[str, ...]
    kinds: tuple[str, ...]


def view_from(fields: dict, facts: TableFacts, history) -> TableView:
    """A checked view back as the TableView the table scene reads (last actions worked out from the history)."""
    rules = facts.rules
    players = len(facts.names)
    states = fields["seats"]
    if len(states) != players or len(facts.kinds) != players:
        raise ProtocolError("net.bad_value", "the seats do not match the table")
    hand_rules = rules if fields["hand_players"] == rules.players else _with_players(rules, fields["hand_players"])
    seats = tuple(SeatView(seat, facts.names[seat], facts.kinds[seat], state["in_hand"], state["cards"],
                           state["total"], state["out"]) for seat, state in enumerate(states))
    for name in ("to_act", "named_by", "dealer"):
        if fields[name] is not None and fields[name] >= players:
            raise ProtocolError("net.bad_value", f"{name} names no seat")
    return TableView(
        version=fields["version"], rules=rules, hand_rules=hand_rules, viewer=facts.seat,
        hand_number=fields["hand"], dealer=fields["dealer"], to_act=fields["to_act"],
        direction=fields["direction"], suit=fields["suit"], nominated=fields["nominated"],
        named_by=fields["named_by"], discard=tuple(fields["discard"]), stock_count=fields["stock"],
        pending=fields["pending"], pending_skips=fields["pending_skips"], drew_this_turn=fields["drew"],
        hand_over=fields["hand_over"], match_over=fields["match_over"], sudden_death=fields["sudden_death"],
        seats=seats, my_cards=tuple(fields["cards"]), my_moves=tuple(fields["moves"]),
        last_actions=last_actions(history, players, fields["to_act"]))


def _with_players(rules: RuleSet, players: int) -> RuleSet:
    try:
        return rules.with_players(players)
    except (InvalidRuleSet, ValueError):
        raise ProtocolError("net.bad_value", "no such hand") from None


def hand_result_fields(result: HandResultView) -> dict:
    """The last hand's result as sent (the hands are shown to everyone once the hand is over)."""
    players = len(result.totals)
    return {"number": result.number, "seats": list(result.seats), "winner": result.winner, "reason": result.reason,
            "hands": [[card_to_str(c) for c in result.hands.get(seat, ())] for seat in range(players)],
            "values": [result.values.get(seat, 0) for seat in range(players)],
            "scores": [result.scores.get(seat, 0) for seat in range(players)],
            "totals": list(result.totals), "eliminated": list(result.eliminated),
            "penalty_scoring": result.penalty_scoring, "match_over": result.match_over}


def hand_result_from(fields: dict, players) -> HandResultView:
    """A checked hand result back as the view the result screen reads."""
    count = len(players)
    if any(len(fields[name]) != count for name in ("hands", "values", "scores", "totals", "eliminated")) or \
            any(seat >= count for seat in (*fields["seats"], fields["winner"])):
        raise ProtocolError("net.bad_value", "the result does not match the table")
    seats = tuple(fields["seats"])
    return HandResultView(
        number=fields["number"], seats=seats, winner=fields["winner"], reason=fields["reason"],
        hands={seat: tuple(fields["hands"][seat]) for seat in seats},
        values={seat: fields["values"][seat] for seat in seats},
        scores={seat: fields["scores"][seat] for seat in seats}, totals=tuple(fields["totals"]),
        eliminated=tuple(fields["eliminated"]), penalty_scoring=fields["penalty_scoring"],
        match_over=fields["match_over"], players=tuple(players))


def match_result_fields(result: MatchResultView) -> dict:
    """The match's result as sent."""
    return {"seed": result.seed, "winners": list(result.winners), "hands_played": result.hands_played,
            "game_name": result.game_name,
            "standings": [{"seat": s.seat, "total": s.total, "out": s.eliminated, "place": s.place}
                          for s in result.standings]}


def match_result_from(fields: dict, players) -> MatchResultView:
    """A checked match result back as the view the final screen reads."""
    count = len(players)
    if any(seat >= count for seat in fields["winners"]) or any(row["seat"] >= count for row in fields["standings"]):
        raise ProtocolError("net.bad_value", "the result does not match the table")
    standings = tuple(StandingView(row["seat"], row["total"], row["out"], row["place"]) for row in fields["standings"])
    return MatchResultView(seed=fields["seed"], winners=tuple(fields["winners"]), standings=standings,
                           hands_played=fields["hands_played"], game_name=fields["game_name"], players=tuple(players))

