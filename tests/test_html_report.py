"""``validate --format html``: one self-contained page per corpus, its charts drawn by plotly;
loaded in a real headless browser where one is installed (``.ci/run`` installs Chromium)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.replays.html_report import collect
from tests.logs import TAKE_ANN, nim_game, write

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "replays" / "examples"
CORPUS = [EXAMPLES / "homesteaders-invalid-illegal.jsonl", EXAMPLES / "homesteaders-3p.jsonl",
          EXAMPLES / "pionjar-2p.jsonl"]
BROWSER = next((b for b in ("chromium", "chromium-browser", "google-chrome")
                if shutil.which(b)), None)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("html") / "report.html"
    result = runner.invoke(app, ["validate", *map(str, CORPUS), "-f", "html", "-o", str(out),
                                 "-j", "1"])
    assert result.exit_code == 1  # one log is invalid: the exit status of any report
    return out


def test_the_page_is_self_contained(page):
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    assert not re.search(r"<script[^>]+src=", text)  # plotly.js is in the page itself
    assert text.count("<section") == 3
    assert "line 13 <span class=\"rule\">[illegal HS-BID-RAISE]</span> Cy:" in text
    assert "path from the start to line 13" in text
    assert "(winner)" in text and "<th>chits</th>" in text  # the score parts of a finished game
    assert text.count('id="chart-') == 6  # score and resources for each game
    found = re.search(r"dataset.summary = (\".*?\");", text)
    assert found is not None
    assert json.loads(json.loads(found[1])) == {"files": 3, "valid": 2, "invalid": 1,
                                                "events": 12 + 179 + 366}


def test_names_from_the_log_are_escaped(tmp_path):
    header = {"format": "referee-replay", "version": 1, "game": "nim",
              "players": ["<b>Ann</b>", "Bo"], "options": {"piles": [1, 2]}}
    path = write(tmp_path / "x.jsonl", header, {"chance": "start_player", "player": "Bo"},
                 {"phase": "play"}, {"player": "<b>Ann</b>", "action": "take", "pile": 1,
                                     "count": 1})
    out = tmp_path / "r.html"
    assert runner.invoke(app, ["validate", str(path), "-f", "html", "-o", str(out)]).exit_code == 1
    assert "<b>Ann</b>" not in out.read_text() and "&lt;b&gt;Ann&lt;/b&gt;" in out.read_text()


def test_series_follow_the_observables(tmp_path):
    series = collect(str(write(tmp_path / "n.jsonl", *nim_game(TAKE_ANN))))
    assert series is not None and series.lines == [1, 2, 3, 4]
    assert set(series.values) == {"taken"} and series.values["taken"]["Ann"] == [0, 0, 0, 1]
    full = collect(str(EXAMPLES / "homesteaders-3p.jsonl"))
    assert full is not None and full.parts is not None
    assert list(full.values)[:2] == ["silver", "gold"]  # the registration's resources
    assert len(full.lines) == len(full.score["Ann"]) == len(full.values["silver"]["Cy"])


def _run(browser: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-dev-shm-usage", "--hide-scrollbars",
                           "--virtual-time-budget=15000", *args], capture_output=True,
                          text=True, timeout=180, check=False)


@pytest.mark.skipif(BROWSER is None, reason="no headless browser (chromium) on this machine; "
                    ".ci/run installs it")
def test_charts_render_in_a_browser(page, tmp_path):
    assert BROWSER is not None
    dom = _run(BROWSER, "--dump-dom", page.as_uri()).stdout
    # plotly draws each chart as SVG in the browser: the static page holds none
    assert 'class="main-svg"' not in page.read_text(encoding="utf-8")
    drawn = re.findall(r'<div id="chart-\d-\d"[^>]*class="[^"]*js-plotly-plot', dom)
    assert len(drawn) == 6
    assert dom.count('class="main-svg"') >= 6 and dom.count('class="js-line"') >= 6
    shot = tmp_path / "report.png"
    _run(BROWSER, "--window-size=1100,1500", f"--screenshot={shot}", page.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


def test_without_plotly_html_is_a_usage_error(monkeypatch, tmp_path):
    from referee.replays import html_report

    monkeypatch.setattr(html_report, "available", lambda: False)
    result = runner.invoke(app, ["validate", str(CORPUS[1]), "-f", "html",
                                 "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 2
    assert "pip install 'referee[report]'" in result.stderr
    assert not (tmp_path / "r.html").exists()
