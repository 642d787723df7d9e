"""The explicit-state explorer behind ``referee explore`` (after TLC).

The seen-set maps each distinct state's 64-bit fingerprint to one packed int: its parent's
fingerprint shifted left by ``EDGE_BITS``, or-ed with the index of the event that led to it in the
parent's successor list (the chance outcomes at a chance node, else ``legal_actions``). Both lists
come in a deterministic order, so a trace is rebuilt by replaying those indices from the start;
whole states live only in the frontier. The root maps to ``ROOT``.

Every distinct state is checked once: the game's invariant suite (an invariant that says what it
reads once per distinct value of that, ``referee.invariants.memo``), the user's predicates (for
each player, over the game's observable values: that player's and the globals), and deadlock (a
state that is not over, with no decision and no chance outcome). A state that breaks the bound
predicate, or sits at the depth limit, is checked but not expanded.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.checker.ancestors import Ancestors, Entry
from referee.checker.event_kinds import KindCount
from referee.errors import RefereeError, UnknownGameError, UsageError
from referee.files import path_kind
from referee.games import registration
from referee.invariants import Invariant
from referee.invariants.memo import MemoSuite, SuiteError
from referee.model.core import (
    Chance,
    Game,
    GameEvent,
    Phase,
    RuleViolation,
    count_problem,
    ignore,
    seat_names,
)
from referee.model.core.names import decimal, shown
from referee.replays.claims import compare_claims
from referee.replays.writer import header as make_header
from referee.replays.writer import write_log

EDGE_BITS = 24
EDGE_MASK = (1 << EDGE_BITS) - 1
ROOT = -1
STRATEGIES = ("bfs", "dfs", "random")
DEFAULT_MAX_STATES = 1_000_000
DEFAULT_WALK_DEPTH = 1_000
PROGRESS_EVERY = 2048  # states between two looks at the clock
PROBE_BUDGET = 64  # fruitless refusal probes per kind of event before probing it stops

Env = Mapping[str, int | bool]


# --------------------------------------------------------------------------- predicates


@dataclass(frozen=True, slots=True)
class Predicate:
    """A user condition over observable values: ``holds(env)`` for one player's environment.

    ``per_player`` is false when only global values occur, so it is evaluated once per state.
    """

    text: str
    symbols: frozenset[str]
    holds: Callable[[Env], bool]
    per_player: bool = True


def symbol_table(game: Game[Any]) -> tuple[dict[str, str], frozenset[str]]:
    """The expression symbols of a game (name -> "int"/"bool") and which of them are global."""
    table = game.observables.symbols()
    return table, frozenset(n for n in game.observables.globals if n in table)


def compile_predicate(text: str, game: Game[Any], what: str = "--invariant") -> Predicate:
    """Parse ``text`` with the checker's expression language; a bad one is a UsageError."""
    from referee.checker.expr import ExpressionError, evaluate, parse_expression, symbols_of

    table, global_names = symbol_table(game)
    try:
        expr = parse_expression(text, table)
    except ExpressionError as exc:
        known = ", ".join(sorted(table))
        raise UsageError(f"{what} {text!r}: {exc} (symbols of {game.name}: {known})") from None
    if expr.sort != "bool":
        raise UsageError(f"{what} {text!r}: the expression is an integer, not a condition"
                         f" (compare it, e.g. {text} >= 0)")
    symbols = frozenset(symbols_of(expr))

    def holds(env: Env) -> bool:
        return bool(evaluate(expr, env))

    return Predicate(text, symbols, holds, per_player=not symbols <= global_names)


def _failing_player(game: Game[Any], state: Any,
                    predicate: Predicate) -> tuple[bool, str | None]:
    """(holds, first player for whom it does not); only the predicate's symbols are computed."""
    table = game.observables
    if not predicate.per_player:
        return predicate.holds(table.values(state, None, predicate.symbols)), None
    for player in state.players:
        if not predicate.holds(table.values(state, player, predicate.symbols)):
            return False, player
    return True, None


# --------------------------------------------------------------------------- where to start


@dataclass
class Start:
    """The root of a search: a state, and how a log reaches it (header and events before it)."""

    game: Game[Any]
    state: Any
    header: dict[str, Any]
    prefix: list[GameEvent] = field(default_factory=list)
    origin: str = "setup"

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.state.players)


