"""The growing hex board: cells in axial coordinates, tiles covering one cell (a Place) or two
(a Market), and the placement and movement rules that only depend on the geometry."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

Cell = tuple[int, int]
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
FIRST_MARKET: tuple[Cell, Cell] = ((0, 0), (1, 0))
MAX_COORDINATE = 64  # far beyond any real board: the game has 62 Places and 4 Markets


def neighbours(cell: Cell) -> Iterator[Cell]:
    q, r = cell
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Cell, b: Cell) -> bool:
    return distance(a, b) == 1


@dataclass
class Tile:
    """A tile on the board: a Place's slug (or ``market`` / ``small_market``) and its cells."""

    slug: str
    cells: tuple[Cell, ...]
    market: bool = False

    def copy(self) -> Tile:
        return Tile(self.slug, self.cells, self.market)

    def key(self) -> tuple[object, ...]:
        return (self.slug, self.cells, self.market)


@dataclass
class Board:
    """Tiles by id (ids never reused), and which tile covers each cell. The tiles next to each
    tile are worked out once per board layout (``links``); swapping two tiles' Places keeps it."""

    tiles: dict[int, Tile] = field(default_factory=dict)
    cells: dict[Cell, int] = field(default_factory=dict)
    next_id: int = 0
    links: dict[int, frozenset[int]] = field(default_factory=dict, repr=False, compare=False,
                                             metadata={"shared": True})
    reach: dict[tuple[int, int], dict[int, int]] = field(
        default_factory=dict, repr=False, compare=False, metadata={"shared": True})

    def copy(self) -> Board:
        board = Board({i: t.copy() for i, t in self.tiles.items()}, dict(self.cells),
                      self.next_id)
        board.links = self.links  # never changed in place: a new layout makes a new dict
        board.reach = self.reach
        return board

    def key(self) -> tuple[object, ...]:
        return (tuple((i, t.key()) for i, t in sorted(self.tiles.items(), key=_id_order)),
                tuple(sorted(self.cells.items(), key=repr)), self.next_id)

    # ----------------------------------------------------------------- building the board

    def add(self, slug: str, cells: Iterable[Cell], market: bool = False) -> int:
        tile_id = self.next_id
        self.next_id += 1
        tile = Tile(slug, tuple(sorted(cells)), market)
        self.tiles[tile_id] = tile
        for cell in tile.cells:
            self.cells[cell] = tile_id
        near = {other for cell in tile.cells for n in neighbours(cell)
                if (other := self.cells.get(n)) is not None and other != tile_id}
        # what the new tile cannot change is kept (in new dicts: copies share the old ones):
        # the links of the tiles it does not touch, and the tiles within reach of a start that
        # reach no tile next to it with a step to spare
        self.links = {t: found for t, found in self.links.items() if t not in near}
        self.reach = {key: found for key, found in self.reach.items()
                      if all(found.get(t, key[1]) >= key[1] for t in near)}
        return tile_id

    def shared_edges(self, cell: Cell) -> int:
        """How many edges of ``cell`` touch tiles already on the board."""
        return sum(1 for n in neighbours(cell) if n in self.cells)

    def place_problem(self, cell: Cell, first_place: bool) -> str | None:
        """Why a Place may not go on ``cell`` (None: it may)."""
        if cell in self.cells:
            return f"cell {list(cell)} is taken by {self.tiles[self.cells[cell]].slug}"
        if first_place:
            dents = indentations(FIRST_MARKET)
            if cell not in dents:
                return (f"the first Place goes into an indentation of the first Market "
                        f"({' or '.join(str(list(d)) for d in dents)}), not {list(cell)}")
            return None
        edges = self.shared_edges(cell)
        if edges < 2:
            return (f"a Place must share at least two edges with tiles on the board; "
                    f"{list(cell)} shares {edges}")
        return None

    def market_problem(self, cells: tuple[Cell, ...], min_gap: int) -> str | None:
        """Why a Market may not cover ``cells``: it must touch a Place and keep at least
        ``min_gap`` cells between it and every other Market."""
        for cell in cells:
            if cell in self.cells:
                return f"cell {list(cell)} is taken by {self.tiles[self.cells[cell]].slug}"
        if len(cells) == 2 and not adjacent(*cells):
            return f"a Market covers two neighbouring cells; {list(map(list, cells))} are not"
        touches_place = any(not self.tiles[self.cells[n]].market for c in cells
                            for n in neighbours(c) if n in self.cells)
        if not touches_place:
            return "a Market must share at least one edge with a Place on the board"
        for tile in self.tiles.values():
            if tile.market:
                gap = min(distance(a, b) for a in cells for b in tile.cells) - 1
                if gap < min_gap:
                    return (f"the shortest path to the Market at {list(tile.cells[0])} goes "
                            f"through {gap} cell(s); at least {min_gap} cells (the rulebook's "
                            f"{min_gap} Places) must lie between")
        return None

    # ----------------------------------------------------------------- queries

    def tile_at(self, cell: Cell) -> int | None:
        return self.cells.get(cell)

    def tiles_named(self, slug: str) -> list[int]:
        return [i for i, t in self.tiles.items() if t.slug == slug]

    def adjacent_tiles(self, tile_id: int) -> frozenset[int]:
        found = self.links.get(tile_id)
        if found is None:
            near: set[int] = set()
            for cell in self.tiles[tile_id].cells:
                for n in neighbours(cell):
                    other = self.cells.get(n)
                    if other is not None and other != tile_id:
                        near.add(other)
            found = self.links[tile_id] = frozenset(near)
        return found

    def within(self, start: int, steps: int) -> dict[int, int]:
        """Tiles reachable from ``start`` in at most ``steps`` moves between adjacent tiles
        (moving through any tile), with the fewest moves each takes (worked out once per
        layout; the result is shared: do not change it)."""
        found = self.reach.get((start, steps))
        if found is not None:
            return found
        seen = self.reach[(start, steps)] = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if seen[here] == steps:
                continue
            for nxt in self.adjacent_tiles(here):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return seen

    def free_cells(self) -> set[Cell]:
        """Empty cells touching the board (candidates for new tiles)."""
        return {n for cell in self.cells for n in neighbours(cell) if n not in self.cells}


def _id_order(item: tuple[object, object]) -> tuple[str, str]:
    """Tiles in id order (ids of another type, which no board has, after them)."""
    key = item[0]
    return ("", f"{key:09d}") if isinstance(key, int) else (type(key).__name__, repr(key))


def indentations(market: tuple[Cell, Cell]) -> list[Cell]:
    """The two cells touching both cells of a Market."""
    a, b = market
    return sorted(set(neighbours(a)) & set(neighbours(b)))


def cell_of(value: object) -> Cell | None:
    """A ``[q, r]`` pair from a log (a list arrives as a tuple), or None if it is not one."""
    if (type(value) is tuple or type(value) is list) and len(value) == 2:
        q, r = value
        if (type(q) is int and type(r) is int and -MAX_COORDINATE <= q <= MAX_COORDINATE
                and -MAX_COORDINATE <= r <= MAX_COORDINATE):
            return (q, r)
    return None
