"""The lines the logs of one run have in common, kept once for all of them.

A log's reader keeps the event of each plain line it played, by the line's bytes, so that a line
met again is neither decoded nor parsed again and its parameters are not checked a second time
(see :meth:`Replay.feed_stream`). What an event is, and whether its parameters pass, depends on
the line and on the header only: the game, the players, the options, the starting position. The
logs of one run that share a header (the games of one tournament, a simulated corpus) share most
of their lines too, so a run keeps one store per header and each log of that header reads and
adds to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from referee.model.core import Game, GameEvent, Note, Violation

Known = dict[bytes, tuple[GameEvent, Callable[[Any, GameEvent, Note], Violation | None]]]
"""A line's bytes -> its event and how to play that event again."""

PER_LOG = 4096
"""The most distinct lines a log read alone keeps (the first ones: the lines a log repeats most,
a die's faces, a pass, come early), so memory stays bounded however long the log."""
LINE_BYTES = 1024
"""The longest line kept (an event line is a few dozen bytes; a longer one, padded with blanks
say, is read again each time), so that the lines kept hold at most a few MiB."""


def header_key(header: Any) -> tuple[Any, ...] | None:
    """What an event of a log depends on besides its line: None when it cannot be told (options
    or a position that are not JSON values, which a header read from a log never has)."""
    try:
        options = json.dumps(header.options, sort_keys=True)
        position = (json.dumps(header.position, sort_keys=True)
                    if header.position is not None else None)
    except (TypeError, ValueError):
        return None
    return (header.game_name, id(header.game), header.players, options, position)


class KnownLines:
    """The known lines of one run, per header: at most ``per_header`` lines for one header, at
    most ``total`` in all and ``headers`` headers (a log with yet another header keeps its own
    lines, as a log read alone does)."""

    def __init__(self, per_header: int = PER_LOG, total: int = 8 * PER_LOG,
                 headers: int = 64) -> None:
        self.per_header = per_header
        self.total = total
        self.headers = headers
        self._stores: dict[tuple[Any, ...], Known] = {}
        # the games of the keys, kept alive so that no other game object takes their id
        self._games: list[Game[Any]] = []

    def lines_for(self, header: Any) -> tuple[Known, int]:
        """The store of ``header``'s logs and how many lines may still be added to it."""
        key = header_key(header)
        if key is None:
            return {}, self.per_header
        store = self._stores.get(key)
        if store is None:
            if len(self._stores) >= self.headers:
                return {}, self.per_header
            store = self._stores[key] = {}
            self._games.append(header.game)
        used = sum(len(kept) for kept in self._stores.values())
        room = max(0, min(self.per_header - len(store), self.total - used))
        return store, room
