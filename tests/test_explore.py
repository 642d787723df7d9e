"""The explorer and ``referee explore`` on Nim: searches, counterexamples, logs, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import cli
from referee.checker.explore_report import text_lines, to_json
from referee.checker.explorer import (
    EDGE_BITS,
    ROOT,
    ExploreConfig,
    Explorer,
    Predicate,
    compile_predicate,
    explore,
    parse_from,
    player_names,
    start_from_log,
    start_from_setup,
)
from referee.commands import explore as explore_command
from referee.errors import UsageError
from referee.invariants import Invariant
from referee.model.core import Action, Chance, Phase, ignore
from referee.replays.validator import validate_file
from referee.replays.writer import header, write_log
from tests.nim_game import GAME as NIM
from tests.nim_game import Nim, NimState
from tests.plain_search import distinct_states

if "explore" not in cli.COMMANDS:
    explore_command.register(cli.app)

runner = CliRunner()


def nim_start(piles: list[int] | None = None, players: int = 2):
    options = {"piles": piles} if piles is not None else None
    return start_from_setup(NIM, player_names(NIM, players), options)


def taken_at_most(limit: int) -> Predicate:
    return Predicate(f"taken <= {limit}", frozenset({"taken"}), lambda env: env["taken"] <= limit)


# --------------------------------------------------------------------------- searches


@pytest.mark.parametrize("strategy", ["bfs", "dfs"])
def test_exhaustive_search_counts_every_state_once(strategy: str) -> None:
    result = Explorer(nim_start(), ExploreConfig(strategy=strategy)).run()
    assert result.stopped == "exhausted"
    assert result.counterexample is None
    assert result.stats.distinct == 999
    assert result.stats.generated == 4990
    assert result.stats.terminal == 16  # 2 start players x 2 last takers x 4 taken splits
    assert result.stats.queue == 0


def test_bfs_reports_depth_and_action_coverage() -> None:
    result = Explorer(nim_start(), ExploreConfig()).run()
    assert result.stats.max_depth == 7
    assert result.stats.actions == {"take": 4986, "chance:start_player": 2, "phase:play": 2}
    assert result.stats.rules == set(NIM.rules.ids())  # noted by apply, and by refusals
    assert result.stats.states_per_second > 0


def test_bfs_finds_a_shortest_counterexample() -> None:
    result = Explorer(nim_start(), ExploreConfig(invariants=[taken_at_most(4)])).run()
    found = result.counterexample
    assert found is not None and result.stopped == "violation"
    assert found.kind == "expression" and found.player == "Ann"
    assert found.depth == 3 == len(found.events)
    assert found.events[0] == Chance.make("start_player", player="Ann")
    assert found.events[1] == Phase.make("play")
    assert found.events[2] == Action.make("Ann", "take", pile=2, count=5)
    assert found.claims == {"Ann": {"taken": 5}}
    assert found.steps[2].changes["Ann.taken"] == (0, 5)


def test_dfs_finds_a_counterexample_whose_trace_replays() -> None:
    explorer = Explorer(nim_start(), ExploreConfig(strategy="dfs",
                                                   invariants=[taken_at_most(4)]))
    found = explorer.run().counterexample
    assert found is not None
    state = explorer.final_state(found.events)
    assert max(NIM.observe(state).players[p]["taken"] for p in state.players) > 4


def test_random_walks_are_seeded() -> None:
    def run(seed: int) -> Any:
        return Explorer(nim_start(), ExploreConfig(strategy="random", seed=seed,
                                                   max_states=300)).run()

    a, b = run(7), run(7)
    assert a.stats.generated == b.stats.generated == 300
    assert a.stats.distinct == b.stats.distinct
    assert a.stopped == "max-states"
    assert a.stats.walks >= 300 // 14
    found_a = Explorer(nim_start(), ExploreConfig(strategy="random", seed=3,
                                                  invariants=[taken_at_most(4)])).run()
    found_b = Explorer(nim_start(), ExploreConfig(strategy="random", seed=3,
                                                  invariants=[taken_at_most(4)])).run()
    assert found_a.counterexample is not None
    assert found_a.counterexample.events == found_b.counterexample.events


def test_random_chance_is_sampled_by_probability() -> None:
    result = Explorer(nim_start(players=3), ExploreConfig(strategy="random", seed=1,
                                                          max_states=3000, depth=1)).run()
    # every walk is one chance event; three start players, a third each
    assert result.stats.walks == 3000
    assert result.stats.distinct == 4
    assert result.stats.cut_by_depth == 3000


def test_depth_limit_checks_but_does_not_expand() -> None:
    counts = [Explorer(nim_start(), ExploreConfig(depth=d)).run().stats.distinct
              for d in range(4)]
    assert counts == [1, 3, 5, 29]
    result = Explorer(nim_start(), ExploreConfig(depth=3)).run()
    assert result.stats.cut_by_depth == 24
    assert result.stats.max_depth == 3


def test_dfs_with_a_depth_limit_sees_what_bfs_sees() -> None:
    for depth in range(2, 7):
        bfs = Explorer(nim_start([2, 3, 3]), ExploreConfig(depth=depth)).run().stats.distinct
        dfs = Explorer(nim_start([2, 3, 3]),
                       ExploreConfig(strategy="dfs", depth=depth)).run().stats.distinct
        assert bfs == dfs


def test_bound_is_a_state_constraint() -> None:
    bound = Predicate("left >= 10", frozenset({"left"}), lambda env: env["left"] >= 10,
                      per_player=False)
    result = Explorer(nim_start(), ExploreConfig(bound=bound)).run()
    assert result.stopped == "exhausted"
    # expanded states keep at least 10 objects; their successors are checked, not expanded
    assert result.stats.cut_by_bound > 0
    full = Explorer(nim_start(), ExploreConfig()).run()
    assert result.stats.distinct < full.stats.distinct
    broken = Explorer(nim_start(), ExploreConfig(
        bound=bound, invariants=[taken_at_most(4)])).run().counterexample
    assert broken is not None and broken.depth == 3  # a state out of bound is still checked


def test_max_states_stops_the_search() -> None:
    result = Explorer(nim_start(), ExploreConfig(max_states=50)).run()
    assert result.stopped == "max-states"
    assert 50 <= result.stats.distinct < 999
    assert result.stats.queue > 0


def test_seen_set_keeps_fingerprints_and_packed_parents_only() -> None:
    explorer = Explorer(nim_start(), ExploreConfig())
    explorer.run()
    roots = [fp for fp, packed in explorer.seen.items() if packed == ROOT]
    assert len(roots) == 1
    assert all(isinstance(v, int) for v in explorer.seen.values())
    some = next(fp for fp, packed in explorer.seen.items() if packed != ROOT)
    parent = explorer.seen[some] >> EDGE_BITS
    assert parent in explorer.seen
    events = explorer.trace_to(some)
    assert explorer.fingerprint(explorer.final_state(events)) == some


def test_game_suite_is_checked_on_every_state() -> None:
    visited: list[int] = []

    def piles_non_negative(state: NimState) -> str | None:
        visited.append(state.fingerprint())
        return None

    suite = [Invariant("piles-non-negative", "no pile below zero", piles_non_negative)]
    result = Explorer(nim_start(), ExploreConfig(suite=suite)).run()
    assert len(visited) == result.stats.distinct == len(set(visited))


def test_suite_violation_lists_every_checkable_quantity() -> None:
    def left_at_least_ten(state: NimState) -> str | None:
        left = sum(state.piles)
        return None if left >= 10 else f"only {left} objects left"

    suite = [Invariant("plenty", "at least 10 objects left", left_at_least_ten)]
    found = Explorer(nim_start(), ExploreConfig(suite=suite)).run().counterexample
    assert found is not None and found.kind == "invariant" and found.name == "plenty"
    assert found.depth == 3 and found.message == "only 9 objects left"
    # every observable value, each as the claim comparison accepts it
    assert set(found.claims) == {"Ann", "Bo", "left", "piles", "turn"}
    assert found.claims["left"] == 9


@pytest.mark.parametrize("strategy", ["bfs", "dfs"])
def test_a_suite_that_derives_runs_on_expanded_states_too_with_the_same_result(
        strategy: str) -> None:
    """An invariant that keeps what it derives is also run on each state about to be expanded
    (so its successors' copies inherit those values); the search and its verdict are the
    same as without."""
    checked: list[int] = []

    def left_at_least_ten(state: NimState) -> str | None:
        checked.append(state.fingerprint())
        left = sum(state.piles)
        return None if left >= 10 else f"only {left} objects left"

    results = []
    for derives in (False, True):
        checked.clear()
        suite = [Invariant("plenty", "at least 10 objects left", left_at_least_ten, derives)]
        result = Explorer(nim_start([4, 5, 6]), ExploreConfig(strategy=strategy, depth=4,
                                                              suite=suite)).run()
        results.append((result, len(checked), len(set(checked))))
    (plain, plain_calls, _), (derived, derived_calls, derived_states) = results
    assert plain_calls == plain.stats.distinct
    assert derived_calls > derived.stats.distinct and derived_states == derived.stats.distinct
    assert plain.counterexample is not None and derived.counterexample is not None
    assert derived.counterexample.events == plain.counterexample.events
    assert derived.counterexample.message == plain.counterexample.message == \
        "only 9 objects left"
    assert (derived.stats.distinct, derived.stats.generated, derived.stopped) == (
        plain.stats.distinct, plain.stats.generated, plain.stopped)


class StuckNim(Nim):
    """Nim whose move list forgets the last object: a deadlock the explorer must report."""

    name = "stuck-nim"

    def legal_actions(self, state: NimState) -> list:
        if state.phase == "play" and sum(state.piles) == 1:
            return []
        return super().legal_actions(state)


class BrokenNim(Nim):
    name = "broken-nim"

    def apply(self, state: NimState, event: Any, note: Any = ignore) -> None:
        if isinstance(event, Action) and event.get("count") == 3 and event.get("pile") == 1:
            raise IndexError("pile table overflow")
        super().apply(state, event, note)


def test_deadlock_is_a_violation() -> None:
    found = Explorer(start_from_setup(StuckNim(), ["Ann", "Bo"], {"piles": [1, 2]}),
                     ExploreConfig()).run().counterexample
    assert found is not None and found.kind == "deadlock"
    state = Explorer(start_from_setup(StuckNim(), ["Ann", "Bo"], {"piles": [1, 2]})
                     ).final_state(found.events)
    assert sum(state.piles) == 1
    no_check = Explorer(start_from_setup(StuckNim(), ["Ann", "Bo"], {"piles": [1, 2]}),
                        ExploreConfig(deadlock=False)).run()
    assert no_check.counterexample is None


@pytest.mark.parametrize("strategy", ["bfs", "dfs", "random"])
def test_a_failing_model_is_reported_with_its_trace(strategy: str) -> None:
    start = start_from_setup(BrokenNim(), ["Ann", "Bo"], {"piles": [3, 4]})
    found = Explorer(start, ExploreConfig(strategy=strategy, seed=2)).run().counterexample
    assert found is not None and found.kind == "model"
    assert "IndexError" in found.message and "pile=1 count=3" in found.message
    state = Explorer(start).final_state(found.events)
    assert state.piles[1] >= 3


def test_trace_rebuild_detects_a_nondeterministic_model() -> None:
    explorer = Explorer(nim_start([1, 2]), ExploreConfig())
    explorer.run()
    # a recorded edge that no longer leads to the recorded state: as if the move order changed
    target = next(fp for fp, packed in explorer.seen.items()
                  if packed != ROOT and packed & ((1 << EDGE_BITS) - 1) > 0)
    explorer.seen[target] = explorer.seen[target] >> EDGE_BITS << EDGE_BITS
    with pytest.raises(RuntimeError, match="not deterministic"):
        explorer.trace_to(target)


# --------------------------------------------------------------------------- predicates


def test_compile_predicate_per_player_and_global() -> None:
    per_player = compile_predicate("taken <= 4", NIM)
    assert per_player.per_player and per_player.symbols == {"taken"}
    assert per_player.holds({"taken": 4, "left": 12}) is True
    glob = compile_predicate("left >= 0", NIM)
    assert not glob.per_player


@pytest.mark.parametrize(("text", "fragment"), [
    ("taken <=", "syntax error"),
    ("gold >= 1", "unknown"),
    ("taken + 1", "not a condition"),
])
def test_bad_expression_is_a_usage_error(text: str, fragment: str) -> None:
    with pytest.raises(UsageError, match=fragment) as info:
        compile_predicate(text, NIM)
    assert repr(text) in str(info.value)


def test_player_names_and_counts() -> None:
    assert player_names(NIM, 3) == ["Ann", "Bo", "Cy"]
    with pytest.raises(UsageError, match="2 to 4 players"):
        player_names(NIM, 5)


def test_parse_from(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("{}\n")
    assert parse_from(str(log)) == (log, None)
    assert parse_from(f"{log}:3") == (log, 3)
    with pytest.raises(UsageError):
        parse_from(f"{log}:x")


# --------------------------------------------------------------------------- logs


def test_counterexample_log_is_valid(nim: Nim, tmp_path: Path) -> None:
    result = explore(nim_start(), ExploreConfig(invariants=[taken_at_most(4)]), tmp_path)
    found = result.counterexample
    assert found is not None and found.log is not None
    lines = [json.loads(x) for x in found.log.read_text().splitlines()]
    assert lines[0]["format"] == "referee-replay" and lines[0]["game"] == "nim"
    assert lines[0]["players"] == ["Ann", "Bo"]
    assert lines[1:4] == [e.to_json() for e in found.events]
    assert lines[-1]["check"] == {"Ann": {"taken": 5}}
    report = validate_file(found.log)
    assert report.valid, report.to_json()


def nim_log(path: Path, position: dict[str, Any] | None = None) -> Path:
    events: list[Any] = []
    if position is None:
        events += [Chance.make("start_player", player="Bo"), Phase.make("play")]
    events += [Action.make("Bo", "take", pile=0, count=1),
               Action.make("Ann", "take", pile=1, count=2)]
    return write_log(path, header("nim", ["Ann", "Bo"], position=position), events)


def test_from_a_log_line_prefixes_the_counterexample(nim: Nim, tmp_path: Path) -> None:
    log = nim_log(tmp_path / "game.jsonl")
    start = start_from_log(f"{log}:4")  # after Bo's take
    assert start.prefix[-1] == Action.make("Bo", "take", pile=0, count=1)
    assert len(start.prefix) == 3
    result = explore(start, ExploreConfig(invariants=[taken_at_most(4)]), tmp_path / "out")
    found = result.counterexample
    assert found is not None and found.log is not None
    lines = [json.loads(x) for x in found.log.read_text().splitlines()]
    assert "position" not in lines[0]
    assert lines[1:4] == [e.to_json() for e in start.prefix]
    assert validate_file(found.log).valid


def test_from_a_header_position_keeps_it(nim: Nim, tmp_path: Path) -> None:
    log = nim_log(tmp_path / "game.jsonl", position={"turn": "Bo"})
    start = start_from_log(str(log))
    assert len(start.prefix) == 2
    result = explore(start, ExploreConfig(invariants=[taken_at_most(5)]), tmp_path / "out")
    found = result.counterexample
    assert found is not None and found.log is not None
    head = json.loads(found.log.read_text().splitlines()[0])
    assert head["position"] == {"turn": "Bo"}
    assert validate_file(found.log).valid


def test_from_a_bad_log_is_a_usage_error(nim: Nim, tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(json.dumps(header("nim", ["Ann", "Bo"])) + "\n"
                   + json.dumps({"player": "Ann", "action": "take", "pile": 0, "count": 1})
                   + "\n")
    with pytest.raises(UsageError, match="--from"):
        start_from_log(str(log))
    with pytest.raises(UsageError, match="no such file"):
        start_from_log(str(tmp_path / "missing.jsonl"))


# --------------------------------------------------------------------------- reports


def test_text_report_shows_the_trace_as_a_diff() -> None:
    result = Explorer(nim_start(), ExploreConfig(invariants=[taken_at_most(4)])).run()
    text = "\n".join(text_lines(result))
    assert "VIOLATION (expression) at depth 3: taken <= 4 does not hold for Ann" in text
    assert "Ann: take pile=2 count=5" in text
    assert "Ann.taken 0 → 5" in text and "left 12 → 7" in text
    assert "coverage by rule: 4 of 5; not exercised: NIM-END" in text


def test_json_report_carries_the_figures() -> None:
    result = Explorer(nim_start(), ExploreConfig()).run()
    data = to_json(result)
    assert data["result"] == "ok" and data["stopped"] == "exhausted"
    assert data["statistics"]["distinct"] == 999
    assert data["statistics"]["generated"] == 4990
    assert data["coverage"]["rules"]["uncovered"] == []
    assert data["coverage"]["rules"]["covered"] == NIM.rules.ids()
    assert data["coverage"]["actions"]["take"] == 4986
    json.dumps(data)


def test_progress_callback_is_called() -> None:
    seen: list[int] = []
    config = ExploreConfig(progress=lambda stats: seen.append(stats.distinct),
                           progress_interval=0.0)
    Explorer(nim_start([4, 5, 6]), config).run()
    assert seen and seen == sorted(seen)


# --------------------------------------------------------------------------- the command


def invoke(*args: str) -> Any:
    return runner.invoke(cli.app, ["explore", *args])


def test_cli_violation_exits_1_and_writes_a_valid_log(nim: Nim, tmp_path: Path) -> None:
    result = invoke("nim", "--players", "2", "--invariant", "taken <= 4", "--out",
                    str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "counterexample found" in result.stdout
    logs = list(tmp_path.glob("*.jsonl"))
    assert len(logs) == 1 and validate_file(logs[0]).valid


def test_cli_holding_invariant_exits_0_with_json(nim: Nim) -> None:
    result = invoke("nim", "--invariant", "taken <= 12", "--invariant", "left >= 0",
                    "--strategy", "dfs", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["statistics"]["distinct"] == 999
    assert data["invariants"] == ["taken <= 12", "left >= 0"]


def test_cli_random_with_depth_and_bound(nim: Nim) -> None:
    result = invoke("nim", "--strategy", "random", "--seed", "5", "--max-states", "200",
                    "--depth", "6", "--bound", "left >= 3", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["statistics"]["generated"] == 200
    assert data["limits"] == {"depth": 6, "max_states": 200, "bound": "left >= 3", "seed": 5}


def test_cli_from_log(nim: Nim, tmp_path: Path) -> None:
    log = nim_log(tmp_path / "game.jsonl")
    result = invoke("nim", "--from", f"{log}:3", "--depth", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["from"] == f"{log}:3"


@pytest.mark.parametrize(("args", "fragment"), [
    (["nimbus"], "unknown game 'nimbus'"),
    (["nim", "--invariant", "taken <"], "--invariant 'taken <'"),
    (["nim", "--bound", "pile >= 1"], "--bound 'pile >= 1'"),
    (["nim", "--players", "9"], "2 to 4 players"),
    (["nim", "--from", "no/such/log.jsonl"], "--from"),
])
def test_cli_usage_errors_exit_2_with_one_line(nim: Nim, args: list[str],
                                               fragment: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_from_log_of_another_game(nim: Nim, tmp_path: Path) -> None:
    log = nim_log(tmp_path / "game.jsonl")
    result = invoke("homesteaders", "--from", str(log))
    assert result.exit_code == 2
    assert "nim log" in result.stderr


def test_cli_help_describes_every_option() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for option in ("--players", "--strategy", "--depth", "--max-states", "--seed", "--from",
                   "--invariant", "--bound", "--out", "--format"):
        assert option in result.stdout


# --------------------------------------------------------------------------- independent check


def test_bfs_depths_match_a_naive_search() -> None:
    """Distinct states per depth from a textbook BFS over the same game API."""
    start = nim_start([2, 2, 3])
    assert Explorer(start, ExploreConfig(depth=5)).run().stats.distinct == distinct_states(
        NIM, start.state, 5)


def test_the_live_panel_shows_bars_towards_the_search_totals() -> None:
    import re
    from io import StringIO

    from rich.console import Console

    from referee.checker.explore_report import live_progress

    stream = StringIO()
    console = Console(file=stream, force_terminal=True, width=100)
    with live_progress(True, max_states=50, depth=4, console=console) as progress:
        assert progress is not None
        result = Explorer(nim_start(), ExploreConfig(depth=4, max_states=50)).run()
        progress(result.stats)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "of --max-states" in text and "of --depth" in text
    assert f"{result.stats.distinct} of 50" in text
    assert f"{result.stats.max_depth} of 4" in text


def test_the_live_panel_stays_off_when_standard_error_is_not_a_terminal() -> None:
    from referee.checker.explore_report import live_progress

    with live_progress(max_states=10, depth=2) as progress:
        assert progress is None


def test_the_count_by_kind_is_that_of_counting_event_by_event() -> None:
    """The explorer counts each distinct list of kinds once per occurrence: the figures, and
    the order of kinds with equal counts, are those of counting every event in turn."""
    from collections import Counter

    from referee.checker import event_kinds
    from referee.checker.event_kinds import KindCount

    lists = [[Action("Ann", "take"), Phase("play")], [Phase("play"), Action("Ann", "play")],
             [Chance("start_player")], [Action("Ann", "take"), Phase("play")],
             [Action("Bo", "take")] * 40] * 3
    plain: Counter[tuple[type, str]] = Counter()
    for events in lists:
        plain.update((type(e), e.name) for e in events)
    for limit in (1, 128):
        old, event_kinds.LIMIT = event_kinds.LIMIT, limit
        try:
            counted = KindCount()
            for events in lists:
                counted.add(events)
            counted.add_each(lists[0])
        finally:
            event_kinds.LIMIT = old
        plain_too = plain + Counter((type(e), e.name) for e in lists[0])
        assert list(counted.counts().items()) == list(plain_too.items())
