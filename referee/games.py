"""The registry: one record per game, holding everything the generic layers need from it.

A record names its parts by import path ("module:attribute") so that nothing is imported before
it is used (start-up stays fast); a record registered at run time (test fixtures, plugins) may
hold the objects themselves. Nothing outside a game's own packages branches on a game's name:
the validator, the explorer, the simulator and ``clarify`` ask the record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from referee.errors import UnknownGameError

if TYPE_CHECKING:
    import random

    from referee.checker.topics.base import Topic
    from referee.invariants import Invariant
    from referee.model.core import Game, GameEvent, Violation


class ValidatorHooks(Protocol):
    """Extra explanations the validator asks a game for (usually backed by Z3)."""

    def explain(self, game: Any, state: Any, event: GameEvent,
                violation: Violation) -> str | None:
        """For a refused event: the cheapest legal way to have made it legal, or None."""
        ...

    def audit_score(self, game: Any, state: Any, player: str, claimed: int) -> str | None:
        """For a final score claimed above the computed one: why no legal play reaches it."""
        ...


class Player(Protocol):
    """The simulator's player for one game: picks each decision (it may plan ahead, so one
    is made per simulated game)."""

    def choose(self, state: Any) -> GameEvent | None:
        """The next event (a decision, or a chance outcome it wants); None lets the simulator
        draw the due chance event by its probabilities."""
        ...

    def claims(self, state: Any, last: GameEvent | None) -> Mapping[str, Any] | None:
        """A ``check`` line to write after ``last`` (None after the end), or None for none."""
        ...


Policy = Callable[[Any, "random.Random"], Player]  # (game, rng) -> a player for one game

# topic -> (what it lists, game -> {name: the lines that describe it}), in display order
ShowTopics = Mapping[str, tuple[str, Callable[[Any], Mapping[str, Sequence[str]]]]]


Target = str | Any  # "module:attribute", or the object itself


@dataclass(frozen=True)
class Registration:
    """One game: its model, invariant suite, Z3 topics, simulator policy and validator hooks."""

    name: str
    title: str
    model: Target
    invariants: Target | None = None
    topics: Target | None = None
    policy: Target | None = None
    hooks: Target | None = None
    position: Target | None = None  # (game, state) -> the header's position; ValueError if none
    show: Target | None = None  # the game's data as users read it (referee show)
    resources: tuple[str, ...] = ()  # the per-player observables charted in the HTML report
    # Rules a validation checks outside ``apply`` (which notes its own), credited to coverage:
    # by every accepted header (setup, options), by an accepted ``position``, and by the final
    # line's comparison of scores and winners (scoring, tie-break).
    setup_rules: tuple[str, ...] = ()
    position_rules: tuple[str, ...] = ()
    score_rules: tuple[str, ...] = ()

    def game(self) -> Game[Any]:
        game: Game[Any] = _load(self.model)
        return game

    def suite(self) -> list[Invariant]:
        return list(_load(self.invariants)) if self.invariants is not None else []

    def topic_table(self) -> dict[str, Topic]:
        if self.topics is None:
            return {}
        found = _load(self.topics)
        table: dict[str, Topic] = found() if callable(found) else found
        return table

    def player(self) -> Policy | None:
        return _load(self.policy) if self.policy is not None else None

    def validator_hooks(self) -> ValidatorHooks | None:
        return _load(self.hooks) if self.hooks is not None else None

    def position_writer(self) -> Callable[[Any, Any], dict[str, Any]] | None:
        return _load(self.position) if self.position is not None else None

    def show_topics(self) -> ShowTopics | None:
        return _load(self.show) if self.show is not None else None


_CACHE: dict[str, Any] = {}


def _load(target: Target) -> Any:
    if not isinstance(target, str):
        return target
    if target in _CACHE:
        return _CACHE[target]
    module_name, _, attr = target.partition(":")
    value = getattr(importlib.import_module(module_name), attr)
    _CACHE[target] = value
    return value


BUILTIN: dict[str, Registration] = {
    "homesteaders": Registration(
        "homesteaders", "Homesteaders", "referee.model.homesteaders:GAME",
        invariants="referee.invariants.homesteaders:SUITE",
        topics="referee.checker.topics.homesteaders:topics",
        policy="referee.model.homesteaders.policy:POLICY",
        hooks="referee.checker.topics.homesteaders.audit:HOOKS",
        position="referee.model.homesteaders.position:write_position",
        show="referee.model.homesteaders.show:TOPICS",
        resources=("silver", "gold", "wood", "food", "steel", "copper", "livestock", "trade",
                   "vp", "debt", "workers"),
        setup_rules=("HS-SETUP-PLAYERS", "HS-SETUP-OPTIONS", "HS-SETUP-COPIES",
                     "HS-SETUP-AUCTIONS"),
        position_rules=("HS-POSITION",), score_rules=("HS-SCORE", "HS-TIE")),
    "pionjar": Registration(
        "pionjar", "Pionjär", "referee.model.pionjar:GAME",
        invariants="referee.invariants.pionjar:SUITE",
        topics="referee.checker.topics.pionjar:topics",
        policy="referee.model.pionjar.policy:POLICY",
        position="referee.model.pionjar.position:write_position",
        show="referee.model.pionjar.show:TOPICS",
        resources=("cash", "harvest", "axe", "buffalo", "fish", "gold"),
        setup_rules=("PJ-SETUP-PLAYERS", "PJ-OPTIONS", "PJ-SETUP-BANKER", "PJ-SETUP-STACKS"),
        position_rules=("PJ-POSITION",), score_rules=("PJ-SCORE-CAPITAL", "PJ-SCORE-LAND")),
}
BUILTIN["colonists"] = Registration(
    "colonists", "The Colonists", "referee.model.colonists:GAME",
    invariants="referee.invariants.colonists:SUITE",
    topics="referee.checker.topics.colonists:topics",
    policy="referee.model.colonists.policy:POLICY",
    hooks="referee.checker.topics.colonists.audit:HOOKS",
    position="referee.model.colonists.position:write_position",
    show="referee.model.colonists.show:TOPICS",
    resources=("wood", "clay", "ore", "planks", "bricks", "iron", "food", "tools", "dollars",
               "farmers", "citizens", "merchants"),
    setup_rules=("CO-SETUP-PLAYERS", "CO-OPTIONS", "CO-DATA"),
    position_rules=("CO-POSITION",), score_rules=("CO-SCORE", "CO-TIE"))
# Games of the mission that this version does not model yet: a log naming one is refused so.
NOT_MODELLED: dict[str, str] = {}
_RUNTIME: dict[str, Registration] = {}


def register(record: Registration) -> None:
    """Add (or replace) a game at run time: test fixtures and plugins."""
    _RUNTIME[record.name] = record


def runtime_registrations() -> dict[str, Registration]:
    """Records registered at run time, to hand to worker processes."""
    return dict(_RUNTIME)


def known_games() -> list[str]:
    return sorted({*BUILTIN, *_RUNTIME, *NOT_MODELLED})


def registration(name: str) -> Registration:
    found = _RUNTIME.get(name) or BUILTIN.get(name)
    if found is not None:
        return found
    if name in NOT_MODELLED:
        raise UnknownGameError(f"game {name!r} ({NOT_MODELLED[name]}) is not modelled by this "
                               "version of referee")
    from referee.model.core import unknown

    raise UnknownGameError(unknown("game", name, [*sorted({*BUILTIN, *_RUNTIME})]))


def get_game(name: str) -> Game[Any]:
    return registration(name).game()


def modelled_games() -> Sequence[str]:
    return sorted({*BUILTIN, *_RUNTIME})


def games_help() -> str:
    """The names of the modelled games, for help texts (read from the registry, importing no
    game)."""
    return ", ".join(modelled_games())


def titles_help() -> str:
    """Every game of the registry by its title, the modelled ones first, for the help."""
    return ", ".join([registration(n).title for n in modelled_games()]
                     + sorted(NOT_MODELLED.values()))


def games_with(part: Callable[[Registration], Any]) -> list[str]:
    """The registered games for which ``part(record)`` is set (e.g. topics, a policy)."""
    return [n for n in modelled_games() if part(registration(n)) is not None]
