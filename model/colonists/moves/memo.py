"""What a move's check worked out, kept for the application that follows it in one ``play``.

:meth:`~referee.model.colonists.game.Colonists.play` opens the memo before it checks an event
and closes it once the event is applied: nothing changes the state in between, so what the
check kept for that state and that event (the same objects) is what the application would work
out again. Outside ``play`` nothing is kept. Each thread has its own memo (games validated side
by side in threads of one process do not share it).
"""

from __future__ import annotations

import threading
from typing import Any


class Memo(threading.local):
    def __init__(self) -> None:
        self.open = False
        self._state: object = None
        self._event: object = None
        self._value: Any = None

    def start(self) -> None:
        self.open = True
        self._state = self._event = self._value = None

    def stop(self) -> None:
        self.open = False
        self._state = self._event = self._value = None

    def keep(self, state: object, event: object, value: Any) -> None:
        if self.open:
            self._state, self._event, self._value = state, event, value

    def take(self, state: object, event: object) -> Any:
        """What was kept for ``state`` and ``event`` (once), or None."""
        if not self.open or self._state is not state or self._event is not event:
            return None
        value = self._value
        self._state = self._event = self._value = None
        return value


MEMO = Memo()
