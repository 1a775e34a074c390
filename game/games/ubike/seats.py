"""UBike Tour's seat panels: each seat's journey as small cards (a bike marker beside each
ride paid for), its score, and its counts at the foot (bikes, scenery storage, bike markers,
opportunity cards); for the viewer only, their own opportunity cards face up, and, while the
mouse is over them, their opportunity cards or scenery storage shown in full beside the panel.

Another seat's hidden cards are never drawn: its view holds only their counts. `panel` is the
seat's panel on the canvas; what is drawn in it is in the panel's own pixels."""
from __future__ import annotations

from typing import Any
from collections.abc import Collection, Sequence

import pygame

from game.table.layout import BOARD, SIDE
from game.ui import theme
from game.ui.icons import icon

from . import art
from .layout import HAND_CARD, HOLDINGS_W, MINI, OPP_LEFT, OPP_ROW_H
from .rules import CARDS, JOURNEY_LENGTH, OPPORTUNITIES, OVER, STORAGE_FOR_OPPORTUNITY

Stats = dict[str, tuple[str, str, str, pygame.Rect]]


def journey_slot(panel: pygame.Rect, index: int) -> pygame.Rect:
    """Where the `index`th card of a seat's journey lies in its `panel` (canvas pixels)."""
    return pygame.Rect(panel.x + 20 + index * (MINI[0] + 6), panel.y + 50, *MINI)


def seat_stats(view: dict[str, Any], seat: int, panel: pygame.Rect) -> Stats:
    """The seat panel's counts, left to right at its foot: key -> (icon, value, label, the
    area they take in the panel's own coordinates)."""
    v = view
    bikes = sum(CARDS[c].bikes for c in v["bike_storage"][seat])
    markers = len(v["markers"][seat])
    items = {
        "bikes": ("wheel", f"{bikes}", "bike" if bikes == 1 else "bikes"),
        "stored": ("opp_extra", f"{v['scenery_storage_count'][seat]}/{STORAGE_FOR_OPPORTUNITY}", "stored"),
        "markers": ("bike_marker", f"{markers}", "marker" if markers == 1 else "markers"),
        "opps": ("opp_point", f"{v['opportunities_count'][seat]}", "opp."),
    }
    out = {}
    x, y = 20, panel.height - 22
    for key, (icon_name, value, label) in items.items():
        width = (26 + theme.font(theme.SIZE_SMALL, True).size(value)[0] + 6
                 + theme.font(theme.SIZE_SMALL).size(label)[0])
        out[key] = (icon_name, value, label, pygame.Rect(x, y - 13, width, 26))
        x += width + 18
    return out


def opportunity_slots(view: dict[str, Any], seat: int, panel: pygame.Rect) -> list[pygame.Rect]:
    """Where the viewer's own opportunity cards sit in their panel (panel coordinates)."""
    count = len(view["opportunities"][seat] or ())
    right = panel.width - 110
    step = min(30, (right - OPP_LEFT) / count) if count else 30   # many overlap, right of the name
    return [pygame.Rect(round(right - (count - k) * step), 9, 26, 34) for k in range(count)]


def own_holding_at(view: dict[str, Any], seat: int, viewer: int | None, panel: pygame.Rect,
                   pos: tuple[int, int]) -> str | None:
    """"opps" or "stored" when `pos` is over the viewer's own opportunity cards or storage;
    another seat's hidden cards have no such place (their view holds only counts)."""
    if seat != viewer or view["opportunities"][seat] is None:
        return None
    local = (pos[0] - panel.x, pos[1] - panel.y)
    stats = seat_stats(view, seat, panel)
    if stats["stored"][3].inflate(10, 6).collidepoint(local):
        return "stored"
    if stats["opps"][3].inflate(10, 6).collidepoint(local) or any(
            r.inflate(4, 4).collidepoint(local) for r in opportunity_slots(view, seat, panel)):
        return "opps"
    return None


