"""Text nested to the interpreter's recursion limit is parsed with the garbage collector paused:
a collection at that depth would run Z3's finalizers with no stack left, and they would print
"Exception ignored" tracebacks (found by the fault campaign)."""

from __future__ import annotations

import gc
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.checker.expr import ExpressionError, parse_expression
from referee.model.core.deep import collector_paused
from referee.model.core.tomlfile import TomlFileError, read_toml
from referee.pytest_plugin import _is_log

ROOM = 60
"""Frames a finalizer may need (Z3's release its terms through ctypes)."""


def _probe(n: int) -> int:
    return 0 if n == 0 else 1 + _probe(n - 1)


def _no_room() -> bool:
    """Whether the stack, Python frames and C recursion alike, is within ROOM of the limit."""
    try:
        _probe(ROOM)
    except RecursionError:
        return True
    return False


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The collections that start with no room left on the stack while a test runs (their
    generations), with a threshold that makes every allocation start one if the collector is
    running."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and _no_room():
            seen.append(info["generation"])

    threshold = gc.get_threshold()
    gc.collect()
    gc.callbacks.append(record)
    gc.set_threshold(1)
    try:
        yield seen
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(record)


def test_a_deeply_nested_toml_file_is_refused_without_a_collection(
        tmp_path: Path, collections: list[int]) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(TomlFileError, match="nested too deeply"):
        read_toml(path)
    assert collections == []


def test_a_deeply_nested_expression_is_refused_without_a_collection(
        collections: list[int]) -> None:
    with pytest.raises(ExpressionError, match="too deeply nested"):
        parse_expression("-" * 3990 + "1", {})
    assert collections == []


def test_a_deeply_nested_header_is_not_taken_for_a_log(
        tmp_path: Path, collections: list[int]) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert not _is_log(path)
    assert collections == []


def test_the_collector_runs_again_after_the_parse() -> None:
    with collector_paused():
        assert not gc.isenabled()
        json.loads("[1]")
        tomllib.loads("a = 1")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()