def player_names(game: Game[Any], count: int) -> list[str]:
    problem = count_problem(count, game.min_players, game.max_players, game.title)
    if problem is not None:
        raise UsageError(f"{game.name}: {problem}")
    return seat_names(count)


def start_from_setup(game: Game[Any], players: Sequence[str],
                     options: Mapping[str, Any] | None = None,
                     position: Mapping[str, Any] | None = None) -> Start:
    try:
        state = game.new_state(list(players), dict(options) if options else None, position)
    except RuleViolation as exc:
        raise UsageError(f"{game.name}: {exc.violation.message}") from None
    head = make_header(game.name, list(players), options, position)
    return Start(game, state, head, [], "position" if position is not None else "setup")


def parse_from(spec: str) -> tuple[Path, int | None]:
    """``LOG`` or ``LOG:LINE`` (a path that exists as given wins over the split)."""
    path = Path(spec)
    if path_kind(path) != "missing" or ":" not in spec:
        return path, None
    name, _, line = spec.rpartition(":")
    number = decimal(line)
    if number is None or number < 1:
        raise UsageError(f"--from {shown(spec)}: expected LOG or LOG:LINE with a line number "
                         "from 1")
    return Path(name), number


def start_from_log(spec: str) -> Start:
    """The position after ``LINE`` of a replay log (or after the whole log)."""
    from referee.files import path_kind
    from referee.replays.validator import replay_to

    path, line = parse_from(spec)
    kind = path_kind(path)
    if kind == "missing":
        raise UsageError(f"--from {spec!r}: no such file {str(path)!r}")
    if kind != "file":
        raise UsageError(f"--from {spec!r}: {str(path)!r}: not a regular file (a replay log "
                         "is read from a file)")
    try:
        position = replay_to(path, line)
    except RefereeError as exc:
        raise UsageError(f"--from {spec!r}: {exc}") from None
    given = position.header.to_json()
    # its meta and expectations describe that log, not the counterexample
    head = {k: v for k, v in given.items() if k not in ("meta", "expect")}
    return Start(position.game, position.state, head, list(position.events), spec)


# --------------------------------------------------------------------------- results


@dataclass
class Stats:
    generated: int = 0
    distinct: int = 0
    max_depth: int = 0
    queue: int = 0
    max_queue: int = 0
    seconds: float = 0.0
    cut_by_depth: int = 0
    cut_by_bound: int = 0
    terminal: int = 0
    walks: int = 0
    actions: dict[str, int] = field(default_factory=dict)
    rules: set[str] = field(default_factory=set)

    @property
    def states_per_second(self) -> float:
        return self.distinct / self.seconds if self.seconds > 0 else 0.0


@dataclass
class TraceStep:
    event: GameEvent
    changes: dict[str, tuple[Any, Any]]


@dataclass
class Counterexample:
    """What was broken, where, and the events that lead there from the root."""

    kind: str  # "invariant", "expression", "deadlock" or "model"
    name: str  # invariant name, expression text, "deadlock" or the failing call
    message: str
    player: str | None
    depth: int
    events: list[GameEvent]
    steps: list[TraceStep] = field(default_factory=list)
    claims: dict[str, Any] = field(default_factory=dict)
    log: Path | None = None


@dataclass
class ExploreResult:
    game: str
    players: tuple[str, ...]
    strategy: str
    origin: str
    stats: Stats
    stopped: str  # "exhausted", "max-states", "violation" or "interrupted"
    counterexample: Counterexample | None
    rule_ids: list[str]
    checked: list[str]
    bound: str | None
    depth_limit: int | None
    max_states: int | None
    seed: int | None

    @property
    def violated(self) -> bool:
        return self.counterexample is not None


# --------------------------------------------------------------------------- the explorer


@dataclass
class ExploreConfig:
    strategy: str = "bfs"
    depth: int | None = None
    max_states: int | None = DEFAULT_MAX_STATES
    seed: int = 0
    invariants: Sequence[Predicate] = ()
    bound: Predicate | None = None
    suite: Sequence[Invariant] | None = None  # None: the game's own suite
    deadlock: bool = True
    progress: Callable[[Stats], None] | None = None
    progress_interval: float = 0.5


