"""Stateful tests: hypothesis drives each game through legal events, chance included, and checks
the game's invariant suite and the protocol's promises after every step (after OpenSpiel's
conformance tests). A failing run is shrunk to a short program of steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from referee.invariants import Invariant, suite, violated
from referee.model.core import Chance, Game, GameEvent, probability_sum
from referee.model.homesteaders import GAME as HOMESTEADERS
from referee.model.pionjar import GAME as PIONJAR
from tests.nim_game import GAME as NIM
from tests.nim_game import NimState

SETTINGS = settings(max_examples=40, stateful_step_count=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def game_machine(game: Game, players: Sequence[str], options: dict[str, Any] | None = None,
                 extra: Sequence[Invariant] = ()) -> type[RuleBasedStateMachine]:
    """A state machine playing ``game`` from its setup, restarting when a game ends."""
    invariants = [*suite(game.name), *extra]

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.restart()
            self.history: list[GameEvent] = []

        def restart(self) -> None:
            self.state = game.new_state(list(players), options)

        def choices(self) -> tuple[list[GameEvent], list[Fraction] | None]:
            outcomes = game.chance_outcomes(self.state)
            if outcomes:
                return [c for c, _ in outcomes], [p for _, p in outcomes]
            return game.legal_actions(self.state), None

        @precondition(lambda self: bool(self.choices()[0]))
        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            events, chances = self.choices()
            if chances is not None:
                assert probability_sum(list(zip(events, chances, strict=True))) == 1
                assert all(p > 0 for p in chances)
                assert all(isinstance(e, Chance) for e in events)
            else:
                assert not any(isinstance(e, Chance) for e in events)
                assert len(set(events)) == len(events), "legal actions listed twice"
            event = data.draw(st.sampled_from(events), label="event")
            refusal = game.check(self.state, event)
            assert refusal is None, f"{event} is listed as legal but refused: {refusal}"
            before = self.state.copy()
            fingerprint = self.state.fingerprint()
            game.apply(self.state, event)
            self.history.append(event)
            assert before.fingerprint() == fingerprint, "apply changed a copy of the state"

        @precondition(lambda self: not self.choices()[0])
        @rule()
        def game_over(self) -> None:
            assert game.is_over(self.state), "no legal event, yet the game is not over"
            scores = game.score(self.state)
            assert set(scores) == set(self.state.players)
            for score in scores.values():
                assert sum(score.parts.values()) == score.total
            assert set(game.winners(self.state)) <= set(self.state.players)
            self.restart()

        @invariant()
        def suite_holds(self) -> None:
            assert violated(invariants, self.state) == []

        @invariant()
        def copies_are_faithful(self) -> None:
            copy = self.state.copy()
            assert copy is not self.state
            assert copy.fingerprint() == self.state.fingerprint()

        @invariant()
        def observed_values_have_their_kinds(self) -> None:
            seen = game.observe(self.state)
            kinds = {"int": int, "bool": bool, "text": (str, type(None)), "names": list,
                     "ints": list}
            for q in game.observables:
                values = [seen.globals[q.name]] if not q.per_player else [
                    seen.players[p][q.name] for p in self.state.players]
                assert all(isinstance(v, kinds[q.kind]) for v in values), q.name

    GameMachine.__name__ = f"{game.name.title().replace('-', '')}Machine"
    GameMachine.TestCase.settings = SETTINGS
    return GameMachine


# --------------------------------------------------------------------------- Nim


def _nim_conserves_objects(total: int) -> Callable[[NimState], str | None]:
    def check(state: NimState) -> str | None:
        taken = sum(state.taken.values())
        if min(state.piles) < 0:
            return f"a pile below zero: {state.piles}"
        if taken + sum(state.piles) != total:
            return f"{taken} taken and {sum(state.piles)} left of {total}"
        return None

    return check


NimMachine = game_machine(NIM, ["Ann", "Bo", "Cy"], {"piles": [2, 3, 4]},
                          [Invariant("conservation", "objects are taken, never lost",
                                     _nim_conserves_objects(9))])
TestNim = NimMachine.TestCase


# --------------------------------------------------------------------------- the real games


TestHomesteaders2 = game_machine(HOMESTEADERS, ["Ann", "Bo"]).TestCase
TestHomesteaders4 = game_machine(HOMESTEADERS, ["Ann", "Bo", "Cy", "Di"]).TestCase
TestPionjar = game_machine(PIONJAR, ["Ann", "Bo", "Cy"]).TestCase
