"""``referee simulate``: random legal games written as replay logs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import typer

from referee.commands.common import fail, game_options, option_option, user_errors
from referee.games import games_help, registration
from referee.model.core import RuleViolation, count_problem, datasets, seat_names
from referee.replays.simulate import simulate_game
from referee.replays.writer import header, write_log


def simulate(
    game: str = typer.Argument(..., help=f"The game to play ({games_help()}).",
                               show_default=False),
    players: int = typer.Option(3, "--players", "-p", help="Number of players."),
    games: int = typer.Option(1, "--games", "-n", min=1, max=1_000_000,
                              help="Number of games to write."),
    seed: int = typer.Option(0, "--seed", "-s", help="Random seed: the same seed writes the same "
                             "files."),
    out: Path = typer.Option(Path("simulated"), "--out", "-o", help="Folder for the logs."),
    data: Path | None = typer.Option(None, "--data", show_default=False,
                                     help="A folder of data files to play with instead of "
                                     "the bundled default data set (games with data sets)."),
    option: list[str] = option_option("of the logs' header"),
) -> None:
    """Play random legal games with a sensible policy and write them as logs, with check lines
    along the way and a final line; `referee validate` reports them valid."""
    from rich.progress import Progress

    with user_errors():
        record = registration(game)
        model = record.game()
        problem = count_problem(players, model.min_players, model.max_players, model.title)
        if problem is not None:
            raise fail(problem)
        if record.policy is None:
            raise fail(f"{model.title} has no simulator")
        options = game_options(option)
        if data is not None:
            options["data"] = datasets.allow(data)
        names = seat_names(players)
        try:
            model.new_state(names, options)
        except RuleViolation as exc:
            raise fail(exc.violation.message) from None
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise fail(f"cannot create {out}: {exc.strerror or exc}") from None
        with Progress(disable=not sys.stderr.isatty() or games < 20, transient=True) as progress:
            task = progress.add_task(f"simulating {games} {model.title} games", total=games)
            for index in range(games):
                rng = random.Random(seed * 1_000_003 + index)
                events = simulate_game(record, names, rng, options or None)
                head = header(game, names, options,
                              meta={"generator": "referee simulate", "seed": seed,
                                    "game": index})
                write_log(out / f"{game}-{players}p-s{seed}-{index:05d}.jsonl", head, events)
                progress.advance(task)
    seats = "1 player" if players == 1 else f"{players} players"
    typer.echo(f"wrote {games} {model.title} game{'' if games == 1 else 's'} for {seats} to {out}")


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
