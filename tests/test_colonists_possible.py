"""CO-MOVE-ACTION's test of a place's action against its definition: at a Builder and at the
Diplomat, the action is possible exactly when the place's move lists a legal event
(``Build.legal``, ``Diplomacy.legal``). The test answers most cases directly, without making
and checking events; here both answers are compared on every such place a simulated game's
Stewards reach, and on variants of those states with fewer goods and more buildings."""

from __future__ import annotations

import random
from collections import Counter

from referee.games import registration
from referee.model.colonists.game import Colonists
from referee.model.colonists.moves import community, diplomacy
from referee.model.colonists.moves.turn import _place_action_possible
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, Chance, Phase, seat_names
from referee.replays.simulate import simulate_game

RECORD = registration("colonists")
MOVES = {"builder": community.BUILD, "diplomat": diplomacy.DIPLOMACY}


def _listed(s: ColonistsState, kind: str) -> bool:
    assert s.pending is not None
    return any(True for _ in MOVES[kind].legal(s, s.players[s.pending.player]))


def _variants(s: ColonistsState, rng: random.Random) -> list[ColonistsState]:
    assert s.pending is not None
    i = s.pending.player
    out = [s]
    for _ in range(6):
        v = s.trial(i)
        c = v.p[i]
        c.stored = {g: rng.randint(0, n) for g, n in c.stored.items()}
        c.tools = rng.randint(0, c.tools)
        c.dollars = rng.randint(0, c.dollars)
        if c.buildings and rng.random() < 0.4:  # fewer free spots, more copies
            c.buildings = [*c.buildings, *(c.buildings[rng.randrange(len(c.buildings))].copy()
                                           for _ in range(rng.randint(1, 4)))]
            c.changed()
        out.append(v)
    return out


def test_place_action_test_agrees_with_the_listed_moves() -> None:
    rng = random.Random(7)
    seen: Counter[tuple[str, bool]] = Counter()
    for players, options in ((3, {}), (2, {"first_era": 3})):
        game = Colonists()
        names = seat_names(players)
        log = simulate_game(RECORD, names, random.Random(players), options)
        state = game.new_state(names, options)
        for event in log:
            if not isinstance(event, (Action, Chance, Phase)):
                continue  # check lines, the final line
            p = state.pending
            if state.stage == "act" and p is not None and p.tile is not None and \
                    not state.board.tiles[p.tile].market:
                place = state.data.place(state.board.tiles[p.tile].slug)
                kind = place.kind or place.type
                if kind in MOVES:
                    for v in _variants(state, rng):
                        expected = _listed(v, kind)
                        assert _place_action_possible(v, v.players[p.player]) is expected, (
                            kind, str(event))
                        seen[kind, expected] += 1
            assert game.play(state, event) is None
    assert {k for k, _ in seen} == set(MOVES), seen
    assert seen["builder", True] and seen["builder", False], seen
