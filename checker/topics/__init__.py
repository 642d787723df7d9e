"""The registry of topics: each game contributes a module with a ``topics()`` function."""

from __future__ import annotations

import importlib

from referee.checker.topics.base import Instance, Symbol, Topic, model_values

__all__ = ["Instance", "Symbol", "Topic", "UnknownTopicError", "game_topics", "get_topic",
           "known_games", "model_values"]

# game -> module defining topics() -> {name: Topic}
_MODULES = {
    "homesteaders": "referee.checker.topics.homesteaders",
    "pionjar": "referee.checker.topics.pionjar",
}


class UnknownTopicError(LookupError):
    pass


def known_games() -> list[str]:
    return sorted(_MODULES)


def game_topics(game: str) -> dict[str, Topic]:
    if game not in _MODULES:
        raise UnknownTopicError(f"unknown game {game!r} (games with topics: "
                                f"{', '.join(known_games())})")
    return importlib.import_module(_MODULES[game]).topics()


def get_topic(game: str, name: str) -> Topic:
    topics = game_topics(game)
    if name not in topics:
        raise UnknownTopicError(f"unknown topic {name!r} for {game} (topics: "
                                f"{', '.join(sorted(topics))})")
    return topics[name]
