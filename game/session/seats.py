"""Who sits at the table: people, and computer players of the AI's levels."""
from __future__ import annotations

from dataclasses import dataclass

from game.ai import LEVELS

HUMAN = "human"
#: A person at another computer (game/net): their moves come over the network; while they are away (and
#: in a match continued without the network) a computer of STAND_IN_LEVEL plays the seat.
REMOTE = "remote"
STAND_IN_LEVEL = "medium"
#: Every kind of seat: a person at this screen, a person at another computer, then the computer levels
#: from weakest to strongest.
SEAT_KINDS = (HUMAN, REMOTE, *LEVELS)
OPPONENT_NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Greta")


#: Every code a SeatError can have.
SEAT_CODES = frozenset({"seats.unknown_kind", "seats.wrong_count", "seats.missing"})


class SeatError(ValueError):
    """A list of seats the table cannot play with: ``code`` (one of SEAT_CODES) and ``params`` for the
    player's language, the English message for logs."""

    def __init__(self, code: str, message: str, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Seat:
    """One player at the table: a display name and ``"human"`` (at this screen), ``"remote"`` (at another
    computer) or a computer level."""

    name: str
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise SeatError("seats.unknown_kind",
                            f"unknown kind of player {self.kind!r}; choose one of: {', '.join(SEAT_KINDS)}",
                            kind=str(self.kind)[:32])

    @property
    def is_human(self) -> bool:
        """Whether a person at this screen plays this seat."""
        return self.kind == HUMAN

    @property
    def is_remote(self) -> bool:
        """Whether a person at another computer plays this seat."""
        return self.kind == REMOTE

    @property
    def level(self) -> str | None:
        """The computer level, or None for a person (here or at another computer)."""
        return None if self.kind in (HUMAN, REMOTE) else self.kind


def check_table(seats, players: int) -> tuple[Seat, ...]:
    """The seats as a tuple, if the table can play with them (any of them may be people); raises SeatError
    saying why not."""
    seats = tuple(seats)
    if len(seats) != players:
        raise SeatError("seats.wrong_count", f"the rules seat {players} players but {len(seats)} were given",
                        players=players, seats=len(seats))
    return seats


def name_key(name: str) -> str:
    """A name as a table compares names: spaces evened out, case ignored ("  ada " is "Ada")."""
    return " ".join(name.split()).casefold()


def rename_computers(seats) -> tuple[Seat, ...]:
    """``seats`` with every computer that carries a person's name renamed to the first name of OPPONENT_NAMES
    nobody at the table has: a person's name is theirs alone."""
    seats = list(seats)
    people = {name_key(seat.name) for seat in seats if seat.level is None}
    for index, seat in enumerate(seats):
        if seat.level is not None and name_key(seat.name) in people:
            taken = {name_key(other.name) for other_index, other in enumerate(seats) if other_index != index}
            name = next((name for name in OPPONENT_NAMES if name_key(name) not in taken), None)
            if name is not None:
                seats[index] = Seat(name, seat.kind)
    return tuple(seats)


def default_table(player_name: str, players: int, level: str = "medium") -> tuple[Seat, ...]:
    """The person in seat 0 and computer players of ``level`` named from OPPONENT_NAMES."""
    return (Seat(player_name, HUMAN),) + tuple(Seat(OPPONENT_NAMES[i], level) for i in range(players - 1))
