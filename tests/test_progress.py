"""Progress bars: drawn with a total on a terminal, nothing when standard error is not one."""

from __future__ import annotations

import io

from typer.testing import CliRunner

from referee.cli import app
from referee.replays import parallel
from tests.logs import TAKE_ANN, nim_game, write


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_shows_the_total(tmp_path):
    for i in range(3):
        write(tmp_path / f"g{i}.jsonl", *nim_game(TAKE_ANN))
    stream = Terminal()
    progress = parallel.Progress(True, delay=0.0, stream=stream, total=3)
    with progress:
        for report in parallel.iter_reports(sorted(tmp_path.glob("*.jsonl")), workers=1):
            progress.advance(report)
        task = progress._bar.tasks[0]
        assert (task.total, task.completed) == (3, 3)
    assert "3/3" in stream.getvalue()


def test_nothing_on_a_pipe(tmp_path):
    write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN))
    result = CliRunner().invoke(app, ["validate", str(tmp_path), "-o", str(tmp_path / "r.txt")])
    assert result.exit_code == 0 and result.stderr == ""
