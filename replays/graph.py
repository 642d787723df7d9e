"""The replay graph: states reached are nodes, events are edges; ``undo`` makes branches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from referee.display import json_text, visible, xml_text
from referee.errors import UsageError

FORMATS = {".graphml": "GraphML", ".dot": "DOT", ".gv": "DOT", ".json": "node-link JSON"}


def node_id(fingerprint: int) -> str:
    return f"{fingerprint:016x}"


class ReplayGraph:
    """Builds a networkx DiGraph while a log is validated.

    Nodes are keyed by the state's fingerprint, so a branch that returns to an earlier state meets
    its node again. Node attributes: ``line`` (where the state was first reached), ``current``
    (whether it lies on the branch that is the game at the end). Edge attributes: ``line``,
    ``player``, ``action`` (the event as text), ``verdict`` (``ok`` or the error kind), ``rule``.
    A refused event leads to a node ``error@LINE`` holding the message.
    """

    def __init__(self) -> None:
        self.graph = nx.DiGraph()
        self.current: str | None = None

    def start(self, fingerprint: int) -> None:
        self.current = node_id(fingerprint)
        self.graph.add_node(self.current, line=1, label="start", current=False, start=True)

    def move(self, fingerprint: int, line: int, player: str | None, action: str,
             verdict: str = "ok") -> None:
        target = node_id(fingerprint)
        if target not in self.graph:
            self.graph.add_node(target, line=line, label=f"after line {line}", current=False,
                                start=False)
        if self.current is not None and not self.graph.has_edge(self.current, target):
            self.graph.add_edge(self.current, target, line=line, player=player or "",
                                action=action, verdict=verdict, rule="")
        self.current = target

    def jump(self, fingerprint: int) -> None:
        """After an undo: the game continues from an earlier node (a new branch starts there)."""
        self.current = node_id(fingerprint)

    def error(self, line: int, player: str | None, action: str, kind: str, rule: str | None,
              message: str) -> None:
        target = f"error@{line}"
        self.graph.add_node(target, line=line, label=f"{kind}: {message}", current=False,
                            start=False)
        if self.current is not None:
            self.graph.add_edge(self.current, target, line=line, player=player or "",
                                action=action, verdict=kind, rule=rule or "")

    def mark_current(self, fingerprints: list[int]) -> None:
        for fp in fingerprints:
            node = node_id(fp)
            if node in self.graph:
                self.graph.nodes[node]["current"] = True

    @property
    def branches(self) -> int:
        """Leaves of the tree of play: 1 for a log without undo."""
        return max(1, sum(1 for n in self.graph
                          if self.graph.out_degree(n) == 0 and not str(n).startswith("error@")))


def write_graph(graph: nx.DiGraph, output: str | Path) -> str:
    """Write in the format named by the file's suffix; returns the format's name."""
    path = Path(output)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"cannot tell the graph format from {path.name!r}: use one of "
                         f"{', '.join(sorted(FORMATS))}")
    try:
        if suffix == ".graphml":
            # names and events come from the log: nothing XML 1.0 forbids may reach the file
            nx.write_graphml(_cleaned(graph, xml_text), path)
        elif suffix == ".json":
            data: dict[str, Any] = nx.node_link_data(graph, edges="edges")
            path.write_text(json_text(data, indent=1), encoding="utf-8")
        else:
            path.write_text(to_dot(_cleaned(graph, visible)), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    return FORMATS[suffix]


def _cleaned(graph: nx.DiGraph, clean: Any) -> nx.DiGraph:
    """A copy of ``graph`` with ``clean`` applied to every string attribute."""
    copy = graph.copy()
    for _, attributes in copy.nodes(data=True):
        for key, value in attributes.items():
            if isinstance(value, str):
                attributes[key] = clean(value)
    for _, _, attributes in copy.edges(data=True):
        for key, value in attributes.items():
            if isinstance(value, str):
                attributes[key] = clean(value)
    return copy


def _dot_quote(value: Any) -> str:
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def to_dot(graph: nx.DiGraph) -> str:
    """DOT text without needing pydot/pygraphviz."""
    lines = ["digraph replay {", "  node [shape=box, fontsize=10];"]
    for node, attrs in graph.nodes(data=True):
        style = []
        if attrs.get("current"):
            style.append("penwidth=2")
        if str(node).startswith("error@"):
            style.append("color=red")
        extra = ", " + ", ".join(style) if style else ""
        lines.append(f"  {_dot_quote(node)} [label={_dot_quote(attrs.get('label', node))}{extra}];")
    for src, dst, attrs in graph.edges(data=True):
        label = f"{attrs.get('line')}: {attrs.get('action')}"
        color = "" if attrs.get("verdict") == "ok" else ", color=red"
        lines.append(f"  {_dot_quote(src)} -> {_dot_quote(dst)} [label={_dot_quote(label)}"
                     f"{color}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
