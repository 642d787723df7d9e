"""The registry of game models, imported lazily so that start-up stays fast."""

from __future__ import annotations

import importlib
from typing import Any

from referee.errors import UnknownGameError

# name -> "module:attribute" of the Game object; None for a game this version does not model yet.
_BUILTIN: dict[str, str | None] = {
    "homesteaders": "referee.model.homesteaders:GAME",
    "pionjar": "referee.model.pionjar:GAME",
    "colonists": None,
}
_LOADED: dict[str, Any] = {}


def register_game(name: str, game: Any) -> None:
    """Add (or replace) a game; used by tests for fixture games and by plugins."""
    _LOADED[name] = game


def unregister_game(name: str) -> None:
    _LOADED.pop(name, None)


def runtime_registrations() -> dict[str, Any]:
    """Games registered at run time (fixtures, plugins) beyond the built-in ones."""
    return {name: game for name, game in _LOADED.items() if name not in _BUILTIN}


def known_games() -> list[str]:
    return sorted({*_BUILTIN, *_LOADED})


def available_games() -> list[str]:
    """Games that can be loaded now."""
    names = []
    for name in known_games():
        try:
            get_game(name)
        except UnknownGameError:
            continue
        names.append(name)
    return names


def get_game(name: str) -> Any:
    if name in _LOADED:
        return _LOADED[name]
    if name not in _BUILTIN:
        raise UnknownGameError(
            f"unknown game {name!r} (known games: {', '.join(known_games())})")
    target = _BUILTIN[name]
    if target is None:
        raise UnknownGameError(f"game {name!r} is not modelled by this version of referee")
    module_name, attr = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGameError(
                f"game {name!r} is not modelled by this version of referee") from None
        raise
    game = getattr(module, attr)
    _LOADED[name] = game
    return game