def holdings_rect(view: dict[str, Any], what: str | None, viewer: int | None,
                  panels: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """Where the viewer's own opportunity cards or stored cards are shown, beside their
    panel (None when there is nothing to show)."""
    seat = viewer
    if what is None or seat is None:
        return None
    cards = view["opportunities" if what == "opps" else "scenery_storage"][seat]
    if cards is None:                # never another seat's hidden cards
        return None
    if what == "opps":
        height = 76 + max(1, len(cards)) * OPP_ROW_H
    else:
        height = 96 + (HAND_CARD[1] + 16 if cards else 30)
    panel = panels[seat]
    top = min(panel.y, BOARD.bottom - 8 - height)
    return pygame.Rect(SIDE.x - 12 - HOLDINGS_W, top, HOLDINGS_W, height)


def draw_holdings(canvas: pygame.Surface, view: dict[str, Any], what: str, viewer: int | None,
                  panels: Sequence[pygame.Rect]) -> None:
    """The viewer's own opportunity cards (`what` "opps") or scenery storage ("stored") in
    full, beside their panel."""
    rect = holdings_rect(view, what, viewer, panels)
    if rect is None:
        return
    seat = viewer
    v = view
    pygame.draw.rect(canvas, (0, 0, 0), rect.move(0, 6), border_radius=14)
    pygame.draw.rect(canvas, theme.PANEL_LIGHT, rect, border_radius=14)
    pygame.draw.rect(canvas, theme.HIGHLIGHT, rect, 2, border_radius=14)
    x, y = rect.x + 20, rect.y + 16
    if what == "opps":
        cards = v["opportunities"][seat]
        theme.draw_text(canvas, f"Your opportunity cards: {len(cards)}", (x, y), theme.SIZE_BODY,
                        theme.TEXT, bold=True)
        theme.draw_text(canvas, "Only you see them.", (x, y + 30), theme.SIZE_SMALL - 2, theme.TEXT_DIM)
        y += 64
        if not cards:
            theme.draw_text(canvas, "None yet: 5 stored cards buy one.", (x, y + 10), theme.SIZE_SMALL,
                            theme.TEXT)
        for ident in cards:
            opp = OPPORTUNITIES[ident]
            face = art.opportunity_face(ident, 56, 72)
            canvas.blit(face, (x, y + 4))
            theme.draw_text(canvas, opp.title, (x + 72, y + 4), theme.SIZE_SMALL, theme.TEXT, bold=True)
            theme.draw_paragraph(canvas, opp.text, pygame.Rect(x + 72, y + 28, rect.width - 112,
                                                               OPP_ROW_H - 30),
                                 theme.SIZE_SMALL - 2, theme.TEXT_DIM, line_gap=0)
            y += OPP_ROW_H
        return
    cards = v["scenery_storage"][seat]
    theme.draw_text(canvas, f"Your scenery storage: {len(cards)} of {STORAGE_FOR_OPPORTUNITY}",
                    (x, y), theme.SIZE_BODY, theme.TEXT, bold=True)
    theme.draw_text(canvas, "Face down: only you know which cards. At 5 they buy an opportunity card.",
                    (x, y + 30), theme.SIZE_SMALL - 2, theme.TEXT_DIM, max_width=rect.width - 40)
    y += 70
    if not cards:
        theme.draw_text(canvas, "Empty.", (x, y), theme.SIZE_SMALL, theme.TEXT)
        return
    step = min(HAND_CARD[0] + 10, (rect.width - 40 - HAND_CARD[0]) / max(1, len(cards) - 1))
    for k, number in enumerate(cards):
        canvas.blit(art.card_face(number, *HAND_CARD), (round(x + k * step), y))


def draw_seat_summary(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], seat: int,
                      panel: pygame.Rect, in_flight: Collection[int], gifted: bool, hovered: str | None) -> None:
    """One seat's panel (`rect`, panel-local): score, journey, counts, and the viewer's own
    opportunity cards; its storage outlined when the last Search `gifted` it a card, the
    viewer's holding `hovered` outlined; cards `in_flight` are not there yet."""
    v = view
    score = v["public_scores"][seat]
    opportunities = v["opportunities"][seat]     # the viewer's own only; None for others
    theme.draw_text(surface, f"{score} {'pt' if score == 1 else 'pts'}", (rect.right - 20, 26),
                    theme.SIZE_BODY, theme.TEXT, bold=True, anchor="midright")
    if v["passed"][seat] and v["phase"] != OVER and not opportunities:
        theme.draw_text(surface, "PASS", (rect.right - 110, 26), theme.SIZE_SMALL, theme.TEXT_DIM,
                        bold=True, anchor="midright")
    journey = v["journeys"][seat]
    markers = set(v["markers"][seat])
    for i in range(JOURNEY_LENGTH):
        slot = journey_slot(panel, i).move(-panel.x, -panel.y)
        if i < len(journey) and journey[i] not in in_flight:
            surface.blit(art.mini_card(journey[i], *MINI), slot)
        else:
            pygame.draw.rect(surface, theme.LINE, slot, 1, border_radius=6)
        if i in markers and i < len(journey):
            pygame.draw.circle(surface, (20, 20, 20), (slot.x - 3, slot.centery), 9)
            wheel = icon("wheel", 14, theme.HIGHLIGHT)
            surface.blit(wheel, wheel.get_rect(center=(slot.x - 3, slot.centery)))
    for key, (icon_name, value, label, area) in seat_stats(view, seat, panel).items():
        if key == "stored" and gifted:   # the last Search put a card here
            theme.glow_outline(surface, area.inflate(10, 6), art.NEW_MARK, radius=8, width=2)
        if key == hovered:
            pygame.draw.rect(surface, theme.HIGHLIGHT, area.inflate(10, 6), 2, border_radius=8)
        img = icon(icon_name, 20, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(area.x, area.centery)))
        r = theme.draw_text(surface, value, (area.x + 26, area.centery), theme.SIZE_SMALL, theme.TEXT,
                            bold=True, anchor="midleft")
        theme.draw_text(surface, label, (r.right + 6, area.centery), theme.SIZE_SMALL, theme.TEXT_DIM,
                        anchor="midleft")
    if opportunities:
        # the viewer's own opportunity cards, face up for them only, beside the score
        for ident, area in zip(opportunities, opportunity_slots(view, seat, panel)):
            surface.blit(art.opportunity_face(ident, area.width, area.height), area)