class _Found(Exception):
    def __init__(self, kind: str, name: str, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.kind, self.name, self.message, self.player = kind, name, message, player


class Explorer:
    """Breadth-first, depth-first or random exploration of one game from one start."""

    def __init__(self, start: Start, config: ExploreConfig | None = None) -> None:
        self.start = start
        self.game = start.game
        self.config = config or ExploreConfig()
        if self.config.strategy not in STRATEGIES:
            raise UsageError(f"unknown strategy {self.config.strategy!r}"
                             f" (choose {', '.join(STRATEGIES)})")
        invariants = self.config.suite
        self.suite = list(_suite_of(self.game) if invariants is None else invariants)
        self._memo = MemoSuite(self.suite, key_fields_of(start.state))
        self._first_failure = self._memo.first_failure
        self.stats = Stats()
        self.fingerprint = fingerprinter(start.state)
        self.seen: dict[int, int] = {}
        self._kinds = KindCount()
        self._events: dict[GameEvent, GameEvent] = {}
        self._probe_budget: dict[tuple[type, str], int] = {}
        self._started = time.perf_counter()

    # ---------------------------------------------------------------- checks

    def _check(self, state: Any, key: tuple[Any, ...] | None = None) -> None:
        """Raise _Found when ``state`` breaks an invariant (``key``: its ``key()``, if known)."""
        failed = self._first_failure(state, key)
        if failed is not None:
            raise _Found("invariant", *failed)
        game = self.game
        for predicate in self.config.invariants:
            ok, player = _failing_player(game, state, predicate)
            if not ok:
                who = f" for {player}" if player else ""
                raise _Found("expression", predicate.text,
                             f"{predicate.text} does not hold{who}", player)

    def _in_bound(self, state: Any) -> bool:
        bound = self.config.bound
        return bound is None or _failing_player(self.game, state, bound)[0]

    def _successors(self, state: Any) -> tuple[list[GameEvent], bool]:
        outcomes = self.game.chance_outcomes(state)
        if outcomes:
            return [c for c, _ in outcomes], True
        return self.game.legal_actions(state), False

    def _dead_end(self, state: Any, via: GameEvent | None) -> None:
        """A state with nothing to do: a terminal state, or a deadlock."""
        if self.game.is_over(state):
            self.stats.terminal += 1
            if via is not None:  # always probed: what refuses a move after the end
                self._probe(state, via, force=True)
        elif self.config.deadlock:
            raise _Found("deadlock", "deadlock",
                         "the game is not over, yet no decision and no chance outcome is possible")

    def _probe(self, state: Any, event: GameEvent, force: bool = False) -> None:
        """Offer the event that led here once more: what refuses it is a rule the model checked.

        Each kind of event gets ``PROBE_BUDGET`` probes that teach nothing new before its probing
        stops (a new rule id renews the budget), so the cost stays bounded on large searches.
        """
        key = (event.__class__, event.name)
        budget = self._probe_budget.get(key, PROBE_BUDGET)
        if budget <= 0 and not force:
            return
        refusal = self.game.check(state, event)
        rules = self.stats.rules
        if refusal is not None and refusal.rule and refusal.rule not in rules:
            rules.add(refusal.rule)
            self._probe_budget[key] = PROBE_BUDGET
        else:
            self._probe_budget[key] = budget - 1

    # ---------------------------------------------------------------- run

    def run(self) -> ExploreResult:
        cfg = self.config
        started = self._started = time.perf_counter()
        stopped = "exhausted"
        found: Counterexample | None = None
        try:
            if cfg.strategy == "random":
                found, stopped = self._random()
            else:
                found, stopped = self._search(depth_first=cfg.strategy == "dfs")
        except KeyboardInterrupt:
            stopped = "interrupted"
        self.stats.seconds = time.perf_counter() - started
        self.stats.actions = {event_kind_of(cls, name): count
                              for (cls, name), count in sorted(self._kinds.counts().items(),
                                                               key=lambda kv: -kv[1])}
        if found is not None:
            found.steps = self.trace_steps(found.events)
            found.claims = self.claims_for(found)
        checked = [inv.name for inv in self.suite] + [p.text for p in cfg.invariants]
        return ExploreResult(self.game.name, self.start.players, cfg.strategy, self.start.origin,
                             self.stats, stopped, found, list(self.game.rules.ids()), checked,
                             cfg.bound.text if cfg.bound else None, cfg.depth, cfg.max_states,
                             cfg.seed if cfg.strategy == "random" else None)

    def _tick(self, queue: int) -> None:
        self.stats.queue = queue
        self.stats.seconds = time.perf_counter() - self._started
        if self.config.progress is not None:
            self.config.progress(self.stats)

    def _search(self, depth_first: bool) -> tuple[Counterexample | None, str]:
        cfg, game, stats, seen = self.config, self.game, self.stats, self.seen
        count_kinds = self._kinds.add
        limit = cfg.depth
        max_states = cfg.max_states
        rules = stats.rules
        note = rules.add
        every_rule = len(game.rules)
        catalogue = frozenset(game.rules.ids())
        # a probe only adds a rule id: once every rule of the catalogue is covered, none is run
        probing = True
        chance_outcomes, legal_actions, apply = (game.chance_outcomes, game.legal_actions,
                                                 game.apply)
        fingerprint = self.fingerprint
        keyed = fingerprint is _hash_of_key
        check = self._check if self.suite or cfg.invariants else None
        in_bound = self._in_bound if cfg.bound is not None else None
        probe, probe_budget = self._probe, self._probe_budget
        root = self.start.state.copy()
        root_fp = fingerprint(root)
        seen[root_fp] = ROOT
        stats.distinct = 1
        root_entry: Entry = (root_fp, 0, None, None)
        # DFS may reach a state first by a long path; it is expanded again if met higher up.
        depth_of: dict[int, int] | None = {root_fp: 0} if depth_first and limit else None
        try:
            self._check(root)
        except _Found as f:
            return self._counterexample(f, root_fp, 0), "violation"
        prepare = self._memo.preparer()
        ancestors = Ancestors(root_entry, root.copy(), apply, prepare)
        rebuild, path, built = ancestors.rebuild, ancestors.path, ancestors.states
        # the frontier holds entries, not states: a state is rebuilt when its turn comes, from
        # its nearest ancestor built before (mostly its parent); `leaf` stands for any state at
        # the depth limit, only counted when its turn comes
        frontier: deque[Entry] = deque()
        if self._in_bound(root):
            frontier.append(root_entry)
        else:
            stats.cut_by_bound += 1
        leaf: Entry = (0, limit or 0, None, None)
        one_event = self._events.setdefault
        pop = frontier.pop if depth_first else frontier.popleft
        push = frontier.append
        interval = cfg.progress_interval
        next_tick = time.perf_counter() + interval
        countdown = PROGRESS_EVERY
        generated = 0
        max_depth = 0
        max_queue = 1
        fp = root_fp
        depth = 0
        event: GameEvent | None = None
        key: tuple[Any, ...] | None = None  # the child's key() when the fingerprint hashes it
        pending: list[GameEvent] | None = None
        before = 0
        distinct = 1
        try:
            while frontier:
                entry = pop()
                fp, depth, via, parent = entry
                if limit is not None and depth >= limit:
                    stats.cut_by_depth += 1
                    continue
                if parent is path[-1]:  # the parent was built last: Ancestors.rebuild inlined
                    state = built[-1].copy()
                    apply(state, via)  # type: ignore[arg-type]
                else:
                    state = rebuild(entry)
                if prepare is not None:
                    prepare(state)
                outcomes = chance_outcomes(state)
                events: list[GameEvent] = ([c for c, _ in outcomes] if outcomes
                                           else legal_actions(state))
                last = len(events) - 1
                if last < 0:
                    self._dead_end(state, via)
                    continue
                child_depth = depth + 1
                at_limit = child_depth == limit
                edge = fp << EDGE_BITS
                # the kinds of events generated are counted once the list is done (in C)
                pending, before = events, generated
                for index, event in enumerate(events):
                    child = state if index == last else state.copy()
                    apply(child, event, note)
                    generated += 1
                    if keyed:
                        key = child.key()
                        child_fp = hash(key)
                    else:
                        child_fp = fingerprint(child)
                    if child_fp in seen:
                        if depth_of is None or depth_of[child_fp] <= child_depth:
                            continue
                    else:
                        distinct += 1
                    seen[child_fp] = edge | index
                    if depth_of is not None:
                        depth_of[child_fp] = child_depth
                    if child_depth > max_depth:
                        max_depth = child_depth
                    if probing and probe_budget.get((event.__class__, event.name),
                                                    PROBE_BUDGET) > 0:
                        probe(child, event)
                    if check is not None:
                        try:
                            check(child, key)
                        except _Found as f:
                            stats.generated, stats.max_depth = generated, max_depth
                            stats.distinct = distinct
                            return self._counterexample(f, child_fp, child_depth), "violation"
                    if in_bound is None or in_bound(child):
                        if at_limit:
                            push(leaf)
                        else:  # events compare by value: the frontier keeps one of each
                            push((child_fp, child_depth, one_event(event, event), entry))
                    else:
                        stats.cut_by_bound += 1
                count_kinds(events)
                pending = None
                if note is not ignore and len(rules) >= every_rule:
                    note = ignore  # every rule is covered: nothing more to learn
                    probing = not rules >= catalogue
                if len(frontier) > max_queue:
                    max_queue = len(frontier)
                if max_states is not None and distinct >= max_states:
                    stats.generated, stats.max_depth, stats.max_queue = (generated, max_depth,
                                                                          max_queue)
                    stats.queue, stats.distinct = len(frontier), distinct
                    return None, "max-states"
                countdown -= len(events)
                if countdown <= 0:
                    countdown = PROGRESS_EVERY
                    now = time.perf_counter()
                    if now >= next_tick:
                        next_tick = now + interval
                        stats.generated, stats.max_depth, stats.max_queue = (generated,
                                                                              max_depth, max_queue)
                        stats.distinct = distinct
                        self._tick(len(frontier))
        except _Found as f:  # a deadlock
            stats.generated, stats.max_depth = generated, max_depth
            return self._counterexample(f, fp, depth), "violation"
        except Exception as exc:  # the model itself failed: report where
            stats.generated, stats.max_depth = generated, max_depth
            return self._counterexample(_model_failure(exc, event), fp, depth), "violation"
        finally:
            if pending is not None:  # a list cut short
                self._kinds.add_each(pending[:generated - before])
            stats.generated, stats.max_depth, stats.distinct = generated, max_depth, distinct
            stats.queue = len(frontier)
            stats.max_queue = max(max_queue, stats.queue)
        return None, "exhausted"

    def _random(self) -> tuple[Counterexample | None, str]:
        cfg, game, stats = self.config, self.game, self.stats
        rng = random.Random(cfg.seed)
        walk_limit = cfg.depth if cfg.depth is not None else DEFAULT_WALK_DEPTH
        max_states = cfg.max_states if cfg.max_states is not None else DEFAULT_MAX_STATES
        seen: set[int] = set()
        kinds = self._kinds.kinds
        note = stats.rules.add
        root = self.start.state
        interval = cfg.progress_interval
        next_tick = time.perf_counter() + interval
        walk: list[GameEvent] = []
        last: GameEvent | None = None  # the event being played, for a model failure's report
        try:
            self._check(root)
        except _Found as f:
            return self._found_on_walk(f, []), "violation"
        fingerprint = self.fingerprint
        keyed = fingerprint is _hash_of_key
        key: tuple[Any, ...] | None = None  # the state's key() when the fingerprint hashes it
        seen.add(fingerprint(root))
        stats.distinct = 1
        root_in_bound = self._in_bound(root)
        while stats.generated < max_states and root_in_bound:
            stats.walks += 1
            state = root.copy()
            walk = []
            try:
                while len(walk) < walk_limit and stats.generated < max_states:
                    if walk and game.is_over(state):
                        # a walk stops at the game's end, where `final` may be recorded; the
                        # conversions still legal there would keep it wandering to the limit
                        self._dead_end(state, walk[-1])
                        break
                    outcomes = game.chance_outcomes(state)
                    event: GameEvent
                    if outcomes:
                        event = rng.choices([c for c, _ in outcomes],
                                            [float(p) for _, p in outcomes])[0]
                    else:
                        actions = game.legal_actions(state)
                        if not actions:
                            self._dead_end(state, walk[-1] if walk else None)
                            break
                        event = rng.choice(actions)
                    last = event
                    game.apply(state, event, note)
                    walk.append(event)
                    stats.generated += 1
                    kind = (event.__class__, event.name)
                    kinds[kind] = kinds.get(kind, 0) + 1
                    if len(walk) > stats.max_depth:
                        stats.max_depth = len(walk)
                    if keyed:
                        key = state.key()
                        fp = hash(key)
                    else:
                        fp = fingerprint(state)
                    if fp not in seen:
                        seen.add(fp)
                        stats.distinct += 1
                        self._probe(state, event)
                        self._check(state, key)
                    if not self._in_bound(state):
                        stats.cut_by_bound += 1
                        break
                else:
                    if len(walk) >= walk_limit:
                        stats.cut_by_depth += 1
            except _Found as f:
                return self._found_on_walk(f, walk), "violation"
            except Exception as exc:  # the model itself failed: report where
                return self._found_on_walk(_model_failure(exc, last), walk), "violation"
            now = time.perf_counter()
            if now >= next_tick:
                next_tick = now + interval
                self._tick(0)
        return None, ("max-states" if stats.generated >= max_states else "exhausted")

    # ---------------------------------------------------------------- traces

    def _counterexample(self, found: _Found, fp: int, depth: int) -> Counterexample:
        events = self.trace_to(fp)
        return Counterexample(found.kind, found.name, found.message, found.player, depth, events)

    def _found_on_walk(self, found: _Found, walk: list[GameEvent]) -> Counterexample:
        return Counterexample(found.kind, found.name, found.message, found.player, len(walk),
                              list(walk))

    def trace_to(self, fp: int) -> list[GameEvent]:
        """The events from the root to the state with fingerprint ``fp``, rebuilt by replay."""
        indices: list[int] = []
        packed = self.seen[fp]
        while packed != ROOT:
            indices.append(packed & EDGE_MASK)
            packed = self.seen[packed >> EDGE_BITS]
        state = self.start.state.copy()
        events: list[GameEvent] = []
        for index in reversed(indices):
            event = self._successors(state)[0][index]
            self.game.apply(state, event)
            events.append(event)
        if self.fingerprint(state) != fp:
            raise RuntimeError("trace replay did not reach the recorded state: the game's "
                               "successor order or fingerprint is not deterministic")
        return events

    def snapshot(self, state: Any) -> dict[str, Any]:
        """Every observable value of a state, keyed ``player.name`` or ``name``."""
        seen = self.game.observe(state)
        values: dict[str, Any] = dict(seen.globals)
        for player, mine in seen.players.items():
            for name, value in mine.items():
                values[f"{player}.{name}"] = value
        return values

    def trace_steps(self, events: Iterable[GameEvent]) -> list[TraceStep]:
        state = self.start.state.copy()
        before = self.snapshot(state)
        steps: list[TraceStep] = []
        for event in events:
            self.game.apply(state, event)
            after = self.snapshot(state)
            changes = {k: (before.get(k), v) for k, v in after.items() if before.get(k) != v}
            steps.append(TraceStep(event, changes))
            before = after
        return steps

    def final_state(self, events: Iterable[GameEvent]) -> Any:
        state = self.start.state.copy()
        for event in events:
            self.game.apply(state, event)
        return state

    def claims_for(self, found: Counterexample) -> dict[str, Any]:
        """The closing check line: the offending values, by the game's check quantity names.

        A user predicate names its symbols (for the failing player, or every player when only
        globals fail); otherwise every observable value is shown. Values the claim comparison
        does not accept, or computes differently, are left out so the log stays valid.
        """
        state = self.final_state(found.events)
        game = self.game
        names: set[str] | None = None
        players: Sequence[str] = state.players
        if found.kind == "expression":
            predicate = next(p for p in self.config.invariants if p.text == found.name)
            names = set(predicate.symbols)
            if found.player is not None:
                players = [found.player]
        seen = game.observe(state)
        claims: dict[str, Any] = {}
        for name, value in seen.globals.items():
            if (names is None or name in names) and _accepted(game, state, {name: value}):
                claims[name] = value
        for player in players:
            mine = {n: v for n, v in seen.players[player].items()
                    if (names is None or n in names) and _accepted(game, state,
                                                                   {player: {n: v}})}
            if mine:
                claims[player] = mine
        return claims


def fingerprinter(state: Any) -> Callable[[Any], int]:
    """How the explorer fingerprints the states of one search: the hash of the state's canonical
    ``key()`` where it has one (64 bits, computed in C, valid within this process), else the
    state's own ``fingerprint()``."""
    key = getattr(state, "key", None)
    if callable(key):
        try:
            hash(key())
        except TypeError:  # a key that holds something unhashable
            pass
        else:
            return _hash_of_key
    return _own_fingerprint


def key_fields_of(state: Any) -> tuple[str, ...] | None:
    """The names of the parts of a state's ``key()`` (its class's ``KEY_FIELDS``), or None."""
    fields = getattr(type(state), "KEY_FIELDS", None)
    if fields is None:
        return None
    fields = tuple(fields)
    key = getattr(state, "key", None)
    if not callable(key) or len(key()) != len(fields):
        raise SuiteError(f"{type(state).__name__}.KEY_FIELDS names {len(fields)} fields, but "
                         "its key() has " + (f"{len(key())}" if callable(key) else "none"))
    return fields


def _hash_of_key(state: Any) -> int:
    return hash(state.key())


def _own_fingerprint(state: Any) -> int:
    return int(state.fingerprint())


def _model_failure(exc: Exception, event: GameEvent | None) -> _Found:
    where = f" on {event}" if event is not None else ""
    return _Found("model", type(exc).__name__,
                  f"the model raised {type(exc).__name__}{where}: {exc}")


def _accepted(game: Game[Any], state: Any, claim: dict[str, Any]) -> bool:
    return not compare_claims(game, state, claim)


def _suite_of(game: Game[Any]) -> list[Invariant]:
    try:
        record = registration(game.name)
    except UnknownGameError:
        return []
    return record.suite() if record.game() is game or type(record.game()) is type(game) else []


def event_kind_of(cls: type, name: str) -> str:
    if cls is Chance:
        return f"chance:{name}"
    if cls is Phase:
        return f"phase:{name}"
    return name


# --------------------------------------------------------------------------- counterexample logs


def counterexample_lines(result: ExploreResult, start: Start) -> tuple[dict[str, Any],
                                                                       list[Any]]:
    """Header and events of the counterexample's replay log (FORMAT: the replay spec)."""
    found = result.counterexample
    assert found is not None
    head = dict(start.header)
    meta: dict[str, Any] = {"generator": "referee explore", "strategy": result.strategy,
                            "violation": found.name, "kind": found.kind}
    if start.origin not in ("setup", "position"):
        meta["from"] = start.origin
    head["meta"] = meta
    check: dict[str, Any] = {"check": found.claims, "note": found.message}
    events: list[Any] = [*start.prefix, *found.events, check]
    return head, events


def write_counterexample(result: ExploreResult, start: Start, out_dir: str | Path) -> Path:
    head, events = counterexample_lines(result, start)
    path = Path(out_dir) / f"counterexample-{result.game}-{result.strategy}.jsonl"
    write_log(path, head, events)
    assert result.counterexample is not None
    result.counterexample.log = path
    return path


def explore(start: Start, config: ExploreConfig | None = None,
            out_dir: str | Path | None = None) -> ExploreResult:
    """Run a search and, when it finds a violation and ``out_dir`` is given, write its log."""
    result = Explorer(start, config).run()
    if result.counterexample is not None and out_dir is not None:
        write_counterexample(result, start, out_dir)
    return result


__all__ = [
    "Counterexample",
    "ExploreConfig",
    "ExploreResult",
    "Explorer",
    "Predicate",
    "Start",
    "Stats",
    "TraceStep",
    "compile_predicate",
    "explore",
    "player_names",
    "start_from_log",
    "start_from_setup",
    "symbol_table",
    "write_counterexample",
]
