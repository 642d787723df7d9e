"""referee: rules verification and replay auditing for tabletop games.

The library API (docs/api.md) is re-exported here lazily: ``import referee`` stays fast and
loads no game, solver or report library until a name is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> the module that defines it
_EXPORTS = {
    "validate": "referee.api",
    "validate_text": "referee.api",
    "replay": "referee.api",
    "new_match": "referee.api",
    "Match": "referee.api",
    "EventError": "referee.api",
    "IllegalEventError": "referee.api",
    "OutOfOrderError": "referee.api",
    "InvalidEventError": "referee.api",
    "FileReport": "referee.replays.validator",
    "ErrorRecord": "referee.replays.validator",
    "Action": "referee.model.core",
    "Chance": "referee.model.core",
    "Phase": "referee.model.core",
    "Violation": "referee.model.core",
    "Score": "referee.model.core",
    "RefereeError": "referee.errors",
    "known_games": "referee.games",
}

__all__ = [
    "Action", "Chance", "ErrorRecord", "EventError", "FileReport", "IllegalEventError",
    "InvalidEventError", "Match", "OutOfOrderError", "Phase", "RefereeError", "Score",
    "Violation", "__version__", "known_games", "new_match", "replay", "validate",
    "validate_text",
]

if TYPE_CHECKING:
    from referee.api import (
        EventError,
        IllegalEventError,
        InvalidEventError,
        Match,
        OutOfOrderError,
        new_match,
        replay,
        validate,
        validate_text,
    )
    from referee.errors import RefereeError
    from referee.games import known_games
    from referee.model.core import Action, Chance, Phase, Score, Violation
    from referee.replays.validator import ErrorRecord, FileReport


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
