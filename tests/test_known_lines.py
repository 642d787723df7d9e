"""The logs of one run share the lines they have in common (replays/known.py): a line met in an
earlier log with the same header is played from its kept event, and the reports are exactly
those of each log validated alone."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from referee.games import registration
from referee.model.core import Action
from referee.replays import parallel
from referee.replays.envelope import Header
from referee.replays.known import LINE_BYTES, KnownLines, header_key
from referee.replays.parallel import iter_reports
from referee.replays.validator import validate_file
from tests.logs import NIM_HEADER, TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

ROOT = Path(__file__).resolve().parent.parent
TREE_LOGS = sorted([*(ROOT / "replays" / "examples").glob("*.jsonl"),
                    *(ROOT / "tests" / "golden").rglob("*.jsonl")])


def _header(players: tuple[str, ...] = ("Ann", "Bo"), **options: object) -> Header:
    game = registration("nim").game()
    return Header("nim", players, dict(options or {"piles": [1, 2]}), None, {}, game)


def test_tree_logs_shuffled_report_as_alone() -> None:
    """Every example and golden log, in a shuffled order with one store for the run: each
    report (verdict, errors with their lines, kinds, rules and messages, scores) is the one
    the log gives alone."""
    assert len(TREE_LOGS) > 500
    order = list(TREE_LOGS)
    random.Random(7).shuffle(order)
    known = KnownLines()
    for path in order:
        shared = validate_file(path, known_lines=known)
        alone = validate_file(path)
        assert shared.to_json() == alone.to_json(), path.name
        assert shared.undos == alone.undos


def test_a_run_keeps_one_store_per_header(tmp_path: Path) -> None:
    known = KnownLines()
    first = write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST))
    assert validate_file(first, known_lines=known).valid
    store, room = known.lines_for(_header())
    # the three takes are kept (the chance and the phase line too), for the next log
    assert len(store) == 5
    assert room == known.per_header - 5
    other, _ = known.lines_for(_header(("Ann", "Cy")))
    assert other == {} and other is not store


def test_a_line_kept_for_other_players_is_read_again(tmp_path: Path) -> None:
    """Bo's take is kept for the logs of Ann and Bo; a log of Ann and Cy with the same line
    is refused it (an unknown player), as alone."""
    known = KnownLines()
    assert validate_file(write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN, TAKE_BO)),
                         known_lines=known).valid
    header = dict(NIM_HEADER, players=["Ann", "Cy"])
    bad = write(tmp_path / "b.jsonl", *nim_game(TAKE_ANN, TAKE_BO, header=header))
    shared = validate_file(bad, known_lines=known)
    assert not shared.valid
    assert shared.to_json() == validate_file(bad).to_json()
    assert [(e.line, e.kind) for e in shared.errors] == [(5, "schema")]


def test_a_line_kept_for_other_options_is_checked_again(tmp_path: Path) -> None:
    known = KnownLines()
    assert validate_file(write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN, TAKE_BO)),
                         known_lines=known).valid
    header = dict(NIM_HEADER, options={"piles": [1]})
    bad = write(tmp_path / "b.jsonl", *nim_game(TAKE_ANN, TAKE_BO, header=header))
    shared = validate_file(bad, known_lines=known)
    assert not shared.valid
    assert shared.to_json() == validate_file(bad).to_json()


def test_the_limits_of_the_store() -> None:
    known = KnownLines(per_header=3, total=5, headers=2)
    store, room = known.lines_for(_header())
    assert room == 3
    store.update({b"a": None, b"b": None, b"c": None})  # type: ignore[dict-item]
    assert known.lines_for(_header())[1] == 0
    second, room = known.lines_for(_header(("Ann", "Cy")))
    assert second == {}
    assert room == 2  # what the total leaves
    third, room = known.lines_for(_header(("Ann", "Di")))
    assert room == 3 and third == {}
    third[b"x"] = None  # type: ignore[assignment]
    # a header past the limit keeps its own lines: the next log of it starts empty
    assert known.lines_for(_header(("Ann", "Di")))[0] == {}


def test_a_header_that_is_not_json_is_never_shared() -> None:
    header = _header(piles={1, 2})
    assert header_key(header) is None
    known = KnownLines()
    store, room = known.lines_for(header)
    assert store == {} and room == known.per_header
    assert known.lines_for(header)[0] is not store


def test_the_key_names_game_players_options_and_position() -> None:
    base = header_key(_header())
    assert base is not None
    assert header_key(_header()) == base
    assert header_key(_header(("Bo", "Ann"))) != base
    assert header_key(_header(piles=[2, 1])) != base
    with_position = _header()
    with_position.position = {"piles": [1, 2]}
    assert header_key(with_position) != base


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_reports_as_the_logs_alone(workers: int) -> None:
    """``iter_reports`` (what ``referee validate`` runs), one process or a pool: the reports
    of the tree's logs, in order, are those of each log alone."""
    logs = TREE_LOGS[::3]
    run = list(iter_reports(logs, workers=workers, chunk_size=16))
    assert [r.path for r in run] == [str(p) for p in logs]
    for report, path in zip(run, logs, strict=True):
        assert report.to_json() == validate_file(path, label=str(path)).to_json(), path.name


def test_the_colonists_play_a_line_met_again_in_full() -> None:
    """The Colonists check a move against the board (their own ``check``): a line met again
    must be checked in full, never by the move table's quick path that skips the move's
    ``validate``."""
    game = registration("colonists").game()
    step, again = game.steps()
    assert not game._plain_protocol
    event = Action("Ann", "move", ())
    assert again(event) == step


def test_a_pool_worker_keeps_its_store_across_chunks(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """A worker of a run's pool (``_worker_start`` sets its store) shares lines between the
    chunks it is given; a chunk validated anywhere else has a store of its own."""
    logs = [write(tmp_path / f"{i}.jsonl", *nim_game(TAKE_ANN, TAKE_BO)) for i in range(2)]
    items = list(parallel.as_items(logs))
    previous = signal.getsignal(signal.SIGINT)
    parallel._worker_start({"games": {}, "data": {}})
    try:
        store = parallel._RUN_KNOWN
        assert store is not None
        first = parallel.validate_chunk(items[:1])
        kept = len(store.lines_for(_header())[0])
        assert kept == 4
        second = parallel.validate_chunk(items[1:])
        assert len(store.lines_for(_header())[0]) == kept
        assert [r.valid for r in first + second] == [True, True]
    finally:
        monkeypatch.setattr(parallel, "_RUN_KNOWN", None)
        signal.signal(signal.SIGINT, previous)
    alone = KnownLines()
    monkeypatch.setattr(parallel, "KnownLines", lambda: alone)
    parallel.validate_chunk(items[:1])
    assert len(alone.lines_for(_header())[0]) == 4


def test_a_long_line_is_never_kept(tmp_path: Path) -> None:
    """A plain event padded with blanks past ``LINE_BYTES`` is valid and read each time it
    comes, never kept (a store of such lines would hold megabytes a line)."""
    padded = '{"player": "Ann", "action": "take", "pile": 1,' + " " * LINE_BYTES + '"count": 1}'
    path = write(tmp_path / "a.jsonl", *nim_game(padded, TAKE_BO, TAKE_ANN_LAST))
    known = KnownLines()
    shared = validate_file(path, known_lines=known)
    assert shared.valid and shared.complete is False
    assert shared.to_json() == validate_file(path).to_json()
    store, _ = known.lines_for(_header())
    assert store and all(len(line) <= LINE_BYTES for line in store)
    assert not any(line.startswith(b'{"player": "Ann", "action": "take", "pile": 1,')
                   for line in store)
