"""Reports of a validation run: text (rich), JSON and JUnit XML, all written as files finish.

Reporters stream: ``begin()``, then ``file(report)`` per file in input order, then ``end()``; no
reporter keeps the per-file reports, so memory does not grow with the number of files (the JUnit
reporter spools its test cases to a temporary file, to write the suite's totals before them).

Everything taken from the input (paths, names, messages, quoted lines) is shown through
:mod:`referee.display`: never parsed as rich markup, control characters and lone surrogates shown
as escapes, characters XML forbids replaced, and JSON kept valid on any stream.
"""

from __future__ import annotations

import datetime
import os
import shutil
import time
from typing import IO, TYPE_CHECKING, Any

from referee.display import json_text, utf8_stream, visible, writable, xml_text
from referee.replays.records import STOPPING_KINDS
from referee.replays.validator import FileReport

if TYPE_CHECKING:
    from rich.console import Console

TRAIL_STEPS = 12
SPOOL_BYTES = 1 << 20
"""JUnit test cases kept in memory before they are spooled to a temporary file."""


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
        self.out.write("\n  " + json_text(report.to_json(), self.out))

    def end(self) -> None:
        self.out.write('\n],\n"summary": ' + json_text(self.summary) + "}\n")


def _hostname() -> str:
    import socket

    return socket.gethostname()


def _seconds(value: float) -> str:
    return f"{max(value, 0.0):.3f}"


class JunitSuite:
    """One JUnit ``testsuite`` written as pytest writes it: the totals (``tests failures errors
    skipped time``) on the opening tag, a ``time`` on each ``testcase``. The cases are spooled
    (in memory up to :data:`SPOOL_BYTES`, then in a temporary file) until the totals are known,
    so memory stays bounded whatever the number of cases."""

    def __init__(self, out: IO[str], name: str) -> None:
        self.out = out
        self.name = name
        self.tests = self.failures = self.skipped = 0
        self.started = time.perf_counter()
        self.timestamp = datetime.datetime.now().astimezone().isoformat(timespec="milliseconds")
        self._ascii = not utf8_stream(out)
        import tempfile  # only the JUnit report needs it: kept out of the start-up

        # closed in close(), once its cases are copied into the report
        self._spool = tempfile.SpooledTemporaryFile(  # noqa: SIM115
            max_size=SPOOL_BYTES, mode="w+", encoding="utf-8", newline="")

    def case(self, classname: str, name: str, seconds: float, inner: str = "",
             failed: bool = False, skipped: bool = False) -> None:
        """One test case; ``inner`` is its XML content, already escaped."""
        from xml.sax.saxutils import quoteattr  # JUnit only: not at import time

        self.tests += 1
        self.failures += failed
        self.skipped += skipped
        head = (f"    <testcase classname={quoteattr(xml_text(classname))} "
                f"name={quoteattr(xml_text(name))} time=\"{_seconds(seconds)}\"")
        text = f"{head}>\n{inner}    </testcase>\n" if inner else f"{head}/>\n"
        if self._ascii:
            text = text.encode("ascii", "xmlcharrefreplace").decode("ascii")
        self._spool.write(text)

    def close(self, properties: dict[str, int] | None = None) -> None:
        from xml.sax.saxutils import quoteattr

        counts = (f'tests="{self.tests}" failures="{self.failures}" errors="0" '
                  f'skipped="{self.skipped}" '
                  f'time="{_seconds(time.perf_counter() - self.started)}"')
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                       f'<testsuites name="referee" {counts}>\n'
                       f'  <testsuite name={quoteattr(self.name)} {counts} '
                       f'timestamp="{self.timestamp}" '
                       f'hostname={quoteattr(xml_text(_hostname()))}>\n')
        if properties:
            self.out.write("    <properties>" + "".join(
                f'<property name={quoteattr(k)} value="{v}"/>' for k, v in properties.items())
                + "</properties>\n")
        self._spool.seek(0)
        shutil.copyfileobj(self._spool, self.out)
        self._spool.close()
        self.out.write("  </testsuite>\n</testsuites>\n")


def xml_element(tag: str, text: str, **attributes: str) -> str:
    """``<tag attr="...">text</tag>`` on its own line, everything escaped for XML 1.0."""
    from xml.sax.saxutils import escape, quoteattr

    attrs = "".join(f" {k}={quoteattr(xml_text(v))}" for k, v in attributes.items())
    # a carriage return as a reference: XML parsers would read a raw one as a newline
    return f"      <{tag}{attrs}>{escape(xml_text(text), {chr(13): '&#13;'})}</{tag}>\n"


class JunitReporter(Reporter):
    """JUnit XML, one test case per file (see :class:`JunitSuite`); the run's figures also go
    in the suite's ``properties``."""

    def __init__(self, out: IO[str]) -> None:
        super().__init__(out)
        self._suite: JunitSuite | None = None
        self._last = 0.0

    def begin(self) -> None:
        self._suite = JunitSuite(self.out, "referee validate")
        self._last = self._suite.started

    def file(self, report: FileReport) -> None:
        if self._suite is None:
            self.begin()
        assert self._suite is not None
        super().file(report)
        now = time.perf_counter()
        seconds = getattr(report, "seconds", None)
        spent = seconds if isinstance(seconds, float) else now - self._last
        self._last = now
        inner = ""
        if not report.valid:
            first = report.errors[0]
            inner = xml_element("failure", "\n".join(_error_line(e) for e in report.errors),
                                type=first.kind, message=_error_line(first))
        elif report.scores is not None:
            scores = ", ".join(f"{p} {s}" for p, s in report.scores.items())
            inner = xml_element("system-out", "scores: " + scores)
        self._suite.case(f"referee.{report.game or 'unknown'}", report.path, spent, inner,
                         failed=not report.valid)

    def end(self) -> None:
        if self._suite is None:
            self.begin()
        assert self._suite is not None
        s = self.summary
        self._suite.close({"files": s["files"], "invalid": s["invalid"],
                           "events": s["events"]})
        self._suite = None


