"""Reports of a validation run: text (rich), JSON and JUnit XML, all written as files finish.

Reporters stream: ``begin()``, then ``file(report)`` per file in input order, then ``end()``; no
reporter keeps the per-file reports, so memory does not grow with the number of files.
"""

from __future__ import annotations

import json
from typing import IO, Any
from xml.sax.saxutils import escape, quoteattr

from rich.console import Console
from rich.markup import escape as rich_escape

from referee.replays.validator import FileReport

TRAIL_STEPS = 12


class Reporter:
    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.files = self.valid = self.events = 0

    def begin(self) -> None:
        pass

    def file(self, report: FileReport) -> None:
        self.files += 1
        self.valid += report.valid
        self.events += report.events

    def end(self) -> None:
        pass

    @property
    def summary(self) -> dict[str, int]:
        return {"files": self.files, "valid": self.valid, "invalid": self.files - self.valid,
                "events": self.events}


class JsonReporter(Reporter):
    """One JSON object, exactly the report of FORMAT.md §5, written incrementally."""

    def begin(self) -> None:
        self.out.write('{"files": [')

    def file(self, report: FileReport) -> None:
        if self.files:
            self.out.write(",")
        super().file(report)
        self.out.write("\n  " + json.dumps(report.to_json(), ensure_ascii=False))

    def end(self) -> None:
        self.out.write('\n],\n"summary": ' + json.dumps(self.summary) + "}\n")


class JunitReporter(Reporter):
    """JUnit XML, one test case per file; the totals go in a closing ``testsuites`` summary
    property, since streaming output cannot go back to fill in the opening tag."""

    def begin(self) -> None:
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="referee">\n'
                       '  <testsuite name="referee validate">\n')

    def file(self, report: FileReport) -> None:
        super().file(report)
        name = quoteattr(report.path)
        classname = quoteattr(f"referee.{report.game or 'unknown'}")
        self.out.write(f"    <testcase classname={classname} name={name}>\n")
        if not report.valid:
            first = report.errors[0]
            text = "\n".join(_error_line(e) for e in report.errors)
            self.out.write(f"      <failure type={quoteattr(first.kind)} "
                           f"message={quoteattr(_error_line(first))}>{escape(text)}</failure>\n")
        elif report.scores is not None:
            scores = ", ".join(f"{p} {s}" for p, s in report.scores.items())
            self.out.write(f"      <system-out>{escape('scores: ' + scores)}</system-out>\n")
        self.out.write("    </testcase>\n")

    def end(self) -> None:
        s = self.summary
        self.out.write(f"    <properties><property name=\"files\" value=\"{s['files']}\"/>"
                       f"<property name=\"invalid\" value=\"{s['invalid']}\"/>"
                       f"<property name=\"events\" value=\"{s['events']}\"/></properties>\n"
                       "  </testsuite>\n</testsuites>\n")


def _error_line(error: Any) -> str:
    who = f" {error.player}:" if error.player else ""
    rule = f" {error.rule}" if error.rule else ""
    return f"line {error.line} [{error.kind}{rule}]{who} {error.message}"


class TextReporter(Reporter):
    """Readable report: one line per valid file, details for invalid ones, a summary."""

    def __init__(self, out: IO[str], color: bool | None = None, verbose: bool = False) -> None:
        super().__init__(out)
        self.console = Console(file=out, highlight=False, soft_wrap=True,
                               force_terminal=color, no_color=color is False)
        self.verbose = verbose

    def file(self, report: FileReport) -> None:
        super().file(report)
        c = self.console
        path = rich_escape(report.path)
        game = f" ({report.game})" if report.game else ""
        if report.valid:
            state = "complete" if report.complete else "partial"
            line = f"[green]✓ valid[/] {path}{game}: {report.events} events, {state}"
            if report.scores is not None:
                line += "; " + rich_escape(_scores_text(report))
            c.print(line)
            return
        kinds = sorted({e.kind for e in report.errors})
        c.print(f"[red]✗ invalid[/] {path}{game}: {len(report.errors)} error(s) "
                f"({', '.join(kinds)}), {report.events} events read")
        for error in report.errors:
            c.print(f"  [bold]{rich_escape(_error_line(error))}[/]")
            if error.text:
                shown = error.text if len(error.text) <= 160 else error.text[:157] + "..."
                c.print(f"    [dim]{error.line:>5} |[/] {rich_escape(shown)}")
        if report.trail:
            steps = report.trail
            c.print(f"  path from the start to line {report.errors[-1].line} "
                    f"({len(steps)} events on this branch"
                    f"{', after ' + str(report.undos) + ' undo(s)' if report.undos else ''}):")
            if len(steps) > TRAIL_STEPS and not self.verbose:
                c.print(f"    [dim]... {len(steps) - TRAIL_STEPS} earlier events "
                        "(--verbose shows all; `referee graph` draws the whole tree)[/]")
                steps = steps[-TRAIL_STEPS:]
            for step in steps:
                c.print(f"    [dim]{step.line:>5}[/] {rich_escape(step.event)}")
        if report.scores is not None:
            c.print(f"  computed: {rich_escape(_scores_text(report))}")

    def end(self) -> None:
        s = self.summary
        color = "green" if s["invalid"] == 0 else "red"
        self.console.print(f"[{color}]{s['files']} file(s): {s['valid']} valid, "
                           f"{s['invalid']} invalid[/]; {s['events']} events")


def _scores_text(report: FileReport) -> str:
    assert report.scores is not None
    scores = ", ".join(f"{p} {s}" for p, s in report.scores.items())
    winners = ", ".join(report.winners or []) or "none"
    return f"scores {scores}; winners {winners}"


def make_reporter(fmt: str, out: IO[str], color: bool | None = None,
                  verbose: bool = False) -> Reporter:
    if fmt == "json":
        return JsonReporter(out)
    if fmt == "junit":
        return JunitReporter(out)
    return TextReporter(out, color=color, verbose=verbose)
