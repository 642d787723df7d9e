"""Small games of The Colonists for tests: a setup played to the first turn, events written as
dicts, and a runner that checks and applies them one by one."""

from __future__ import annotations

from typing import Any

from referee.model.colonists import GAME
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, Chance, GameEvent, Phase, RuleViolation, Violation

COLONIES = ["envoy", "lord", "scholar", "trader"]
# the 12 starting places, in the order drawn, each laid on the first free cell found legal
STARTING = ["joiner", "builder_farm", "riverbank_grove", "builder_storage_shed", "developer",
            "librarian", "diplomat", "head_official", "builder_library", "builder_hunting_lodge",
            "builder_forester_house", "riverbank_grove"]


def event(obj: dict[str, Any]) -> GameEvent:
    if "action" in obj:
        return Action.from_json(obj)
    if "chance" in obj:
        return Chance.from_json(obj)
    return Phase.from_json(obj)


def play(state: ColonistsState, *objs: dict[str, Any]) -> None:
    """Check and apply each event; an AssertionError names the first refusal."""
    for obj in objs:
        e = event(obj)
        refusal = GAME.check(state, e)
        assert refusal is None, f"{obj}: {refusal}"
        GAME.apply(state, e)


def refusal(state: ColonistsState, obj: dict[str, Any]) -> Violation | None:
    return GAME.check(state, event(obj))


def setup_events(players: list[str], start: str | None = None,
                 colonies: list[str] | None = None) -> list[dict[str, Any]]:
    """The setup as log lines (colonies, start player, 12 places laid, the second Market)."""
    state = GAME.new_state(players, {"last_era": 4})
    start = start or players[0]
    out: list[dict[str, Any]] = [{"chance": "colonies", "colonies": colonies or COLONIES},
                                 {"chance": "start_player", "player": start}]
    play(state, *out)
    for slug in STARTING:
        draw = {"chance": "draw_place", "place": slug}
        play(state, draw)
        lay = next(a for a in GAME.legal_actions(state) if isinstance(a, Action))
        out += [draw, lay.to_json()]
        GAME.apply(state, lay)
    market = next(a for a in GAME.legal_actions(state) if isinstance(a, Action))
    out.append(market.to_json())
    return out


def first_turn(players: list[str], options: dict[str, Any] | None = None,
               card: str = "farm", places: tuple[str, ...] = ("grove", "clay_delve", "baker"),
               fill: tuple[int, int] = (2, 1), **kwargs: Any) -> ColonistsState:
    """A state at the first turn of the game: setup done, the first year's card and places up,
    every player's Basic Storage filled with ``fill`` (wood, clay) and Steward 1 on the first
    Market."""
    state = GAME.new_state(players, {"last_era": 4, **(options or {})})
    play(state, *setup_events(players, **kwargs))
    play(state, {"chance": "market_card", "card": card},
         *({"chance": "reveal_place", "place": p} for p in places))
    for p in players:
        play(state, {"player": p, "action": "fill_storage", "wood": fill[0], "clay": fill[1]})
    for p in players:
        i = state.players.index(p)
        state.p[i].stewards[0] = 0  # the first Market's tile
        state.p[i].block_start[0] = 0
    return state


def tile_of(state: ColonistsState, slug: str) -> list[int]:
    """A cell of the (first) tile named ``slug``."""
    for tile in state.board.tiles.values():
        if tile.slug == slug:
            return list(tile.cells[0])
    raise KeyError(slug)


def give(state: ColonistsState, player: str, **goods: int) -> None:
    c = state.p[state.players.index(player)]
    for good, n in goods.items():
        if good in ("tools", "dollars"):
            setattr(c, good, getattr(c, good) + n)
        else:
            c.stored[good] = c.stored.get(good, 0) + n


def refuses(state: ColonistsState, obj: dict[str, Any]) -> Violation:
    found = refusal(state, obj)
    assert found is not None, f"{obj} is accepted"
    return found


__all__ = ["GAME", "RuleViolation", "first_turn", "give", "play", "refuses", "tile_of"]
