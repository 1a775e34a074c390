"""Ubi's card, at the head of the side panel: the two Rubi Cubis as rolled (or the Rubi Ubi)
with the zone and precision they set, and the Ubi posed on a paper card in its zone's colour
(Caesar's Ghost's warning on it when he speaks); or, while an answer is shown, who answered
what, right or wrong, the card's answer and its words.

Drawn in the panel's own pixels from the view and what the scene is showing (`revealing`: the
answer shown; `tumbling`: the dice being rolled)."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

import pygame

from game.ui import theme

from . import scene_art as art
from .layout import DIE
from .rules import ANSWER, OVER, PRECISION, TRI, ZONE, ZONE_NAMES

#: Caesar's Ghost's mark on a posed Ubi (UBI-15), in a dark red that reads on the card's paper
GHOST_WARNING = "Caesar's Ghost speaks on this Ubi. Beware: a wrong answer gives back your last facet."
GHOST_INK = (150, 28, 24)   # the verdict over the map

Name = Callable[[int | None], str]


def render_card(surface: pygame.Surface, view: dict[str, Any], dice: pygame.Rect, revealing: dict[str, Any] | None,
                tumbling: tuple[str, ...] | None, mine: bool, name: Name) -> None:
    """The card (`dice`: where the dice lie, panel-local); `mine` when the viewer answers."""
    surface.fill((0, 0, 0, 0))
    rect = surface.get_rect()
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    v = view
    theme.draw_text(surface, f"Round {v['round_no']}", (rect.width - 16, 14), theme.SIZE_SMALL, theme.TEXT_DIM,
                    anchor="topright")
    if revealing is not None:
        render_reveal(surface, rect, revealing, name)
        return
    seat = v["turn_seat"]
    if v["phase"] == OVER:
        theme.draw_text(surface, "The game is over", (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True)
        if v["last"]:
            render_reveal(surface, rect, v["last"], name, top=46)
        return
    who = "Your" if mine else f"{name(seat)}'s"
    final = v["final"] or (v["capstone_zone"] is not None and v["phase"] == ANSWER and v["final"])
    title = f"{who} winning Ubi" if final else f"{who} Ubi"
    theme.draw_text(surface, title, (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=rect.width - 140)
    if tumbling is None:
        if final:
            surface.blit(art.capstone_face(v["zone"], DIE), dice.topleft)
        elif v["rolled_zone"] is not None:
            surface.blit(art.zone_face(v["rolled_zone"], DIE), dice.topleft)
            surface.blit(art.precision_face(v["rolled_precision"], DIE), (dice.x + DIE + 10, dice.y))
    one_die = final or (tumbling is not None and tumbling[0] == "cap")
    x = (dice.x + DIE + 16) if one_die else dice.right + 16
    zone, precision = v["zone"], v["precision"]
    if tumbling is not None:
        line1, line2 = "Rolling the Rubi Cubis…" if tumbling[0] == "roll" else "Throwing the Rubi Ubi…", ""
    elif v["phase"] == ZONE:
        line1, line2 = "The zone die: an Ubi eye", "the zone is chosen next"
    elif v["phase"] == PRECISION:
        line1 = f"{ZONE_NAMES[zone]} zone" if zone else ""
        line2 = "The precision die: an Ubi eye"
    else:
        line1 = f"{ZONE_NAMES[zone]} zone" if zone else ""
        line2 = "triangular precision" if precision == TRI else "hexagonal precision" if precision else ""
        if final:
            line2 = "triangle, or a red herring: wins"
    colour = art.zone_colour(zone) if zone and tumbling is None else theme.TEXT   # no hint before it lands
    theme.draw_text(surface, line1, (x, dice.y + 2), theme.SIZE_BODY, colour,
                    bold=True, max_width=rect.width - x - 12)
    theme.draw_text(surface, line2, (x, dice.y + 30), theme.SIZE_SMALL, theme.TEXT, max_width=rect.width - x - 12)
    card = pygame.Rect(12, dice.bottom + 12, rect.width - 24, rect.height - dice.bottom - 24)
    posed = v["posed"] if v["phase"] == ANSWER and tumbling is None else None
    paper(surface, card, posed["zone"] if posed else None)
    inner = card.inflate(-32, -30).move(0, 6)
    if posed:
        used = theme.draw_paragraph(surface, posed["text"], inner, theme.SIZE_LARGE, theme.INK, bold=True)
        if posed.get("ghost"):   # the card's mark, seen before the answer (UBI-15)
            ghost = pygame.Rect(inner.x, inner.y + used + 10, inner.width, inner.height - used - 40)
            used += 10 + theme.draw_paragraph(surface, GHOST_WARNING, ghost, theme.SIZE_SMALL, GHOST_INK, bold=True)
        sheets = v["sheets"]
        note = ("A place inside an expert area: answer on its tab." if len(sheets) > 1
                else "Answer on the world map.")
        if inner.height - used > 40:
            theme.draw_paragraph(surface, note, pygame.Rect(inner.x, inner.bottom - 24, inner.width, 26),
                                 theme.SIZE_SMALL, (90, 84, 74))
    elif v["last"] and tumbling is None:
        render_last_line(surface, inner, v["last"], name)
    else:
        theme.draw_paragraph(surface, "The Ubi comes from the next card of the box in turn.", inner,
                             theme.SIZE_BODY, (90, 84, 74))


def paper(surface: pygame.Surface, card: pygame.Rect, zone: str | None) -> None:
    """A paper card with its zone's colour band (none: a plain band)."""
    pygame.draw.rect(surface, (12, 14, 16), card.move(0, 4), border_radius=10)
    pygame.draw.rect(surface, theme.PAPER, card, border_radius=10)
    band = pygame.Rect(card.x, card.y, card.width, 12)
    pygame.draw.rect(surface, art.zone_colour(zone) if zone else theme.PAPER_DARK, band,
                     border_top_left_radius=10, border_top_right_radius=10)


