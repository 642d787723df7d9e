"""Regressions from the fault campaign in finding logs: symbolic links are not followed out of
a searched folder (a file named on the command line is read)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import UsageError
from referee.replays.discover import check_paths, find_logs
from tests.logs import TAKE_ANN, nim_game, write

runner = CliRunner()

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")


@pytest.fixture
def tree(tmp_path: Path) -> dict[str, Path]:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = write(outside / "secret.jsonl", '{"this": "must not be quoted"}')
    write(outside / "deep.jsonl", *nim_game(TAKE_ANN))
    scanned = tmp_path / "scanned"
    (scanned / "sub").mkdir(parents=True)
    write(scanned / "own.jsonl", *nim_game(TAKE_ANN))
    (scanned / "link.jsonl").symlink_to(secret)
    (scanned / "linked-folder").symlink_to(outside, target_is_directory=True)
    (scanned / "sub" / "inside-link.jsonl").symlink_to(scanned / "own.jsonl")
    (scanned / "dangling.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    return {"scanned": scanned, "secret": secret, "outside": outside}


def test_symlinked_logs_pointing_out_of_a_scanned_folder_are_skipped_with_a_note(tree):
    notes: list[str] = []
    found = list(find_logs([tree["scanned"]], note=notes.append))
    assert found == [tree["scanned"] / "own.jsonl",
                     tree["scanned"] / "sub" / "inside-link.jsonl"]
    assert any("link.jsonl" in n and "outside" in n for n in notes)
    assert any("linked-folder" in n and "folder" in n for n in notes)


def test_symlinked_folders_are_not_entered_while_scanning(tree):
    found = list(find_logs([tree["scanned"]]))
    assert not any("linked-folder" in str(p) for p in found)


def test_follow_symlinks_reads_linked_logs_and_folders(tree):
    found = {p.name for p in find_logs([tree["scanned"]], follow_symlinks=True)}
    assert found == {"own.jsonl", "inside-link.jsonl", "link.jsonl", "secret.jsonl",
                     "deep.jsonl"}


def test_a_symlink_loop_is_entered_once(tmp_path):
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    found = list(find_logs([tmp_path], follow_symlinks=True))
    assert found == [tmp_path / "a.jsonl"]


def test_a_symlink_named_on_the_command_line_is_read(tree):
    link = tree["scanned"] / "link.jsonl"
    assert list(find_logs([link])) == [link]


def test_validate_does_not_quote_a_log_outside_the_scanned_folder(tree):
    result = runner.invoke(app, ["validate", str(tree["scanned"])])
    assert "must not be quoted" not in result.stdout
    assert "referee: note: skipped" in result.stderr
    assert result.exit_code == 0, result.output


def test_a_folder_with_only_links_outside_it_is_a_usage_error(tmp_path, tree):
    only = tmp_path / "only"
    only.mkdir()
    (only / "l.jsonl").symlink_to(tree["secret"])
    with pytest.raises(UsageError, match=r"no \*\.jsonl logs found"):
        check_paths([only])
    result = runner.invoke(app, ["validate", str(only)])
    assert result.exit_code == 2
    assert "must not be quoted" not in result.output


def test_sorted_order_is_kept(tmp_path):
    for name in ("b.jsonl", "a/z.jsonl", "a.jsonl", "A/c.jsonl", "a/b/c.jsonl"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        write(tmp_path / name, *nim_game(TAKE_ANN))
    found = list(find_logs([tmp_path]))
    assert found == sorted(tmp_path.rglob("*.jsonl"))


@pytest.mark.parametrize("command", ["test", "coverage"])
def test_other_commands_skip_links_out_of_the_folder(tree, command):
    result = runner.invoke(app, [command, str(tree["scanned"])])
    assert "must not be quoted" not in result.output
    assert "referee: note: skipped" in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("command", ["validate", "test", "coverage", "graph"])
def test_a_named_pipe_on_the_command_line_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    extra = ["-o", str(tmp_path / "g.graphml")] if command == "graph" else []
    result = runner.invoke(app, [command, str(fifo), *extra])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: error: "), result.output
    assert "not a regular file" in lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_never_opened_for_a_blocking_read(tmp_path):
    from referee.checker.clarify_file import ClarificationFileError, load_file
    from referee.replays.validator import validate_file

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    (error,) = validate_file(fifo).errors
    assert (error.kind, error.rule) == ("syntax", "LOG-READ")
    assert "not a regular file" in error.message
    with pytest.raises(ClarificationFileError, match="not a regular file"):
        load_file(fifo)
    result = runner.invoke(app, ["clarify", str(fifo)])
    assert result.exit_code == 2 and "not a regular file" in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_in_a_searched_folder_is_passed_over(tmp_path):
    write(tmp_path / "own.jsonl", *nim_game(TAKE_ANN))
    os.mkfifo(tmp_path / "pipe.jsonl")
    assert [p.name for p in find_logs([tmp_path])] == ["own.jsonl"]
