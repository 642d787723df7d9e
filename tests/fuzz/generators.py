"""Generators of hostile input, each input made from a seed alone (so a failure is reproduced by
its seed): mutated logs, hostile clarification files and expressions, CLI invocations.

Every generator takes a ``random.Random`` and returns plain data (bytes, or an argument list and
the files to lay out), so the runner (``run.py``) and the bounded property tests
(``tests/test_fuzz_bounded.py``) share them.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOG_FOLDERS = (ROOT / "replays" / "examples", ROOT / "tests" / "golden",
               ROOT / "tests" / "regressions")
CLARIFY_FOLDER = ROOT / "checker" / "examples"

# --------------------------------------------------------------------------- hostile values

SURROGATES = ("\ud800", "\udfff", "a\udc80b", "\udbff\udbff")
CONTROLS = ("\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\x9b",
            "\u2028", "\u202e", "\ufeff", "\ufffe", "\r", "\t")
ESCAPES = ("\x1b[2J", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x1b]8;;http://x\x1b\\link",
           "\x1bc", "\x9b31m", "\x1b[6n")
MARKUP = ("[bold]", "[/]", "[red]x[/red]", ":thumbs_up:", ":x:", "[link=http://x]y[/link]",
          "\\[b]", "[", "]", "\\", "\\\\", "<b>", "&amp;", "]]>", "<![CDATA[", "'", '"')
# digits str.isdigit accepts and int refuses, or more of them than int reads
DIGITS = ("²", "٣", "１２", "⁴⁵", "9" * 5000)
NAMES = ("Ann", "Bo", "Cy", "Di", "nobody", "", " ", "Zoë", "名前", "🙂", "Ann ", "ann")


def hostile_string(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.15:
        return rng.choice(SURROGATES) + rng.choice(NAMES)
    if pick < 0.3:
        return rng.choice(NAMES) + rng.choice(CONTROLS) * rng.randint(1, 3)
    if pick < 0.45:
        return rng.choice(ESCAPES) + rng.choice(NAMES)
    if pick < 0.6:
        return "".join(rng.choice(MARKUP) for _ in range(rng.randint(1, 6)))
    if pick < 0.7:
        return rng.choice(("\\", "[", "x", "é", ":x:")) * rng.choice((100, 5000, 20_000))
    if pick < 0.75:
        return rng.choice(("", "farm#", "storage_shed#", "1", "x:")) + rng.choice(DIGITS)
    if pick < 0.8:
        return "unknown_" + "".join(rng.choice("abcxyz_") for _ in range(rng.randint(1, 12)))
    if pick < 0.9:
        return "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(1, 20)))
    return rng.choice(NAMES)


def hostile_number(rng: random.Random) -> object:
    return rng.choice((10**20, -10**20, 10**9 + 1, -10**9 - 1, 10**9, -1, 0, 1, 2**63, -(2**64),
                       1.5, -0.0, 1e300, True, False, None, 10**99, 7))


def nest(rng: random.Random, depth: int | None = None) -> object:
    depth = depth if depth is not None else rng.choice((10, 63, 64, 65, 200))
    value: object = rng.choice((1, "x", None))
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def _mutate_value(rng: random.Random, value: object) -> object:
    if isinstance(value, bool | int | float):
        return hostile_number(rng) if rng.random() < 0.8 else hostile_string(rng)
    if isinstance(value, str):
        return hostile_string(rng) if rng.random() < 0.8 else hostile_number(rng)
    if isinstance(value, list):
        if value and rng.random() < 0.7:
            i = rng.randrange(len(value))
            value = list(value)
            value[i] = _mutate_value(rng, value[i])
            return value
        return rng.choice(([], value * rng.choice((2, 1000)), nest(rng), hostile_string(rng)))
    if isinstance(value, dict):
        if value and rng.random() < 0.7:
            key = rng.choice(list(value))
            return {**value, key: _mutate_value(rng, value[key])}
        return rng.choice(({}, nest(rng), {hostile_string(rng): 1}, [value]))
    return rng.choice((hostile_string(rng), hostile_number(rng), nest(rng)))


def _dumps(obj: object) -> bytes:
    # ensure_ascii: lone surrogates travel as \ud800 escapes, as a JSON log would carry them
    return json.dumps(obj, ensure_ascii=True).encode()


# --------------------------------------------------------------------------- logs


@cache
def log_seeds() -> tuple[tuple[str, bytes], ...]:
    """The bundled example logs, golden logs and regression logs: (name, bytes)."""
    found = []
    for folder in LOG_FOLDERS:
        for path in sorted(folder.rglob("*.jsonl")):
            found.append((str(path.relative_to(ROOT)), path.read_bytes()))
    return tuple(found)


def _json_mutation(rng: random.Random, line: bytes) -> bytes:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return line
    if not isinstance(obj, dict) or not obj:
        return line
    pick = rng.random()
    if pick < 0.55:
        key = rng.choice(list(obj))
        obj[key] = _mutate_value(rng, obj[key])
        return _dumps(obj)
    if pick < 0.65:
        obj[hostile_string(rng)] = _mutate_value(rng, rng.choice(list(obj.values())))
        return _dumps(obj)
    if pick < 0.75:
        del obj[rng.choice(list(obj))]
        return _dumps(obj)
    text = _dumps(obj)
    if pick < 0.85:  # a duplicate key
        key = rng.choice(list(obj))
        return text[:-1] + b", " + json.dumps(key).encode() + b": 1}"
    if pick < 0.92:  # NaN, Infinity, a huge literal, a float
        literal = rng.choice((b"NaN", b"Infinity", b"-Infinity", b"1e400", b"9" * 120,
                              b"1.0", b"-0", b"0x10", b"01"))
        return text[:-1] + b', "n": ' + literal + b"}"
    if pick < 0.96:
        return text[:-1] + b', "deep": ' + _dumps(nest(rng)) + b"}"
    depth = rng.choice((1000, 5000, 100_000))  # beyond what json.dumps can write
    return text[:-1] + b', "deep": ' + b"[" * depth + b"]" * depth + b"}"


def _header_mutation(rng: random.Random, line: bytes) -> bytes:
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        return line
    if not isinstance(header, dict):
        return line
    pick = rng.random()
    if pick < 0.25:
        given = header.get("players")
        # a golden log may hold a malformed player list on purpose
        players = list(given) if isinstance(given, list) and given else ["Ann", "Bo"]
        i = rng.randrange(len(players)) if players else 0
        if players:
            players[i] = hostile_string(rng)
        header["players"] = players
    elif pick < 0.35:
        count = rng.choice((0, 1, 5, 7, 1000, 80_000))
        same = rng.random() < 0.5
        header["players"] = ["Ann" if same else f"p{i}" for i in range(count)]
    elif pick < 0.5:
        header["options"] = _mutate_value(rng, header.get("options", {}))
    elif pick < 0.6:
        header["game"] = rng.choice(("chess", "", "HOMESTEADERS", hostile_string(rng), 1))
    elif pick < 0.7:
        header["version"] = hostile_number(rng)
    elif pick < 0.8:
        header["position"] = _mutate_value(rng, header.get("position") or {"x": 1})
    elif pick < 0.9:
        header["expect"] = _mutate_value(rng, header.get("expect") or {"valid": True})
    else:
        header["meta"] = nest(rng)
    return _dumps(header)


def mutate_log(rng: random.Random, data: bytes) -> bytes:
    """One to three mutations of a log: bytes, lines, JSON values, or the header."""
    lines = data.split(b"\n")
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if not lines:
            lines = [b""]
        pick = rng.random()
        i = rng.randrange(len(lines))
        if pick < 0.1:  # byte flips
            line = bytearray(lines[i])
            for _ in range(rng.randint(1, 4)):
                if line:
                    j = rng.randrange(len(line))
                    line[j] = rng.choice((rng.randrange(256), line[j] ^ (1 << rng.randrange(8))))
            lines[i] = bytes(line)
        elif pick < 0.17:  # truncation
            joined = b"\n".join(lines)
            lines = joined[:rng.randrange(len(joined) + 1)].split(b"\n")
        elif pick < 0.25:  # duplicated line
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif pick < 0.32:  # removed line
            del lines[i]
        elif pick < 0.4:  # swapped lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif pick < 0.52:
            lines[0] = _header_mutation(rng, lines[0])
        elif pick < 0.95:
            lines[i] = _json_mutation(rng, lines[i])
        else:  # junk: invalid UTF-8, a BOM, a long line, CRLF
            lines[i] = rng.choice((b"\xff\xfe\x00", b"\xef\xbb\xbf" + lines[i],
                                   b'{"a": "' + b"x" * 70_000 + b'"}', lines[i] + b"\r",
                                   b"\x00" * 10, b"[]", b"null", b'"s"', b"{"))
    return b"\n".join(lines)


def log_input(rng: random.Random) -> tuple[str, bytes]:
    name, data = rng.choice(log_seeds())
    return name, mutate_log(rng, data)


# --------------------------------------------------------------------------- Colonists positions


@cache
def colonists_positions() -> tuple[tuple[tuple[str, ...], dict | None, dict], ...]:
    """(players, options, position) of each bundled Colonists log that starts from a position."""
    found = []
    for _, data in log_seeds():
        try:
            head = json.loads(data.split(b"\n", 1)[0])
        except (ValueError, RecursionError):
            continue
        if not isinstance(head, dict) or head.get("game") != "colonists":
            continue
        players, options, pos = head.get("players"), head.get("options"), head.get("position")
        if (isinstance(pos, dict) and isinstance(players, list) and players
                and all(isinstance(p, str) for p in players)
                and (options is None or isinstance(options, dict))):
            found.append((tuple(players), options, pos))
    return tuple(found)


def _paths(obj: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _at(obj: object, path: tuple) -> object:
    for key in path:
        obj = obj[key]
    return obj


def _near_mutation(rng: random.Random, pos: dict, donors: list[dict]) -> None:
    """One change that keeps the types: a value another position holds at the same path, a
    count moved by a little, a list item dropped, doubled or swapped, a field left out."""
    paths = _paths(pos)
    if not paths:
        return
    path = rng.choice(paths)
    parent, key = _at(pos, path[:-1]), path[-1]
    value = parent[key]
    pick = rng.random()
    if pick < 0.15 and isinstance(parent, dict):
        del parent[key]
        return
    if pick < 0.5:
        for _ in range(8):
            try:
                parent[key] = json.loads(json.dumps(_at(rng.choice(donors), path)))
                return
            except (KeyError, IndexError, TypeError):
                continue
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = max(0, value + rng.choice((-2, -1, 1, 2, 3)))
    elif isinstance(value, list) and value:
        items = list(value)
        op = rng.random()
        if op < 0.35:
            del items[rng.randrange(len(items))]
        elif op < 0.7:
            items.insert(rng.randrange(len(items) + 1), json.loads(json.dumps(rng.choice(items))))
        else:
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        parent[key] = items


def near_colonists_position(rng: random.Random) -> tuple[tuple[str, ...], dict | None, dict]:
    """A position of a bundled Colonists log with one to three changes that keep its types
    (so most stay plausible): the reader must refuse it under CO-POSITION or read a state
    the game plays on from and writes back as the same position."""
    seeds = colonists_positions()
    players, options, pos = rng.choice(seeds)
    pos = json.loads(json.dumps(pos))
    donors = [p for _, _, p in seeds]
    for _ in range(rng.choice((1, 1, 2, 3))):
        _near_mutation(rng, pos, donors)
    return players, options, pos


# --------------------------------------------------------------------------- clarifications


@cache
def clarify_seeds() -> tuple[tuple[str, str], ...]:
    return tuple((p.name, p.read_text(encoding="utf-8"))
                 for p in sorted(CLARIFY_FOLDER.glob("*.toml")))


@cache
def topic_symbols() -> dict[tuple[str, str], dict[str, str]]:
    from referee.checker.topics import get_topic

    found: dict[tuple[str, str], dict[str, str]] = {}
    for _, text in clarify_seeds():
        import tomllib

        data = tomllib.loads(text)
        key = (data["game"], data["topic"])
        if key not in found:
            found[key] = dict(get_topic(*key).sorts())
    return found


HOSTILE_EXPRESSIONS = (
    "1 is 1", "x == 1is 1", '"\\d" == 1', "cost == 3 # and silver == 0", "#", "1 if 1 else 0",
    "__import__('os')", "cost.real == 1", "cost[0] == 1", "lambda: 1", "[1] == [1]",
    "cost ** 2 == 4", "cost << 1 == 2", "cost == 1/2", "cost == 1.5", "cost == 1e9", "cost == 0j",
    "cost := 1", "*cost", "f'{cost}'", "b'x' == b'x'", "cost == 10**12", "cost == 10**13",
    "not", "", "   ", "\x00", "cost ==", "(", ")", "cost == 1\nor True", "cost\x1b[2J == 1",
    "cost == \ud800", "min(cost)", "max()", "abs(cost, cost)", "implies(cost)", "cost in ()",
    "cost in (1, cost)", "cost in [1]", "cost < True", "True + 1 == 2", "cost // 0 == 1",
    "cost % 0 == 1", "cost // cost == 1", "cost * cost == 1", "cost @ cost", "~cost == 1",
)


def _expression(rng: random.Random, symbols: dict[str, str], depth: int = 0) -> str:
    ints = [n for n, s in symbols.items() if s == "int"] or ["1"]
    bools = [n for n, s in symbols.items() if s == "bool"] or ["True"]

    def term(d: int) -> str:
        pick = rng.random()
        if d > 3 or pick < 0.4:
            return rng.choice(ints) if rng.random() < 0.7 else str(rng.choice(
                (0, 1, 2, 3, 5, -1, 10**12, 10**12 + 1, 999)))
        if pick < 0.6:
            return f"{term(d + 1)} {rng.choice('+-')} {term(d + 1)}"
        if pick < 0.7:
            return f"{rng.choice((2, 3, -1))} * {term(d + 1)}"
        if pick < 0.8:
            return f"{term(d + 1)} {rng.choice(('//', '%'))} {rng.choice((2, 3, 5, -2))}"
        return f"{rng.choice(('min', 'max'))}({term(d + 1)}, {term(d + 1)})"

    def cond(d: int) -> str:
        pick = rng.random()
        if d > 3 or pick < 0.4:
            op = rng.choice(("==", "!=", "<", "<=", ">", ">="))
            return f"{term(d + 1)} {op} {term(d + 1)}"
        if pick < 0.5:
            return rng.choice(bools) if rng.random() < 0.8 else rng.choice(("True", "False"))
        if pick < 0.7:
            return f"({cond(d + 1)}) {rng.choice(('and', 'or'))} ({cond(d + 1)})"
        if pick < 0.8:
            return f"not ({cond(d + 1)})"
        if pick < 0.9:
            return f"implies({cond(d + 1)}, {cond(d + 1)})"
        return f"{term(d + 1)} in ({', '.join(str(rng.randint(0, 9)) for _ in range(3))})"

    return cond(depth)


def hostile_expression(rng: random.Random, symbols: dict[str, str]) -> str:
    pick = rng.random()
    if pick < 0.45:
        return _expression(rng, symbols)
    if pick < 0.75:
        return rng.choice(HOSTILE_EXPRESSIONS)
    name = rng.choice(list(symbols) or ["cost"])
    return rng.choice((
        f"{name} == " + "9" * rng.choice((13, 100, 3990, 5000)),
        "(" * rng.choice((50, 99, 150, 300)) + name + ")" * 150 + " == 1",
        "not " * rng.choice((50, 99, 101, 900)) + "True",
        "-" * rng.choice((50, 101, 3000)) + f"{name} == 1",
        " + ".join([name] * rng.choice((10, 299, 301, 700))) + " == 1",
        "abs(" * rng.choice((50, 101, 150)) + name + ")" * 150 + " == 1",
        f"{name} == 1 " + "and True " * rng.choice((10, 400, 800)),
        f"{name} " + rng.choice(MARKUP) + " 1",
        f"{name} == {hostile_string(rng)!r}",
    ))


def _toml_string(text: str) -> str:
    # TOML basic strings: escape backslashes, quotes and controls; lone surrogates cannot be
    # written in TOML at all, so they become a visible escape (the file must stay UTF-8)
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif code < 0x20 or code == 0x7f:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\\\u{code:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def clarification_input(rng: random.Random) -> tuple[str, bytes]:
    """A clarification file: an example with hostile keys, values and expressions, or a file
    hostile as a whole (deep nesting, over the size limit, not UTF-8, not TOML)."""
    name, text = rng.choice(clarify_seeds())
    pick = rng.random()
    if pick < 0.06:
        depth = rng.choice((50, 500, 5000))
        body = rng.choice(("[" * depth + "]" * depth, "{a = " * depth + "1" + "}" * depth))
        return name, f'game = "homesteaders"\ntopic = "bid"\nx = {body}\n'.encode()
    if pick < 0.08:
        return name, text.encode() + b"#" * ((1 << 20) + 10)
    if pick < 0.12:
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return name, bytes(data)
    if pick < 0.16:
        cut = text.encode()
        return name, cut[:rng.randrange(len(cut))]
    import tomllib

    data = tomllib.loads(text)
    symbols = topic_symbols()[(data["game"], data["topic"])]
    entries = data.get("clarification", [])
    lines = [f"game = {_toml_string(data['game'])}", f"topic = {_toml_string(data['topic'])}"]
    if rng.random() < 0.05:
        lines[rng.randrange(2)] = rng.choice(('game = "chess"', 'topic = "nope"', "game = 1",
                                              f"topic = {_toml_string(hostile_string(rng))}"))
    if rng.random() < 0.05:
        lines.append(f"{rng.choice(('extra', 'Game', 'clarifications'))} = 1")
    keep = rng.sample(entries, k=min(len(entries), rng.choice((1, 1, 2, 3))))
    for i, entry in enumerate(keep):
        entry = dict(entry)
        for key in ("when", "then"):
            if rng.random() < 0.5:
                entry[key] = hostile_expression(rng, symbols)
        if rng.random() < 0.15:
            entry["id"] = hostile_string(rng)[:200] if rng.random() < 0.7 else keep[0]["id"]
        if rng.random() < 0.05:
            entry[rng.choice(("unknown", "When", "note"))] = "x"
        if rng.random() < 0.05:
            entry.pop(rng.choice(list(entry)))
        lines.append("[[clarification]]")
        for key, value in entry.items():
            if isinstance(value, str):
                lines.append(f"{key} = {_toml_string(value)}")
            else:
                lines.append(f"{key} = {json.dumps(value)}")
        if i == 0 and rng.random() < 0.05:
            lines.append("then = 3")
    return name, ("\n".join(lines) + "\n").encode("utf-8")


# --------------------------------------------------------------------------- the command line


@dataclass
class CliCase:
    """Arguments with ``{dir}`` standing for the case's folder; ``files`` to write there
    (relative names, bytes names allowed) and ``links`` (name -> target) to make first."""

    args: list[str]
    files: dict[bytes, bytes] = field(default_factory=dict)
    links: dict[bytes, bytes] = field(default_factory=dict)
    statuses: tuple[int, ...] = (0, 1, 2)
    one_line_error: bool = False


def cli_input(rng: random.Random) -> CliCase:
    """An invocation of the CLI with hostile paths and options, and the exit statuses the README
    documents for it."""
    _, data = rng.choice(log_seeds())
    log = mutate_log(rng, data) if rng.random() < 0.5 else data
    fmt = rng.choice(("text", "json", "junit"))
    file_name = rng.choice((b"a.jsonl", b"bad\xff.jsonl", b"esc\x1b[2J.jsonl", b"[bold].jsonl",
                            b":x:.jsonl", b"sp ace.jsonl", b"-dash.jsonl", b"\xed\xa0\x80.jsonl"))
    files = {file_name: log}
    pick = rng.random()
    usage = dict(statuses=(2,), one_line_error=True)
    if pick < 0.3:
        return CliCase(["validate", "{dir}", "-f", fmt], files)
    if pick < 0.4:
        return CliCase(["validate", "{dir}", "-f", fmt, "-o", "{dir}/out" + rng.choice(
            ("", "\udcff", "\x1b", ".json"))], files)
    if pick < 0.45:
        return CliCase(["validate", "{dir}/sub", "-f", fmt],
                       {b"sub/own.jsonl": log, b"outside.jsonl": b'{"secret": 1}'},
                       {b"sub/link.jsonl": b"../outside.jsonl", b"sub/dir": b".."})
    if pick < 0.5:
        return CliCase(["validate", "{dir}/" + rng.choice(("nope.jsonl", "\udcff", "\x1b[2J",
                                                             "", "a" * 300)) + "missing"], files,
                       **usage)
    if pick < 0.55:
        return CliCase(["validate", "{dir}/empty"], {b"empty/readme.txt": b"x"}, **usage)
    if pick < 0.6:
        return CliCase(["validate", "{dir}", "-f", rng.choice(("yaml", "", "\x1b", "JSON"))],
                       files, **usage)
    if pick < 0.65:
        return CliCase(["validate", "{dir}", "--max-line-bytes",
                        rng.choice(("0", "-1", "63", "x", "99999999999999999999", ""))],
                       files, **usage)
    if pick < 0.68:
        return CliCase(["validate", "{dir}", "--workers", rng.choice(("0", "-3", "two"))],
                       files, **usage)
    if pick < 0.72:
        return CliCase(["validate", "{dir}", "--engine", "dask", "--scheduler",
                        rng.choice(("tls://127.0.0.1:9", "ucx://127.0.0.1:9", "inproc://x",
                                    "foo://x", "tcp://", "tcp://[::1", "\x1b[2J://x"))],
                       files, **usage)
    if pick < 0.74:
        return CliCase(["validate", "{dir}", "--scheduler", "tcp://127.0.0.1:9"], files,
                       **usage)
    if pick < 0.8:
        return CliCase(["test", "{dir}", *rng.choice(([], ["-f", "junit"]))], files)
    if pick < 0.83:
        return CliCase(["coverage", "{dir}", "--fail-under",
                        rng.choice(("0", "50", "100"))], files)
    if pick < 0.85:
        target = rng.choice(("g.graphml", "g.dot", "g.json", "g.txt", "\udcffg.dot"))
        return CliCase(["graph", "{dir}/" + os.fsdecode(file_name), "-o", "{dir}/" + target],
                       files)
    if pick < 0.9:
        return CliCase(["rules", rng.choice(("homesteaders", "pionjar", "format", "chess",
                                             "\x1b[2J", ""))])
    if pick < 0.95:
        _, toml = clarification_input(rng)
        return CliCase(["clarify", "{dir}/c.toml", "--timeout-ms", "1000", "-f",
                        rng.choice(("text", "json"))], {b"c.toml": toml})
    return CliCase(["explore", rng.choice(("homesteaders", "pionjar", "chess")), "--depth",
                    rng.choice(("0", "1", "-1")), "--max-states", "50",
                    "--invariant", rng.choice(("debt <= 1", "\x1b[2J", "1 is 1", "#", "x ==",
                                               "(" * 300))])
