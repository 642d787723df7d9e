"""``referee explore``: search a game's reachable states for a broken invariant."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from referee.commands.common import (
    TextOrJson,
    allow_data,
    data_option,
    fail,
    game_options,
    option_option,
    user_errors,
)
from referee.display import json_text, visible_lines, writable
from referee.games import games_help
from referee.model.core import DEFAULT_SEATS


class Strategy(StrEnum):
    bfs = "bfs"
    dfs = "dfs"
    random = "random"


def explore(
    game: str = typer.Argument(..., help=f"The game to explore ({games_help()}).",
                               show_default=False),
    players: int = typer.Option(2, "--players", "-p", min=1,
                                help=f"Number of players (named {', '.join(DEFAULT_SEATS)}"
                                "). Ignored with --from, which takes the log's players."),
    strategy: Strategy = typer.Option(Strategy.bfs, "--strategy", "-s",
                                      help="bfs: breadth-first, shortest counterexamples; dfs: "
                                      "depth-first; random: seeded random walks, chance "
                                      "sampled by its probabilities."),
    depth: int | None = typer.Option(None, "--depth", "-d", min=0, show_default=False,
                                     help="Expand states only up to this many events from the "
                                     "start (states at the limit are still checked). Default: "
                                     "unlimited (random: walks of at most 1000 events)."),
    max_states: int = typer.Option(1_000_000, "--max-states", "-n", min=1,
                                   help="Stop after this many distinct states (random: this "
                                   "many events over all walks)."),
    seed: int = typer.Option(0, "--seed", help="Random seed of --strategy random."),
    from_log: str | None = typer.Option(None, "--from", metavar="LOG[:LINE]",
                                        show_default=False,
                                        help="Start from the state a replay log reaches after "
                                        "LINE (or at its end); counterexamples then carry the "
                                        "log's header and events first."),
    invariant: list[str] = typer.Option([], "--invariant", "-i", metavar="EXPR",
                                        show_default=False,
                                        help="A condition that must hold in every state, for "
                                        "every player (repeatable), e.g. \"debt <= 1\". Symbols: "
                                        "the game's quantities (see docs/explore.md)."),
    bound: list[str] = typer.Option([], "--bound", "-b", metavar="EXPR", show_default=False,
                                    help="State constraint, e.g. \"round <= 2\": states "
                                    "breaking it (for any player) are checked but not "
                                    "expanded. Repeatable: every bound applies."),
    out: Path | None = typer.Option(None, "--out", "-o", metavar="DIR", show_default=False,
                                    help="Write the counterexample as a replay log into DIR."),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f",
                                   help="Report format: text, or json with the same figures."),
    data: list[Path] | None = data_option(),
    option: list[str] = option_option("of the start from the setup (not with --from, which "
                                      "takes the log's header)"),
) -> None:
    """Explore the reachable states of a game and check invariants on every one (after TLC).

    The game's own invariant suite is always checked. Exit status: 0 when no violation is found,
    1 when a counterexample is found, 2 for a usage error.
    """
    from referee.checker.explore_report import live_progress, text_lines, to_json
    from referee.checker.explorer import (
        ExploreConfig,
        Explorer,
        compile_predicate,
        player_names,
        start_from_log,
        start_from_setup,
        write_counterexample,
    )
    from referee.games import get_game

    allow_data(data)
    with user_errors():
        options = game_options(option)
        if from_log is not None:
            if options:
                raise fail("--option sets the options of a start from the setup; with --from "
                           "the log's header gives them")
            start = start_from_log(from_log)
            if start.game.name != game:
                raise fail(f"--from {from_log!r} is a {start.game.name} log, not {game}")
        else:
            start = start_from_setup(get_game(game), player_names(get_game(game), players),
                                     options)
        predicates = [compile_predicate(text, start.game) for text in invariant]
        for text in bound:  # each on its own first, so that an error names the bound it is in
            compile_predicate(text, start.game, "--bound")
        # a state is within the bounds when it is within each, for every player: one conjunction
        combined = " and ".join(f"({text})" for text in bound) if len(bound) > 1 else (
            bound[0] if bound else None)
        constraint = (compile_predicate(combined, start.game, "--bound")
                      if combined is not None else None)
        if out is not None and out.exists() and not out.is_dir():
            raise fail(f"--out {str(out)!r} is not a folder")
    with live_progress(max_states=max_states, depth=depth) as progress:
        config = ExploreConfig(strategy=strategy.value, depth=depth, max_states=max_states,
                               seed=seed, invariants=predicates, bound=constraint,
                               progress=progress)
        result = Explorer(start, config).run()
    if result.counterexample is not None and out is not None:
        try:
            write_counterexample(result, start, out)
        except OSError as exc:
            raise fail(f"cannot write the counterexample into {out}: {exc.strerror or exc}",
                       ) from None
    stream = writable(sys.stdout)
    if fmt is TextOrJson.json:
        stream.write(json_text(to_json(result), stream, indent=2) + "\n")
    else:
        # invariants, player names and events may come from the user: shown with escapes
        stream.write(visible_lines("\n".join(text_lines(result))) + "\n")
    if result.stopped == "interrupted":
        raise typer.Exit(130)
    raise typer.Exit(1 if result.counterexample is not None else 0)


def register(app: typer.Typer) -> None:
    app.command("explore")(explore)