def _error_line(error: Any) -> str:
    who = f" {error.player}:" if error.player else ""
    rule = f" {error.rule}" if error.rule else ""
    after = " (after an earlier error)" if getattr(error, "after_error", False) else ""
    return f"line {error.line} [{error.kind}{rule}]{who} {error.message}{after}"


def first_stop(report: FileReport) -> Any:
    """The error the path of play leads to: the first that stopped (or, with keep-going, was
    skipped), else the last."""
    return next((e for e in report.errors if e.kind in STOPPING_KINDS), report.errors[-1])


def plain_console(out: IO[str] | None = None, color: bool | None = None, **options: Any
                  ) -> Console:
    """A rich console that never reads markup or emoji codes in what it prints."""
    from rich.console import Console

    return Console(file=out, highlight=False, soft_wrap=True, markup=False, emoji=False,
                   force_terminal=color, no_color=color is False, **options)


def styled(out: IO[str], color: bool | None) -> bool:
    """Whether a rich console on ``out`` would write styles: what ``--color`` forces, else
    rich's own test of a terminal (``TTY_COMPATIBLE``, ``FORCE_COLOR``, then ``isatty``)."""
    if color is not None:
        return color
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    isatty = getattr(out, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except ValueError:
        return False


class TextReporter(Reporter):
    """Readable report: one line per valid file, details for invalid ones, a summary."""

    def __init__(self, out: IO[str], color: bool | None = None, verbose: bool = False) -> None:
        super().__init__(writable(out))
        # rich only where styles reach a terminal; elsewhere its output is the plain text,
        # written directly (and rich is not even imported)
        self.console = plain_console(self.out, color) if styled(self.out, color) else None
        self.verbose = verbose

    def _print(self, *parts: str | tuple[str, str]) -> None:
        if self.console is None:
            self.out.write("".join(p if isinstance(p, str) else p[0] for p in parts) + "\n")
            return
        from rich.text import Text

        self.console.print(Text.assemble(*parts))

    def file(self, report: FileReport) -> None:
        super().file(report)
        path = visible(report.path)
        game = f" ({visible(report.game)})" if report.game else ""
        if report.valid:
            state = "complete" if report.complete else "partial"
            line = f" {path}{game}: {report.events} events, {state}"
            if report.scores is not None:
                line += "; " + visible(_scores_text(report))
            self._print(("✓ valid", "green"), line)
            return
        kinds = sorted({e.kind for e in report.errors})
        self._print(("✗ invalid", "red"),
                    f" {path}{game}: {len(report.errors)} error(s) "
                    f"({', '.join(visible(k) for k in kinds)}), {report.events} events read")
        for error in report.errors:
            self._print("  ", (visible(_error_line(error)), "bold"))
            if error.text:
                shown = error.text if len(error.text) <= 160 else error.text[:157] + "..."
                self._print("    ", (f"{error.line:>5} |", "dim"), " " + visible(shown))
        if report.trail:
            steps = report.trail
            self._print(f"  path from the start to line {first_stop(report).line} "
                        f"({len(steps)} events on this branch"
                        f"{', after ' + str(report.undos) + ' undo(s)' if report.undos else ''}):")
            if len(steps) > TRAIL_STEPS and not self.verbose:
                self._print("    ", (f"... {len(steps) - TRAIL_STEPS} earlier events "
                                     "(--verbose shows all; `referee graph` draws the whole "
                                     "tree)", "dim"))
                steps = steps[-TRAIL_STEPS:]
            for step in steps:
                self._print("    ", (f"{step.line:>5}", "dim"), " " + visible(step.event))
        if report.scores is not None:
            self._print("  computed: " + visible(_scores_text(report)))

    def end(self) -> None:
        s = self.summary
        color = "green" if s["invalid"] == 0 else "red"
        self._print((f"{s['files']} file(s): {s['valid']} valid, {s['invalid']} invalid",
                     color), f"; {s['events']} events")


def _scores_text(report: FileReport) -> str:
    assert report.scores is not None
    scores = ", ".join(f"{p} {s}" for p, s in report.scores.items())
    winners = ", ".join(report.winners or []) or "none"
    return f"scores {scores}; winners {winners}"


def make_reporter(fmt: str, out: IO[str], color: bool | None = None,
                  verbose: bool = False, max_line_bytes: int | None = None) -> Reporter:
    if fmt == "html":
        from referee.replays.html_report import HtmlReporter
        from referee.replays.reader import DEFAULT_MAX_LINE_BYTES

        return HtmlReporter(out, max_line_bytes or DEFAULT_MAX_LINE_BYTES)
    if fmt == "json":
        return JsonReporter(out)
    if fmt == "junit":
        return JunitReporter(out)
    return TextReporter(out, color=color, verbose=verbose)
