"""Every catalogue entry cites its source, and what is quoted from a rulebook is in it.

A rule's source is ``rulebook: <heading>`` (each heading, before any parenthesis, occurs in the
rulebook text) or ``decision: <what and why>``. In the example clarification files, a comment
that speaks of the rulebook may quote it only word for word: every "quoted" passage of such a
comment occurs in that game's rulebook, whitespace normalised.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.games import get_game
from referee.replays.format_rules import FORMAT_RULES

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = Path(__file__).parent / "rulebooks"
EXAMPLES = sorted((ROOT / "checker" / "examples").glob("*.toml"))
GAMES = ["homesteaders", "pionjar", "colonists"]


def _normal(text: str) -> str:
    return " ".join(text.split())


def _rulebook(game: str) -> str:
    return _normal((RULEBOOKS / f"{game}.txt").read_text(encoding="utf-8"))


_COLONS: frozenset[str] = frozenset()  # headings with a colon of their own, none so far


def _headings(section: str) -> list[str]:
    cited = re.sub(r"\([^)]*\)", "", section.removeprefix("rulebook: "))
    out = []
    for part in cited.split(";"):
        if part.strip().startswith(("data: ", "decision: ")):
            continue  # where the numbers live, or what the project added to the rulebook's words
        part = re.sub(r"\s+\d+$", "", part.strip()).removeprefix("How to Play: ")
        if ": " in part and part not in _COLONS:
            # a heading and its subheadings, "Movement Rules: Markets, Range": each must occur
            head, subs = part.split(": ", 1)
            out.append(head)
            out.extend(re.sub(r"\s+[\d-]+$", "", sub.strip()) for sub in subs.split(","))
            continue
        out.append(part)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_cites_the_rulebook_or_a_decision(game):
    text = _rulebook(game)
    for rule in get_game(game).rules:
        assert rule.section.startswith(("rulebook: ", "decision: ")), (rule.id, rule.section)
        if rule.section.startswith("decision: "):
            assert len(rule.section) > len("decision: ") + 20, (rule.id, "says what and why")
            continue
        for heading in _headings(rule.section):
            assert heading and heading in text, (rule.id, heading)


def test_a_wholly_assumed_pionjar_rule_is_a_decision():
    for rule in get_game("pionjar").rules:
        if rule.text.startswith("Assumption:"):
            assert rule.section.startswith("decision: "), rule.id


def test_the_format_rules_cite_the_format():
    assert all(r.section.startswith("FORMAT.md") for r in FORMAT_RULES)


def _comment_blocks(path: Path) -> list[str]:
    blocks: list[list[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            blocks[-1].append(stripped.lstrip("#").strip())
        elif blocks[-1]:
            blocks.append([])
    return [" ".join(b) for b in blocks if b]


def _quotes_of_the_rulebook(path: Path) -> list[str]:
    return [q for block in _comment_blocks(path) if "rulebook" in block.lower()
            for q in re.findall(r'"([^"]+)"', block)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_files_quote_the_rulebook_word_for_word(path):
    game = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
    text = _rulebook(game)
    for quote in _quotes_of_the_rulebook(path):
        assert _normal(quote) in text, f"{path.name}: not in the {game} rulebook: {quote!r}"


def test_the_examples_do_quote_the_rulebook():
    quoted = {p.name: _quotes_of_the_rulebook(p) for p in EXAMPLES}
    assert len(quoted["start-player-faq.toml"]) == 2
    assert len(quoted["neutral-level.toml"]) == 2
    assert sum(map(len, quoted.values())) >= 7
