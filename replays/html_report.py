"""The HTML report (``validate --format html``): one self-contained page for a corpus.

Each game gets its errors at their lines, the path of play to the first error, the final scores
with their parts, and charts drawn by plotly (its JavaScript embedded once, so the page works
offline): each player's score over the game, and the game's main resources (the registration's
``resources``, else every per-player integer observable). The series are read from the game's
observables while the log is replayed a second time here, so nothing is game-specific.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import IO, Any

from referee.errors import UsageError
from referee.games import registration
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, iter_lines
from referee.replays.report import Reporter, first_stop
from referee.replays.validator import FileReport, Replay

INSTALL_HINT = ("--format html needs plotly: pip install 'referee[report]'")
MAX_CHARTED = 200
"""Games charted in one report; the later ones still get their errors and scores."""
MAX_POINTS = 2000
"""Points per series: longer games are sampled evenly (their last point always kept)."""


def available() -> bool:
    try:
        import plotly  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class Series:
    """Observed values along one log: x = the line numbers, then per player per quantity."""

    lines: list[int] = field(default_factory=list)
    score: dict[str, list[int]] = field(default_factory=dict)
    values: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # quantity -> player
    parts: dict[str, dict[str, int]] | None = None  # final score parts, when the game ended


def collect(path: str, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> Series | None:
    """Replay ``path`` and read the score and resources after every accepted game event; None
    when the log has no readable header."""
    replay = Replay(path)
    series = Series()
    quantities: list[str] = []
    events = 0
    try:
        with open(path, "rb") as stream:
            for raw in iter_lines(stream, max_line_bytes):
                replay.feed(raw)
                if replay.stopped or replay.game is None:
                    break
                if not quantities:
                    quantities = _quantities(replay)
                    series.values = {q: {p: [] for p in replay.state.players} for q in quantities}
                    series.score = {p: [] for p in replay.state.players}
                if len(replay.branch) == events and series.lines:
                    continue  # not a new game event (check, final), or refused
                events = len(replay.branch)
                _point(replay, series, raw.number, quantities)
    except OSError:
        return None
    if replay.game is None:
        return None
    if not replay.stopped and replay.game.is_over(replay.state):
        series.parts = {p: dict(s.parts) for p, s in replay.game.score(replay.state).items()}
    return _sampled(series)


def _quantities(replay: Replay) -> list[str]:
    table = replay.game.observables
    wanted = registration(replay.report.game or "").resources
    ints = [n for n, q in table.player.items() if q.kind == "int" and n != "score"]
    return [n for n in wanted if n in table.player] if wanted else ints


def _point(replay: Replay, series: Series, line: int, quantities: list[str]) -> None:
    game, state = replay.game, replay.state
    series.lines.append(line)
    table = game.observables
    has_score = "score" in table.player
    totals = None if has_score else game.score(state)
    for player in state.players:
        got = table.values(state, player, [*quantities, *(["score"] if has_score else [])])
        series.score[player].append(int(got["score"]) if has_score
                                    else totals[player].total)  # type: ignore[index]
        for q in quantities:
            series.values[q][player].append(int(got[q]))


def _sampled(series: Series) -> Series:
    n = len(series.lines)
    if n <= MAX_POINTS:
        return series
    keep = sorted({round(i * (n - 1) / (MAX_POINTS - 1)) for i in range(MAX_POINTS)})
    pick = lambda values: [values[i] for i in keep]  # noqa: E731
    return Series(pick(series.lines), {p: pick(v) for p, v in series.score.items()},
                  {q: {p: pick(v) for p, v in per.items()} for q, per in series.values.items()},
                  series.parts)


# --------------------------------------------------------------------------- the page

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}
h1{font-size:1.5em} h3{font-size:1em;font-weight:normal;color:#444;margin:1em 0 0}
h2{font-size:1.15em;margin-top:2em;border-top:1px solid #ccc;padding-top:1em}
.valid{color:#1a7f37} .invalid{color:#cf222e} .dim{color:#777}
table{border-collapse:collapse;margin:.5em 0} td,th{border:1px solid #ddd;padding:2px 8px;
text-align:right} th:first-child,td:first-child{text-align:left}
pre{background:#f6f8fa;padding:.5em;overflow-x:auto;font-size:.85em}
.error{margin:.3em 0} .rule{font-family:monospace;font-weight:bold}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _figures(series: Series) -> list[tuple[str, Any]]:
    import plotly.graph_objects as go

    score = go.Figure(layout={"height": 320,
                              "xaxis": {"title": "line"}, "yaxis": {"title": "score"},
                              "margin": {"t": 20, "b": 40}})
    for player, values in series.score.items():
        score.add_scatter(x=series.lines, y=values, mode="lines", name=player,
                          line={"shape": "hv"})
    figures = [("score by line", score)]
    if series.values:
        resources = go.Figure(layout={"height": 360, "xaxis": {"title": "line"},
                                      "margin": {"t": 60, "b": 40}})
        names = list(series.values)
        players = list(series.score)
        for i, q in enumerate(names):
            for player in players:
                resources.add_scatter(x=series.lines, y=series.values[q][player],
                                      mode="lines", name=f"{player} {q}", visible=i == 0,
                                      line={"shape": "hv"})
        buttons = [{"label": q, "method": "update",
                    "args": [{"visible": [j // len(players) == i
                                          for j in range(len(names) * len(players))]},
                             {"yaxis": {"title": q}}]} for i, q in enumerate(names)]
        resources.update_layout(updatemenus=[{"buttons": buttons, "direction": "right",
                                              "type": "buttons", "x": 0, "y": 1.04,
                                              "yanchor": "bottom",
                                              "xanchor": "left", "showactive": True}],
                                yaxis={"title": names[0]})
        figures.append(("resources by line (a button per resource)", resources))
    return figures


class HtmlReporter(Reporter):
    """Streams the page: the head (with plotly.js) at ``begin``, a section per file, the
    summary at ``end``."""

    def __init__(self, out: IO[str], max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        if not available():
            raise UsageError(INSTALL_HINT)
        super().__init__(out)
        self.max_line_bytes = max_line_bytes
        self._charted = 0

    def begin(self) -> None:
        from plotly.offline import get_plotlyjs

        self.out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                       "<title>referee validation report</title>"
                       f"<style>{_STYLE}</style>\n<script>{get_plotlyjs()}</script>\n"
                       "</head><body>\n<h1>referee validation report</h1>\n")

    def file(self, report: FileReport) -> None:
        super().file(report)
        n = self.files
        verdict = ("valid", "✓ valid") if report.valid else ("invalid", "✗ invalid")
        state = "complete" if report.complete else "partial"
        w = self.out.write
        w(f"<section id=\"game-{n}\"><h2><span class=\"{verdict[0]}\">{verdict[1]}</span> "
          f"{_e(report.path)} <span class=\"dim\">({_e(report.game or 'unknown game')}, "
          f"{report.events} events, {state})</span></h2>\n")
        for error in report.errors:
            who = f" {_e(error.player)}:" if error.player else ""
            after = " <span class=\"dim\">(after an earlier error)</span>" \
                if error.after_error else ""
            w(f"<div class=\"error\">line {error.line} <span class=\"rule\">[{_e(error.kind)} "
              f"{_e(error.rule or '')}]</span>{who} {_e(error.message)}{after}</div>\n")
            if error.text:
                w(f"<pre>{error.line:>5} | {_e(error.text[:400])}</pre>\n")
        if report.trail:
            steps = "\n".join(f"{s.line:>5} {_e(s.event)}" for s in report.trail)
            w(f"<details><summary>path from the start to line {first_stop(report).line} "
              f"({len(report.trail)} events)</summary><pre>{steps}</pre></details>\n")
        series = None
        if self._charted < MAX_CHARTED and report.game is not None:
            series = collect(report.path, self.max_line_bytes)
        if series is not None and series.parts is not None and report.scores is not None:
            self._scores(report, series.parts)
        elif report.scores is not None:
            w("<p>scores: " + _e(", ".join(f"{p} {s}" for p, s in report.scores.items()))
              + "</p>\n")
        if series is not None and series.lines:
            self._charted += 1
            for i, (title, figure) in enumerate(_figures(series)):
                w(f"<h3>{_e(title)}</h3>\n")
                w(figure.to_html(full_html=False, include_plotlyjs=False,
                                 div_id=f"chart-{n}-{i}", config={"displaylogo": False}))
                w("\n")
        w("</section>\n")

    def _scores(self, report: FileReport, parts: dict[str, dict[str, int]]) -> None:
        names = list(next(iter(parts.values()), {}))
        winners = set(report.winners or [])
        rows = "".join(
            f"<tr><td>{_e(p)}{' (winner)' if p in winners else ''}</td>"
            + "".join(f"<td>{v.get(k, 0)}</td>" for k in names)
            + f"<td><b>{(report.scores or {}).get(p, sum(v.values()))}</b></td></tr>"
            for p, v in parts.items())
        head = "".join(f"<th>{_e(k)}</th>" for k in names)
        self.out.write(f"<table class=\"scores\"><tr><th>player</th>{head}<th>total</th></tr>"
                       f"{rows}</table>\n")

    def end(self) -> None:
        s = self.summary
        cls = "valid" if s["invalid"] == 0 else "invalid"
        self.out.write(f"<h2 class=\"{cls}\" id=\"summary\">{s['files']} file(s): {s['valid']} "
                       f"valid, {s['invalid']} invalid; {s['events']} events</h2>\n"
                       f"<script>document.body.dataset.summary = {json.dumps(json.dumps(s))};"
                       "</script>\n</body></html>\n")
