"""What a move's check worked out, kept for the application that follows it in one ``play``.

:meth:`~referee.model.colonists.game.Colonists.play` opens the memo before it checks an event
and closes it once the event is applied: nothing changes the state in between, so what the
check kept for that state and that event (the same objects) is what the application would work
out again. Outside ``play`` nothing is kept. The memo is open for the thread whose ``play``
opened it last: a thread validating games beside it at most finds it closed or holding another
state, and works its values out again.
"""

from __future__ import annotations

from threading import get_ident
from typing import Any


class Memo:
    def __init__(self) -> None:
        self._owner: int | None = None          # the thread whose play opened the memo
        self._slot: tuple[object, object, Any] | None = None  # state, event, value

    def start(self) -> None:
        self._slot = None
        self._owner = get_ident()

    def stop(self) -> None:
        self._owner = None
        self._slot = None

    def keep(self, state: object, event: object, value: Any) -> None:
        if self._owner == get_ident():
            self._slot = (state, event, value)  # one assignment: no thread sees half of it

    def take(self, state: object, event: object) -> Any:
        """What was kept for ``state`` and ``event`` (once), or None."""
        slot = self._slot
        if slot is None or slot[0] is not state or slot[1] is not event or \
                self._owner != get_ident():
            return None
        self._slot = None
        return slot[2]


MEMO = Memo()
