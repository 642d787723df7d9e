"""The registry of topics: each game's registration record names its ``topics()`` table."""

from __future__ import annotations

from referee.checker.topics.base import Instance, Symbol, Topic, model_values
from referee.errors import UnknownGameError
from referee.games import games_with, registration

__all__ = ["Instance", "Symbol", "Topic", "UnknownTopicError", "game_topics", "get_topic",
           "known_games", "model_values"]


class UnknownTopicError(LookupError):
    pass


def known_games() -> list[str]:
    """The games with Z3 topics."""
    return games_with(lambda record: record.topics)


def game_topics(game: str) -> dict[str, Topic]:
    try:
        record = registration(game)
    except UnknownGameError:
        record = None
    if record is None or record.topics is None:
        from referee.model.core import unknown

        raise UnknownTopicError(unknown("game", game, known_games()))
    return record.topic_table()


def get_topic(game: str, name: str) -> Topic:
    topics = game_topics(game)
    if name not in topics:
        from referee.model.core import unknown

        raise UnknownTopicError(f"{unknown('topic', name, sorted(topics))} for {game}")
    return topics[name]
