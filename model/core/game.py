"""The game protocol every model implements (after OpenSpiel's game/state API and python-chess).

A model is a module-level object satisfying :class:`Game`, generic in its state type. States are
mutable, cheap to copy and have a stable 64-bit fingerprint. Most games implement the protocol
by subclassing :class:`referee.model.core.table.TableGame`, which derives ``check``, ``apply``,
``legal_actions`` and rule coverage from a move table and a flow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from referee.model.core.events import Chance, GameEvent
from referee.model.core.rules import RuleCatalogue, Violation

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.model.core.observe import Observables, Observation

# Seat names used where a command or a test needs players and the user named none.
DEFAULT_SEATS = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay")

Note = Callable[[str], None]


def ignore(rule: str) -> None:
    """The ``note`` of an apply whose rule coverage nobody collects."""


def fingerprint_of(key: Any) -> int:
    """A 64-bit fingerprint of a canonical key (nested tuples of ints and strings), stable across
    processes (unlike ``hash`` with string hash randomisation)."""
    from hashlib import blake2b  # imported when used: a start-up cost for every command

    digest = blake2b(repr(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def seat_names(count: int) -> list[str]:
    names = list(DEFAULT_SEATS[:count])
    return names + [f"P{i}" for i in range(len(names) + 1, count + 1)]


@dataclass(frozen=True, slots=True)
class Score:
    """One player's score: the total and its named parts (which sum to the total)."""

    total: int
    parts: Mapping[str, int]


@runtime_checkable
class State(Protocol):
    players: tuple[str, ...]

    def copy(self) -> Any: ...

    def fingerprint(self) -> int: ...


S = TypeVar("S", bound=State)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)


@runtime_checkable
class Game(Protocol[S]):
    """What every game model provides.

    Contract: ``check(state, e) is None`` exactly when ``apply(state, e)`` accepts ``e``.
    ``legal_actions`` lists decisions (actions and phase markers) in a deterministic order;
    ``chance_outcomes`` is non-empty exactly when the next event of the model's own order is a
    chance event, and then lists every possible outcome with its probability (summing to 1).
    ``apply`` calls ``note`` with the id of every rule it applies (those ``check`` verified and
    those of the automatic effects the event sets off), for rule coverage.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rules: RuleCatalogue
    observables: Observables[S]

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> S:
        """The setup (or ``position``); raises RuleViolation(kind "schema") on bad input."""
        ...

    def legal_actions(self, state: S) -> list[GameEvent]: ...

    def chance_outcomes(self, state: S) -> list[tuple[Chance, Fraction]]: ...

    def check(self, state: S, event: GameEvent) -> Violation | None: ...

    def apply(self, state: S, event: GameEvent, note: Note = ignore) -> None: ...

    def is_over(self, state: S) -> bool: ...

    def score(self, state: S) -> dict[str, Score]: ...

    def winners(self, state: S) -> list[str]: ...

    def observe(self, state: S) -> Observation: ...


def count_problem(count: int, minimum: int, maximum: int, title: str) -> str | None:
    if not minimum <= count <= maximum:
        return f"{title} takes {minimum} to {maximum} players, found {count}"
    return None


def players_problem(players: object, minimum: int, maximum: int, title: str) -> str | None:
    """What is wrong with a list of player names, or None: the count first (cheap, so that a
    huge list is refused before anything else looks at it), then names and duplicates."""
    if not isinstance(players, list | tuple):
        return "players must be a list of names"
    counted = count_problem(len(players), minimum, maximum, title)
    if counted is not None:
        return counted
    if not all(isinstance(p, str) for p in players):
        return "players must be a list of strings"
    if any(not p.strip() for p in players):
        return "player names must not be empty"
    seen: set[str] = set()
    for p in players:
        if p in seen:
            return f"player {p!r} appears twice"
        seen.add(p)
    return None


def probability_sum(outcomes: Sequence[tuple[Chance, Fraction]]) -> Fraction:
    from fractions import Fraction  # imported when used: it loads decimal, a start-up cost

    return sum((p for _, p in outcomes), Fraction(0))
