"""An invariant suite checked once per distinct value of what its invariants read.

An invariant with ``reads`` is a function of that value: a state whose value equals one that
passed passes too, so a search checks it once per distinct value instead of once per state.
An invariant with ``reads_key`` reads parts of the state's canonical ``key()`` instead, named by
the fields of the state class's ``KEY_FIELDS``; its ``derive``, when given, reduces those parts
to the values the check needs (fewer distinct values, more states passed without a check). The
explorer hands the key it computed for the state's fingerprint, so these values cost a lookup
of the parts and one hash. Invariants that read the same (one ``reads`` function, or the same
key parts and ``derive``) form a group, its value computed once per state. What passed is kept
as 64-bit hashes of the values (the odds of two values sharing one are those of two states
sharing a fingerprint), at most ``LIMIT`` per group: a full group starts afresh. A group whose
values rarely repeat (fewer states passed from memory than values met by the time it has met
``CUTOFF`` distinct values) stops remembering and is checked on every state, so that a memo
that does not help costs nothing more than the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from operator import itemgetter
from typing import Any

from referee.invariants import Invariant

LIMIT = 1 << 14  # hashes kept per group of invariants
CUTOFF = 256  # distinct values a group meets before it judges whether remembering pays

Check = Callable[[Any], str | None]
Reads = Callable[[Any], Hashable]
# a member of a group: its check, its name, and the invariants that come before it in the suite
# but after it in the groups' order (checked only when it fails, to report the suite's first)
Member = tuple[Check, str, tuple[Invariant, ...]]
# what a group reads: None (nothing: checked on every state), a ``reads`` function, or
# ("key", indices of the key's parts, derive)
Source = Any


class SuiteError(ValueError):
    """An invariant declares what it reads in a way the state cannot give."""


def key_indices(inv: Invariant, fields: Sequence[str] | None) -> tuple[int, ...]:
    """The positions in the key of the parts ``inv`` reads (``reads_key``), refused clearly when
    the state names no such field."""
    if inv.reads is not None:
        raise SuiteError(f"invariant {inv.name!r} declares both reads and reads_key")
    if isinstance(inv.reads_key, str):
        raise SuiteError(f"invariant {inv.name!r}: reads_key is a tuple of field names, not "
                         f"the string {inv.reads_key!r}")
    if not fields:
        raise SuiteError(f"invariant {inv.name!r} reads the key's fields "
                         f"{', '.join(inv.reads_key)}, but the state names no KEY_FIELDS")
    found = []
    for name in inv.reads_key:
        if name not in fields:
            raise SuiteError(f"invariant {inv.name!r} reads the key's field {name!r}, which "
                             f"KEY_FIELDS does not name (its fields: {', '.join(fields)})")
        found.append(list(fields).index(name))
    return tuple(found)


class MemoSuite:
    def __init__(self, suite: Sequence[Invariant],
                 key_fields: Sequence[str] | None = None) -> None:
        order: list[Source] = []
        grouped: dict[Source, list[int]] = {}
        # the checks that keep what they derive with the state (``derives``), by group
        self._derived: list[tuple[list[Any], tuple[Check, ...]]] = []
        for at, inv in enumerate(suite):
            source: Source = inv.reads
            if inv.reads_key:
                source = ("key", key_indices(inv, key_fields), inv.derive)
            elif inv.derive is not None:
                raise SuiteError(f"invariant {inv.name!r} has a derive but no reads_key")
            if source not in grouped:
                order.append(source)
                grouped[source] = []
            grouped[source].append(at)
        # the invariants without reads form one group too, checked on every state
        sequence = [at for source in order for at in grouped[source]]
        groups = []
        done = 0
        for source in order:
            members: list[Member] = []
            for at in grouped[source]:
                done += 1
                later = tuple(suite[j] for j in sorted(sequence[done:]) if j < at)
                members.append((suite[at].check, suite[at].name, later))
            reads: Reads | None
            pick: Callable[[Any], Any] | None
            if isinstance(source, tuple):
                reads, pick, derive = None, itemgetter(*source[1]), source[2]
            else:
                reads, pick, derive = source, None, None
            # [reads, pick, derive, passed, hits, members]; reads and pick both None: checked on
            # every state (no reads, or a group that stopped remembering)
            groups.append([reads, pick, derive, set[int](), 0, tuple(members)])
            derived = tuple(suite[at].check for at in grouped[source] if suite[at].derives)
            if derived:
                self._derived.append((groups[-1], derived))
        self.groups = groups
        if order == [None]:  # nothing to remember: the suite in its order
            self.first_failure = self._in_order  # type: ignore[method-assign]
            self._checks = tuple((inv.check, inv.name) for inv in suite)

    def first_failure(self, state: Any, key: tuple[Any, ...] | None = None) -> (
            tuple[str, str] | None):
        """(name, message) of the first invariant of the suite that ``state`` breaks, or None;
        each check runs at most once. ``key`` is ``state.key()`` when the caller has it."""
        for group in self.groups:
            reads, pick, derive, passed, _, members = group
            if pick is not None:
                if key is None:
                    key = state.key()
                value = hash(pick(key) if derive is None else derive(pick(key)))
                if value in passed:
                    group[4] += 1
                    continue
            elif reads is not None:
                value = hash(reads(state))
                if value in passed:
                    group[4] += 1
                    continue
            for check, name, later in members:
                message = check(state)
                if message is not None:
                    for inv in later:
                        earlier = inv.check(state)
                        if earlier is not None:
                            return inv.name, earlier
                    return name, message
            if reads is not None or pick is not None:
                if len(passed) >= LIMIT:
                    passed.clear()
                passed.add(value)
                if len(passed) == CUTOFF and group[4] < CUTOFF:
                    # the values rarely repeat: check on every state from now on
                    group[0] = group[1] = group[2] = None
                    passed.clear()
        return None

    def preparer(self) -> Callable[[Any], None] | None:
        """What derives, on a state about to be expanded (or rebuilt from), the values the checks
        of its successors read: the invariants marked ``derives`` run on it (their verdict is not
        used), so that its copies inherit those values; or None when the suite has none. A
        group that answers mostly from memory (more states passed from it than distinct values
        met) is left out: its successors seldom run its checks."""
        derived = tuple(self._derived)
        if not derived:
            return None

        def prepare(state: Any) -> None:
            for group, checks in derived:
                if (group[1] is not None or group[0] is not None) and group[4] > len(group[3]):
                    continue
                for check in checks:
                    check(state)

        return prepare

    def remembering(self) -> list[bool]:
        """Whether each group (in the order they are checked) still remembers what passed."""
        return [reads is not None or pick is not None for reads, pick, *_ in self.groups]

    def _in_order(self, state: Any, key: tuple[Any, ...] | None = None) -> (
            tuple[str, str] | None):
        for check, name in self._checks:
            message = check(state)
            if message is not None:
                return name, message
        return None
