"""Reading the names a log uses: places on the board, buildings of a community, goods bundles,
and making the Violations that name them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.model.colonists.board import Cell, cell_of
from referee.model.colonists.goods import Bundle, read_bundle
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import Action, Violation, json_repr, unknown
from referee.model.core.names import decimal


class Refused(Exception):
    """Raised inside a check by the readers below; carries the Violation."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def schema(event: Action, message: str, rule: str = "CO-VOCAB") -> Refused:
    return Refused(Violation("schema", rule, f"action {event.name!r}: {message}", event.player))


def illegal(event: Action, rule: str, message: str) -> Refused:
    return Refused(Violation("illegal", rule, message, event.player))


def has_param(event: Action, key: str) -> bool:
    """Whether the event names ``key``: ``event.has`` as a plain loop, three times faster than
    ``any`` over a generator (the moves ask this several times for every event)."""
    for k, _ in event.params:  # noqa: SIM110
        if k == key:
            return True
    return False


def goods_param(event: Action, key: str, rule: str = "CO-VOCAB") -> Bundle:
    """An optional goods bundle parameter (``decline``, ``goods``); empty when absent."""
    if not has_param(event, key):
        return {}
    found = read_bundle(event.get(key))
    if isinstance(found, str):
        raise schema(event, f"field {key!r} {found}", rule)
    return found


def place_ref(s: ColonistsState, event: Action, key: str, value: Any = None) -> int:
    """The tile a place reference names: a slug unique on the board, or a cell it covers."""
    value = event.get(key) if value is None else value
    board = s.board
    if isinstance(value, str):
        named = board.tiles_named(value)
        if not named:
            known = sorted({t.slug for t in board.tiles.values()})
            raise schema(event, f"{key}: " + unknown("place on the board", value, known))
        if len(named) > 1:
            cells = ", ".join(str(list(board.tiles[t].cells[0])) for t in named)
            raise schema(event, f"{key}: {value} is on the board {len(named)} times ({cells}): "
                         "name the cell")
        return named[0]
    cell = cell_of(value)
    if cell is None:
        raise schema(event, f"field {key!r} must be a place's slug or a cell [q, r], found "
                     f"{json_repr(value)}")
    tile = board.tile_at(cell)
    if tile is None:
        raise schema(event, f"{key}: no tile covers cell {list(cell)}")
    return tile


def cell_param(event: Action, key: str) -> Cell:
    cell = cell_of(event.get(key))
    if cell is None:
        raise schema(event, f"field {key!r} must be a cell [q, r] of integers, found "
                     f"{json_repr(event.get(key))}")
    return cell


def building_ref(s: ColonistsState, i: int, event: Action, value: Any,
                 what: str = "building", rule: str = "CO-BUILD") -> int:
    """The index (in the community's list) of the building ``value`` names: a slug whose copies
    are all alike, or ``slug#k`` for the k-th copy (``rule``: the move's, cited when the player
    owns none)."""
    c = s.p[i]
    if not isinstance(value, str):
        raise schema(event, f"a {what} is named by its slug (or slug#k), found {json_repr(value)}")
    slug, _, nth = value.partition("#")
    copies = [k for k, b in enumerate(c.buildings) if b.slug == slug]
    if not copies:
        owned = sorted({b.slug for b in c.buildings})
        if slug not in s.data.buildings and not slug.startswith("embassy_"):
            raise schema(event, unknown("building", slug, sorted(s.data.buildings)))
        raise illegal(event, rule, f"{event.player} has no {slug} (owns: "
                      f"{', '.join(owned) or 'nothing'})")
    if nth:
        number = decimal(nth)
        if number is None or not 1 <= number <= len(copies):
            raise schema(event, f"{json_repr(value)}: {event.player} has {len(copies)} {slug}; "
                         f"write {slug}#1 to {slug}#{len(copies)}")
        return copies[number - 1]
    first = c.buildings[copies[0]].key()
    if any(c.buildings[k].key() != first for k in copies[1:]):
        states = "; ".join(f"{slug}#{n + 1}: {_describe(c.buildings[k])}"
                           for n, k in enumerate(copies))
        raise schema(event, f"{slug} is ambiguous, its copies differ ({states}): name one as "
                     f"{slug}#k")
    return copies[0]


def _describe(built: Built) -> str:
    who = ", ".join(built.workers) if built.workers else "no Worker"
    if built.proven == ():
        return f"{who}, its Buffer not filled since it came into play"
    return who


def unknown_card(value: Any, improvements: Mapping[int, Any]) -> str:
    """An unknown card id, with the closest ids (they are compared as written)."""
    return unknown("improvement", str(value) if type(value) is int else value,
                   [str(c) for c in improvements])


def card_param(s: ColonistsState, event: Action, value: Any) -> int:
    if type(value) is not int:
        raise schema(event, f"an improvement is named by its card id (an integer), found "
                     f"{json_repr(value)}")
    if value not in s.data.improvements:
        raise schema(event, unknown_card(value, s.data.improvements))
    return value