def render_last_line(surface: pygame.Surface, inner: pygame.Rect, last: dict[str, Any], name: Name) -> None:
    verdict = "right" if last["right"] else "wrong"
    text = f"Last: {name(last['seat'])} answered {last['given']}, {verdict}. {last['explanation']}"
    theme.draw_paragraph(surface, text, inner, theme.SIZE_SMALL, (70, 64, 56))


def render_reveal(surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any], name: Name,
                  top: int = 12) -> None:
    """The answer just given: right or wrong, the card's answer and its words."""
    right = last["right"]
    if last["red_herring"]:
        verdict = "Right: a red herring!" if right else "Wrong: a red herring"
    else:
        verdict = "Right!" if right else "Wrong"
    if top == 12:   # who answered what, in the words that fit (a long name or answer: shorter)
        who, given = name(last["seat"]), last["given"]
        room = rect.width - 140
        for line in (f"{who} answered {given}", f"{who}: {given}", given):
            if theme.font(theme.SIZE_BODY, True).size(line)[0] <= room:
                break
        theme.draw_text(surface, line, (16, top), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=room)
    y = top + 34
    theme.draw_text(surface, verdict, (16, y), theme.SIZE_TITLE, theme.GOOD if right else theme.WARNING, bold=True,
                    max_width=rect.width - 32)
    card = pygame.Rect(12, y + 56, rect.width - 24, rect.height - y - 68)
    paper(surface, card, last["zone"])
    inner = card.inflate(-28, -26).move(0, 6)
    lines = []
    if not last["red_herring"]:
        lines.append(f"Answer: {last['answer']}")
    used = 0
    for line in lines:   # every answer the card takes (expert areas make it long): up to 3 lines
        line_h = theme.font(theme.SIZE_BODY, True).get_linesize() + 4
        fitted = theme.draw_fitted(surface, line, pygame.Rect(inner.x, inner.y + used, inner.width, 3 * line_h),
                                   theme.SIZE_BODY, theme.SIZE_SMALL, theme.INK, bold=True)
        used += fitted.height + 6
    words = last["explanation"]
    if last.get("ghost"):
        words += " Caesar's Ghost speaks on this Ubi: a wrong answer gives back the facet won last."
    theme.draw_fitted(surface, words, pygame.Rect(inner.x, inner.y + used, inner.width, inner.height - used),
                      theme.SIZE_BODY, theme.SIZE_SMALL, theme.INK)
