"""Receiving, spending and discarding goods under the storing rules (rulebook "Storing Rules").

Checks return a message (what is wrong) or None; applying functions assume the check passed.
Tools and Dollars live in the Toolbox and never need room.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.model.colonists.community import buffer_room, effects_of, room
from referee.model.colonists.data import PayFromBuffers
from referee.model.colonists.goods import STORABLE, Bundle, bundle_text, covers, minus
from referee.model.colonists.state import ColonistsState

TOOLBOX = ("tools", "dollars")
_STORABLE = frozenset(STORABLE)


def holdings(s: ColonistsState, i: int) -> Bundle:
    """Everything the player can pay with: Storage and Warehouse, Buffers, the Toolbox."""
    c = s.p[i]
    out = dict(c.stored)
    for good, n in c.buffered.items():
        out[good] = out.get(good, 0) + n
    out["tools"] = c.tools
    out["dollars"] = c.dollars
    return {g: n for g, n in out.items() if n}


# --------------------------------------------------------------------------- receiving


def receive_problem(s: ColonistsState, i: int, goods: Mapping[str, int],
                    decline: Mapping[str, int]) -> str | None:
    """Why ``goods`` (less ``decline``) cannot be stored now."""
    for good, n in decline.items():
        if n > goods.get(good, 0):
            return f"declines {n} {good} but receives {goods.get(good, 0)}"
    kept = minus(goods, decline)
    pool = dict(s.p[i].stored)
    for good, n in kept.items():
        if good in STORABLE:
            pool[good] = pool.get(good, 0) + n
    over = room(s, i).overflow(pool)
    if over:
        return (f"receiving {bundle_text(kept)} leaves {over} good(s) without a place in "
                "Storage or the Warehouse: decline them")
    return None


def receive(s: ColonistsState, i: int, goods: Mapping[str, int],
            decline: Mapping[str, int] | None = None) -> None:
    c = s.p[i]
    for good, n in minus(goods, decline or {}).items():
        if good == "tools":
            c.tools += n
        elif good == "dollars":
            c.dollars += n
        else:
            c.stored[good] = c.stored.get(good, 0) + n


def store_or_discard(s: ColonistsState, i: int, goods: Mapping[str, int]) -> Bundle:
    """Store what fits of ``goods``; the rest is discarded, the least valuable first. Returns
    what was discarded."""
    receive(s, i, goods)
    return trim(s, i)


def receive_what_fits(s: ColonistsState, i: int, goods: Mapping[str, int]) -> Bundle:
    """Take ``goods`` received outside one's own action (a Fee paid to you): what does not fit
    is declined, the least valuable first. Returns what was declined."""
    c = s.p[i]
    c.tools += goods.get("tools", 0)
    c.dollars += goods.get("dollars", 0)
    space = room(s, i)
    declined: Bundle = {}
    for good in sorted((g for g in goods if g in STORABLE),
                       key=lambda g: -s.data.goods_by_value.index(g)):
        for _ in range(goods[good]):
            c.stored[good] = c.stored.get(good, 0) + 1
            if space.overflow(c.stored):
                c.stored[good] -= 1
                declined[good] = declined.get(good, 0) + 1
    c.stored = {g: n for g, n in c.stored.items() if n}
    return declined


def trim(s: ColonistsState, i: int) -> Bundle:
    """Discard what no longer fits (Storage or Buffers shrank), least valuable goods first."""
    c = s.p[i]
    dropped: Bundle = {}
    cap = buffer_room(s, i)
    for good, n in list(c.buffered.items()):
        extra = n - cap.get(good, 0)
        if extra > 0:
            c.buffered[good] = n - extra
            c.stored[good] = c.stored.get(good, 0) + extra
    space = room(s, i)
    over = space.overflow(c.stored)
    order = discard_order(s)
    while over > 0:
        for good in order:
            have = c.stored.get(good, 0)
            loose = have - space.typed.get(good, 0)
            if loose > 0:
                take = min(loose, over)
                c.stored[good] = have - take
                dropped[good] = dropped.get(good, 0) + take
                over -= take
                if over == 0:
                    break
        else:
            break
    c.stored = {g: n for g, n in c.stored.items() if n}
    c.buffered = {g: n for g, n in c.buffered.items() if n}
    return dropped


def discard_order(s: ColonistsState) -> tuple[str, ...]:
    """Goods by increasing value (the later-era setup values), the order excess is dropped."""
    return s.data.goods_by_value


# --------------------------------------------------------------------------- spending


DOLLY = "turn:buffer_payments"  # payments made this turn under a once-per-turn allowance


def _direct(s: ColonistsState, i: int, stored: Mapping[str, int]) -> Bundle:
    """How much of ``stored`` is paid straight from Buffers (improvements that allow it): only
    what Storage and Warehouse lack, within the allowances."""
    c = s.p[i]
    allow = effects_of(s, i, PayFromBuffers)
    if not allow:
        return {}
    unlimited = {x.good for x in allow if x.good is not None and x.goods_per_turn is None}
    # "once per turn, you may pay with up to N goods from buffers": one payment a turn for each
    # such allowance, the largest of those left
    left = sorted((x.goods_per_turn or 0 for x in allow if x.good is None), reverse=True)
    left = left[c.used.get(DOLLY, 0):]
    budget = left[0] if left else 0
    out: Bundle = {}
    for good, n in stored.items():
        short = min(n - c.stored.get(good, 0), c.buffered.get(good, 0))
        if short <= 0:
            continue
        take = short if good in unlimited else min(short, budget)
        if good not in unlimited:
            budget -= take
        if take:
            out[good] = take
    return out


def _counted(s: ColonistsState, i: int, direct: Mapping[str, int]) -> int:
    """Of the goods paid from Buffers, those that use up a per-turn allowance."""
    unlimited = {x.good for x in effects_of(s, i, PayFromBuffers)
                 if x.good is not None and x.goods_per_turn is None}
    return sum(n for g, n in direct.items() if g not in unlimited)


def spend_problem(s: ColonistsState, i: int, cost: Mapping[str, int]) -> str | None:
    """Why ``cost`` cannot be paid in one action: Tools from the Toolbox, the rest from Storage
    (goods in Buffers moved there just before, if the room allows; paid from the Buffers
    directly where an improvement allows it)."""
    c = s.p[i]
    if cost.get("tools", 0) > c.tools:
        return f"needs {cost['tools']} Tools, the Toolbox holds {c.tools}"
    if cost.get("dollars", 0) > c.dollars:
        return f"needs {cost['dollars']} Dollars, the Toolbox holds {c.dollars}"
    stored = {g: n for g, n in cost.items() if n and g in _STORABLE}
    direct = _direct(s, i, stored) if stored else {}
    need = minus(stored, direct) if direct else stored
    pool = dict(c.stored)
    for good, n in need.items():
        short = n - pool.get(good, 0)
        if short > 0:
            if c.buffered.get(good, 0) - direct.get(good, 0) < short:
                have = pool.get(good, 0) + c.buffered.get(good, 0)
                return f"needs {stored[good]} {good}, holds {have}"
            pool[good] = n  # moved out of the Buffers just before the action
    return room(s, i).spend_problem(pool, need)


def spend(s: ColonistsState, i: int, cost: Mapping[str, int]) -> None:
    c = s.p[i]
    c.tools -= cost.get("tools", 0)
    c.dollars -= cost.get("dollars", 0)
    stored = {g: n for g, n in cost.items() if g in STORABLE and n}
    direct = _direct(s, i, stored)
    if _counted(s, i, direct):  # this payment used a once-per-turn allowance
        c.used[DOLLY] = c.used.get(DOLLY, 0) + 1
    for good, n in stored.items():
        take = direct.get(good, 0)
        if take:
            c.buffered[good] -= take
            n -= take
        have = c.stored.get(good, 0)
        if have >= n:
            c.stored[good] = have - n
        else:
            c.stored[good] = 0
            c.buffered[good] = c.buffered.get(good, 0) - (n - have)
    c.stored = {g: n for g, n in c.stored.items() if n}
    c.buffered = {g: n for g, n in c.buffered.items() if n}


# --------------------------------------------------------------------------- sustenance payments


def sustain_problem(s: ColonistsState, i: int, goods: Mapping[str, int]) -> str | None:
    """Sustaining is not an action: Storage, Warehouse and Buffers all pay."""
    have = holdings(s, i)
    if not covers(have, goods):
        short = {g: n - have.get(g, 0) for g, n in goods.items() if have.get(g, 0) < n}
        return f"short of {bundle_text(short)} to sustain"
    return None


def sustain(s: ColonistsState, i: int, goods: Mapping[str, int]) -> None:
    """Pay sustenance, from Storage and Warehouse first, then Buffers."""
    c = s.p[i]
    for good, n in goods.items():
        have = c.stored.get(good, 0)
        take = min(have, n)
        c.stored[good] = have - take
        if n > take:
            c.buffered[good] = c.buffered.get(good, 0) - (n - take)
    c.stored = {g: n for g, n in c.stored.items() if n}
    c.buffered = {g: n for g, n in c.buffered.items() if n}


def after_spend(s: ColonistsState, i: int, cost: Mapping[str, int]) -> tuple[Bundle, Bundle]:
    """(Storage-and-Warehouse pool, Buffers) once ``cost`` is paid (see :func:`spend`)."""
    c = s.p[i]
    pool, buffered = dict(c.stored), dict(c.buffered)
    for good, n in cost.items():
        if good not in STORABLE or not n:
            continue
        have = pool.get(good, 0)
        if have >= n:
            pool[good] = have - n
        else:
            pool[good] = 0
            buffered[good] = buffered.get(good, 0) - (n - have)
    return pool, buffered


def exchange_problem(s: ColonistsState, i: int, cost: Mapping[str, int],
                     gain: Mapping[str, int], decline: Mapping[str, int]) -> str | None:
    """Why paying ``cost`` (in one action) and then receiving ``gain`` less ``decline`` fails."""
    problem = spend_problem(s, i, cost)
    if problem:
        return problem
    for good, n in decline.items():
        if n > gain.get(good, 0):
            return f"declines {n} {good} but receives {gain.get(good, 0)}"
    pool, _ = after_spend(s, i, cost)
    for good, n in minus(gain, decline).items():
        if good in STORABLE:
            pool[good] = pool.get(good, 0) + n
    over = room(s, i).overflow(pool)
    if over:
        return (f"{over} good(s) received find no place in Storage or the Warehouse: decline "
                "them")
    return None
