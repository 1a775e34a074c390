"""The data both Ticket to Ride boards play by (no pygame): the cards and tables of
cards.toml, and the board's cities and routes read from its Tiled map.

Clause ids (TTR-n for both boards, TIB-n for Iberia, TKO-n for South Korea) refer to
seeds/ttr-base.md, seeds/ttr-iberia.md and seeds/ttr-korea.md.
"""
from __future__ import annotations

import dataclasses
import heapq
from functools import lru_cache

from game.assets import game_data

CARDS = game_data("ttr")
COLOURS: tuple[str, ...] = tuple(c["key"] for c in CARDS["colours"])
LOCO = CARDS["locomotive"]["key"]
GREY = "grey"
COLOUR_LABELS: dict[str, str] = {c["key"]: c["label"] for c in CARDS["colours"]}
COLOUR_LABELS[LOCO] = CARDS["locomotive"]["label"]
COLOUR_LABELS[GREY] = "Grey"

TRAIN = CARDS["train_cards"]
PER_COLOUR = int(TRAIN["per_colour"])
LOCOMOTIVES = int(TRAIN["locomotives"])
HAND = int(TRAIN["hand"])
FACE_UP = int(TRAIN["face_up"])
RESET_LOCOS = int(TRAIN["reset_locomotives"])
RESET_TRIES = int(TRAIN["reset_tries"])
LAST_ROUND_TRAINS = int(TRAIN["last_round_trains"])
ROUTE_POINTS: dict[int, int] = {int(k): int(v) for k, v in CARDS["route_points"].items()}

DRAFT_DEALT = int(CARDS["draft"]["dealt"])
DRAFT_KEEP = int(CARDS["draft"]["keep"])
TICKET_DRAW = int(CARDS["draft"]["ticket_draw"])

IBERIA, KOREA = "iberia", "korea"
TRAINS = {IBERIA: int(CARDS["iberia"]["trains"]), KOREA: int(CARDS["korea"]["trains"])}
FESTIVAL_CARDS = int(CARDS["iberia"]["festival_cards"])
FESTIVALS: dict[str, str] = {f["key"]: f["label"] for f in CARDS["iberia"]["festivals"]}
FESTIVAL_CHART: tuple[int, ...] = tuple(int(v) for v in CARDS["iberia"]["festival_chart"])
DRAFT_DEPTH: dict[int, float] = {int(k): float(v) for k, v in CARDS["iberia"]["ticket_draft_depth"].items()}
EXPRESS: tuple[int, ...] = tuple(int(v) for v in CARDS["korea"]["express"])
PROVINCE_SPOTS = int(CARDS["korea"]["province_spots"])
PROVINCE_BONUS: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in CARDS["korea"]["province_bonus"].items()}

#: card names in the deck besides the colours and the locomotive
FESTIVAL_PREFIX = "festival:"
TICKET_DRAFT_CARD = "ticket-draft"


def festival_points(count: int) -> int:
    """The festival chart (TIB-14): points for `count` cards of one festival city."""
    if count < len(FESTIVAL_CHART):
        return FESTIVAL_CHART[count]
    return FESTIVAL_CHART[-1] + (count - len(FESTIVAL_CHART) + 1) * 6


@dataclasses.dataclass(frozen=True)
class Ticket:
    index: int
    a: str
    b: str
    points: int


