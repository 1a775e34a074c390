"""Tokaido's table: the East Sea Road with its stops and the travellers on it; below it, the
decision the seat to act must make now; beside that, the viewer's own journey so far.

The road is one still picture (the painted map and a medallion at every stop), drawn once.
The travellers, the places the mover may walk to and the hover tip are drawn over it every
frame (`draw_overlay`), so a move redraws only where a pawn was and is. A traveller walks
along the road's `route` polyline at a pace a person can follow.

Everything drawn comes from `self.view`; every click becomes an action from
`legal_actions()`. The few sums a player needs (a price with the traveller's discount, the
points a set of souvenirs would add) ask the state about the viewer's own, public holdings.
"""
from __future__ import annotations

import dataclasses
import math
from functools import lru_cache
from typing import Any, Callable, Hashable

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.core.protocol import Action
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, ease_out_cubic
from game.ui.caches import cached
from game.ui.gamescene import GameScene
from game.ui.icons import icon

from .rules import (AMULET, BET, CALLI, ENCOUNTER, ENCOUNTER_NAMES, FAMILIES, FARM, FORTUNE_DIE, HOTSPRING, INN,
                    KEEP, KIND_NAMES, LEGEND, LEGENDARY, LEGENDARY_FAMILY, MEAL, MEAL_POINTS, MEALS, OPTION,
                    PANORAMA, PANORAMAS, PAY, SECTIONS, SOUVENIRS, TEMPLE, TRAVELLERS, USE, VILLAGE,
                    BuySouvenirs, ChooseTraveller, Donate, Move, Pick, board_road, journey, next_inn_index)

# ---- layout (canvas pixels) ---------------------------------------------------------------------
MAP = pygame.Rect(10, 72, 1370, 600)
PANEL = pygame.Rect(10, 684, 860, 386)          # the decision to make now
COLLECTION = pygame.Rect(880, 684, 500, 386)    # the viewer's own journey
CONTENT_Y = 84                                  # panel-local top of cards and buttons
STOP_R, SIDE_R, INN_R = 17, 14, 26
PAWN = 30
TRACK = pygame.Rect(36, 563, 1298, 30)          # the score track, laid over the painted sea (map pixels)
TRACK_MARK = 22                                 # a seat's marker on it
TIP = pygame.Rect(MAP.x + 430, MAP.y + TRACK.y - 58, 780, 52)   # the hover tip, on the shore above the track

# ---- the Edo palette -------------------------------------------------------------------------------
KIND_COLOURS = {
    INN: "#9b2f2a", VILLAGE: "#7b5b3e", TEMPLE: "#cf6b2c", ENCOUNTER: "#6b4f8f", "paddy": "#86a23a",
    "mountain": "#4f6e5c", "sea": "#2d6aa3", HOTSPRING: "#b0607f", FARM: "#b8902e",
}
KIND_ICONS = {INN: "tok_inn", VILLAGE: "tok_village", TEMPLE: "tok_temple", ENCOUNTER: "tok_encounter",
              "paddy": "tok_paddy", "mountain": "tok_mountain", "sea": "tok_sea", HOTSPRING: "tok_hotspring",
              FARM: "tok_farm"}
FAMILY_COLOURS = {"small": "#4f8a8b", "food": "#c26f34", "clothing": "#7a5ea8", "art": "#b8434e",
                  "legendary": "#a8862a"}
FAMILY_NAMES = {"small": "Small object", "food": "Food", "clothing": "Clothing", "art": "Art",
                "legendary": "Legendary"}
INK_SOFT = pygame.Color("#5a5249")
COIN_GOLD = pygame.Color("#c9a227")
NEUTRAL_GREY = pygame.Color("#9a9a9a")
CARD_EDGE = (30, 26, 22)
PAPER_LINE = pygame.Color("#d8cdb4")
TRACK_TICK = pygame.Color("#a89b80")
POOL_COLOURS = {LEGEND: "#a8862a", AMULET: "#9b2f2a", CALLI: "#3b3a36"}

# ---- words -------------------------------------------------------------------------------------------
GIVES = {
    VILLAGE: "buy souvenirs", TEMPLE: "give 1 to 3 coins", ENCOUNTER: "meet someone",
    "paddy": "panorama of 3 parts", "mountain": "panorama of 4 parts", "sea": "panorama of 5 parts",
    HOTSPRING: "2 or 3 points", FARM: "3 coins", INN: "all stop; buy a meal",
}
GIVES_LONG = {
    VILLAGE: "Three souvenirs are turned up: buy any you can pay for.",
    TEMPLE: "Give 1, 2 or 3 coins to the temple: 1 point each, and the biggest offerings score at the end.",
    ENCOUNTER: "Draw an encounter card and take what it gives.",
    "paddy": "Paint the next part of your rice paddy (3 parts; part n scores n).",
    "mountain": "Paint the next part of your mountain (4 parts; part n scores n).",
    "sea": "Paint the next part of your sea (5 parts; part n scores n).",
    HOTSPRING: "Take a hot spring card: 2 or 3 points.",
    FARM: "Earn 3 coins.",
    INN: "Everyone stops here. Each in turn may buy one meal (6 points).",
}
CROSS_GIVES = {
    VILLAGE: "or a legendary object", TEMPLE: "or an amulet (1 coin)", ENCOUNTER: "or a calligraphy (1 coin)",
    "paddy": "or a cherry tree", "mountain": "or a cherry tree", "sea": "or a cherry tree",
    HOTSPRING: "or a bath house (1 coin)", FARM: "or bet 2 on the die", INN: "",
}
OPTION_WORDS = {
    VILLAGE: ("Souvenirs: three turned up, buy any", "A legendary object (1 to 3 coins)"),
    TEMPLE: ("An offering: give 1, 2 or 3 coins", "An amulet of your choice for 1 coin"),
    ENCOUNTER: ("An encounter: draw a card", "A calligraphy of your choice for 1 coin"),
    "paddy": ("The next part of your rice paddy", "A cherry tree: 2 points and 1 coin"),
    "mountain": ("The next part of your mountain", "A cherry tree: 2 points and 1 coin"),
    "sea": ("The next part of your sea", "A cherry tree: 2 points and 1 coin"),
    HOTSPRING: ("A hot spring card: 2 or 3 points", "A bath house: 1 coin for 4 points"),
    FARM: ("Earn 3 coins", "Gaming room: bet 2, roll, win twice the face"),
}
ENCOUNTER_TEXT = {
    "shokunin": "The artisan gives you the top souvenir.",
    "annaibito_paddy": "The next part of your rice paddy (or another).",
    "annaibito_mountain": "The next part of your mountain (or another).",
    "annaibito_sea": "The next part of your sea (or another).",
    "samurai": "3 points.",
    "kuge": "3 coins.",
    "miko": "A coin from the bank in your offering.",
    "itamae": "Pay 1: a meal from the deck, 6 points if new to you.",
    "kitoushi": "Pay 1: the next part of a panorama you choose.",
    "saru": "A hot spring card.",
    "takuhatsuso": "Pay 1: 4 points.",
}
POOL_TEXT = {
    "shodo": "1 point per other souvenir or object, now and later.",
    "emaki": "1 point per other souvenir or object, now and later.",
    "buppatsu": "A fifth souvenir family: a set may have 5 cards.",
    "ema": "A fifth souvenir family: a set may have 5 cards.",
    "murasame": "8 points.",
    "masamune": "8 points.",
    "foresight": "At the end: 2 points per coin left.",
    "contemplation": "At the end: 3 per finished panorama, 1 per cherry tree.",
    "nostalgia": "At the end: 2 per legendary object, 1 per souvenir.",
    "patience": "At the end: 6 if last into Edo, 4 if the one before, else 2.",
    "perfection": "At the end: 2 per achievement, 1 per calligraphy.",
    "fasting": "At the end: 3 per inn meal not eaten.",
    "vitality": "After a move that puts you in the lead, walk again.",
    "fortune": "Before you move, roll the die: take that many coins.",
    "health": "Take both options of a stop.",
    "friendship": "Stop where a traveller already stands.",
    "hospitality": "Your next meal is free.",
    "devotion": "The coins of one purchase go to your offering.",
}
ACHIEVEMENT_NAMES = {"paddy": "First rice paddy", "mountain": "First mountain", "sea": "First sea",
                     "gourmet": "Gourmet", "collector": "Collector", "bather": "Bather", "chatterbox": "Chatterbox"}
