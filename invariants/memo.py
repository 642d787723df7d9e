"""An invariant suite checked once per distinct value of what its invariants read.

An invariant with ``reads`` is a function of that value: a state whose value equals one that
passed passes too, so a search checks it once per distinct value instead of once per state.
Invariants that share one ``reads`` function form a group, its value computed once per state.
What passed is kept as 64-bit hashes of the values (the odds of two values sharing one are those
of two states sharing a fingerprint), at most ``LIMIT`` per group: a full group starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from referee.invariants import Invariant

LIMIT = 1 << 14  # hashes kept per group of invariants

Check = Callable[[Any], str | None]
Reads = Callable[[Any], Hashable]
# a member of a group: its check, its name, and the invariants that come before it in the suite
# but after it in the groups' order (checked only when it fails, to report the suite's first)
Member = tuple[Check, str, tuple[Invariant, ...]]


class MemoSuite:
    def __init__(self, suite: Sequence[Invariant]) -> None:
        order: list[Reads | None] = []
        grouped: dict[Reads | None, list[int]] = {}
        for at, inv in enumerate(suite):
            if inv.reads not in grouped:
                order.append(inv.reads)
                grouped[inv.reads] = []
            grouped[inv.reads].append(at)
        # the invariants without reads form one group too, checked on every state
        sequence = [at for reads in order for at in grouped[reads]]
        groups = []
        done = 0
        for reads in order:
            members: list[Member] = []
            for at in grouped[reads]:
                done += 1
                later = tuple(suite[j] for j in sorted(sequence[done:]) if j < at)
                members.append((suite[at].check, suite[at].name, later))
            groups.append((reads, set[int](), tuple(members)))
        self.groups = tuple(groups)
        if order == [None]:  # nothing to remember: the suite in its order
            self.first_failure = self._in_order  # type: ignore[method-assign]
            self._checks = tuple((inv.check, inv.name) for inv in suite)

    def first_failure(self, state: Any) -> tuple[str, str] | None:
        """(name, message) of the first invariant of the suite that ``state`` breaks, or None;
        each check runs at most once."""
        for reads, passed, members in self.groups:
            if reads is not None:
                value = hash(reads(state))
                if value in passed:
                    continue
            for check, name, later in members:
                message = check(state)
                if message is not None:
                    for inv in later:
                        earlier = inv.check(state)
                        if earlier is not None:
                            return inv.name, earlier
                    return name, message
            if reads is not None:
                if len(passed) >= LIMIT:
                    passed.clear()
                passed.add(value)
        return None

    def _in_order(self, state: Any) -> tuple[str, str] | None:
        for check, name in self._checks:
            message = check(state)
            if message is not None:
                return name, message
        return None
