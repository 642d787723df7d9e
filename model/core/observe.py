"""What can be read off a state: one table of named, typed values per player and for the table.

``check`` lines, invariant expressions, the explorer's counterexample checks and reports all
read this table. Each value is computed on demand, so a ``check`` line that claims two values
costs two getters, not a full evaluation of the state.

Kinds: ``int`` (an integer), ``bool``, ``text`` (a string or null; ``domain`` lists the values
a claim may name), ``names`` (a list of names compared as a set; ``domain`` lists the names)
and ``ints`` (a list of integers compared in order).
Only ``int`` and ``bool`` values can appear in expressions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

S = TypeVar("S")
Kind = Literal["int", "bool", "text", "names", "ints"]
KINDS: tuple[Kind, ...] = ("int", "bool", "text", "names", "ints")


class Unparsable(ValueError):
    """Raised by a quantity's ``parse`` for a claim it cannot read; the message says why."""


@dataclass(frozen=True, slots=True)
class Quantity(Generic[S]):
    """One named value. ``get(state, player)`` computes it (``player`` is None for a global).

    ``rule`` is the rule named when a claimed value differs (None: the table's value rule);
    ``parse`` turns another written form of a claim into the computed form (it raises
    :class:`Unparsable`); ``show`` writes a computed value for a message; ``copies``: a
    ``names`` value is compared with its copies counted (as a multiset), not as a set.
    """

    name: str
    kind: Kind
    doc: str
    get: Callable[[S, str | None], Any]
    per_player: bool = True
    rule: str | None = None
    domain: Callable[[S], Collection[str]] | None = None
    parse: Callable[[S, Any], Any] | None = None
    show: Callable[[S, Any], str] | None = None
    copies: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"quantity {self.name!r}: unknown kind {self.kind!r}")


def player_value(name: str, kind: Kind, doc: str, get: Callable[[S, str], Any],
                 **extra: Any) -> Quantity[S]:
    return Quantity(name, kind, doc, get, True, **extra)  # type: ignore[arg-type]


def global_value(name: str, kind: Kind, doc: str, get: Callable[[S], Any],
                 **extra: Any) -> Quantity[S]:
    return Quantity(name, kind, doc, lambda state, _player: get(state), False, **extra)


@dataclass(frozen=True, slots=True)
class Observation:
    """Every value of a state: the globals, and per player their own values."""

    globals: dict[str, Any]
    players: dict[str, dict[str, Any]]

    def env(self, player: str | None) -> dict[str, Any]:
        """The values an expression evaluated for ``player`` sees (globals, then the player's)."""
        out = dict(self.globals)
        if player is not None:
            out.update(self.players[player])
        return out


class Observables(Generic[S]):
    """The table of a game's quantities and the rules of claims: ``check_rule`` for a malformed
    claim (an unknown name, a value of the wrong type), ``value_rule`` for a well-formed claimed
    value that differs from the computed one (unless the quantity names its own rule)."""

    def __init__(self, quantities: Iterable[Quantity[S]], check_rule: str,
                 value_rule: str = "LOG-CHECK-VALUE",
                 player_row: Callable[[S, str], Mapping[str, Any]] | None = None) -> None:
        self.check_rule = check_rule
        self.value_rule = value_rule
        # a mapping the state already holds of a player's counts by quantity name, each the
        # value its getter computes: a check line reads a claimed count there first
        self.player_row = player_row
        self.player: dict[str, Quantity[S]] = {}
        self.globals: dict[str, Quantity[S]] = {}
        for q in quantities:
            table = self.player if q.per_player else self.globals
            if q.name in self.player or q.name in self.globals:
                raise ValueError(f"quantity {q.name!r} declared twice")
            table[q.name] = q
        # name -> getter of the counts written in no other form: the claims a check line
        # compares most, with nothing to check about a claim that is an integer
        self.player_counts: dict[str, Callable[[S, str | None], Any]] = {
            n: q.get for n, q in self.player.items() if q.kind == "int" and q.parse is None}
        self.global_counts: dict[str, Callable[[S, str | None], Any]] = {
            n: q.get for n, q in self.globals.items() if q.kind == "int" and q.parse is None}

    def __iter__(self) -> Iterator[Quantity[S]]:
        yield from self.globals.values()
        yield from self.player.values()

    def observe(self, state: S, players: Iterable[str]) -> Observation:
        return Observation({n: q.get(state, None) for n, q in self.globals.items()},
                           {p: {n: q.get(state, p) for n, q in self.player.items()}
                            for p in players})

    def symbols(self) -> dict[str, str]:
        """Name -> "int"/"bool" for the values expressions may use."""
        return {q.name: q.kind for q in self if q.kind in ("int", "bool")}

    def values(self, state: S, player: str | None, names: Iterable[str]) -> dict[str, Any]:
        """Just the named values for one player (globals among them evaluated once)."""
        out: dict[str, Any] = {}
        for name in names:
            q = self.globals.get(name)
            if q is not None:
                out[name] = q.get(state, None)
            elif player is not None:
                out[name] = self.player[name].get(state, player)
        return out
