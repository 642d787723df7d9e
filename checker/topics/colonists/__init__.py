"""The Colonists' topics: ``fee``, ``storage``, ``sustenance``, ``build`` and ``embassy``.

Each encodes one decision of the model (``model/colonists``) with its constants read from the
data set the model loads, under the rule ids of the model's catalogue; see docs/clarify.md.
"""

from __future__ import annotations

from functools import cache

from referee.checker.topics.base import Topic


@cache
def topics() -> dict[str, Topic]:
    from referee.checker.topics.colonists import build, embassy, fee, storage, sustenance

    found = [fee.topic(), storage.topic(), sustenance.topic(), build.topic(), embassy.topic()]
    return {t.name: t for t in found}
