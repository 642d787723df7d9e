"""The move table: each move declared once, and the game protocol derived from the table.

A move is a small class: its name and shape (action, chance or phase), its parameter schema,
the stages in which it may be played and by whom, the rule ids its check verifies, and four
methods: ``validate`` (values that are malformed whatever the state: unknown names), ``check``
(the rules, after the flow has found the move in order), ``apply`` (which notes the rules of the
automatic effects it sets off) and ``legal`` (its legal instances, for the explorer). Chance
moves list their ``outcomes`` instead.

:class:`TableGame` derives from a table and a :class:`~referee.model.core.flow.Flow` the game's
``check`` (schema, then order, then the move's own check), ``apply``, ``play`` (both, the move
looked up once: what the validator calls), ``legal_actions``, ``chance_outcomes`` and rule
coverage (through the ``note`` of ``apply``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from referee.model.core.events import Action, Chance, GameEvent, Phase, describe
from referee.model.core.flow import Flow
from referee.model.core.game import Note, Score, ignore
from referee.model.core.names import unknown
from referee.model.core.observe import Observables, Observation
from referee.model.core.params import NO_FIELDS, Types, check_params, fields, params_ok
from referee.model.core.rules import RuleCatalogue, RuleViolation, Violation

if TYPE_CHECKING:
    from fractions import Fraction

S = TypeVar("S")
Step = Callable[[S, GameEvent, Note], Violation | None]
"""Play one event on a state: the refusal, or None once it is applied."""
Shape = Literal["action", "chance", "phase"]
Who = Literal["actor", "anyone"]


class Move(Generic[S]):
    """One kind of event. Subclass :class:`ActionMove`, :class:`ChanceMove` or
    :class:`PhaseMove`; the class attributes are the declaration, the methods the rules.

    ``stages`` None means every stage. ``who`` (actions): ``"actor"`` moves may only be played by
    a player the flow lists as acting now; ``"anyone"`` moves by any player in their stages.
    ``schema_rule`` is the rule a malformed event falls under (default: the first of ``rules``);
    ``order_rule`` the rule of a move played outside its stages (default: the stage's rule).
    """

    name: ClassVar[str]
    shape: ClassVar[Shape]
    rules: ClassVar[tuple[str, ...]] = ()
    required: ClassVar[Mapping[str, Types]] = NO_FIELDS
    optional: ClassVar[Mapping[str, Types]] = NO_FIELDS
    stages: ClassVar[frozenset[str] | None] = None
    who: ClassVar[Who] = "actor"
    schema_rule: ClassVar[str | None] = None
    order_rule: ClassVar[str | None] = None  # a move outside its stages (default: the stage's)
    # True when ``legal`` lists every decision of this move (in one spelling each); "partly"
    # when it lists only plain forms (a card's alternative or a remodel left out); False for a
    # free-form move it never lists (The Colonists' swap of any two Places at any moment). The
    # explorer tries only what is listed; the conformance suite checks the rest without looking
    # for it.
    enumerated: ClassVar[bool | str] = True

    def validate(self, state: S, event: Any) -> Violation | None:
        """Values that are wrong in any state (an unknown name, a count below 1): ``schema``.
        It may read only what a state holds from the start of its game (the players, the
        options, the data set): :meth:`TableGame.play_again` does not ask it again."""
        return None

    def check(self, state: S, event: Any) -> Violation | None:
        """The move's own rules, once the flow has found it in order."""
        return None

    def apply(self, state: S, event: Any, note: Note) -> None:
        raise NotImplementedError

    def legal(self, state: S, player: str | None) -> Iterable[GameEvent]:
        """Every legal instance for ``player`` (None for phase markers), in a fixed order."""
        return ()

    def schema_rule_id(self) -> str | None:
        return self.schema_rule if self.schema_rule is not None else (
            self.rules[0] if self.rules else None)


class ActionMove(Move[S]):
    shape: ClassVar[Shape] = "action"


class PhaseMove(Move[S]):
    shape: ClassVar[Shape] = "phase"


class ChanceMove(Move[S]):
    shape: ClassVar[Shape] = "chance"

    def outcomes(self, state: S) -> list[tuple[Chance, Fraction]]:
        """Every outcome possible now, with its probability (summing to 1)."""
        raise NotImplementedError

    def describe(self, state: S) -> str:
        """What the due chance event is, for messages: ``chance 'die' rolled by Ann``."""
        return f"chance {self.name!r}"


class PlayerDraw(ChanceMove[S]):
    """A chance event that draws one of the players, each as likely (the start player):
    ``{"chance": name, "player": P}``. ``player_rule`` is the rule of a draw naming nobody at
    the table (default: the schema rule)."""

    required: ClassVar[Mapping[str, Types]] = fields(player=str)
    player_rule: ClassVar[str | None] = None

    def validate(self, state: S, event: Chance) -> Violation | None:
        player = event.get("player")
        players: Sequence[str] = getattr(state, "players", ())
        if player not in players:
            return Violation("schema", self.player_rule or self.schema_rule_id() or "",
                             f"chance {self.name!r}: {unknown('player', player, players)}")
        return None

    def outcomes(self, state: S) -> list[tuple[Chance, Fraction]]:
        from fractions import Fraction

        players: Sequence[str] = getattr(state, "players", ())
        p = Fraction(1, len(players))
        return [(Chance.make(self.name, player=name), p) for name in players]


_SHAPE_OF = {Action: "action", Chance: "chance", Phase: "phase"}


class MovePlan(NamedTuple, Generic[S]):
    """What checking and applying one move takes, looked up once per table: the schema (as
    plain dicts, quicker to read than the declaration's read-only views), the move's ``validate``
    and ``check`` (None where the move keeps the default, which finds nothing), its rules and
    ``apply``."""

    move: Move[S]
    required: Mapping[str, Types]
    optional: Mapping[str, Types]
    validate: Callable[[S, Any], Violation | None] | None
    check: Callable[[S, Any], Violation | None] | None
    rules: tuple[str, ...]
    apply: Callable[[S, Any, Note], None]


def _plan(move: Move[S]) -> MovePlan[S]:
    cls = type(move)
    return MovePlan(move, dict(move.required), dict(move.optional),
                    None if cls.validate is Move.validate else move.validate,
                    None if cls.check is Move.check else move.check, move.rules, move.apply)


class MoveTable(Generic[S]):
    """The moves of a game by shape and name, in declaration order (the order of
    ``legal_actions``)."""

    def __init__(self, moves: Iterable[Move[S]]) -> None:
        self.moves: tuple[Move[S], ...] = tuple(moves)
        self.by_shape: dict[str, dict[str, Move[S]]] = {"action": {}, "chance": {}, "phase": {}}
        for move in self.moves:
            table = self.by_shape[move.shape]
            if move.name in table:
                raise ValueError(f"{move.shape} {move.name!r} declared twice")
            table[move.name] = move
        self.by_class = {cls: self.by_shape[shape] for cls, shape in _SHAPE_OF.items()}
        self.plans: dict[type, dict[str, MovePlan[S]]] = {
            cls: {name: _plan(move) for name, move in self.by_shape[shape].items()}
            for cls, shape in _SHAPE_OF.items()}
        self.decisions = tuple(m for m in self.moves if m.shape != "chance")

    def find(self, event: GameEvent) -> Move[S] | None:
        return self.by_class[type(event)].get(event.name)

    def names(self, shape: str) -> list[str]:
        return list(self.by_shape[shape])

    def rule_ids(self) -> set[str]:
        return {r for m in self.moves for r in m.rules}


class TableGame(Generic[S]):
    """The Game protocol from a move table and a flow. A subclass sets ``name``, ``title``,
    ``min_players``, ``max_players``, ``rules``, ``moves``, ``flow``, ``observables`` and
    ``vocab_rule`` (unknown event names), and writes ``new_state``, ``score`` and ``winners``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rules: RuleCatalogue
    moves: MoveTable[S]
    flow: Flow[S]
    observables: Observables[S]
    vocab_rule: str
    _plain_protocol: ClassVar[bool] = True
    """False for a game that writes its own ``check`` or ``apply``: ``play`` then calls them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._plain_protocol = cls.check is TableGame.check and cls.apply is TableGame.apply

    # ------------------------------------------------------------------ check

    def check(self, state: S, event: GameEvent) -> Violation | None:
        plan = self.moves.plans[type(event)].get(event.name)
        if plan is None:
            return self.unknown_event(event)
        return self._check(state, event, plan)

    def _check(self, state: S, event: GameEvent, plan: MovePlan[S]) -> Violation | None:
        move, required, optional, validate, check, _, _ = plan
        params = event.params
        if (params or required) and not params_ok(params, required, optional):
            return check_params(event, required, optional, rule=move.schema_rule_id())
        if validate is not None:
            bad = validate(state, event)
            if bad is not None:
                return bad
        bad = self.order(state, event, move)
        if bad is not None or check is None:
            return bad
        return check(state, event)

    def play(self, state: S, event: GameEvent, note: Note = ignore) -> Violation | None:
        """``check``, then ``apply`` when the event passes (the move looked up once): the
        refusal, or None once the event is applied. ``apply`` may still raise RuleViolation."""
        if not self._plain_protocol:
            violation = self.check(state, event)
            if violation is None:
                self.apply(state, event, note)
            return violation
        return self._play_plan(state, event, note)

    def _play_plan(self, state: S, event: GameEvent, note: Note) -> Violation | None:
        """:meth:`play` by the move table's plain protocol: the plan looked up once, checked,
        then applied (:meth:`_check` written out: this runs for every event read)."""
        plan = self.moves.plans[type(event)].get(event.name)
        if plan is None:
            return self.unknown_event(event)
        move, required, optional, validate, check, rules, apply = plan
        params = event.params
        if (params or required) and not params_ok(params, required, optional):
            return check_params(event, required, optional, rule=move.schema_rule_id())
        if validate is not None:
            bad = validate(state, event)
            if bad is not None:
                return bad
        bad = self.order(state, event, move)
        if bad is None and check is not None:
            bad = check(state, event)
        if bad is not None:
            return bad
        if note is not ignore:
            for rule in rules:
                note(rule)
        apply(state, event, note)
        return None

    def steps(self) -> tuple[Step[S], Callable[[GameEvent], Step[S]]]:
        """What a log's reader calls to play an event: :meth:`play` (the plain protocol's own
        where the game keeps it), and for an event about to be met again, its
        :meth:`play_again` bound to its move (the same checks and effects, the move looked up
        once instead of at every line). The bound steps are kept by the reader, not by the
        game, which stays as picklable as before (a cluster's workers are sent it)."""
        if not self._plain_protocol:
            play = self.play
            return play, lambda event: play
        plans = self.moves.plans
        bound: dict[tuple[type, str], Step[S]] = {}

        def again_of(event: GameEvent) -> Step[S]:
            key = (type(event), event.name)
            step = bound.get(key)
            if step is None:
                step = bound[key] = self._again_plan(plans[key[0]][key[1]])
            return step

        return self._play_plan, again_of

    def _again_plan(self, plan: MovePlan[S]) -> Step[S]:
        move, _, _, _, check, rules, apply = plan
        order = self.order

        def again(state: S, event: GameEvent, note: Note) -> Violation | None:
            bad = order(state, event, move)
            if bad is None and check is not None:
                bad = check(state, event)
            if bad is not None:
                return bad
            if note is not ignore:
                for rule in rules:
                    note(rule)
            apply(state, event, note)
            return None

        return again

    def play_again(self, state: S, event: GameEvent, note: Note = ignore) -> Violation | None:
        """:meth:`play` for an event this game has already played in the same game (the same
        players, options and data): its parameters and the move's ``validate`` (values wrong
        in any state) passed then and are not checked again; order, the move's ``check`` and
        ``apply`` run as in :meth:`play`. A game with its own ``check`` or ``apply`` plays it
        in full."""
        if not self._plain_protocol:
            return self.play(state, event, note)
        return self._again_plan(self.moves.plans[type(event)][event.name])(state, event, note)

    def unknown_event(self, event: GameEvent) -> Violation:
        player = event.player if event.shape == "action" else None
        names = self.moves.names(event.shape)
        if not names:
            return Violation("schema", self.vocab_rule, f"{self.title} logs have no "
                             f"{event.shape} events; found {describe(event)}", player)
        return Violation("schema", self.vocab_rule, unknown(f"{event.shape}", event.name, names),
                         player)

    def order(self, state: S, event: GameEvent, move: Move[S]) -> Violation | None:
        """The generic order checks the flow supports; a move's ``check`` adds its own."""
        flow = self.flow
        shape = move.shape
        player = event.player if shape == "action" else None
        if flow.is_over(state):
            return Violation("order", flow.end_rule or move.schema_rule_id(),
                             f"the game is over; found {describe(event)}", player)
        due = flow.chance(state)
        if shape == "chance":
            if due is None:
                assert isinstance(event, Chance)
                return flow.stray_chance(state, event, self.expected(state))
            if due != move.name:
                return Violation("chance", flow.stage_rule(flow.stage(state)),
                                 f"expected {self.expected(state)}, found {describe(event)}")
            return None
        stage = flow.stage(state)
        if shape == "action" and move.who == "actor":
            actors = flow.actors(state)
            if player not in actors:
                if not actors and due is not None:
                    return Violation("order", flow.stage_rule(stage), f"expected "
                                     f"{self.expected(state)}, found {describe(event)} by "
                                     f"{player}", player)
                if actors:
                    whose = " or ".join(f"{a}'s" for a in actors)
                    return Violation("order", flow.turn_rule, f"it is {whose} decision, not "
                                     f"{player}'s (expected {self.expected(state)})", player)
                return Violation("order", flow.stage_rule(stage), f"{move.name!r} is not "
                                 f"possible now; expected {self.expected(state)}", player)
        if move.stages is not None and stage not in move.stages:
            return Violation("order", move.order_rule or flow.stage_rule(stage),
                             f"{move.name!r} is not possible now; expected "
                             f"{self.expected(state)}", player)
        return None

    def expected(self, state: S) -> str:
        """What the flow awaits now, in words (for order messages)."""
        flow = self.flow
        if flow.is_over(state):
            return "nothing (the game is over)"
        due = flow.chance(state)
        actors = flow.actors(state)
        parts = []
        if due is not None:
            move = self.moves.by_shape["chance"][due]
            assert isinstance(move, ChanceMove)
            parts.append(move.describe(state))
        if actors:
            stage = flow.stage(state)
            names = sorted({m.name for m in self.moves.decisions if m.shape == "action"
                            and (m.stages is None or stage in m.stages)})
            who = " or ".join(actors)
            parts.append(f"a decision by {who} ({', '.join(names)})" if names
                         else f"a decision by {who}")
        return " or ".join(parts) or "nothing"

    # ------------------------------------------------------------------ apply

    def apply(self, state: S, event: GameEvent, note: Note = ignore) -> None:
        plan = self.moves.plans[type(event)].get(event.name)
        if plan is None:
            raise RuleViolation(self.unknown_event(event))
        if note is not ignore:
            for rule in plan.rules:
                note(rule)
        plan.apply(state, event, note)

    def step(self, state: S, event: GameEvent, note: Note = ignore) -> None:
        """Check, then apply: raises RuleViolation (with the violation) for a refused event."""
        violation = self.check(state, event)
        if violation is not None:
            raise RuleViolation(violation)
        self.apply(state, event, note)

    # ------------------------------------------------------------------ enumeration

    def chance_outcomes(self, state: S) -> list[tuple[Chance, Fraction]]:
        flow = self.flow
        if flow.is_over(state):
            return []
        due = flow.chance(state)
        if due is None:
            return []
        move = self.moves.by_shape["chance"][due]
        assert isinstance(move, ChanceMove)
        return move.outcomes(state)

    def legal_actions(self, state: S) -> list[GameEvent]:
        flow = self.flow
        if flow.is_over(state) or flow.chance(state) is not None:
            return []
        stage = flow.stage(state)
        actors = flow.actors(state)
        out: list[GameEvent] = []
        for move in self.moves.decisions:
            if move.stages is not None and stage not in move.stages:
                continue
            if move.shape == "phase":
                out.extend(move.legal(state, None))
            elif move.who == "actor":
                for player in actors:
                    out.extend(move.legal(state, player))
            else:
                for player in self.anytime_players(state):
                    out.extend(move.legal(state, player))
        return out

    def anytime_players(self, state: S) -> Sequence[str]:
        """Who may play ``"anyone"`` moves now (default: every player)."""
        players: Sequence[str] = getattr(state, "players", ())
        return players

    # ------------------------------------------------------------------ results

    def is_over(self, state: S) -> bool:
        return self.flow.is_over(state)

    def observe(self, state: S) -> Observation:
        return self.observables.observe(state, getattr(state, "players", ()))

    def score(self, state: S) -> dict[str, Score]:
        raise NotImplementedError

    def winners(self, state: S) -> list[str]:
        raise NotImplementedError
