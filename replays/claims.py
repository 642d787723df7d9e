"""Comparing a ``check`` line with the computed state, for any game, through its observables.

A claim names a global quantity, or a player with an object of that player's quantities. The
first malformed claim (an unknown name, a value of the wrong type) is a ``schema`` error and the
only one reported, under the game's check rule; every claimed value that differs from the
computed one is a ``checkpoint`` error under the quantity's rule (or the table's value rule,
``LOG-CHECK-VALUE`` unless the game names another). Lists of names compare as sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.model.core import (
    Game,
    Quantity,
    Unparsable,
    Violation,
    json_repr,
    json_type,
    unknown,
)

_NOT_COUNTS = frozenset((bool, float))


class _Malformed(Exception):
    def __init__(self, violation: Violation) -> None:
        self.violation = violation


def compare_claims(game: Game[Any], state: Any, claims: Mapping[str, Any]) -> list[Violation]:
    table = game.observables
    rule = table.check_rule
    out: list[Violation] = []
    players = state.players
    per_player = table.player
    player_counts = table.player_counts
    global_counts = table.global_counts
    rows = table.player_row
    try:
        for key, value in claims.items():
            if key in players:
                if type(value) is not dict and not isinstance(value, Mapping):
                    raise _Malformed(Violation("schema", rule, f"check: {key!r} must be an "
                                               "object of quantities, found "
                                               f"{json_type(value)}", key))
                row = rows(state, key) if rows is not None else None
                claims_left: Any = value.items()
                if row is not None and row.items() <= claims_left and _NOT_COUNTS.isdisjoint(
                        set(map(type, value.values()))):
                    # every count of the row claimed as it stands: neither a boolean nor a
                    # float (the only values equal to an integer) among the claims
                    if len(value) == len(row):
                        continue
                    claims_left = [(n, c) for n, c in claims_left if n not in row]
                for name, claimed in claims_left:
                    # the common case, written out: a count, and most claims hold (a row's
                    # names are all counts)
                    if type(claimed) is int:
                        if row is not None and row.get(name) == claimed:
                            continue
                        get = player_counts.get(name)
                        if get is not None and claimed == get(state, key):
                            continue
                    quantity = per_player.get(name)
                    if quantity is None:
                        raise _Malformed(Violation(
                            "schema", rule, f"check: {unknown('quantity', name, table.player)}"
                            f" for {key}", key))
                    _compare(state, quantity, claimed, key, rule, table.value_rule, out)
                continue
            get = global_counts.get(key)
            if get is not None and type(value) is int and value == get(state, None):
                continue
            quantity = table.globals.get(key)
            if quantity is None:
                known = [*players, *table.globals]
                raise _Malformed(Violation("schema", rule, "check: " + unknown(
                    "player or quantity", key, known)))
            _compare(state, quantity, value, None, rule, table.value_rule, out)
    except _Malformed as bad:
        return [bad.violation]
    return out


_PLAIN = {"int": int, "bool": bool}
_EQUAL_WHEN_HELD = {"text": str, "names": list}
"""The kinds whose claim, equal to the computed value, is well formed for that reason alone
(the computed value is): a claim that holds needs no other look."""


def _compare(state: Any, q: Quantity[Any], claimed: Any, player: str | None, rule: str,
             value_rule: str, out: list[Violation]) -> None:
    kind = q.kind
    if (q.parse is None and type(claimed) is _EQUAL_WHEN_HELD.get(kind)
            and claimed == q.get(state, player)):
        return
    if q.parse is None and type(claimed) is _PLAIN.get(kind):
        # the common case, a well-formed count or flag: nothing more to check about its form
        actual = q.get(state, player)
        same = claimed == actual
    else:
        if q.parse is not None:
            try:
                claimed = q.parse(state, claimed)
            except Unparsable as exc:
                raise _Malformed(Violation("schema", rule, f"check: {_label(q, player)}: {exc}",
                                           player)) from None
        _well_formed(state, q, claimed, player, rule)
        actual = q.get(state, player)
        if kind == "names":
            same = (sorted(claimed) == sorted(actual)) if q.copies else \
                set(claimed) == set(actual)
        elif kind == "ints":
            same = list(claimed) == list(actual)
        else:
            same = claimed == actual
    if not same:
        out.append(Violation("checkpoint", q.rule or value_rule, f"{_label(q, player)}: claimed "
                             f"{_show(state, q, claimed)}, computed {_show(state, q, actual)}",
                             player))


def _label(q: Quantity[Any], player: str | None) -> str:
    """How a message names the claimed quantity: ``round``, ``Ann silver``."""
    return q.name if player is None else f"{player} {q.name}"


def _well_formed(state: Any, q: Quantity[Any], claimed: Any, player: str | None,
                 rule: str) -> None:
    kind = q.kind
    problem = None
    if kind == "int":
        if type(claimed) is not int:
            problem = f"must be an integer, found {json_repr(claimed)}"
    elif kind == "bool":
        if type(claimed) is not bool:
            problem = f"must be true or false, found {json_repr(claimed)}"
    elif kind == "text":
        if claimed is not None and not isinstance(claimed, str):
            problem = f"must be a string or null, found {json_repr(claimed)}"
        elif claimed is not None and q.domain is not None:
            domain = q.domain(state)
            if claimed not in domain:
                problem = unknown("value", claimed, domain)
    elif kind == "ints":
        if not isinstance(claimed, list | tuple) or not all(type(v) is int for v in claimed):
            problem = f"must be a list of integers, found {json_repr(claimed)}"
    else:
        if not isinstance(claimed, list | tuple) or not all(isinstance(v, str) for v in claimed):
            problem = f"must be a list of names, found {json_repr(claimed)}"
        elif q.domain is not None:
            domain = q.domain(state)
            strange = [v for v in claimed if v not in domain]
            if strange:
                problem = unknown("name", strange[0], domain)
    if problem is not None:
        raise _Malformed(Violation("schema", rule, f"check: {_label(q, player)} {problem}",
                                   player))


def _show(state: Any, q: Quantity[Any], value: Any) -> str:
    if q.show is not None:
        return q.show(state, value)
    if q.kind == "names":
        return str(sorted(value) if q.copies else sorted(set(value)))
    if q.kind == "ints":
        return str(list(value))
    if q.kind == "text":
        return repr(value)
    if q.kind == "bool":
        return "true" if value else "false"
    return str(value)