POOL_NOUNS = {LEGEND: "legendary object", AMULET: "amulet", CALLI: "calligraphy"}
POOL_VIEW_KEYS = {LEGEND: "legendary_pool", AMULET: "amulet_pool", CALLI: "calligraphy_pool"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---- what the decision panel shows ----------------------------------------------------------------------

@dataclasses.dataclass
class Spot:
    """A drawn card in the decision panel: where (canvas), what a click means, how it looks."""
    rect: pygame.Rect
    target: Hashable
    face: Callable[[], pygame.Surface]
    clickable: bool = False
    selected: bool = False
    note: str = ""
    dim: bool = False


@dataclasses.dataclass
class ButtonSpec:
    """A pygame-gui button of the decision panel; `action` is applied when it is pressed."""
    name: str
    action: Action | None
    label: str
    kind: str
    rect: pygame.Rect
    tooltip: str | None = None


@dataclasses.dataclass
class Choice:
    """The decision panel at one moment: a title, cards to click, buttons, and more drawing."""
    title: str
    subtitle: str = ""
    spots: list[Spot] = dataclasses.field(default_factory=list)
    buttons: list[ButtonSpec] = dataclasses.field(default_factory=list)
    extra: Callable[[pygame.Surface], None] | None = None
    extra_key: Hashable = None

    def signature(self) -> Hashable:
        return (self.title, self.subtitle, self.extra_key,
                tuple((tuple(s.rect), s.target, s.clickable, s.selected, s.note, s.dim) for s in self.spots))


def panel_rect(x: int, y: int, w: int, h: int) -> pygame.Rect:
    """A rectangle given in decision-panel coordinates, on the canvas."""
    return pygame.Rect(PANEL.x + x, PANEL.y + y, w, h)


class TokaidoScene(GameScene):
    # ---- set-up --------------------------------------------------------------------------------------
    def build_board(self) -> None:
        self.road = journey(bool(self.view.get("return_trip")))
        self.kinds = {stop.pos: stop.kind for stop in board_road()}
        self.walking: set[int] = set()            # pawns drawn by a walking motion, not the overlay
        self.selection: tuple[int, ...] = ()      # souvenirs toggled on in a village
        self.chosen: Hashable = None              # a meal or pool card picked, waiting for a way to pay
        self._legal: list[Action] = []
        self._choice: Choice | None = None
        self._targets: list[Move] = []
        self._board_buttons: dict[str, tuple[Any, ButtonSpec]] = {}
        self._button_key: Hashable = None
        self._overlay_last: Hashable = None
        self._overlay_rects: list[pygame.Rect] = []
        self._tip_cache: tuple[Hashable, list[str]] = (None, [])
        self._load_map()
        self._track_shown: dict[int, float] = {}  # where each seat's marker stands as it slides (TOK-43)
        self.add_layer(MAP, self._render_map, lambda: (self.view["pieces"] >= 4, self.track_top()), alpha=False)
        self.add_layer(PANEL, self._render_panel, self._panel_signature)
        self.add_layer(COLLECTION, self._render_collection, self._collection_signature)

    def _load_map(self) -> None:
        self.places: dict[int, tuple[float, float, dict[str, Any]]] = {}
        self.route: list[tuple[float, float]] = []
        try:
            board = load_board(assets.path("maps", "tokaido.tmx"))
            for node in board.nodes.values():
                if node.kind in KIND_COLOURS:
                    self.places[int(node.props.get("pos", node.key))] = (node.x, node.y, node.props)
            if board.edges:
                self.route = list(board.edges[0].points)
            self.map_image = self.board_picture(board, "tokaido.tmx")
        except (BoardError, OSError, pygame.error) as exc:
            self.map_image = self.plain_board(exc, MAP.size)    # and the stops laid out in rows below
        for pos in range(1, 56):
            if pos not in self.places:
                row, col = divmod(pos - 1, 14)
                self.places[pos] = (60 + col * 92, 100 + row * 128, {"route_vertex": -1})

    # ---- where things are on the map (map pixels) --------------------------------------------------------
    def place(self, index: int) -> tuple[float, float, dict[str, Any]]:
        return self.places[self.road[index].pos]

    def slots(self, index: int) -> int:
        """Places at a stop: doubled stops have a second only with 4 or 5 travellers (TOK-8)."""
        return 2 if self.road[index].doubled and self.view["pieces"] >= 4 else 1

    def slot_xy(self, index: int, slot: int) -> tuple[float, float]:
        x, y, props = self.place(index)
        if slot <= 0:
            return (x, y)
        dx, dy = float(props.get("side_dx", 0)), float(props.get("side_dy", -34))
        if not dx and not dy:
            dy = -34.0
        return (x + dx * slot, y + dy * slot)

    def queue_xy(self, index: int, arrival: int) -> tuple[float, float]:
        x, y, props = self.place(index)
        return (x + float(props.get("inn_dx", 0)) * arrival, y + float(props.get("inn_dy", 26)) * arrival)

    def pawn_xy(self, piece: int, view: dict[str, Any] | None = None) -> tuple[float, float]:
        """Where a traveller stands: its place at a stop, or its place in an inn's queue (in
        arrival order, TOK-12)."""
        v = view or self.view
        p = v["players"][piece]
        index = p["index"]
        if self.road[index].kind == INN:
            order = v["inns"].get(str(index), [])
            return self.queue_xy(index, order.index(piece) if piece in order else piece)   # before the draw: by seat
        return self.slot_xy(index, p["slot"])

    def pieces(self) -> range:
        return range(self.view["pieces"])

    # ---- the still road ------------------------------------------------------------------------------
    def _render_map(self, surface: pygame.Surface) -> None:
        surface.blit(self.map_image, (0, 0))
        second = self.view["pieces"] >= 4
        for pos, (x, y, props) in sorted(self.places.items()):
            kind = self.kinds.get(pos, VILLAGE)
            if kind == INN:
                img = medallion(kind, INN_R)
            else:
                if second and props.get("doubled"):
                    sx, sy = x + float(props.get("side_dx", 0)), y + float(props.get("side_dy", -34))
                    side = medallion(kind, SIDE_R)
                    surface.blit(side, side.get_rect(center=(round(sx), round(sy))))
                img = medallion(kind, STOP_R)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        self._render_track(surface)
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)

    # ---- the score track (TOK-43) -------------------------------------------------------------------
    def track_top(self) -> int:
        """The track runs to 150 points, or on in steps of 50 if someone gets beyond."""
        best = max(self.view["scores"][:self.view["num_players"]], default=0)
        return max(150, -(-best // 50) * 50)

    def track_x(self, score: float) -> float:
        top = self.track_top()
        return TRACK.x + 16 + (TRACK.width - 32) * max(0.0, min(score, top)) / top

    def _render_track(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (20, 30, 44), TRACK.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, theme.PAPER, TRACK, border_radius=8)
        pygame.draw.rect(surface, CARD_EDGE, TRACK, 2, border_radius=8)
        top = self.track_top()
        step = 5 if top <= 150 else 10
        for score in range(0, top + 1, step):
            x = round(self.track_x(score))
            if score % (2 * step) == 0 and 0 < score < top:     # a number every 10 (or 20)
                label = theme.text(str(score), theme.SIZE_SMALL, tuple(INK_SOFT), True)
                surface.blit(label, label.get_rect(center=(x, TRACK.centery + 1)))
            else:
                pygame.draw.line(surface, TRACK_TICK, (x, TRACK.y + 9), (x, TRACK.bottom - 9), 2)

    def track_marks(self) -> list[tuple[int, int, int]]:
        """(seat, x, y) of each seat's marker in map pixels; markers close together stack upwards."""
        out: list[tuple[int, int, int]] = []
        seats = sorted(range(self.view["num_players"]), key=lambda s: (self._track_shown.get(s, 0.0), s))
        for seat in seats:
            x = round(self.track_x(self._track_shown.get(seat, 0.0)))
            y = TRACK.centery
            while any(abs(ox - x) < TRACK_MARK - 4 and oy == y for _s, ox, oy in out):
                y -= TRACK_MARK - 6
            out.append((seat, x, y))
        return out

    def _slide_track(self, dt: float) -> None:
        """Markers slide to the scores just earned, quickly enough to follow the game."""
        for seat, target in enumerate(self.view["scores"][:self.view["num_players"]]):
            shown = self._track_shown.get(seat)
            if shown is None or dt <= 0:
                self._track_shown[seat] = float(target)
                continue
            gap = target - shown
            if gap:
                step = max(12.0, 4.0 * abs(gap)) * dt / max(0.2, self.app.animation_speed)
                self._track_shown[seat] = target if abs(gap) <= step else shown + math.copysign(step, gap)

    # ---- what moves over the road: pawns, places to walk to, the hover tip -----------------------------------
    def walking_now(self) -> bool:
        """The seat to act is walking (or moving the neutral traveller)."""
        pending = self.view.get("pending")
        return self.view["phase"] == "play" and (pending is None or pending["kind"] == "move")

    def targets(self) -> list[Move]:
        """The places the viewer may walk to now (from the legal Move actions)."""
        return self._targets

    def _overlay_key(self) -> Hashable:
        v = self.view
        pawns = tuple((piece, self.pawn_xy(piece)) for piece in self.pieces() if piece not in self.walking)
        tip = self.hover if isinstance(self.hover, tuple) and self.hover[0] == "stop" else None
        acting = v.get("acting") if v["phase"] == "play" and not self.walking else None
        return (pawns, tuple(self._targets), tip, acting, tuple(v["last_move"]), self.view["phase"],
                tuple(self.track_marks()))

    def _overlay_bounds(self, key: Hashable) -> list[pygame.Rect]:
        pawns, targets, tip, acting, last_move, _phase, marks = key   # type: ignore[misc]
        rects = [pygame.Rect(MAP.x + x - 26, MAP.y + y - 44, 52, 66) for _piece, (x, y) in pawns]
        half = TRACK_MARK // 2 + 3
        rects += [pygame.Rect(MAP.x + x - half, MAP.y + y - half, 2 * half, 2 * half) for _seat, x, y in marks]
        for move in targets:
            x, y = self.slot_xy(move.index, move.slot)
            r = INN_R + 14 if self.road[move.index].kind == INN else STOP_R + 14
            rects.append(pygame.Rect(MAP.x + x - r, MAP.y + y - r, 2 * r, 2 * r))
        if tip is not None:
            rects.append(TIP.inflate(8, 8))
        if last_move:
            points = self._trail_points(last_move)
            if points:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                rects.append(pygame.Rect(MAP.x + min(xs) - 8, MAP.y + min(ys) - 8, max(xs) - min(xs) + 16,
                                         max(ys) - min(ys) + 16))
        return rects

    def ticking_rects(self) -> list[pygame.Rect]:
        key = self._overlay_key()
        if key == self._overlay_last:
            return []
        rects = self._overlay_bounds(key)
        old, self._overlay_rects, self._overlay_last = self._overlay_rects, rects, key
        return rects + old

    def _trail_points(self, last_move: tuple) -> list[tuple[float, float]]:
        if len(last_move) < 3 or last_move[1] == last_move[2]:
            return []
        return self._route_between(last_move[1], last_move[2])

    def _route_between(self, a: int, b: int) -> list[tuple[float, float]]:
        """The road from journey index a to b, as map points along the painted route."""
        va = int(self.place(a)[2].get("route_vertex", -1))
        vb = int(self.place(b)[2].get("route_vertex", -1))
        if va < 0 or vb < 0 or not self.route:
            return [self.slot_xy(a, 0), self.slot_xy(b, 0)]
        if va <= vb:
            return self.route[va:vb + 1]
        return list(reversed(self.route[vb:va + 1]))

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        surface = map_view(canvas)
        v = self.view
        last = v["last_move"]
        if len(last) == 3 and last[0] not in self.walking:
            colour = self.piece_colour(last[0])
            for x, y in footprints(self._trail_points(last)):
                pygame.draw.circle(surface, CARD_EDGE, (x, y), 4)
                pygame.draw.circle(surface, colour, (x, y), 3)
        for move in self._targets:
            x, y = self.slot_xy(move.index, move.slot)
            r = INN_R + 5 if self.road[move.index].kind == INN else (SIDE_R if move.slot else STOP_R) + 5
            hovered = self.hover == ("stop", move.index)
            ring = glow_ring(r, 5 if hovered else 3)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
        pawns = sorted((self.pawn_xy(piece), piece) for piece in self.pieces() if piece not in self.walking)
        for (x, y), piece in sorted(pawns, key=lambda item: item[0][1]):
            self.draw_pawn(surface, piece, (x, y))
        acting = v.get("acting")
        if v["phase"] == "play" and acting is not None and acting not in self.walking and not self.session.state.is_over:
            x, y = self.pawn_xy(acting)
            tip = (round(x), round(y) - 30)
            pygame.draw.polygon(surface, CARD_EDGE, [(tip[0] - 9, tip[1] - 12), (tip[0] + 9, tip[1] - 12), tip])
            pygame.draw.polygon(surface, theme.HIGHLIGHT, [(tip[0] - 6, tip[1] - 10), (tip[0] + 6, tip[1] - 10),
                                                         (tip[0], tip[1] - 2)])
        for seat, x, y in self.track_marks():
            theme.draw_seat_badge(surface, self.session.seats[seat].colour, (x, y), TRACK_MARK)
        if isinstance(self.hover, tuple) and self.hover[0] == "stop":
            self._draw_tip(canvas, self.hover[1])

    def piece_colour(self, piece: int) -> pygame.Color:
        if piece >= self.view["num_players"]:
            return NEUTRAL_GREY
        return theme.seat_colour(self.session.seats[piece].colour)

    def draw_pawn(self, surface: pygame.Surface, piece: int, at: tuple[float, float]) -> None:
        """A traveller: the seat's colour and shape (the neutral one grey), standing a little
        above its place so the stop's colour still shows."""
        x, y = round(at[0]), round(at[1]) - 6
        shadow = pawn_shadow()
        surface.blit(shadow, shadow.get_rect(center=(x, y + 14)))
        if piece >= self.view["num_players"]:
            dark = icon("shape_hexagon", PAWN + 6, (25, 25, 25))
            surface.blit(dark, dark.get_rect(center=(x, y)))
            img = icon("shape_hexagon", PAWN, NEUTRAL_GREY)
            surface.blit(img, img.get_rect(center=(x, y)))
        else:
            theme.draw_seat_badge(surface, self.session.seats[piece].colour, (x, y), PAWN)

    def _tip_lines(self, index: int) -> list[str]:
        key = (index, len(self.session.actions), self.viewer, tuple(self._targets))
        if self._tip_cache[0] == key:
            return self._tip_cache[1]
        stop = self.road[index]
        name = KIND_NAMES[stop.kind].capitalize()
        if stop.town:
            name = f"{name} of {stop.town}"
        head = f"{name} · place {stop.pos}" + (" · doubled" if self.slots(index) == 2 else "")
        body = GIVES_LONG[stop.kind]
        if self.view["options"].get("crossroads") and CROSS_GIVES.get(stop.kind):
            body += f" Crossroads: {CROSS_GIVES[stop.kind][3:]}."
        here = [piece for piece in self.pieces() if self.view["players"][piece]["index"] == index]
        if here:
            body = "Here: " + ", ".join(self.piece_name(p) for p in here) + ". " + body
        if self.is_my_turn() and self.walking_now():
            if any(m.index == index for m in self._targets):
                head += " · click to walk here"
            else:
                reason = self.session.state.explain_illegal(Move(index, 0))
                head += " · " + reason.rstrip(".")
        lines = [head] + theme.wrap(body, theme.SIZE_SMALL, TIP.width - 80)[:1]
        self._tip_cache = (key, lines)
        return lines

    def _draw_tip(self, canvas: pygame.Surface, index: int) -> None:
        lines = self._tip_lines(index)
        box = TIP
        pygame.draw.rect(canvas, (20, 22, 26), box.move(0, 3), border_radius=10)
        pygame.draw.rect(canvas, theme.PANEL, box, border_radius=10)
        kind = self.road[index].kind
        img = medallion(kind, 18)
        canvas.blit(img, img.get_rect(center=(box.x + 30, box.centery)))
        theme.draw_text(canvas, lines[0], (box.x + 60, box.y + 4), theme.SIZE_SMALL, theme.TEXT, bold=True,
                        max_width=box.width - 76)
        if len(lines) > 1:
            theme.draw_text(canvas, lines[1], (box.x + 60, box.y + 27), theme.SIZE_SMALL, theme.TEXT_DIM,
                            max_width=box.width - 76)

    def piece_name(self, piece: int) -> str:
        return "the neutral traveller" if piece >= self.view["num_players"] else self.name(piece)

    # ---- keeping in step with the state ----------------------------------------------------------------------
    def refresh_view(self) -> None:
        super().refresh_view()
        if not hasattr(self, "_board_buttons"):
            return
        mine = self.is_my_turn()
        self._legal = self.session.state.legal_actions() if mine else []
        self._targets = [a for a in self._legal if isinstance(a, Move)] if self.walking_now() else []
        # a new moment: what was toggled or picked for the last decision no longer applies
        self.selection = ()
        self.chosen = None
        self._choice = None
        self._sync_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._slide_track(dt)
        self._sync_buttons()

    def choice(self) -> Choice:
        if self._choice is None:
            self._choice = self._build_choice()
        return self._choice

    def _changed_choice(self) -> None:
        self._choice = None
        self._sync_buttons()

    # ---- the decision panel ---------------------------------------------------------------------------------
    def _build_choice(self) -> Choice:
        v = self.view
        state = self.session.state
        if state.is_over:
            return Choice("The journey is over", "Everyone has reached the last inn. The final scores follow.")
        seat = state.current_player
        who = self.name(seat)
        mine = self.is_my_turn()
        if v["phase"] == "travellers":
            return self._choose_traveller(mine, who)
        pending = v.get("pending")
        kind = pending["kind"] if pending else "move"
        piece = pending["piece"] if pending else v["acting"]
        builders: dict[str, Callable[[bool, str, int, dict[str, Any]], Choice]] = {
            "move": self._walk_choice, OPTION: self._option_choice, "village": self._village_choice,
            "donate": self._temple_choice, LEGEND: self._pool_choice, AMULET: self._pool_choice,
            CALLI: self._pool_choice, PANORAMA: self._panorama_choice, KEEP: self._keep_choice,
            PAY: self._pay_choice, BET: self._bet_choice, MEAL: self._meal_choice, USE: self._use_choice,
            "bath": self._bath_choice,
        }
        builder = builders.get(kind)
        if builder is None:
            return Choice(f"{who} is deciding", "")
        return builder(mine, who, piece, pending or {"kind": "move", "piece": piece})

    def _buttons_row(self, specs: list[tuple[str, Action | None, str, str, str | None]], y: int,
                     x: int = 24, height: int = 52, gap: int = 14) -> list[ButtonSpec]:
        """Lay buttons left to right from (x, y), each as wide as its words."""
        out = []
        for name, action, label, kind, tooltip in specs:
            size, bold = {"primary": (24, True), "big": (26, True), "small": (19, False)}.get(kind, (22, False))
            width = max(150, theme.font(size, bold).size(label)[0] + 44)
            out.append(ButtonSpec(name, action, label, kind, panel_rect(x, y, width, height), tooltip))
            x += width + gap
        return out

    def _choose_traveller(self, mine: bool, who: str) -> Choice:
        dealt = self.view["players"][self.viewer]["dealt"] if mine and self.viewer is not None else None
        if mine and dealt:
            c = Choice("Choose your traveller", "Keep one of these two; nobody sees your choice until everyone "
                       "has chosen.")
            for i, key in enumerate(dealt):
                rect = panel_rect(24 + i * 416, CONTENT_Y, 396, 280)
                c.spots.append(Spot(rect, ("traveller", key), lambda key=key: traveller_face(key, 396, 280),
                                    clickable=ChooseTraveller(key) in self._legal))
            return c
        c = Choice(f"{who} is choosing a traveller", "In secret: the travellers are shown once everyone has chosen.")
        for i in range(2):
            c.spots.append(Spot(panel_rect(24 + i * 416, CONTENT_Y, 396, 280), ("back", i),
                                lambda: card_back("traveller", 396, 280)))
        return c

    def _walk_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        v = self.view
        neutral = piece is not None and piece >= v["num_players"]
        index = v["players"][piece]["index"] if piece is not None else 0
        inn = self.road[next_inn_index(self.road, index)]
        inn_name = inn.town or "the next inn"
        if mine:
            title = ("You lead: move the neutral traveller" if neutral
                     else "Walk on: click a glowing place on the road")
            sub = f"Forward to any free place, passing others if you like, but not past the inn of {inn_name}."
        else:
            title = f"{who} moves the neutral traveller" if neutral else f"{who} walks on"
            sub = f"The traveller farthest behind walks next. Everyone waits at the inn of {inn_name}."
        c = Choice(title, sub)
        crossroads = bool(v["options"].get("crossroads"))
        c.extra_key = ("legend", crossroads)
        c.extra = lambda surface: self._draw_legend(surface, crossroads)
        fortune = Pick(USE, "fortune")
        if fortune in self._legal:
            c.buttons = self._buttons_row([("fortune", fortune, "Roll the fortune die (Fortune amulet)", "",
                                            "Roll the fortune die now and take that many coins; then walk.")],
                                          y=322)
        return c

    def _draw_legend(self, surface: pygame.Surface, crossroads: bool) -> None:
        """What each kind of stop gives, so the road reads at a glance."""
        order = (VILLAGE, TEMPLE, ENCOUNTER, "paddy", "mountain", "sea", HOTSPRING, FARM, INN)
        for i, kind in enumerate(order):
            col, row = i % 3, i // 3
            cell = pygame.Rect(24 + col * 276, CONTENT_Y + 4 + row * 76, 264, 70)
            img = medallion(kind, 22)
            surface.blit(img, img.get_rect(center=(cell.x + 26, cell.y + 26)))
            theme.draw_text(surface, KIND_NAMES[kind].capitalize(), (cell.x + 58, cell.y + 2), theme.SIZE_SMALL,
                            theme.TEXT, bold=True)
            theme.draw_text(surface, GIVES[kind], (cell.x + 58, cell.y + 25), theme.SIZE_SMALL, theme.TEXT_DIM,
                            max_width=cell.width - 58)
            if crossroads and CROSS_GIVES[kind]:
                theme.draw_text(surface, CROSS_GIVES[kind], (cell.x + 58, cell.y + 47), theme.SIZE_SMALL,
                                theme.TEXT_DIM, max_width=cell.width - 58)

    def _stop_kind(self, piece: int) -> str:
        return self.road[self.view["players"][piece]["index"]].kind

    def _option_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        kind = self._stop_kind(piece)
        base, cross = OPTION_WORDS.get(kind, ("The usual option", "The Crossroads option"))
        name = KIND_NAMES[kind]
        if kind in PANORAMAS:
            part = self.view["players"][piece]["panoramas"][kind] + 1
            base = f"{base}: part {part} of {SECTIONS[kind]}, {part} points"
        words = {"base": base, "cross": cross, "both": "Both, one after the other"}
        options = list(pending.get("options", []))
        c = Choice(f"The {name}: choose one option" if mine else f"{who} chooses an option at the {name}",
                   "With Crossroads every stop but the inns offers a second option.")
        c.extra_key = ("options", kind, tuple(options), mine)
        c.extra = option_rows(kind, options, [words[o] for o in options], inert=not mine)
        if mine:
            for k, option in enumerate(options):
                action = Pick(OPTION, option)
                if action in self._legal:
                    c.buttons.append(ButtonSpec(option, action, words[option], "big",
                                                panel_rect(200, CONTENT_Y + 6 + k * 84, 636, 66)))
        return c

    def _village_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        v = self.view
        offer = list(v["village_offer"])
        state = self.session.state
        if mine:
            title = "The village: click souvenirs, then Buy" if offer else "The village has no souvenirs left"
        else:
            title = f"{who} is shopping in the village"
        c = Choice(title, "Sets of different families score 1, 3, 5 and 7 points, card by card.")
        buys = {frozenset(a.cards) for a in self._legal if isinstance(a, BuySouvenirs)}
        for i, ident in enumerate(offer):
            chosen = ident in self.selection
            allowed = mine and (chosen or frozenset(self.selection + (ident,)) in buys)
            note = "" if not mine or allowed else "cannot pay"
            c.spots.append(Spot(panel_rect(24 + i * 192, CONTENT_Y, 176, 236), ("souvenir", ident),
                                lambda ident=ident: souvenir_face(ident, 176, 236), clickable=allowed,
                                selected=chosen, note=note, dim=bool(note)))
        if not mine:
            return c
        cards = tuple(ident for ident in offer if ident in self.selection)   # the offer's order, as the rules list them
        price = state.souvenir_price(piece, cards) if cards else 0
        coins = v["players"][piece]["coins"]
        gain = self._souvenir_gain(piece, cards) if cards else 0
        label = "Buy nothing" if not cards else f"Buy {len(cards)} for {plural(price or 0, 'coin')}"
        specs: list[ButtonSpec] = [ButtonSpec("buy", BuySouvenirs(cards), label, "primary" if cards else "",
                                              panel_rect(612, 250, 224, 54))]
        if cards and BuySouvenirs(cards, True) in self._legal:
            specs.append(ButtonSpec("devote", BuySouvenirs(cards, True), "Coins to temple", "small",
                                    panel_rect(612, 314, 224, 44),
                                    "Devotion amulet: the coins of this purchase go into your temple offering."))
        c.buttons = specs
        c.extra_key = (cards, price, coins, gain)

        def summary(surface: pygame.Surface) -> None:
            x = 612
            coin = icon("tok_coin", 24, COIN_GOLD)
            surface.blit(coin, (x, CONTENT_Y + 4))
            theme.draw_text(surface, f"You have {plural(coins, 'coin')}", (x + 32, CONTENT_Y + 2), theme.SIZE_SMALL,
                            theme.TEXT)
            if cards:
                theme.draw_text(surface, f"Price for you: {price}", (x, CONTENT_Y + 40), theme.SIZE_BODY,
                                theme.TEXT, bold=True)
                theme.draw_text(surface, f"Worth +{plural(gain, 'point')} now", (x, CONTENT_Y + 74),
                                theme.SIZE_SMALL, theme.GOOD, bold=True)
            else:
                theme.draw_paragraph(surface, "Nothing chosen yet. You may also buy nothing.",
                                     pygame.Rect(x, CONTENT_Y + 40, 224, 80), theme.SIZE_SMALL, theme.TEXT_DIM)
        c.extra = summary
        return c

    def _souvenir_gain(self, piece: int, cards: tuple[int, ...]) -> int:
        """The points these souvenirs would add to the viewer's sets now (TOK-32)."""
        state = self.session.state
        twin = state.clone()
        twin.players[piece]["souvenirs"].extend(cards)
        return twin.souvenir_points(piece) - state.souvenir_points(piece)

    def _temple_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        v = self.view
        c = Choice("The temple: give 1, 2 or 3 coins" if mine else f"{who} makes an offering at the temple",
                   "Each coin scores 1 point; at the end the biggest offerings score 10, 7 and 4, other givers 2.")
        if mine:
            for action in self._legal:
                if isinstance(action, Donate):
                    label = f"Give {plural(action.coins, 'coin')}" + (" + 1 from the bank" if action.extra else "")
                    col = 1 if action.extra else 0
                    rect = panel_rect(24 + col * 300, CONTENT_Y + 6 + (action.coins - 1) * 70, 286 if col else 270, 58)
                    c.buttons.append(ButtonSpec(f"give{action.coins}" + ("+" if action.extra else ""), action, label,
                                                "big" if not action.extra else "", rect,
                                                "Hirotada's power: 1 coin from the bank joins your offering."
                                                if action.extra else None))
        offerings = tuple(p["temple"] for p in v["players"])
        c.extra_key = ("temple", offerings)
        c.extra = lambda surface: self._draw_offerings(surface, offerings)
        return c

    def _draw_offerings(self, surface: pygame.Surface, offerings: tuple[int, ...]) -> None:
        x, y = 620, CONTENT_Y
        theme.draw_text(surface, "Offerings so far", (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        rows = sorted(range(len(offerings)), key=lambda p: -offerings[p])
        for k, piece in enumerate(rows):
            yy = y + 40 + k * 36
            if piece >= self.view["num_players"]:
                img = icon("shape_hexagon", 22, NEUTRAL_GREY)
                surface.blit(img, img.get_rect(center=(x + 12, yy)))
                name = "neutral"
            else:
                theme.draw_seat_badge(surface, self.session.seats[piece].colour, (x + 12, yy), 22)
                name = self.name(piece)
            theme.draw_text(surface, name, (x + 32, yy), theme.SIZE_SMALL, theme.TEXT, anchor="midleft",
                            max_width=120)
            coin = icon("tok_coin", 20, COIN_GOLD)
            surface.blit(coin, coin.get_rect(midleft=(x + 168, yy)))
            theme.draw_text(surface, str(offerings[piece]), (x + 194, yy), theme.SIZE_SMALL, theme.TEXT, bold=True,
                            anchor="midleft")

    def _pool_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        kind = pending["kind"]
        noun = POOL_NOUNS[kind]
        pool = list(self.view[POOL_VIEW_KEYS[kind]])
        if mine:
            c = Choice(f"Click {'an' if noun[0] in 'aeiou' else 'a'} {noun}, then Buy",
                       "Amulets are used once, not in the turn they are bought." if kind == AMULET
                       else "Calligraphies score at the end of the journey." if kind == CALLI
                       else "Legendary objects count as souvenirs for the Collector.")
        else:
            c = Choice(f"{who} buys {'an' if noun[0] in 'aeiou' else 'a'} {noun}", "")
        count = max(1, len(pool))
        width = min(150, (812 - 12 * (count - 1)) // count)
        actions: dict[str, list[Pick]] = {}
        for action in self._legal:
            if isinstance(action, Pick) and action.what == kind and action.arg:
                actions.setdefault(action.arg, []).append(action)
        for i, key in enumerate(pool):
            target = ("pool", key)
            allowed = mine and key in actions
            c.spots.append(Spot(panel_rect(24 + i * (width + 12), CONTENT_Y, width, 222), target,
                                lambda key=key, w=width: pool_face(kind, key, w, 222), clickable=allowed,
                                selected=self.chosen == target, note="" if not mine or allowed else "too dear",
                                dim=mine and not allowed))
        if mine and isinstance(self.chosen, tuple) and self.chosen[0] == "pool":
            key = self.chosen[1]
            specs = []
            for action in actions.get(key, []):
                price = LEGENDARY[key][1] if kind == LEGEND else 1
                name = LEGENDARY[key][0] if kind == LEGEND else key.title()
                if action.devote:
                    specs.append(("devote", action, "Coins to temple", "small",
                                  "Devotion amulet: the coins of this purchase go into your temple offering."))
                else:
                    specs.append(("buy", action, f"Buy {name} for {plural(price, 'coin')}", "primary", None))
            c.buttons = self._buttons_row(specs, y=322)
        return c

    def _panorama_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        options = list(pending.get("options", []))
        c = Choice("Click the panorama you paint next" if mine else f"{who} chooses a panorama to paint",
                   "Part n of a panorama scores n points; the first to finish one takes an achievement.")
        held = self.view["players"][piece]["panoramas"]
        kinds = [k for k in options if k]
        for i, kind in enumerate(kinds):
            part = held[kind] + 1
            action = Pick(PANORAMA, kind)
            c.spots.append(Spot(panel_rect(24 + i * 216, CONTENT_Y, 200, 236), ("panorama", kind),
                                lambda kind=kind, part=part: panorama_face(kind, part, 200, 236),
                                clickable=mine and action in self._legal))
        if mine and "" in options:        # the guide's panorama is finished: another one is optional
            c.buttons = self._buttons_row([("none", Pick(PANORAMA, ""), "Paint none", "", None)],
                                          y=CONTENT_Y + 8, x=24 + len(kinds) * 216 + 10)
        return c

    def _keep_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        cards = pending.get("cards")
        if mine and cards:
            c = Choice("Yoshiyasu: click the encounter you keep", "The other goes under the deck, unseen by others.")
            for i, card in enumerate(cards):
                c.spots.append(Spot(panel_rect(24 + i * 256, CONTENT_Y, 240, 236), ("keep", i),
                                    lambda card=card: encounter_face(card, 240, 236),
                                    clickable=Pick(KEEP, card) in self._legal))
            return c
        c = Choice(f"{who} chooses one of two encounters", "Yoshiyasu draws two and keeps one; the other goes back "
                   "under the deck unseen.")
        for i in range(2):
            c.spots.append(Spot(panel_rect(24 + i * 256, CONTENT_Y, 240, 236), ("back", i),
                                lambda: card_back("encounter", 240, 236)))
        return c

    def _pay_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        card = pending.get("card", "")
        name = ENCOUNTER_NAMES.get(card, card)
        c = Choice(f"{name}: pay 1 coin?" if mine else f"{who} meets {name}",
                   "Whoever does not pay keeps the card but gets nothing from it.")
        c.spots.append(Spot(panel_rect(24, CONTENT_Y, 240, 236), ("card", card),
                            lambda: encounter_face(card, 240, 236)))
        if mine:
            specs = []
            if Pick(PAY, "yes") in self._legal:
                specs.append(("yes", Pick(PAY, "yes"), "Pay 1 coin", "primary", None))
            specs.append(("no", Pick(PAY, "no"), "Do not pay", "", None))
            c.buttons = self._buttons_row(specs, y=CONTENT_Y + 8, x=290)
        return c

    def _bet_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        c = Choice("Jirocho: bet a coin on the fortune die?" if mine else f"{who} may bet at the inn",
                   "Bet 1 coin and roll the fortune die: take as many coins as it shows.")
        c.extra_key = "die"
        c.extra = self._draw_die_faces
        if mine:
            specs = []
            if Pick(BET, "yes") in self._legal:
                specs.append(("yes", Pick(BET, "yes"), "Bet 1 coin and roll", "primary", None))
            specs.append(("no", Pick(BET, "no"), "Do not bet", "", None))
            c.buttons = self._buttons_row(specs, y=220)
        return c

    def _draw_die_faces(self, surface: pygame.Surface) -> None:
        theme.draw_text(surface, "The die's six faces", (24, CONTENT_Y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        for i, face in enumerate(FORTUNE_DIE):
            rect = pygame.Rect(24 + i * 76, CONTENT_Y + 34, 62, 62)
            pygame.draw.rect(surface, theme.PAPER, rect, border_radius=10)
            pygame.draw.rect(surface, CARD_EDGE, rect, 2, border_radius=10)
            theme.draw_text(surface, str(face), rect.center, theme.SIZE_LARGE, theme.INK, bold=True, anchor="center")

    def _meal_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        v = self.view
        state = self.session.state
        index = v["players"][piece]["index"]
        town = self.road[index].town or "the inn"
        hand = v.get("meal_hand")
        if not mine or hand is None:
            count = v.get("meal_hand_count", 0)
            c = Choice(f"{who} chooses a meal at {town}",
                       f"{plural(count, 'dish')} on the table, seen only by the traveller choosing."
                       if count else "No dishes left on the table.")
            width = min(124, (812 - 12 * max(0, count - 1)) // max(1, count))
            for i in range(count):
                c.spots.append(Spot(panel_rect(24 + i * (width + 12), CONTENT_Y, width, 200), ("back", i),
                                    lambda w=width: card_back("meal", w, 200)))
            return c
        c = Choice(f"The inn of {town}: click a meal, then Eat", "Every meal scores 6 points; nobody eats the same "
                   "dish twice on the journey.")
        actions: dict[str, list[Pick]] = {}
        for action in self._legal:
            if isinstance(action, Pick) and action.what == MEAL and action.arg:
                actions.setdefault(action.arg.partition(":")[0], []).append(action)
        eaten = state.dishes_eaten(piece)
        offer = pending.get("offer")
        cards: list[tuple[str, int, int]] = [(str(i), meal, state.meal_price(piece, meal)) for i, meal in enumerate(hand)]
        if offer is not None:
            cards.append(("free", offer, 0))
        count = max(1, len(cards))
        width = min(124, (812 - 12 * (count - 1)) // count)
        for i, (key, meal, price) in enumerate(cards):
            target = ("meal", key)
            allowed = key in actions
            note = "free for you" if key == "free" else ""
            if not allowed:
                note = "eaten before" if MEALS[meal][0] in eaten else "too dear"
            c.spots.append(Spot(panel_rect(24 + i * (width + 12), CONTENT_Y, width, 200), target,
                                lambda meal=meal, price=price, w=width: meal_face(meal, price, w, 200),
                                clickable=allowed, selected=self.chosen == target, note=note, dim=not allowed))
        specs: list[tuple[str, Action | None, str, str, str | None]] = []
        if isinstance(self.chosen, tuple) and self.chosen[0] == "meal":
            key = self.chosen[1]
            meal = offer if key == "free" else hand[int(key)] if key.isdigit() and int(key) < len(hand) else None
            dish = MEALS[meal][0] if meal is not None else "it"
            for action in actions.get(key, []):
                if action.arg == "free":
                    specs.append(("eat", action, f"Take {dish}, free", "primary", None))
                elif action.arg.endswith(":hospitality"):
                    specs.append(("hospitality", action, "Free: Hospitality", "small",
                                  "Use your Hospitality amulet: this meal costs nothing."))
                elif action.devote:
                    specs.append(("devote", action, "Coins to temple", "small",
                                  "Devotion amulet: the price goes into your temple offering."))
                else:
                    price = state.meal_price(piece, meal) if meal is not None else 0
                    specs.append(("eat", action, f"Eat {dish} for {price}", "primary", None))
        specs.append(("nothing", Pick(MEAL, ""), "Eat nothing", "", None))
        c.buttons = self._buttons_row(specs, y=318)
        return c

    def _use_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        card = pending.get("card", "vitality")
        c = Choice("You lead the road: use Vitality?" if mine else f"{who} may use an amulet",
                   "Vitality: after a move that puts you in the lead, walk again at once." if mine
                   else "Amulets are kept face down.")
        if mine:
            c.spots.append(Spot(panel_rect(24, CONTENT_Y, 150, 222), ("card", card),
                                lambda: pool_face(AMULET, card, 150, 222)))
            c.buttons = self._buttons_row([("yes", Pick(USE, card), f"Use {card.title()}: walk again", "primary", None),
                                           ("no", Pick(USE, ""), "Keep the amulet", "", None)], y=CONTENT_Y + 8, x=200)
        return c

    def _bath_choice(self, mine: bool, who: str, piece: int, pending: dict[str, Any]) -> Choice:
        c = Choice("A bath house for 1 coin (4 points)" if mine else f"{who} takes a bath house",
                   "Pay the coin to the bank, or into your temple offering with Devotion.")
        if mine:
            specs = []
            for action in self._legal:
                if isinstance(action, Pick) and action.what == "bath":
                    specs.append(("devote" if action.devote else "pay", action,
                                  "Pay into the temple (Devotion)" if action.devote else "Pay 1 coin",
                                  "" if action.devote else "primary", None))
            c.buttons = self._buttons_row(specs, y=CONTENT_Y + 8)
        return c

    # ---- drawing the panel ------------------------------------------------------------------------------
    def _panel_signature(self) -> Hashable:
        hover = self.hover if isinstance(self.hover, tuple) and self.hover[0] != "stop" else None
        return (self.choice().signature(), hover)

    def _render_panel(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        local = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, local, border_radius=12)
        c = self.choice()
        if self.is_my_turn() and not self.session.state.is_over:
            pygame.draw.rect(surface, theme.HIGHLIGHT, (0, 18, 6, 30), border_radius=3)
        theme.draw_text(surface, c.title, (24, 14), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=local.width - 48)
        if c.subtitle:
            theme.draw_text(surface, c.subtitle, (24, 46), theme.SIZE_SMALL, theme.TEXT_DIM,
                            max_width=local.width - 48)
        if c.extra is not None:
            c.extra(surface)
        for spot in c.spots:
            rect = spot.rect.move(-PANEL.x, -PANEL.y)
            hovered = self.hover == spot.target and spot.clickable
            lift = 10 if spot.selected else (5 if hovered else 0)
            at = rect.move(0, -lift)
            pygame.draw.rect(surface, (14, 16, 19), rect.move(0, 5), border_radius=10)
            surface.blit(spot.face(), at)
            if spot.dim:
                surface.blit(veil(rect.size), at)
            if spot.clickable:
                theme.glow_outline(surface, at, radius=10, width=5 if spot.selected or hovered else 3)
            if spot.selected:
                badge = (at.right - 16, at.y + 16)
                pygame.draw.circle(surface, theme.HIGHLIGHT, badge, 14)
                pygame.draw.lines(surface, theme.TEXT_DARK, False,
                                  [(badge[0] - 7, badge[1]), (badge[0] - 2, badge[1] + 6), (badge[0] + 7, badge[1] - 6)], 3)
            if spot.note:
                colour = theme.GOOD if spot.note.startswith("free") else theme.TEXT_DIM
                theme.draw_text(surface, spot.note, (rect.centerx, rect.bottom + 8), theme.SIZE_SMALL, colour,
                                anchor="midtop", max_width=rect.width + 8)

    # ---- buttons of the panel ---------------------------------------------------------------------------
    def _sync_buttons(self) -> None:
        specs = self.choice().buttons if self.is_my_turn() else []
        key = tuple((s.name, repr(s.action), s.label, s.kind, tuple(s.rect)) for s in specs)
        if key == self._button_key:
            return
        self._button_key = key
        for element, _spec in self._board_buttons.values():
            element.kill()
        self._board_buttons = {}
        for spec in specs:
            element = self.button(spec.rect, spec.label, kind=spec.kind, tooltip=spec.tooltip)
            self._board_buttons[spec.name] = (element, spec)

    def board_button(self, name: str) -> Any:
        """The pygame-gui button named `name` (buy, devote, eat, nothing, yes, no, base, cross...)."""
        entry = self._board_buttons.get(name)
        return entry[0] if entry else None

    def on_board_button(self, element: Any) -> None:
        for button, spec in self._board_buttons.values():
            if element is button and spec.action is not None:
                self.try_action(spec.action)
                return

    # ---- clicks ----------------------------------------------------------------------------------------
    def spot(self, target: Hashable) -> Spot | None:
        """The drawn card that `target` names, if it is in the panel now."""
        for spot in self.choice().spots:
            if spot.target == target:
                return spot
        return None

    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        if MAP.collidepoint(pos):
            local = (pos[0] - MAP.x, pos[1] - MAP.y)
            best, best_d = None, 1e9
            for index in range(len(self.road)):
                inn = self.road[index].kind == INN
                spots = [(self.slot_xy(index, 0), INN_R + 8 if inn else STOP_R + 5)]
                if inn:
                    spots += [(self.queue_xy(index, k), 14) for k in range(1, self.view["pieces"])]
                elif self.road[index].doubled:
                    spots.append((self.slot_xy(index, 1), SIDE_R + 4))
                for (x, y), radius in spots:
                    d = math.dist(local, (x, y))
                    if d <= radius and d < best_d:
                        best, best_d = index, d
            return ("stop", best) if best is not None else None
        if PANEL.collidepoint(pos):
            for spot in reversed(self.choice().spots):
                if spot.rect.collidepoint(pos):
                    return spot.target
        return None

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple):
            return
        what = target[0]
        if what == "stop":
            self._walk_to(target[1])
        elif what == "traveller":
            self.try_action(ChooseTraveller(target[1]))
        elif what == "souvenir":
            self._toggle_souvenir(target[1])
        elif what == "panorama":
            self.try_action(Pick(PANORAMA, target[1]))
        elif what == "keep":
            cards = (self.view.get("pending") or {}).get("cards") or []
            if target[1] < len(cards):
                self.try_action(Pick(KEEP, cards[target[1]]))
        elif what in ("meal", "pool"):
            spot = self.spot(target)
            if spot is None or not spot.clickable:
                self.refuse(self._why_not(spot))
                return
            self.chosen = None if self.chosen == target else target
            self.status_note = ""
            self._changed_choice()
        elif what == "back":
            self.refuse("Those cards are face down.")

    def _why_not(self, spot: Spot | None) -> str:
        if spot is None:
            return "That is not on offer now."
        if spot.note == "eaten before":
            return "You have eaten that dish already: nobody eats the same dish twice."
        if spot.note in ("too dear", "cannot pay"):
            return "You do not have the coins for that."
        return "That is not allowed right now."

    def _walk_to(self, index: int) -> None:
        moves = [m for m in self._targets if m.index == index]
        if moves:
            self.try_action(moves[0])
        else:
            self.try_action(Move(index, 0))   # refused, with the rules' own reason why

    def _toggle_souvenir(self, ident: int) -> None:
        spot = self.spot(("souvenir", ident))
        if spot is None:
            return
        if ident in self.selection:
            self.selection = tuple(c for c in self.selection if c != ident)
        elif spot.clickable:
            self.selection = self.selection + (ident,)
        else:
            self.refuse("You cannot pay for that one as well.")
            return
        self.status_note = ""
        self._changed_choice()

    def key_board(self, event: pygame.event.Event) -> bool:
        """Enter confirms the panel's main button (Buy, Eat, Pay...)."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.is_my_turn():
            for spec in self.choice().buttons:
                if spec.kind == "primary" and spec.action is not None:
                    self.try_action(spec.action)
                    return True
        return False

    # ---- the status line ----------------------------------------------------------------------------
    def prompt(self) -> str:
        v = self.view
        if v["phase"] == "travellers":
            return "choose your traveller: click one of the two tiles below the road."
        pending = v.get("pending")
        kind = pending["kind"] if pending else "move"
        if kind == "move":
            acting = v.get("acting")
            if acting is not None and acting >= v["num_players"]:
                return "you lead, so you move the neutral traveller: click a glowing place on the road."
            return "walk on: click a glowing place on the road."
        return {
            OPTION: "choose one of this stop's two options.",
            "village": "click souvenirs to choose them, then Buy (or buy nothing).",
            "donate": "give 1, 2 or 3 coins to the temple.",
            LEGEND: "click a legendary object, then Buy.",
            AMULET: "click an amulet, then Buy it for 1 coin.",
            CALLI: "click a calligraphy, then Buy it for 1 coin.",
            PANORAMA: "click the panorama whose next part you paint.",
            KEEP: "click the encounter you keep.",
            PAY: "pay 1 coin for this encounter, or not.",
            BET: "bet a coin on the fortune die, or not.",
            MEAL: "click a meal, then Eat, or eat nothing.",
            USE: "use your Vitality amulet to walk again, or keep it.",
            "bath": "pay 1 coin for the bath house.",
        }.get(kind, "your turn.")

    # ---- the viewer's own journey ---------------------------------------------------------------------------
    def collection_seat(self) -> int | None:
        """Whose journey the collection panel shows: a seat whose panel the mouse is over (its
        public parts: meals and amulets stay face down), else the viewer's, else the seat to act's."""
        if isinstance(self.hover, tuple) and self.hover[0] == "seat" and self.hover[1] < self.view["num_players"]:
            return self.hover[1]
        if self.viewer is not None:
            return self.viewer
        return self.session.state.current_player

    def _collection_signature(self) -> Hashable:
        seat = self.collection_seat()
        if seat is None:
            return None
        return (seat, self.viewer, repr(self.view["players"][seat]), self.view["scores"][seat])

    def _render_collection(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        local = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, local, border_radius=12)
        seat = self.collection_seat()
        if seat is None:
            theme.draw_text(surface, "The journey is over", (20, 14), theme.SIZE_BODY, theme.TEXT, bold=True)
            return
        p = self.view["players"][seat]
        own = seat == self.viewer
        title = "Your journey" if own else f"{self.name(seat)}'s journey"
        theme.draw_seat_badge(surface, self.session.seats[seat].colour, (30, 30), 24)
        theme.draw_text(surface, title, (50, 30), theme.SIZE_BODY, theme.TEXT, bold=True, anchor="midleft",
                        max_width=250)
        coin = icon("tok_coin", 30, COIN_GOLD)
        r = theme.draw_text(surface, str(p["coins"]), (local.right - 20, 30), theme.SIZE_LARGE, theme.TEXT, bold=True,
                            anchor="midright")
        surface.blit(coin, coin.get_rect(midright=(r.x - 8, 30)))
        theme.draw_text(surface, f"{self.view['scores'][seat]} pts", (r.x - 50, 30), theme.SIZE_BODY, theme.TEXT_DIM,
                        bold=True, anchor="midright")
        y = 56
        key = p["traveller"]
        if key is None or (key == "" and self.view["phase"] == "travellers"):
            theme.draw_text(surface, "Choosing a traveller…", (20, y), theme.SIZE_SMALL, theme.TEXT_DIM)
        elif key == "":
            theme.draw_text(surface, "No traveller (Initiation)", (20, y), theme.SIZE_SMALL, theme.TEXT_DIM)
        else:
            t = TRAVELLERS[key]
            theme.draw_text(surface, f"{t['name']}, {t['title']}", (20, y), theme.SIZE_SMALL, theme.HIGHLIGHT, bold=True,
                            max_width=local.width - 40)
            lines = theme.wrap(t["power"], theme.SIZE_SMALL, local.width - 40)
            if len(lines) > 2:
                lines = lines[:1] + [theme.fit_text(" ".join(lines[1:]), theme.SIZE_SMALL, local.width - 40)]
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (20, y + 24 + k * 22), theme.SIZE_SMALL, theme.TEXT_DIM)
        y = 128
        for kind in PANORAMAS:             # three progress rows: paddy 3, mountain 4, sea 5 parts
            have, total = p["panoramas"][kind], SECTIONS[kind]
            img = medallion(kind, 12)
            surface.blit(img, img.get_rect(center=(32, y + 12)))
            theme.draw_text(surface, KIND_NAMES[kind].capitalize(), (52, y + 12), theme.SIZE_SMALL, theme.TEXT,
                            anchor="midleft")
            art = panorama_strip(kind)          # the painting, part by part as it is earned
            for k in range(total):
                box = pygame.Rect(170 + k * PART_STEP, y + 3, PART_W, PART_H)
                if k < have:
                    surface.blit(art, box, pygame.Rect(k * PART_STEP, 0, PART_W, PART_H))
                pygame.draw.rect(surface, theme.TEXT_DIM if k >= have else CARD_EDGE, box, 1)
            points = have * (have + 1) // 2
            words = "complete" if have == total else f"{have} of {total}"
            theme.draw_text(surface, f"{words} · {plural(points, 'pt')}", (local.right - 20, y + 12), theme.SIZE_SMALL,
                            theme.TEXT_DIM, anchor="midright")
            y += 28
        y += 6
        rows = self._collection_rows(p, own)
        for label, text in rows:
            if y > local.height - 24:
                break
            r = theme.draw_text(surface, label, (20, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
            theme.draw_text(surface, text, (132, y), theme.SIZE_SMALL, theme.TEXT, max_width=local.width - 152)
            y += 26

    def _collection_rows(self, p: dict[str, Any], own: bool) -> list[tuple[str, str]]:
        counts = {f: 0 for f in FAMILIES}
        for ident in p["souvenirs"]:
            counts[SOUVENIRS[ident].family] += 1
        fifth = sum(1 for k in p["legendary"] if k in LEGENDARY_FAMILY)
        souvenirs = " · ".join(f"{FAMILY_NAMES[f].split()[0].lower()} {n}" for f, n in counts.items())
        if fifth:
            souvenirs += f" · legendary {fifth}"
        springs = p["hot_springs"]
        rows = [("Souvenirs", souvenirs),
                ("Baths", f"{plural(len(springs), 'hot spring')} ({sum(springs)} pts)"
                 + (f" · {plural(p['bath'], 'bath house')}" if p["bath"] else "")),
                ("Met", ", ".join(ENCOUNTER_NAMES[e].split(" (")[0].split(":")[0] for e in p["encounters"]) or "nobody yet"),
                ("Temple", f"{plural(p['temple'], 'coin')} given")]
        if own and p.get("meals") is not None:
            dishes = [MEALS[m][0] for m in p["meals"] + (p.get("cook_meals") or [])]
            rows.insert(3, ("Meals", ", ".join(dishes) or "none yet"))
        else:
            rows.insert(3, ("Meals", f"{p['meal_count']} (face down)" if p["meal_count"] else "none yet"))
        if p["achievements"]:
            rows.append(("Honours", ", ".join(ACHIEVEMENT_NAMES.get(a, a) for a in p["achievements"])))
        if self.view["options"].get("crossroads"):
            extras = []
            if p["cherry"]:
                extras.append(plural(p["cherry"], "cherry tree"))
            extras += [LEGENDARY[k][0] for k in p["legendary"]]
            extras += [k.title() for k in p["calligraphy"]]
            rows.append(("Crossroads", ", ".join(extras) or "nothing yet"))
            if own and p.get("amulets") is not None:
                rows.append(("Amulets", ", ".join(a.title() for a in p["amulets"]) or "none"))
            elif p["amulet_count"]:
                rows.append(("Amulets", f"{p['amulet_count']} (face down)"))
        return rows

    # ---- seats ---------------------------------------------------------------------------------------
    def seat_panel_height(self) -> int:
        return 108

    def side_reserved(self) -> int:
        return 0

    def seat_signature(self, seat: int) -> Hashable:
        return (repr(self.view["players"][seat]), self.view["scores"][seat], self.view.get("acting") == seat)

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        p = v["players"][seat]
        theme.draw_text(surface, f"{v['scores'][seat]} pts", (rect.right - 20, 26), theme.SIZE_BODY, theme.TEXT,
                        bold=True, anchor="midright")
        y = 62
        key = p["traveller"]
        choosing = key is None or (key == "" and v["phase"] == "travellers")
        name = "choosing…" if choosing else (TRAVELLERS[key]["name"] if key else "no traveller")
        theme.draw_text(surface, name, (24, y), theme.SIZE_SMALL, theme.HIGHLIGHT if key else theme.TEXT_DIM,
                        bold=bool(key), anchor="midleft", max_width=150)
        x = 184
        for icon_name, value, tint in (("tok_coin", p["coins"], COIN_GOLD), ("tok_temple", p["temple"], theme.TEXT_DIM),
                                       ("tok_meal", p["meal_count"], theme.TEXT_DIM)):
            img = icon(icon_name, 22, tint)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            r = theme.draw_text(surface, str(value), (x + 28, y), theme.SIZE_SMALL, theme.TEXT, bold=True,
                                anchor="midleft")
            x = r.right + 22
        if v["options"].get("crossroads") and p["amulet_count"]:
            theme.draw_text(surface, plural(p["amulet_count"], "amulet"), (x, y), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midleft")
        y = 90
        x = 24
        for kind in PANORAMAS:             # a pip per panorama part
            have = p["panoramas"][kind]
            for k in range(SECTIONS[kind]):
                box = pygame.Rect(x, y - 6, 11, 12)
                if k < have:
                    pygame.draw.rect(surface, KIND_COLOURS[kind], box, border_radius=2)
                pygame.draw.rect(surface, theme.TEXT_DIM if k >= have else theme.TEXT, box, 1, border_radius=2)
                x += 14
            x += 10
        x += 6
        for icon_name, value in (("tok_village", len(p["souvenirs"]) + len(p["legendary"])),
                                 ("tok_hotspring", len(p["hot_springs"]) + p["bath"]),
                                 ("tok_encounter", len(p["encounters"]))):
            img = icon(icon_name, 22, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            r = theme.draw_text(surface, str(value), (x + 28, y), theme.SIZE_SMALL, theme.TEXT, bold=True,
                                anchor="midleft")
            x = r.right + 20

    # ---- what just happened: walking, sounds, what was gained -------------------------------------------------
    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        sounds = self.app.sound
        delay = 0.0
        for piece in range(after["pieces"]):
            a, b = before["players"][piece]["index"], after["players"][piece]["index"]
            if a != b:
                delay = max(delay, self._walk(piece, before, after))
        if isinstance(action, ChooseTraveller):
            sounds.play("card_place")
        if isinstance(action, (BuySouvenirs, Donate)) or (
                isinstance(action, Pick) and action.what in (LEGEND, AMULET, CALLI, MEAL, "bath") and action.arg):
            if not isinstance(action, BuySouvenirs) or action.cards:
                sounds.play("card_place")
        dice = (isinstance(action, Pick) and ((action.what == USE and action.arg == "fortune")
                                              or (action.what == BET and action.arg == "yes")
                                              or (action.what == OPTION and action.arg in ("cross", "both")
                                                  and self._stop_kind(before["pending"]["piece"]) == FARM
                                                  if before.get("pending") else False)))
        if dice:
            sounds.play("dice")
        if self._drew_cards(before, after):
            sounds.play("card_flip")
        gains = self._gains(before, after)
        if any(k == "coins" for _piece, k, _n in gains):
            sounds.play("coin")
        for piece in {g[0] for g in gains}:
            self._float_gains(piece, [g for g in gains if g[0] == piece], after, delay)

    def _drew_cards(self, before: dict, after: dict) -> bool:
        """Cards came face up or into a hand: a village's offer, an inn's meals, an encounter,
        a hot spring."""
        if after["village_offer"] and after["village_offer"] != before["village_offer"]:
            return True
        if after["meal_hand_count"] > before["meal_hand_count"]:
            return True
        return any(len(a["encounters"]) > len(b["encounters"]) or len(a["hot_springs"]) > len(b["hot_springs"])
                   for a, b in zip(after["players"], before["players"]))

    def _gains(self, before: dict, after: dict) -> list[tuple[int, str, int]]:
        out = []
        for seat in range(after["num_players"]):
            coins = after["players"][seat]["coins"] - before["players"][seat]["coins"]
            points = after["scores"][seat] - before["scores"][seat]
            if coins:
                out.append((seat, "coins", coins))
            if points:
                out.append((seat, "points", points))
        return out

    def _walk(self, piece: int, before: dict, after: dict) -> float:
        """Walk a traveller along the road from where it stood to where it stands; returns
        how long the walk takes."""
        a, b = before["players"][piece]["index"], after["players"][piece]["index"]
        points = [self.pawn_xy(piece, before)] + self._route_between(a, b) + [self.pawn_xy(piece, after)]
        lengths = [math.dist(p, q) for p, q in zip(points, points[1:])]
        total = sum(lengths) or 1.0
        duration = min(1.2, 0.35 + 0.055 * abs(b - a))
        self.walking.add(piece)

        def at(t: float) -> tuple[float, float]:
            target = t * total
            for (p, q), length in zip(zip(points, points[1:]), lengths):
                if target <= length and length > 0:
                    f = target / length
                    return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
                target -= length
            return points[-1]

        def bounds(t: float) -> pygame.Rect:
            x, y = at(t)
            return pygame.Rect(MAP.x + x - 26, MAP.y + y - 44, 52, 66)

        def draw(surface: pygame.Surface, t: float) -> None:
            x, y = at(t)
            hop = 5 * abs(math.sin(t * math.pi * max(1, abs(b - a))))   # a walker's little steps
            self.draw_pawn(map_view(surface), piece, (x, y - hop))

        def done() -> None:
            self.walking.discard(piece)

        self.anim.add(Motion(duration, draw, bounds, ease=ease_in_out, on_done=done))
        return duration

    def _float_gains(self, piece: int, gains: list[tuple[int, str, int]], after: dict, delay: float) -> None:
        """What a traveller just gained or paid rises from its pawn for a moment."""
        words = []
        for _piece, kind, n in gains:
            sign = "+" if n > 0 else "−"
            words.append(f"{sign}{abs(n)} {'coin' if kind == 'coins' else 'pt'}{'s' if abs(n) != 1 else ''}")
        label = gain_label("  ".join(words))
        x, y = self.pawn_xy(piece, after)
        start = (MAP.x + x, MAP.y + y - 44)

        def bounds(t: float) -> pygame.Rect:
            return label.get_rect(center=(round(start[0]), round(start[1] - 26 * t))).inflate(8, 8)

        def draw(surface: pygame.Surface, t: float) -> None:
            surface.blit(label, bounds(t).inflate(-8, -8))

        self.anim.add(Motion(0.7, draw, bounds, delay=delay, ease=ease_out_cubic, hold=0.6))


def option_rows(kind: str, options: list[str], lines: list[str], inert: bool) -> Callable[[pygame.Surface], None]:
    """A stop's options: which is which on the left (the usual one with the stop's medallion);
    for those watching someone else choose, the words too, as plain rows (the chooser gets
    buttons there)."""
    names = {"base": "Usual", "cross": "Crossroads", "both": "Both"}

    def draw(surface: pygame.Surface) -> None:
        for k, (option, line) in enumerate(zip(options, lines)):
            row = pygame.Rect(24, CONTENT_Y + 6 + k * 84, 812, 66)
            if option == "base":
                img = medallion(kind, 20)
                surface.blit(img, img.get_rect(center=(row.x + 26, row.centery)))
            else:   # two roads crossing: the Crossroads option (both: the stop's and the crossing's)
                centre = (row.x + 26, row.centery)
                pygame.draw.circle(surface, CARD_EDGE, centre, 22)
                pygame.draw.circle(surface, pygame.Color("#8a6f9e"), centre, 20)
                for dx in (-1, 1):
                    pygame.draw.line(surface, theme.PAPER, (centre[0] - 11 * dx, centre[1] - 11),
                                     (centre[0] + 11 * dx, centre[1] + 11), 5)
            theme.draw_text(surface, names[option], (row.x + 56, row.centery), theme.SIZE_BODY, theme.TEXT, bold=True,
                            anchor="midleft")
            if inert:
                box = pygame.Rect(200, row.y, 636, row.height)
                pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=10)
                theme.draw_text(surface, line, (box.x + 24, box.centery), theme.SIZE_BODY, theme.TEXT_DIM,
                                anchor="midleft", max_width=box.width - 48)
    return draw


# ---- drawing helpers ------------------------------------------------------------------------------------

def footprints(points: list[tuple[float, float]], step: float = 14.0) -> list[tuple[int, int]]:
    """Dots every `step` pixels along a polyline, leaving out the ends (where the stops are):
    the steps of the last walk, quieter than a line over the medallions."""
    out: list[tuple[int, int]] = []
    if len(points) < 2:
        return out
    total = sum(math.dist(p, q) for p, q in zip(points, points[1:]))
    travelled, next_at = 0.0, 24.0
    for p, q in zip(points, points[1:]):
        length = math.dist(p, q)
        while length > 0 and next_at <= travelled + length and next_at <= total - 24:
            f = (next_at - travelled) / length
            out.append((round(p[0] + (q[0] - p[0]) * f), round(p[1] + (q[1] - p[1]) * f)))
            next_at += step
        travelled += length
    return out


def map_view(canvas: pygame.Surface) -> pygame.Surface:
    """The map's part of the canvas, in map coordinates, keeping the canvas's clip (the app
    draws only what changed; a subsurface would otherwise paint outside it)."""
    surface = canvas.subsurface(MAP)
    surface.set_clip(canvas.get_clip().clip(MAP).move(-MAP.x, -MAP.y))
    return surface


def _ready(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@cached
@lru_cache(maxsize=64)
def medallion(kind: str, radius: int) -> pygame.Surface:
    """A stop's medallion: its kind's colour in a dark ring, with the kind's icon in white."""
    size = 2 * radius + 10
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (40, 30, 20, 70), (c + 1, c + 2), radius + 3)
    pygame.draw.circle(surf, CARD_EDGE, (c, c), radius + 2)
    pygame.draw.circle(surf, pygame.Color(KIND_COLOURS[kind]), (c, c), radius)
    pygame.draw.circle(surf, (255, 248, 230, 90), (c, c), radius - 3, 1)
    img = icon(KIND_ICONS[kind], int(radius * 1.35))
    surf.blit(img, img.get_rect(center=(c, c)))
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def glow_ring(radius: int, width: int) -> pygame.Surface:
    """The "you may walk here" ring, drawn once per size."""
    size = 2 * radius + 16
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    theme.glow_outline(surf, pygame.Rect(8, 8, 2 * radius, 2 * radius), radius=radius, width=width)
    return _ready(surf)


@cached
@lru_cache(maxsize=1)
def pawn_shadow() -> pygame.Surface:
    surf = pygame.Surface((30, 10), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (30, 20, 10, 90), surf.get_rect())
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def veil(size: tuple[int, int]) -> pygame.Surface:
    """Dims a card that may not be chosen."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (20, 22, 26, 150), surf.get_rect(), border_radius=10)
    return _ready(surf)


@cached
@lru_cache(maxsize=64)
def gain_label(text: str) -> pygame.Surface:
    img = theme.text(text, theme.SIZE_SMALL, tuple(theme.HIGHLIGHT), True)
    surf = pygame.Surface((img.get_width() + 20, img.get_height() + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 20, 16, 225), surf.get_rect(), border_radius=12)
    surf.blit(img, (10, 4))
    return _ready(surf)


def fitting_size(text: str, width: int, sizes: tuple[int, ...] = (theme.SIZE_BODY, 20, theme.SIZE_SMALL)) -> int:
    """The biggest of `sizes` at which `text` (bold) fits `width` pixels."""
    for size in sizes:
        if theme.font(size, True).size(text)[0] <= width:
            return size
    return sizes[-1]


def _card(w: int, h: int, band: str | pygame.Color, title: str, band_h: int = 40,
          icon_name: str | None = None) -> pygame.Surface:
    """The frame every Tokaido card shares: washi paper, a coloured band with the title."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, theme.PAPER, rect.inflate(-4, -4), border_radius=9)
    colour = pygame.Color(band)
    bar = pygame.Rect(2, 2, w - 4, band_h)
    pygame.draw.rect(surf, colour, bar, border_top_left_radius=9, border_top_right_radius=9)
    x = 12
    if icon_name:
        img = icon(icon_name, band_h - 12, theme.readable_on(colour))
        surf.blit(img, img.get_rect(midleft=(10, bar.centery)))
        x = band_h + 4
    theme.draw_text(surf, title, (x, bar.centery), theme.SIZE_SMALL, theme.readable_on(colour), bold=True,
                    anchor="midleft", max_width=w - x - 10)
    return surf


def _price(surf: pygame.Surface, price: int, centre: tuple[int, int], size: int = 30) -> None:
    coin = icon("tok_coin", size, COIN_GOLD)
    label = theme.text(str(price), theme.SIZE_LARGE, tuple(theme.INK), True)
    width = coin.get_width() + 6 + label.get_width()
    x = centre[0] - width // 2
    surf.blit(coin, coin.get_rect(midleft=(x, centre[1])))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 6, centre[1])))


@cached
@lru_cache(maxsize=128)
def souvenir_face(ident: int, w: int, h: int) -> pygame.Surface:
    s = SOUVENIRS[ident]
    surf = _card(w, h, FAMILY_COLOURS[s.family], FAMILY_NAMES[s.family], icon_name="tok_village")
    theme.draw_text(surf, s.name, (w // 2, h // 2 - 10), theme.SIZE_LARGE, theme.INK, bold=True, anchor="center",
                    max_width=w - 16)
    theme.draw_text(surf, "souvenir", (w // 2, h // 2 + 22), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    _price(surf, s.price, (w // 2, h - 34))
    return _ready(surf)


@cached
@lru_cache(maxsize=128)
def meal_face(meal: int, price: int, w: int, h: int) -> pygame.Surface:
    dish, printed = MEALS[meal]
    surf = _card(w, h, KIND_COLOURS[INN], "Meal", icon_name="tok_meal")
    theme.draw_text(surf, dish, (w // 2, 70), fitting_size(dish, w - 14), theme.INK, bold=True, anchor="center",
                    max_width=w - 10)
    theme.draw_text(surf, f"{MEAL_POINTS} points", (w // 2, h - 86), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    _price(surf, price, (w // 2, h - 40), 28)
    if price != printed:
        theme.draw_text(surf, f"(printed {printed})", (w // 2, h - 16), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    return _ready(surf)


@cached
@lru_cache(maxsize=32)
def traveller_face(key: str, w: int, h: int) -> pygame.Surface:
    t = TRAVELLERS[key]
    band = "#34465a" if t["set"] == "base" else "#5a3446"
    surf = _card(w, h, band, "Traveller" if t["set"] == "base" else "Traveller · Crossroads", band_h=36)
    theme.draw_text(surf, t["name"], (18, 48), theme.SIZE_TITLE, theme.INK, bold=True)
    theme.draw_text(surf, t["title"], (20, 100), theme.SIZE_BODY, INK_SOFT)
    coin = icon("tok_coin", 40, COIN_GOLD)
    surf.blit(coin, coin.get_rect(topright=(w - 62, 54)))
    theme.draw_text(surf, str(t["coins"]), (w - 18, 74), theme.SIZE_TITLE, theme.INK, bold=True, anchor="midright")
    theme.draw_text(surf, "coins", (w - 40, 106), theme.SIZE_SMALL, INK_SOFT, anchor="midtop")
    pygame.draw.line(surf, PAPER_LINE, (18, 136), (w - 18, 136), 2)
    theme.draw_paragraph(surf, t["power"], pygame.Rect(18, 148, w - 36, h - 156), theme.SIZE_BODY, theme.INK,
                         line_gap=2)
    return _ready(surf)


@cached
@lru_cache(maxsize=16)
def card_back(kind: str, w: int, h: int) -> pygame.Surface:
    """The back of a meal, traveller or encounter card: face down, for others' eyes."""
    colour = {"meal": KIND_COLOURS[INN], "traveller": "#34465a", "encounter": KIND_COLOURS[ENCOUNTER]}[kind]
    icon_name = {"meal": "tok_meal", "traveller": "tok_encounter", "encounter": "tok_encounter"}[kind]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=10)
    pygame.draw.rect(surf, pygame.Color(colour), rect.inflate(-4, -4), border_radius=9)
    pygame.draw.rect(surf, (255, 248, 230, 80), rect.inflate(-16, -16), 2, border_radius=7)
    img = icon(icon_name, min(w, h) // 2, (255, 248, 230, 200))
    surf.blit(img, img.get_rect(center=rect.center))
    return _ready(surf)


@cached
@lru_cache(maxsize=32)
def encounter_face(kind: str, w: int, h: int) -> pygame.Surface:
    name = ENCOUNTER_NAMES.get(kind, kind)
    title, _, role = name.partition(" (")
    surf = _card(w, h, KIND_COLOURS[ENCOUNTER], "Encounter", icon_name="tok_encounter")
    theme.draw_text(surf, title.split(":")[0], (w // 2, 66), theme.SIZE_LARGE, theme.INK, bold=True, anchor="center",
                    max_width=w - 16)
    if role:
        theme.draw_text(surf, role.rstrip(")"), (w // 2, 96), theme.SIZE_SMALL, INK_SOFT, anchor="center",
                        max_width=w - 16)
    theme.draw_paragraph(surf, ENCOUNTER_TEXT.get(kind, ""), pygame.Rect(14, 122, w - 28, h - 130), theme.SIZE_SMALL,
                         theme.INK, line_gap=2)
    return _ready(surf)


PART_W, PART_H, PART_STEP = 26, 19, 29      # a panorama part in the journey panel


@cached
@lru_cache(maxsize=4)
def panorama_strip(kind: str) -> pygame.Surface:
    """A whole panorama as one small painting, cut into its parts when drawn: terraced rice
    fields, a mountain range, or waves with a boat, in the palette of the road."""
    total = SECTIONS[kind]
    w, h = total * PART_STEP, PART_H
    surf = pygame.Surface((w, h))
    surf.fill((236, 226, 204))                                   # paper sky
    pygame.draw.circle(surf, (214, 96, 78), (w - 14, 6), 4)       # the sun, in the last part
    if kind == "paddy":
        greens = [(150, 178, 84), (120, 156, 66), (168, 190, 102), (104, 140, 58)]
        for i, top in enumerate(range(8, h, 3)):
            points = [(x, top + round(1.5 * math.sin(x / 9 + i))) for x in range(0, w + 6, 6)]
            pygame.draw.polygon(surf, greens[i % len(greens)], points + [(w, h), (0, h)])
    elif kind == "mountain":
        for base, colour, peaks in ((h, (120, 140, 126), range(8, w, 30)), (h, (79, 110, 92), range(22, w, 34))):
            for px in peaks:
                top = 3 + (px * 7) % 6
                pygame.draw.polygon(surf, colour, [(px - 17, base), (px, top), (px + 17, base)])
                pygame.draw.polygon(surf, (246, 244, 238), [(px - 4, top + 4), (px, top), (px + 4, top + 4)])
    else:
        pygame.draw.rect(surf, (45, 106, 163), (0, 9, w, h - 9))
        for row, top in enumerate(range(10, h, 4)):
            for x in range(-4 + 4 * (row % 2), w, 8):
                pygame.draw.arc(surf, (190, 214, 232), (x, top, 8, 6), 0, math.pi, 1)
        boat = w // 2 + 10
        pygame.draw.polygon(surf, (92, 64, 40), [(boat - 7, 9), (boat + 7, 9), (boat + 4, 12), (boat - 4, 12)])
        pygame.draw.rect(surf, (246, 240, 226), (boat - 3, 2, 6, 7))
    return surf.convert() if pygame.display.get_surface() is not None else surf


@cached
@lru_cache(maxsize=32)
def panorama_face(kind: str, part: int, w: int, h: int) -> pygame.Surface:
    surf = _card(w, h, KIND_COLOURS[kind], f"{KIND_NAMES[kind].capitalize()} panorama")
    img = icon(KIND_ICONS[kind], 72, KIND_COLOURS[kind])
    surf.blit(img, img.get_rect(center=(w // 2, 98)))
    theme.draw_text(surf, f"part {part} of {SECTIONS[kind]}", (w // 2, 160), theme.SIZE_BODY, theme.INK, bold=True,
                    anchor="center")
    theme.draw_text(surf, f"+{part} points", (w // 2, 194), theme.SIZE_SMALL, INK_SOFT, anchor="center")
    return _ready(surf)


@cached
@lru_cache(maxsize=64)
def pool_face(what: str, key: str, w: int, h: int) -> pygame.Surface:
    """A legendary object, amulet or calligraphy: name, price and effect in words."""
    price = LEGENDARY[key][1] if what == LEGEND else 1
    surf = _card(w, h, POOL_COLOURS[what], "")
    band = pygame.Rect(2, 2, w - 4, 40)      # the band shows the price: the panel's title says what these are
    coin = icon("tok_coin", 26, theme.PAPER)
    label = theme.text(str(price), theme.SIZE_BODY, tuple(theme.PAPER), True)
    x = band.centerx - (coin.get_width() + 6 + label.get_width()) // 2
    surf.blit(coin, coin.get_rect(midleft=(x, band.centery)))
    surf.blit(label, label.get_rect(midleft=(x + coin.get_width() + 6, band.centery)))
    name = LEGENDARY[key][0] if what == LEGEND else key.title()
    theme.draw_text(surf, name, (w // 2, 64), fitting_size(name, w - 14), theme.INK, bold=True, anchor="center",
                    max_width=w - 10)
    theme.draw_paragraph(surf, POOL_TEXT.get(key, ""), pygame.Rect(10, 88, w - 20, h - 94), theme.SIZE_SMALL,
                         theme.INK, line_gap=0)
    return _ready(surf)


__all__ = ["TokaidoScene", "MAP", "PANEL", "COLLECTION"]
