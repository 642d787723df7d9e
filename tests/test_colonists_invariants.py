"""The Colonists' invariant suite holds along random legal games, and each invariant catches a
state corrupted against it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from referee.invariants import suite, violated
from referee.model.colonists import GAME
from referee.model.colonists import community as co
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import Score
from tests.colonists_position_helpers import POSITION, random_states


def base() -> ColonistsState:
    state = GAME.new_state(["Ann", "Bo"], None, POSITION)
    assert violated(suite("colonists"), state) == []
    return state


def _tile(s: ColonistsState, slug: str) -> int:
    return s.board.tiles_named(slug)[0]


def _two_stewards(s: ColonistsState) -> None:
    t = _tile(s, "developer")
    s.p[0].stewards = [t, t]
    s.p[0].block_start = [t, t]


def _extra_steward(s: ColonistsState) -> None:
    s.p[0].stewards = [_tile(s, "developer"), _tile(s, "librarian")]
    s.p[0].block_start = list(s.p[0].stewards)


CORRUPTIONS: dict[str, Callable[[ColonistsState], None]] = {
    "pool-fits-storage": lambda s: s.p[0].stored.__setitem__("wood", 9),
    "buffers-within-batches": lambda s: s.p[0].buffered.__setitem__("wood", 4),
    "workers-within-colonists": lambda s: s.p[1].buildings.extend(
        [Built("forester_house", ["farmer"]), Built("hunting_lodge", ["farmer"]),
         Built("storage_shed", ["farmer"])]),
    "building-workers-fit": lambda s: setattr(s.p[1].buildings[0], "workers", ["farmer"]),
    "buildings-within-limits": lambda s: s.p[1].buildings.append(Built("library")),
    "one-steward-per-place": _two_stewards,
    "stewards-within-allowed": _extra_steward,
    "hand-within-limit": lambda s: s.p[1].hand.extend([103, 104, 105]),
    "embassy-level-within-era": lambda s: s.p[0].embassies.__setitem__("trader", 2),
    "one-embassy-per-colony": lambda s: s.p[0].buildings.append(Built("embassy_trader")),
    "no-negative-goods": lambda s: setattr(s.p[1], "tools", -1),
    "cards-in-one-place": lambda s: s.draw_pile.append(132),
    "board-consistent": lambda s: s.board.cells.__setitem__((7, 7), 0),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_each_invariant_catches_its_corruption(name):
    state = base()
    CORRUPTIONS[name](state)
    for c in state.p:  # values the engine derived from the community are stale now
        getattr(c, "changed", lambda: None)()
    broken = [n for n, _ in violated(suite("colonists"), state)]
    assert name in broken, broken


# the corruptions of what ``changed()`` guards (buildings, Workers, cards, Embassies): a move
# making them calls it; the others leave the community's derived values as they are
GUARDED = {"workers-within-colonists", "building-workers-fit", "buildings-within-limits",
           "embassy-level-within-era", "one-embassy-per-colony"}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_copy_of_a_checked_state_does_not_inherit_a_stale_verdict(name):
    """What a checked state keeps (the derived values and the per-community verdicts) passes to
    its copies, as a search's successors: a corruption of the copy is still caught, calling
    ``changed()`` only where a move would."""
    state = base()
    assert any(key[0] == "invariant" for key in state.p[1].cache if isinstance(key, tuple))
    child = state.copy()
    CORRUPTIONS[name](child)
    if name in GUARDED:
        for c in child.p:
            c.changed()
    broken = [n for n, _ in violated(suite("colonists"), child)]
    assert name in broken, broken
    assert violated(suite("colonists"), state) == []


def test_range_within_limit(monkeypatch):
    state = base()
    monkeypatch.setattr(co, "steward_range", lambda s, i: 5)
    for c in state.p:  # the suite keeps what it derived from each community until it changes
        c.changed()
    assert [n for n, _ in violated(suite("colonists"), state)] == ["range-within-limit"]


def test_score_sums_parts(monkeypatch):
    state = base()
    monkeypatch.setattr(GAME, "score", lambda s: {p: Score(5, {"dollars": 4})
                                                  for p in s.players})
    assert [n for n, _ in violated(suite("colonists"), state)] == ["score-sums-parts"]


def test_every_invariant_is_exercised():
    assert {inv.name for inv in suite("colonists")} == {*CORRUPTIONS, "range-within-limit",
                                                        "score-sums-parts"}


def test_every_invariant_names_a_description():
    for inv in suite("colonists"):
        assert inv.description and callable(inv.check)


@pytest.mark.parametrize(("players", "seed", "last_era"),
                         [(1, 11, 4), (2, 12, 4), (3, 13, 3), (4, 14, 4), (2, 15, 1)])
def test_every_invariant_holds_along_random_games(players, seed, last_era):
    invariants = suite("colonists")
    seen: set[str] = set()
    last: Any = None
    for state in random_states(players, seed, last_era):
        broken = violated(invariants, state)
        assert broken == [], (state.stage, state.era, state.year, broken)
        seen.add(state.stage)
        last = state
    assert last is not None and GAME.is_over(last)
    assert {"turn", "act", "end_year"} <= seen


def test_key_fields_name_each_part_of_the_key():
    state = base()
    assert len(ColonistsState.KEY_FIELDS) == len(state.key())
    assert len(set(ColonistsState.KEY_FIELDS)) == len(ColonistsState.KEY_FIELDS)
    key = dict(zip(ColonistsState.KEY_FIELDS, state.key(), strict=True))
    assert key["players"] == state.players and key["era"] == state.era
    assert key["board"] == state.board.key()
    assert key["p"] == tuple(c.key() for c in state.p)
    assert key["drawing"] == tuple(state.drawing)


@pytest.mark.parametrize("name", sorted(inv.name for inv in suite("colonists")
                                         if inv.reads_key and inv.name in CORRUPTIONS))
def test_what_an_invariant_reads_of_the_key_changes_with_the_corruption_it_catches(name):
    """A search checks an invariant with ``reads_key`` once per distinct value of those parts
    of the key: every corruption it catches must change them, or a search would skip it."""
    (inv,) = [inv for inv in suite("colonists") if inv.name == name]
    at = [ColonistsState.KEY_FIELDS.index(field) for field in inv.reads_key]
    state = base()
    before = [state.key()[i] for i in at]
    CORRUPTIONS[name](state)
    assert [state.key()[i] for i in at] != before


def test_the_checks_of_the_communities_and_the_board_read_them_from_the_key():
    reading = {inv.name for inv in suite("colonists") if inv.reads_key}
    assert reading == {"pool-fits-storage", "buffers-within-batches", "workers-within-colonists",
                       "building-workers-fit", "buildings-within-limits",
                       "stewards-within-allowed", "range-within-limit", "hand-within-limit",
                       "score-sums-parts", "board-consistent", "cards-in-one-place"}


@pytest.mark.parametrize(("corrupt", "message"), [
    (lambda c: c.stored.__setitem__("wood", -2), "Bo has -2 wood in Storage and Warehouse"),
    (lambda c: c.buffered.__setitem__("clay", -1), "Bo has -1 clay in Buffers"),
    (lambda c: setattr(c, "dollars", -3), "Bo has 6 Tools and -3 Dollars"),
    (lambda c: setattr(c, "tools", -1), "Bo has -1 Tools and 5 Dollars"),
    (lambda c: c.limited.__setitem__(117, 0),
     "Bo's card 117 is in front of them with 0 uses left"),
])
def test_no_negative_goods_names_what_is_negative(corrupt, message):
    """Its quick test passes a community with nothing negative; any negative count, or a card
    with no use left, still reaches the full test and its message."""
    state = base()
    assert (state.p[1].tools, state.p[1].dollars) == (6, 5)
    corrupt(state.p[1])
    assert dict(violated(suite("colonists"), state))["no-negative-goods"] == message
