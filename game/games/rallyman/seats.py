"""The cars at a glance on Rallyman GT's table: the turn-order strip beside the map (the round,
the order and why, the weather; once a race is over its places or the standings) and each
car's dashboard in the frame's seat panels. A part of RallymanScene (scene.py), kept in its
own file."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.text import plural
from game.ui import theme

from . import dice as D
from . import scene_art as art
from .phases import OVER, STANDINGS

REASONS = {"speed": "faster", "distance": "further", "inside": "inside", "seat": "by seat"}


class Seats:
    """The strip's and the seats' part of RallymanScene."""

    # ---- the strip: round and turn order ------------------------------------------------------
    def _strip_signature(self) -> Hashable:
        v = self.view
        return (v["round_no"], v["round_colour"], tuple(v["order"]), tuple(v["order_reasons"]), v["turn_index"],
                v["phase"], v["weather"], v["yellow_flag"], tuple(v["finishers"]), v["race_no"], tuple(v["points"]),
                tuple((c["laps_done"], c["marker"], c["seconds"], c["focus"]) for c in v["cars"]))

    def _render_strip(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        v = self.view
        over = v["phase"] in (OVER, STANDINGS)
        series = v["races"] > 1
        theme.draw_text(surface, "Results" if over else f"Round {v['round_no']}", (14, 12), theme.SIZE_BODY,
                        theme.TEXT, bold=True)
        if not over:
            chip = art.round_chip(v["round_colour"], 24)
            surface.blit(chip, chip.get_rect(topright=(rect.width - 14, 12)))
            theme.draw_text(surface, f"{v['round_colour']} round", (14, 42), theme.SIZE_SMALL, theme.TEXT_DIM)
        elif series:
            theme.draw_text(surface, f"race {v['race_no']} of {v['races']}", (14, 42), theme.SIZE_SMALL,
                            theme.TEXT_DIM)
        heading = ("Standings" if series else "Finish") if over else "Turn order"
        theme.draw_text(surface, heading, (14, 74), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        y = 102
        if over and series:   # the championship's order, as the rules rank it
            order = list(v["standings"])
        else:
            order = self._final_order() if over else list(v["order"])
        reasons = list(v["order_reasons"])
        solo = v["num_players"] == 1
        for i, seat in enumerate(order):
            box = pygame.Rect(8, y, rect.width - 16, 70)
            current = not over and i == v["turn_index"]
            done = not over and i < v["turn_index"]
            pygame.draw.rect(surface, theme.PANEL_LIGHT if current else theme.BG, box, border_radius=10)
            if current:
                pygame.draw.rect(surface, self.seat_colour(seat), box, 3, border_radius=10)
            theme.draw_text(surface, str(i + 1), (box.x + 16, box.y + 20), theme.SIZE_LARGE,
                            theme.TEXT_DIM if done else theme.TEXT, bold=True, anchor="center")
            # the seat's colour (its car's), then the name with the row's whole width
            theme.draw_seat_badge(surface, self.ctx.seats[seat].colour, (box.x + 40, box.y + 20), 18)
            theme.draw_text(surface, self.name(seat), (box.x + 54, box.y + 20), theme.SIZE_SMALL,
                            theme.TEXT_DIM if done else theme.TEXT, bold=True, anchor="midleft",
                            max_width=box.width - 58)
            car = v["cars"][seat]
            if over and series:
                wins = v["wins"][seat]
                line = (f"{v['points'][seat]} s in all" if solo else
                        f"{v['points'][seat]} pts" + (f" · {plural(wins, 'win')}" if wins else ""))
            elif over:
                if solo:
                    line = f"time {car['seconds'] - car['focus']} s"
                elif seat in v["finishers"]:
                    line = "finished"
                else:
                    line = f"on lap {v['car_facts'][seat]['lap']} of {v['laps']}"
            else:
                gear = "00" if car["marker"] == D.SPUN else str(car["marker"])
                # why a car plays before the next holds for the gears of the round's start: a car
                # that has played shows its new gear alone
                reason = REASONS.get(reasons[i], "") if i < len(reasons) and not done else ""
                line = f"gear {gear}" + (f" · {reason}" if reason and i < len(order) - 1 else
                                         " now" if done else "")
            theme.draw_text(surface, line, (box.x + 8, box.y + 52), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midleft", max_width=box.width - 12)
            y += 78
        y += 8
        if not over:
            weather = "Rain" if v["weather"] == "rain" else "Dry"
            theme.draw_text(surface, f"Weather: {weather}", (14, y), theme.SIZE_SMALL, theme.TEXT, bold=True)
            y += 28
            theme.draw_text(surface, plural(v["laps"], "lap") + " to race", (14, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            y += 28
            if series:
                theme.draw_text(surface, f"Race {v['race_no']} of {v['races']}", (14, y), theme.SIZE_SMALL,
                                theme.TEXT_DIM)
                y += 28
            if v["yellow_flag"]:
                theme.draw_text(surface, "Yellow flag: no overtaking", (14, y), theme.SIZE_SMALL, art.CAUTION_YELLOW,
                                bold=True, max_width=rect.width - 20)
        if y < rect.height - 140 and not over:
            theme.draw_paragraph(surface, "Order: higher gear first, then further on, then the inside line.",
                                 pygame.Rect(14, rect.height - 128, rect.width - 24, 120),
                                 theme.SIZE_SMALL, theme.TEXT_DIM)

    def _final_order(self) -> list[int]:
        """This race's places (as the rules recorded them once it is over)."""
        v = self.view
        if v["num_players"] == 1:
            return [0]
        if v["phase"] in (OVER, STANDINGS) and v["race_results"]:
            return list(v["race_results"][-1]["order"])
        rest = sorted((s for s in range(v["num_players"]) if s not in v["finishers"]),
                      key=lambda s: -v["car_facts"][s]["distance"])
        return list(v["finishers"]) + rest

    # ---- seats: each car's dashboard -------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        v = self.view
        return (repr(v["cars"][seat]), repr(v["car_facts"][seat]), v["laps"], v["weather"], v["points"][seat],
                v["races"])

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        car, facts = v["cars"][seat], v["car_facts"][seat]
        if facts["finished"]:
            status, colour = "Finished", theme.GOOD
        elif car["marker"] == D.SPUN:
            status, colour = "00: loses a turn", theme.WARNING
        elif car["in_pit"]:
            status, colour = "In the pit", art.CAUTION_YELLOW
        else:
            status, colour = f"Lap {facts['lap']} of {v['laps']}", theme.TEXT
        if v["races"] > 1 and v["num_players"] > 1:
            status += f" · {v['points'][seat]} pts"
        theme.draw_text(surface, status, (rect.right - 16, 26), theme.SIZE_SMALL, colour, bold=True,
                        anchor="midright")
        size = 24 if rect.height >= 90 else 22
        y = min(rect.bottom - size // 2 - 10, 64 if rect.height >= 90 else 56)
        marker = art.gear_marker(car["marker"], size + 8)
        surface.blit(marker, marker.get_rect(midleft=(18, y)))
        x = 18 + size + 16
        board = D.dashboard(car["tyres"], v["weather"]).pool
        for g in D.GEARS:
            r = pygame.Rect(x, y - size // 2, size, size)
            surface.blit(art.die(g, size), r)
            if g not in facts["gears"]:
                art.struck(surface, r)
            x += size + 2
        x += 6
        for kind, have, total in (("coast", facts["coast"], board.coast), ("brake", facts["brake"], board.brake)):
            for i in range(total):
                r = pygame.Rect(x, y - size // 2, size, size)
                surface.blit(art.die(kind, size), r)
                if i >= have:
                    art.struck(surface, r)
                x += size + 2
            x += 6
        # tyres (red on the wrong ones for the weather) and focus, on the same line
        tyres = "Rain" if car["tyres"] == "rain" else "Dry"
        wrong = facts["wrong_tyres"]
        r = theme.draw_text(surface, f"{tyres} tyres", (x + 2, y), theme.SIZE_SMALL,
                            theme.WARNING if wrong else theme.TEXT_DIM, anchor="midleft", bold=wrong)
        r = theme.draw_text(surface, f"{car['focus']}", (rect.right - 14, y), theme.SIZE_SMALL, theme.TEXT,
                            bold=True, anchor="midright")
        art.focus_token(surface, (r.x - 12, y), 18)
