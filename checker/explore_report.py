"""Reports of ``referee explore``: text for people, JSON with the same figures, live progress."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from referee.checker.explorer import (
    DEFAULT_WALK_DEPTH,
    Counterexample,
    ExploreResult,
    Stats,
    TraceStep,
)
from referee.model.core import thaw

STRATEGY_NAMES = {"bfs": "breadth-first", "dfs": "depth-first", "random": "random simulation"}
UNCOVERED_SHOWN = 12
STOPPED_TEXT = {
    "exhausted": "exhausted: every reachable state within the limits was checked",
    "max-states": "stopped at the --max-states limit; the space was not exhausted",
    "violation": "stopped at the first violation",
    "interrupted": "interrupted; the figures are those reached so far",
}


def _n(value: int) -> str:
    return f"{value:,}"


def _value(value: Any) -> str:
    return json.dumps(thaw(value), ensure_ascii=False) if not isinstance(value, str) else value


def origin_text(result: ExploreResult) -> str:
    if result.origin == "setup":
        return "from the setup"
    if result.origin == "position":
        return "from the header's position"
    return f"from {result.origin}"


def coverage(result: ExploreResult) -> dict[str, Any]:
    covered = [r for r in result.rule_ids if r in result.stats.rules]
    extra = sorted(result.stats.rules - set(result.rule_ids))
    return {
        "actions": dict(result.stats.actions),
        "rules": {"total": len(result.rule_ids), "covered": covered + extra,
                  "uncovered": [r for r in result.rule_ids if r not in result.stats.rules]},
    }


def statistics(stats: Stats) -> dict[str, Any]:
    return {
        "generated": stats.generated,
        "distinct": stats.distinct,
        "max_depth": stats.max_depth,
        "seconds": round(stats.seconds, 3),
        "states_per_second": round(stats.states_per_second, 1),
        "queue": stats.queue,
        "max_queue": stats.max_queue,
        "cut_by_depth": stats.cut_by_depth,
        "cut_by_bound": stats.cut_by_bound,
        "terminal": stats.terminal,
        "walks": stats.walks,
    }


def step_json(number: int, step: TraceStep) -> dict[str, Any]:
    return {"step": number, "event": step.event.to_json(),
            "changes": {k: [thaw(a), thaw(b)] for k, (a, b) in step.changes.items()}}


def counterexample_json(found: Counterexample) -> dict[str, Any]:
    return {
        "kind": found.kind,
        "name": found.name,
        "message": found.message,
        "player": found.player,
        "depth": found.depth,
        "log": str(found.log) if found.log is not None else None,
        "check": found.claims,
        "trace": [step_json(i, s) for i, s in enumerate(found.steps, start=1)],
    }


def to_json(result: ExploreResult) -> dict[str, Any]:
    found = result.counterexample
    return {
        "game": result.game,
        "players": list(result.players),
        "strategy": result.strategy,
        "from": result.origin,
        "result": "violation" if found is not None else "ok",
        "stopped": result.stopped,
        "limits": {"depth": result.depth_limit, "max_states": result.max_states,
                   "bound": result.bound, "seed": result.seed},
        "invariants": result.checked,
        "statistics": statistics(result.stats),
        "coverage": coverage(result),
        "counterexample": counterexample_json(found) if found is not None else None,
    }


def trace_lines(steps: list[TraceStep]) -> list[str]:
    """One line per event, then what it changed (quantities before → after)."""
    width = len(str(len(steps)))
    lines: list[str] = []
    for number, step in enumerate(steps, start=1):
        lines.append(f"  {number:>{width}}  {step.event}")
        if step.changes:
            diff = " · ".join(f"{k} {_value(a)} → {_value(b)}"
                              for k, (a, b) in step.changes.items())
            lines.append(f"  {'':>{width}}     {diff}")
    return lines


def text_lines(result: ExploreResult) -> list[str]:
    stats = result.stats
    players = ", ".join(result.players)
    lines = [f"referee explore {result.game}: {len(result.players)} players ({players}), "
             f"{STRATEGY_NAMES[result.strategy]} {origin_text(result)}"]
    if result.depth_limit is not None:
        depth = f"depth {result.depth_limit}"
    elif result.strategy == "random":
        depth = f"walks of at most {_n(DEFAULT_WALK_DEPTH)} events"
    else:
        depth = "depth unlimited"
    limits = [depth, f"max states {_n(result.max_states) if result.max_states else 'unlimited'}"]
    if result.bound:
        limits.append(f"bound {result.bound}")
    if result.seed is not None:
        limits.append(f"seed {result.seed}")
    lines.append("limits: " + ", ".join(limits))
    lines.append("invariants: " + ("; ".join(result.checked) if result.checked else "none"))
    found = result.counterexample
    if found is not None:
        lines.append("")
        lines.append(f"VIOLATION ({found.kind}) at depth {found.depth}: {found.message}")
        lines.append(f"trace ({len(found.steps)} events{_prefix_note(result)}):")
        lines.extend(trace_lines(found.steps))
        lines.append(f"offending values: {json.dumps(found.claims, ensure_ascii=False)}")
        if found.log is not None:
            lines.append(f"counterexample log: {found.log}")
    lines.append("")
    lines.append(f"states: {_n(stats.distinct)} distinct, {_n(stats.generated)} generated, "
                 f"max depth {stats.max_depth}, {stats.seconds:.2f} s "
                 f"({_n(round(stats.states_per_second))} distinct states/s)")
    if result.strategy == "random":
        lines.append(f"walks: {_n(stats.walks)}; ended at the game's end {_n(stats.terminal)}, "
                     f"at the depth limit {_n(stats.cut_by_depth)}, "
                     f"by the bound {_n(stats.cut_by_bound)}")
    else:
        lines.append(f"queue: {_n(stats.queue)} left (largest {_n(stats.max_queue)}); "
                     f"not expanded: {_n(stats.cut_by_depth)} at the depth limit, "
                     f"{_n(stats.cut_by_bound)} out of bound; {_n(stats.terminal)} game ends")
    lines.append(f"search: {STOPPED_TEXT[result.stopped]}")
    cov = coverage(result)
    actions = " · ".join(f"{k} {_n(v)}" for k, v in cov["actions"].items())
    lines.append(f"coverage by action: {actions or 'none'}")
    rules = cov["rules"]
    uncovered = rules["uncovered"]
    shown = ", ".join(uncovered[:UNCOVERED_SHOWN])
    if len(uncovered) > UNCOVERED_SHOWN:
        shown += f" and {len(uncovered) - UNCOVERED_SHOWN} more (all in --format json)"
    lines.append(f"coverage by rule: {len(rules['covered'])} of {rules['total']}"
                 + (f"; not exercised: {shown}" if uncovered else ""))
    lines.append("result: " + ("counterexample found" if found is not None else "no violation"))
    return lines


def _prefix_note(result: ExploreResult) -> str:
    if result.origin in ("setup", "position"):
        return ""
    return f", after the events of {result.origin}"


def write_text(result: ExploreResult, out: IO[str]) -> None:
    out.write("\n".join(text_lines(result)) + "\n")


# --------------------------------------------------------------------------- progress


@contextmanager
def live_progress(enabled: bool | None = None, max_states: int | None = None,
                  depth: int | None = None, console: Any = None) -> Iterator[Any]:
    """A callback that redraws the search figures on the terminal (standard error), with bars
    towards the search's totals: distinct states of ``max_states`` and levels of ``depth``.

    Yields None, so the explorer does not report progress, when standard error is not a terminal
    (unless ``enabled`` forces it).
    """
    from rich.console import Console
    from rich.live import Live
    from rich.progress_bar import ProgressBar
    from rich.table import Table

    console = console or Console(stderr=True)

    def bar(done: int, total: int | None) -> Any:
        if total is None or total <= 0:
            return ""
        grid = Table.grid(padding=(0, 1))
        grid.add_row(ProgressBar(total=total, completed=min(done, total), width=30),
                     f"{_n(done)} of {_n(total)}")
        return grid
    if enabled is False or (enabled is None and not console.is_terminal):
        yield None
        return

    def table(stats: Stats) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column(justify="right")
        grid.add_row("distinct states", _n(stats.distinct))
        if max_states is not None:
            grid.add_row("of --max-states", bar(stats.distinct, max_states))
        if depth is not None:
            grid.add_row("of --depth", bar(stats.max_depth, depth))
        grid.add_row("generated", _n(stats.generated))
        grid.add_row("states / s", _n(round(stats.states_per_second)))
        grid.add_row("max depth", str(stats.max_depth))
        grid.add_row("queue", _n(stats.queue))
        grid.add_row("rules exercised", str(len(stats.rules)))
        grid.add_row("elapsed", f"{stats.seconds:.1f} s")
        return grid

    started = time.perf_counter()
    with Live(console=console, auto_refresh=False, transient=True) as live:
        def update(stats: Stats) -> None:
            if stats.seconds == 0:
                stats.seconds = time.perf_counter() - started
            live.update(table(stats), refresh=True)

        yield update
