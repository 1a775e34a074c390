"""The map as the table keeps it: a grid of tile layers over the painted board with every
claimed route in its owner's trains and the festival cards on it, redrawn tile by tile as
claims come; the trains' pictures (made once per seat and route), the rings that light a
route or a ticket's way, and the map's part of a canvas."""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game.ui import theme

from . import cards_art
from .data import FESTIVALS


class MapLayers:
    """The part of the TtR scene that draws the map (a mixin of `TtrScene`)."""

    def _warm_cars(self) -> None:
        """Draw each seat's car for every (length, angle) the board's spaces use, once, as the
        table opens, so that a claim only blits pictures already made."""
        shapes = {self.car_key(route, i)[1:] for route in self.board.routes for i in range(len(route.spaces))}
        for seat in range(len(self.session.seats)):
            colour = self.seat_colour(seat)
            for angle, length, width in shapes:
                cards_art.train_car(colour, angle, length, width)

    def shown_claims(self) -> tuple[tuple[int, int], ...]:
        return tuple((r, s) for r, s in self.view["claims_list"] if r not in self.appearing)

    MAP_TILE = (256, 250)

    def _add_map_tiles(self) -> None:
        """The map as a grid of opaque tile layers: a claim redraws and re-presents only the
        tiles its route touches, not the whole board (a full map costs ~10 ms to push)."""
        tw, th = self.MAP_TILE
        w, h = self.map_rect.size
        cols, rows = math.ceil(w / tw), math.ceil(h / th)
        self.map_tiles: list[pygame.Rect] = []
        self._route_tiles: dict[int, tuple[int, ...]] = {}
        self._badge_tiles: dict[str, tuple[int, ...]] = {}
        for r in range(rows):
            for c in range(cols):
                tile = pygame.Rect(c * tw, r * th, min(tw, w - c * tw), min(th, h - r * th))
                self.map_tiles.append(tile)
        for route in self.board.routes:
            box = self.route_box[route.id].move(-self.map_rect.x, -self.map_rect.y)
            self._route_tiles[route.id] = tuple(i for i, t in enumerate(self.map_tiles) if t.colliderect(box))
        for key in FESTIVALS:
            box = pygame.Rect(0, 0, 40, 44)
            box.center = self.badge_at(key)
            self._badge_tiles[key] = tuple(i for i, t in enumerate(self.map_tiles) if t.colliderect(box))
        self._tile_key: Hashable = None
        self._tile_sigs: list[Hashable] = []
        for i, tile in enumerate(self.map_tiles):
            self.add_layer(tile.move(self.map_rect.topleft), self._tile_renderer(i), self._tile_signature(i),
                           alpha=False)

    def _tile_signatures(self) -> list[Hashable]:
        """Every map tile's signature, worked out once per change of the claims shown."""
        claims = self.shown_claims()
        festivals = tuple(sorted(self.view["festival_at"].items()))
        glowing = self.glowing_routes()
        key = (self.map_problem, claims, festivals, glowing)
        if key != self._tile_key:
            sigs: list[list[Any]] = [[self.map_problem] for _ in self.map_tiles]
            for claim in claims:
                for i in self._route_tiles[claim[0]]:
                    sigs[i].append(claim)
            for route_id in glowing:
                for i in self._route_tiles[route_id]:
                    sigs[i].append(("glow", route_id))
            for festival, count in festivals:
                for i in self._badge_tiles.get(festival, ()):
                    sigs[i].append((festival, count))
            self._tile_key = key
            self._tile_sigs = [tuple(sig) for sig in sigs]
        return self._tile_sigs

    def _tile_signature(self, index: int):
        return lambda: self._tile_signatures()[index]

    def _tile_renderer(self, index: int):
        def render(surface: pygame.Surface) -> None:
            self._render_map_tile(surface, self.map_tiles[index])
        return render

    def _sync_claims_canvas(self) -> pygame.Surface:
        """The map with every shown claim's trains painted on. A new claim adds only its own
        trains; a claim taken back (undo) starts the canvas afresh."""
        claims = self.shown_claims()
        painted = self._painted_claims
        if self._claims_canvas is None or claims[:len(painted)] != painted:
            self._claims_canvas = self.map_image.copy()
            pygame.draw.rect(self._claims_canvas, theme.LINE, self._claims_canvas.get_rect(), 2)
            painted = ()
        for route_id, seat in claims[len(painted):]:
            image, at = self.route_sprite(route_id, seat)
            self._claims_canvas.blit(image, at)
        self._painted_claims = claims
        return self._claims_canvas

    def _render_map_tile(self, surface: pygame.Surface, tile: pygame.Rect) -> None:
        """One tile of the map (map pixels `tile`): the trains, the glow of every route the
        viewer may claim now, then the festival cards."""
        surface.blit(self._sync_claims_canvas(), (0, 0), tile)
        glowing = [r for r in self.glowing_routes()
                   if self.route_box[r].move(-self.map_rect.x, -self.map_rect.y).colliderect(tile)]
        for route_id in glowing:
            for poly in self.space_polygons(route_id, 3):
                moved = [(x - tile.x, y - tile.y) for x, y in poly]
                pygame.draw.polygon(surface, (30, 26, 22), moved, 5)
                pygame.draw.polygon(surface, theme.HIGHLIGHT, moved, 2)
        for key, count in self.view["festival_at"].items():
            if count:
                badge = cards_art.festival_badge(count)
                at = badge.get_rect(center=self.badge_at(key))
                if at.colliderect(tile):
                    surface.blit(badge, at.move(-tile.x, -tile.y))

    def route_sprite(self, route_id: int, seat: int,
                     count: int | None = None) -> tuple[pygame.Surface, tuple[int, int]]:
        """A seat's trains on a route (all, or the first `count`), and where (map pixels)."""
        key = (route_id, seat)
        if count is None and key in self._route_sprites:
            return self._route_sprites[key]
        route = self.board.route_by_id[route_id]
        box = self.route_box[route_id].move(-self.map_rect.x, -self.map_rect.y)
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        colour = self.seat_colour(seat)
        for i, (x, y) in enumerate(route.spaces[:count]):
            car = cards_art.train_car(colour, *self.car_key(route, i)[1:])
            surf.blit(car, car.get_rect(center=(round(x - box.x), round(y - box.y))))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        out = (surf, box.topleft)
        if count is None:
            self._route_sprites[key] = out
        return out

    def draw_route_glow(self, surface: pygame.Surface, route_id: int, colour=theme.HIGHLIGHT, width: int = 4) -> None:
        """A route's spaces ringed (hover, the selection, a claim just made)."""
        for poly in self.space_polygons(route_id, 4):
            pygame.draw.polygon(surface, (30, 26, 22), poly, width + 4)
            pygame.draw.polygon(surface, colour, poly, width)

    def draw_way(self, surface: pygame.Surface, routes: list[int], cities: list[str], colour=theme.HIGHLIGHT) -> None:
        """A way across the map: every space of its routes ringed, its two end cities ringed."""
        polys = [poly for route_id in routes for poly in self.space_polygons(route_id, 3)]
        for poly in polys:
            pygame.draw.polygon(surface, (30, 26, 22), poly, 7)
        for poly in polys:
            pygame.draw.polygon(surface, colour, poly, 3)
        for city in cities[:1] + cities[-1:]:
            x, y = self.board.city_xy[city]
            pygame.draw.circle(surface, (30, 26, 22), (round(x), round(y)), 15, 6)
            pygame.draw.circle(surface, colour, (round(x), round(y)), 14, 4)

    def map_view(self, canvas: pygame.Surface) -> pygame.Surface:
        """The map's part of the canvas in map coordinates, keeping the canvas's clip."""
        surface = canvas.subsurface(self.map_rect)
        surface.set_clip(canvas.get_clip().clip(self.map_rect).move(-self.map_rect.x, -self.map_rect.y))
        return surface
