"""One conformance suite for every registered game (after OpenSpiel's random simulation test).

For simulated games of every player count: the order of ``legal_actions`` is stable, every
legal event passes ``check`` and ``apply``, near misses of them (another player, a number one
off) are either accepted by both ``check`` and ``apply`` or refused by ``check`` with a rule of
the catalogue, ``copy()`` is equal and independent, fingerprints are stable, chance
probabilities sum to 1, the invariant suite holds on every state, and the written log validates
and replays to the same state and score. The state declaration is checked too: every field must
be copied (not shared) by ``copy()`` and seen by the fingerprint, unless it is declared
``field(metadata={"shared": True})``. Every rule id of every catalogue is named by some test.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

from referee.games import modelled_games, registration
from referee.invariants import violated
from referee.model.core import ERROR_KINDS, Action, Chance, Game, probability_sum, seat_names
from referee.replays.format_rules import FORMAT_RULES
from referee.replays.records import Check, Final
from referee.replays.simulate import simulate_game
from referee.replays.validator import replay_to, validate_file
from referee.replays.writer import header, write_log

GAMES = modelled_games()
SEEDS = (1, 2)
SAMPLE = 24  # legal events tried on copies at each state
NEAR_MISSES = 4  # of these, the events whose near misses are tried
TESTS = Path(__file__).resolve().parent


def _cases() -> list[tuple[str, int]]:
    out = []
    for name in GAMES:
        game = registration(name).game()
        for n in range(game.min_players, game.max_players + 1):
            out.append((name, n))
    return out


def _near_misses(event: Any, players: tuple[str, ...]) -> list[Any]:
    """Events one step from ``event``: by the next player, or with one number one off."""
    out = []
    if isinstance(event, Action) and len(players) > 1:
        other = players[(players.index(event.player) + 1) % len(players)]
        out.append(dataclasses.replace(event, player=other))
    for index, (key, value) in enumerate(event.params):
        if type(value) is int:
            for bumped in (value + 1, value - 1):
                params = (*event.params[:index], (key, bumped), *event.params[index + 1:])
                out.append(dataclasses.replace(event, params=params))
    return out


def _listed(game: Any, state: Any, event: Any, legal: list[Any]) -> None:
    """``legal_actions`` is complete: it lists a phase marker as it is, and an action in some
    form (the list spells each decision one way, where a log may leave out an optional
    parameter or name the parts of a compound action in another order). A move the game
    declares not enumerated (``Move.enumerated``) is only checked, not looked for."""
    move = game.moves.find(event) if hasattr(game, "moves") else None
    if move is not None and move.enumerated is not True:
        assert game.check(state, event) is None, f"{event} of the simulated game is refused"
        return
    if event.shape == "phase":
        assert event in legal, f"{event} of the simulated game is not listed as legal"
    alike = [e for e in legal if e.name == event.name and e.player == event.player]
    assert alike, f"{event} of the simulated game is not listed as legal"


def _agree(game: Any, state: Any, event: Any, known: set[str]) -> None:
    """``check`` and ``apply`` agree on ``event``: accepted, ``apply`` takes it; refused, the
    refusal is a located violation of a known rule and ``check`` changed nothing."""
    before = state.fingerprint()
    bad = game.check(state, event)
    assert state.fingerprint() == before, f"check of {event} changed the state"
    if bad is None:
        game.apply(state.copy(), event)
        return
    assert bad.kind in ERROR_KINDS and bad.rule in known, f"{event}: {bad}"
    assert bad.message, f"{event}: a refusal without a message"


def _play(name: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    record = registration(name)
    events = simulate_game(record, seat_names(players), random.Random(seed))
    return record, events


@pytest.mark.parametrize(("name", "players"), _cases())
def test_simulated_games_conform(name: str, players: int, tmp_path: Path) -> None:
    for seed in SEEDS:
        record, events = _play(name, players, seed)
        game = record.game()
        suite = record.suite()
        known = set(game.rules.ids()) | set(FORMAT_RULES.ids())
        rng = random.Random(seed)
        state = game.new_state(seat_names(players))
        assert violated(suite, state) == []
        for event in events:
            if isinstance(event, Check | Final):
                continue
            outcomes = game.chance_outcomes(state)
            legal = game.legal_actions(state)
            assert legal == game.legal_actions(state), "legal_actions order is not stable"
            assert legal or outcomes, f"nothing is possible before {event} (a deadlock)"
            if outcomes:
                assert legal == [], "a chance node also lists decisions"
                assert probability_sum(outcomes) == 1
                assert len({c for c, _ in outcomes}) == len(outcomes)
                if isinstance(event, Chance):
                    assert any(c == event for c, _ in outcomes), f"{event} is not an outcome"
            else:
                _listed(game, state, event, legal)
            tried = legal if len(legal) <= SAMPLE else rng.sample(legal, SAMPLE)
            for candidate in [*tried, *(c for c, _ in outcomes[:SAMPLE])]:
                assert game.check(state, candidate) is None, f"legal {candidate} is refused"
                game.apply(state.copy(), candidate)
            for candidate in tried[:NEAR_MISSES]:
                for miss in _near_misses(candidate, state.players):
                    _agree(game, state, miss, known)
            before = state.fingerprint()
            clone = state.copy()
            assert clone == state, "a copy is not equal to its original"
            assert clone.fingerprint() == before and state.fingerprint() == before
            assert game.check(state, event) is None, f"{event} of the simulated game is refused"
            game.apply(state, event)
            assert clone.fingerprint() == before, f"applying {event} changed a copy"
            broken = violated(suite, state)
            assert broken == [], f"after {event}: {broken}"
        assert game.is_over(state)
        # once over, the table moves no further (a game may leave players' own moves open)
        assert game.chance_outcomes(state) == []
        assert [e for e in game.legal_actions(state) if e.shape == "phase"] == []
        assert isinstance(events[-1], Final)

        log = write_log(tmp_path / f"{name}-{players}-{seed}.jsonl",
                        header(name, seat_names(players)), events)
        report = validate_file(log)
        assert report.valid and report.complete, report.errors[:3]
        replayed = replay_to(log)
        assert replayed.state.fingerprint() == state.fingerprint()
        assert report.scores == {p: s.total for p, s in game.score(state).items()}
        for p, s in game.score(state).items():
            assert s.total == sum(s.parts.values()), f"{p}: parts do not sum to the total"


@pytest.mark.parametrize("name", GAMES)
def test_the_record_and_the_game_agree(name: str) -> None:
    record = registration(name)
    game = record.game()
    assert isinstance(game, Game)
    assert game.name == record.name and game.title == record.title
    assert 1 <= game.min_players <= game.max_players
    players = seat_names(game.min_players)
    first, second = game.new_state(players), game.new_state(players)
    assert first == second and first.fingerprint() == second.fingerprint()


@pytest.mark.parametrize("name", GAMES)
def test_simulation_is_deterministic_per_seed(name: str) -> None:
    players = registration(name).game().min_players
    first = [e.to_json() for e in _play(name, players, 7)[1]]
    again = [e.to_json() for e in _play(name, players, 7)[1]]
    other = [e.to_json() for e in _play(name, players, 8)[1]]
    assert first == again and first != other


def _test_text() -> str:
    """The test modules, and the names of the golden logs (each one a test that breaks, or uses
    legally, the rule it is named after)."""
    modules = "".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.glob("test_*.py")))
    return modules + "\n".join(p.name for p in sorted((TESTS / "golden").glob("*/*.jsonl")))


@pytest.mark.parametrize("name", [*GAMES, FORMAT_RULES.game])
def test_every_rule_id_is_named_by_a_test(name: str) -> None:
    """A rule id (or its form with underscores, in a test's name) appears in some test file or
    names a golden log."""
    rules = FORMAT_RULES if name == FORMAT_RULES.game else registration(name).game().rules
    text = _test_text()
    named = set(re.findall(r"[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+", text))
    missing = [r.id for r in rules if r.id not in named and r.id.replace("-", "_") not in named]
    assert missing == []
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids)) and all(r.text and r.section for r in rules)


def test_rule_ids_belong_to_one_catalogue() -> None:
    owners: dict[str, str] = {r.id: FORMAT_RULES.game for r in FORMAT_RULES}
    for name in GAMES:
        for rule in registration(name).game().rules:
            assert owners.setdefault(rule.id, name) == name, f"{rule.id} is in two catalogues"


@pytest.mark.parametrize("name", GAMES)
def test_observables_are_typed_and_readable(name: str) -> None:
    record, events = _play(name, registration(name).game().min_players, 3)
    game = record.game()
    state = game.new_state(seat_names(game.min_players))
    kinds = {"int": int, "bool": bool, "text": (str, type(None)), "names": (list, tuple),
             "ints": (list, tuple)}
    for event in [e for e in events if not isinstance(e, Check | Final)][:300]:
        game.apply(state, event)
        seen = game.observe(state)
        for q in game.observables:
            values = [seen.globals[q.name]] if not q.per_player else [
                seen.players[p][q.name] for p in state.players]
            for value in values:
                assert isinstance(value, kinds[q.kind]), f"{q.name}: {value!r} is not {q.kind}"
                if q.kind == "int":
                    assert type(value) is int, f"{q.name}: {value!r} is a bool, not an int"
        rows = game.observables.player_row
        for player in state.players if rows is not None else ():
            for key, value in rows(state, player).items():
                # what a check line reads there is a count, what the quantity's getter computes
                assert key in game.observables.player_counts, (player, key)
                assert type(value) is int and value == seen.players[player][key], (player, key)


# --------------------------------------------------------------------------- state declarations

_SENTINEL = "\x00perturbed"
Step = tuple[str, Any]  # ("attr", name), ("key", key) or ("index", i)


def _is_record(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def _paths(value: Any, prefix: tuple[Step, ...] = ()) -> list[tuple[Step, ...]]:
    """Every leaf of a state to perturb: its fields, and the fields of records nested in it (the
    first entry of a dict or list of records stands for the others)."""
    if _is_record(value):
        out = []
        for f in dataclasses.fields(value):
            if not f.metadata.get("shared"):
                out += _paths(getattr(value, f.name), (*prefix, ("attr", f.name)))
        return out
    if isinstance(value, dict) and value and _is_record(next(iter(value.values()))):
        key = next(iter(value))
        return [(*prefix, ("key", None)), *_paths(value[key], (*prefix, ("key", key)))]
    if isinstance(value, list) and value and _is_record(value[0]):
        return [(*prefix, ("index", None)), *_paths(value[0], (*prefix, ("index", 0)))]
    return [prefix]


def _get(obj: Any, step: Step) -> Any:
    kind, where = step
    return getattr(obj, where) if kind == "attr" else obj[where]


def _set(obj: Any, step: Step, value: Any) -> None:
    kind, where = step
    if kind == "attr":
        setattr(obj, where, value)
    else:
        obj[where] = value


def _perturbed(value: Any) -> Any:
    """A value that differs from ``value`` (mutable containers are changed in place)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + _SENTINEL
    if value is None:
        return _SENTINEL
    if isinstance(value, tuple):
        return (*value, _like(value))
    if isinstance(value, list):
        value.append(_like(value))
        return value
    if isinstance(value, set):
        value.add(_like(value))
        return value
    if isinstance(value, dict):
        if value:  # change an entry (adding a key may be legitimately ignored)
            key = next(iter(value))
            value[key] = _perturbed(value[key])
        else:
            value[_SENTINEL] = 1
        return value
    raise TypeError(f"cannot perturb a {type(value).__name__}: mark the field "
                    "field(metadata={'shared': True}) or make it plain data")


def _like(items: Any) -> Any:
    """A new element of the same kind as those of ``items`` (so that sorting still works)."""
    if not items:
        return _SENTINEL
    sample = next(iter(items))
    if isinstance(sample, int) and not isinstance(sample, bool):
        return max(items) + 1
    if isinstance(sample, str):
        return max(items) + _SENTINEL
    return copy.deepcopy(sample)


def _perturb(state: Any, path: tuple[Step, ...]) -> None:
    parent = _get_container(state, path)
    last = path[-1]
    if last[1] is None:  # a dict or list of records: one more record in it
        container = _get_container(state, path)
        if last[0] == "key":
            container[_SENTINEL] = copy.deepcopy(next(iter(container.values())))
        else:
            container.append(copy.deepcopy(container[0]))
        return
    _set(parent, last, _perturbed(_get(parent, last)))


def _get_container(state: Any, path: tuple[Step, ...]) -> Any:
    target = state
    for step in path[:-1]:
        target = _get(target, step)
    return target


def _label(path: tuple[Step, ...]) -> str:
    text = ""
    for kind, where in path:
        text += f".{where}" if kind == "attr" else f"[{where!r}]"
    return text.lstrip(".")


@pytest.mark.parametrize("name", GAMES)
def test_state_fields_are_copied_and_fingerprinted(name: str) -> None:
    """Perturb each field of a copy in turn: the original must not change (``copy()`` does not
    share it) and the copy's fingerprint must (``key()`` sees it)."""
    record, events = _play(name, registration(name).game().max_players, 5)
    game = record.game()
    state = game.new_state(seat_names(game.max_players))
    assert _is_record(state), f"{name}: states must be dataclasses"
    moves = [e for e in events if not isinstance(e, Check | Final)]
    probes = {0, len(moves) // 3, 2 * len(moves) // 3}
    for index, event in enumerate(moves):
        if index in probes:
            assert _field_problems(state) == [], f"{name}: copy() shares or key() misses these"
        game.apply(state, event)


def _field_problems(base: Any) -> list[str]:
    problems = []
    for path in _paths(base):
        state = copy.deepcopy(base)
        original = state.fingerprint()
        clone = state.copy()
        _perturb(clone, path)
        if state.fingerprint() != original:
            problems.append(f"shared {_label(path)}")
        if clone.fingerprint() == original:
            problems.append(f"unseen {_label(path)}")
    return problems


def test_the_field_check_catches_a_missed_field_and_a_shared_one() -> None:
    """The declaration check above can fail: a key without a field, a copy sharing a list."""
    from tests.nim_game import NimState

    class ForgetfulState(NimState):
        def key(self) -> tuple[Any, ...]:
            return super().key()[:-1]  # leaves out last_taker

        def copy(self) -> ForgetfulState:
            return ForgetfulState(self.players, self.piles, self.turn, self.phase,  # shares piles
                                  dict(self.taken), self.last_taker)

    state = ForgetfulState(("Ann", "Bo"), [1, 2], taken={"Ann": 0, "Bo": 0})
    assert _field_problems(state) == ["shared piles", "unseen last_taker"]
    good = NimState(("Ann", "Bo"), [1, 2], taken={"Ann": 0, "Bo": 0})
    assert _field_problems(good) == []


def test_the_agreement_check_catches_an_unknown_rule_and_a_changing_check() -> None:
    """``_agree`` can fail: a refusal naming no rule of the catalogue, a check that plays."""
    from referee.model.core import Violation
    from tests.nim_game import GAME as NIM

    state = NIM.new_state(["Ann", "Bo"])
    event = (NIM.legal_actions(state) or [c for c, _ in NIM.chance_outcomes(state)])[0]
    known = set(NIM.rules.ids())

    class Unknown:
        def check(self, state: Any, event: Any) -> Violation:
            return Violation("illegal", "NIM-NOWHERE", "refused", None)

    class Playing:
        def check(self, state: Any, event: Any) -> None:
            NIM.apply(state, event)

        def apply(self, state: Any, event: Any) -> None:
            NIM.apply(state, event)

    for game in (Unknown(), Playing()):
        with pytest.raises(AssertionError):
            _agree(game, state.copy(), event, known)
    _agree(NIM, state, event, known)