@dataclasses.dataclass(frozen=True)
class Route:
    """One track of the board. A double route is two Routes whose `pair` names each other."""

    id: int
    a: str
    b: str
    length: int
    colour: str            # a card colour, or GREY (any one colour)
    locomotives: int       # locomotive spaces (ferries)
    pair: int              # the twin track's id, 0 if none
    spaces: tuple[tuple[float, float], ...]
    space_length: float = 0.0   # this route's train-car space, along the route (map px)

    @property
    def points(self) -> int:
        return ROUTE_POINTS[self.length]

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclasses.dataclass(frozen=True, eq=False)
class Board:
    """A board's cities and routes, read from maps/ttr-<name>.tmx."""

    name: str
    labels: dict[str, str]
    festival_of: dict[str, str]          # city -> festival key (Iberia)
    province_of: dict[str, str]          # city -> colour of its province (Korea)
    city_xy: dict[str, tuple[float, float]]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    space_length: float
    space_width: float
    size: tuple[int, int]
    #: where each city's name is printed on the map, from the city (map pixels)
    label_offsets: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)

    @property
    def route_by_id(self) -> dict[int, Route]:
        return _route_index(self)

    def routes_at(self, city: str) -> list[Route]:
        return _routes_at(self).get(city, [])

    def festival_keys(self, route: Route) -> list[str]:
        """The festival cities a route leads into (one if both ends share, TIB-11)."""
        keys: list[str] = []
        for city in (route.a, route.b):
            key = self.festival_of.get(city)
            if key and key not in keys:
                keys.append(key)
        return keys

    def distances(self, source: str, blocked: frozenset[int] = frozenset(),
                  free: frozenset[int] = frozenset()) -> dict[str, int]:
        """Fewest trains from `source` to every city, over routes not `blocked`; routes in
        `free` cost nothing (already one's own)."""
        dist = {source: 0}
        queue = [(0, source)]
        at = _routes_at(self)
        while queue:
            d, here = heapq.heappop(queue)
            if d > dist[here]:
                continue
            for route in at.get(here, ()):
                if route.id in blocked:
                    continue
                step = 0 if route.id in free else route.length
                there = route.other(here)
                if d + step < dist.get(there, 1 << 30):
                    dist[there] = d + step
                    heapq.heappush(queue, (d + step, there))
        return dist


@lru_cache(maxsize=8)
def _route_index(board: Board) -> dict[int, Route]:
    return {r.id: r for r in board.routes}


@lru_cache(maxsize=8)
def _routes_at(board: Board) -> dict[str, list[Route]]:
    at: dict[str, list[Route]] = {}
    for route in board.routes:
        at.setdefault(route.a, []).append(route)
        at.setdefault(route.b, []).append(route)
    return at


@lru_cache(maxsize=2)
def board(name: str) -> Board:
    """The board `name` ("iberia" or "korea"), read from its map (no pygame). BoardError with
    a clear message if the map is missing or does not match the tickets."""
    from game.assets import path
    from game.core.board import BoardError, load_board
    tmx = load_board(path("maps", f"ttr-{name}.tmx"))
    labels, festival_of, province_of, xy, offsets = {}, {}, {}, {}, {}
    for key, node in tmx.nodes.items():
        if node.kind != "city":
            continue
        labels[key] = str(node.props.get("label", key))
        xy[key] = (node.x, node.y)
        offsets[key] = (int(node.props.get("label_dx", 0)), int(node.props.get("label_dy", 0)))
        if node.props.get("festival"):
            festival_of[key] = str(node.props["festival"])
        if node.props.get("colour"):
            province_of[key] = str(node.props["colour"])
    routes = []
    for edge in tmx.edges:
        if edge.kind not in ("route", "ferry"):
            continue
        p = edge.props
        length = int(p["length"])
        spaces = tuple(edge.points[1:-1])
        if len(spaces) != length:
            raise BoardError(f"The map ttr-{name}.tmx: route {p.get('route')} has {len(spaces)} "
                             f"spaces for length {length}.")
        colour = str(p["colour"])
        if colour != GREY and colour not in COLOURS:
            raise BoardError(f"The map ttr-{name}.tmx: route {p.get('route')} has the unknown "
                             f"colour {colour!r}.")
        routes.append(Route(int(p["route"]), edge.a, edge.b, length, colour,
                            int(p.get("locomotives", 0)), int(p.get("pair", 0)), spaces,
                            float(p.get("space_length", tmx.props.get("space_length", 30)))))
    routes.sort(key=lambda r: r.id)
    tickets = tuple(Ticket(i, a, b, int(points))
                    for i, (a, b, points) in enumerate(CARDS["tickets"][name]))
    for t in tickets:
        for city in (t.a, t.b):
            if city not in labels:
                raise BoardError(f"The map ttr-{name}.tmx lacks the city {city!r} of a ticket.")
    return Board(name, labels, festival_of, province_of, xy, tuple(routes), tickets,
                 float(tmx.props.get("space_length", 30)), float(tmx.props.get("space_width", 12)),
                 (tmx.width, tmx.height), offsets)


def train_deck() -> list[str]:
    """The 110 train cards (TTR-1)."""
    return [c for c in COLOURS for _ in range(PER_COLOUR)] + [LOCO] * LOCOMOTIVES


def is_festival(card: str) -> bool:
    return card.startswith(FESTIVAL_PREFIX)
