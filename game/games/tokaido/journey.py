"""A traveller's journey so far: in full in the journey panel beside the decision (the viewer's
own, or the seat the mouse is over, whose meals and amulets stay face down), and in brief in
each seat's panel of the frame (coins, offering, meals, panorama parts, cards gathered)."""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.icons import icon

from .art import CARD_EDGE, COIN_GOLD, KIND_COLOURS, PART_H, PART_STEP, PART_W, medallion, panorama_strip
from .rules import (ENCOUNTER_NAMES, FAMILIES, KIND_NAMES, LEGENDARY, LEGENDARY_FAMILY, MEALS, PANORAMAS, SECTIONS,
                    SOUVENIRS, TRAVELLERS)
from .scoring import meals_eaten
from game.core.text import plural

from .words import ACHIEVEMENT_NAMES, FAMILY_NAMES


def shown_traveller(view: dict[str, Any], p: dict[str, Any]) -> str | None:
    """The traveller to show for the record `p` of `view`: None while travellers are chosen
    (only the viewer's own record names the tile kept, `chosen`), "" for none (Initiation)."""
    if view["phase"] == "travellers":
        return p.get("chosen") or None
    return p["traveller"]


def draw_journey(surface: pygame.Surface, view: dict[str, Any], seat: int | None, viewer: int | None,
                 names: Sequence[str], colours: Sequence[int]) -> None:
    """The journey panel (panel-local pixels) for `seat` as `viewer` sees it: traveller,
    coins and points, the panoramas painted part by part, then a row per kind of card;
    `names` and `colours` are every seat's. No seat: the journey is over."""
    surface.fill((0, 0, 0, 0))
    local = surface.get_rect()
    pygame.draw.rect(surface, theme.PANEL, local, border_radius=12)
    if seat is None:
        theme.draw_text(surface, "The journey is over", (20, 14), theme.SIZE_BODY, theme.TEXT, bold=True)
        return
    p = view["players"][seat]
    own = seat == viewer
    title = "Your journey" if own else f"{names[seat]}'s journey"
    theme.draw_seat_badge(surface, colours[seat], (30, 30), 24)
    theme.draw_text(surface, title, (50, 30), theme.SIZE_BODY, theme.TEXT, bold=True, anchor="midleft",
                    max_width=250)
    coin = icon("tok_coin", 30, COIN_GOLD)
    r = theme.draw_text(surface, str(p["coins"]), (local.right - 20, 30), theme.SIZE_LARGE, theme.TEXT, bold=True,
                        anchor="midright")
    surface.blit(coin, coin.get_rect(midright=(r.x - 8, 30)))
    theme.draw_text(surface, f"{view['scores'][seat]} pts", (r.x - 50, 30), theme.SIZE_BODY, theme.TEXT_DIM,
                    bold=True, anchor="midright")
    y = 56
    key = shown_traveller(view, p)
    if key is None:
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
    rows = journey_rows(p, own, bool(view["options"].get("crossroads")))
    for label, text in rows:
        if y > local.height - 24:
            break
        r = theme.draw_text(surface, label, (20, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        # a long row (many encounters, many dishes) goes on over a second line
        room = 2 if y + 48 <= local.height - 4 else 1
        fitted = theme.fit_to_box(text, local.width - 152, room * 24, theme.SIZE_SMALL, theme.SIZE_SMALL,
                                  line_gap=0)
        theme.draw_fitted_lines(surface, fitted, pygame.Rect(132, y, local.width - 152, fitted.height), theme.TEXT)
        y += 26 + 22 * (len(fitted.lines) - 1)


def counted(names) -> str:
    """Names in the order first met, a repeated one once with its count: "Annaibito ×2, Samurai"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def met_name(card: str) -> str:
    """An encounter card's short name ("Annaibito" for "Annaibito (guide): sea")."""
    return ENCOUNTER_NAMES[card].split(" (")[0].split(":")[0]


def journey_rows(p: dict[str, Any], own: bool, crossroads: bool) -> list[tuple[str, str]]:
    """The journey panel's rows (label, words) for a player's view `p`: souvenirs by family,
    baths, meals (face down unless `own`), encounters, the temple, honours, and with
    `crossroads` what the Crossroads added."""
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
            ("Met", counted(met_name(e) for e in p["encounters"]) or "nobody yet"),
            ("Temple", f"{plural(p['temple'], 'coin')} given")]
    if own and p.get("meals") is not None:
        dishes = [MEALS[m][0] for m in p["meals"] + (p.get("cook_meals") or [])]
        rows.insert(3, ("Meals", ", ".join(dishes) or "none yet"))
    else:
        eaten = meals_eaten(p)
        rows.insert(3, ("Meals", f"{eaten} (face down)" if eaten else "none yet"))
    if p["achievements"]:
        rows.append(("Honours", ", ".join(ACHIEVEMENT_NAMES.get(a, a) for a in p["achievements"])))
    if crossroads:
        extras = []
        if p["cherry"]:
            extras.append(plural(p["cherry"], "cherry tree"))
        extras += [LEGENDARY[k][0] for k in p["legendary"]]
        extras += [k.title() for k in p["calligraphy"]]
        rows.append(("Crossroads", ", ".join(extras) or "nothing yet"))
        if own and p.get("amulets") is not None:
            rows.append(("Amulets", ", ".join(a.title() for a in p["amulets"]) or "none"))
        elif p["amulets_count"]:
            rows.append(("Amulets", f"{p['amulets_count']} (face down)"))
    return rows


def draw_seat_summary(surface: pygame.Surface, rect: pygame.Rect, v: dict[str, Any], seat: int) -> None:
    """A seat's journey in brief, in its panel of the frame: points, traveller, coins, offering
    and meals, then a pip per panorama part and counts of souvenirs, baths and encounters."""
    p = v["players"][seat]
    theme.draw_text(surface, f"{v['scores'][seat]} pts", (rect.right - 20, 26), theme.SIZE_BODY, theme.TEXT,
                    bold=True, anchor="midright")
    y = 62
    key = shown_traveller(v, p)
    name = "choosing…" if key is None else (TRAVELLERS[key]["name"] if key else "no traveller")
    theme.draw_text(surface, name, (24, y), theme.SIZE_SMALL, theme.HIGHLIGHT if key else theme.TEXT_DIM,
                    bold=bool(key), anchor="midleft", max_width=150)
    x = 184
    for icon_name, value, tint in (("tok_coin", p["coins"], COIN_GOLD), ("tok_temple", p["temple"], theme.TEXT_DIM),
                                   ("tok_meal", meals_eaten(p), theme.TEXT_DIM)):
        img = icon(icon_name, 22, tint)
        surface.blit(img, img.get_rect(midleft=(x, y)))
        r = theme.draw_text(surface, str(value), (x + 28, y), theme.SIZE_SMALL, theme.TEXT, bold=True,
                            anchor="midleft")
        x = r.right + 22
    if v["options"].get("crossroads") and p["amulets_count"]:
        theme.draw_text(surface, plural(p["amulets_count"], "amulet"), (x, y), theme.SIZE_SMALL, theme.TEXT_DIM,
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
