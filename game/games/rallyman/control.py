"""Losing control (RMG-16, RMG-20 to RMG-25, RMG-30, RMG-39): after a flat-out loss, every
place the rolled dice, re-placed, lose control; then the gear marker falls to 0 or 00 and
damage tokens come out of the bag. A part of RallymanState (rules.py), kept in its own file."""

from __future__ import annotations

from typing import Any

from game.core.protocol import seat_token
from game.core.text import plural

from . import dice as D
from .actions import Placement
from .odds import MoveRisk, move_risk
from .phases import TOKENS

#: a gear-damage token never takes the last gear die (RMG-30): a car must be able to move
MIN_GEAR_DICE = 1


class Control:
    """The loss-of-control half of RallymanState: every method here works on the state's own
    fields."""

    placements: list[dict[str, Any]]
    bag: dict[str, int]
    tokens_left: int

    def _loss_placements(self, rolled: list[int | str], shown: list[bool]) -> list[dict[str, Any]]:
        """Every (space, gear) where the rolled dice, re-placed (some may be left out), lose
        control, each with one placement that gets there (RMG-16). `shown[i]`: die i of
        `rolled` shows a caution."""
        seat, car = self.seat, self.car()
        track, limit, marker = self.track, self.caution_limit(seat), car["marker"]
        gears = {d: shown[i] for i, d in enumerate(rolled) if D.is_gear_die(d)}
        coast = [shown[i] for i, d in enumerate(rolled) if d == D.COAST]
        brake = [shown[i] for i, d in enumerate(rolled) if d == D.BRAKE]
        taken = self.occupied(seat)
        last_lap = car["laps_done"] >= self.laps - 1
        found: dict[tuple[int, int], dict[str, Any]] = {}
        seen: set = set()
        # The search visits the same moves and the same dice left many times over: each is
        # worked out once. A step (a, b, gear) is its MoveRisk, or None where b may not be
        # entered; the gear dice used are bits of an int.
        step_of: dict[tuple[int, int, int], MoveRisk | None] = {}
        moves_of: dict[tuple, list[tuple[int, tuple, int, int, int, bool | None]]] = {}
        nexts = [sp.next for sp in track.spaces]

        def step(a: int, b: int, g: int) -> MoveRisk | None:
            key = (a, b, g)
            if key in step_of:
                return step_of[key]
            risk = move_risk(track, a, b, g) if self._move_ok(seat, a, b, g, taken) else None
            step_of[key] = risk
            return risk

        def moves(
            gear: int | None, used: int, cs: int, cc: int, bs: int, bc: int
        ) -> list[tuple[int, tuple, int, int, int, bool | None]]:
            """(gear, dice used, cautions they show, caution brakes, safe brakes, coast face)
            for every die or dice that may move the car next."""
            key = (gear, used, cs, cc, bs, bc)
            got = moves_of.get(key)
            if got is not None:
                return got
            out: list[tuple[int, tuple, int, int, int, bool | None]] = []
            if gear is None and marker == 0:
                starts = (1, 2) if self.flying_start else (1,)
                out += [
                    (g, (g,), int(gears[g]), 0, 0, None)
                    for g in starts
                    if g in gears and not used >> g & 1
                ]
            else:
                ref = gear if gear is not None else int(marker)
                for g, c in gears.items():
                    if used >> g & 1 or g > ref + 1:
                        continue
                    need = max(0, ref - g - 1)
                    for k in range(min(need, bc) + 1):  # k of them show a caution
                        if need - k <= bs:
                            out.append(
                                (g, (D.BRAKE,) * need + (g,), int(c) + k, k, need - k, None)
                            )
                if gear is not None:
                    if cs:
                        out.append((gear, (D.COAST,), 0, 0, 0, False))
                    if cc:
                        out.append((gear, (D.COAST,), 1, 0, 0, True))
            moves_of[key] = out
            return out

        def grow(
            here: int,
            gear: int | None,
            used: int,
            cs: int,
            cc: int,
            bs: int,
            bc: int,
            count: int,
            dice_so_far: tuple,
            spaces: tuple,
        ) -> None:
            key = (here, gear, used, cs, cc, bs, bc, count)
            if key in seen:
                return
            seen.add(key)
            for g, dice_used, c, kb, sb, coast_face in moves(gear, used, cs, cc, bs, bc):
                for b in nexts[here]:
                    if b in spaces:
                        continue
                    risk = step(here, b, g)
                    if risk is None:
                        continue
                    if gear is None and marker == 0 and g == 2 and c:
                        continue  # a flying start's caution ends the turn: no loss (RMG-33)
                    total = count + c + risk.extra_cautions
                    new_dice = dice_so_far + dice_used
                    new_spaces = spaces + (b,)
                    if risk.over_limit or total >= limit:
                        if (b, g) not in found:
                            found[(b, g)] = {
                                "space": b,
                                "gear": g,
                                "dice": list(new_dice),
                                "path": list(new_spaces),
                                "cautions": total,
                                "over_limit": risk.over_limit,
                                # what it costs, for the panel and the bots' choice
                                "tokens": D.damage_tokens(g, track.spaces[b].danger),
                                "marker": D.marker_after_loss(g, track.spaces[b].danger),
                            }
                        continue
                    if last_lap and track.crosses_finish(here, b):
                        continue  # crossing the line ends the race for the car
                    if coast_face is None:
                        grow(
                            b, g, used | 1 << g, cs, cc, bs - sb, bc - kb, total, new_dice,
                            new_spaces,
                        )
                    else:
                        grow(
                            b,
                            g,
                            used,
                            cs - (not coast_face),
                            cc - coast_face,
                            bs,
                            bc,
                            total,
                            new_dice,
                            new_spaces,
                        )

        grow(
            car["space"],
            None,
            0,
            coast.count(False),
            coast.count(True),
            brake.count(False),
            brake.count(True),
            0,
            (),
            (car["space"],),
        )
        # two gears that end alike on a space (same marker, same tokens) are one choice: keep
        # the lower gear, so the list stays short
        alike: dict[tuple, dict[str, Any]] = {}
        for key in sorted(found):
            p = found[key]
            alike.setdefault((p["space"], str(p["marker"]), p["tokens"]), p)
        return sorted(alike.values(), key=lambda p: (p["space"], p["gear"]))

    def _place(self, action: Placement) -> None:
        choice = next(
            p for p in self.placements if p["space"] == action.space and p["gear"] == action.gear
        )
        seat = self.seat
        self.emit(
            "placement",
            f"{seat_token(seat)} places the dice to lose control in gear {action.gear}.",
            seat=seat,
            dice=choice["dice"],
            path=choice["path"][1:],
        )
        self.placements = []
        gear_at = [st.gear for st in D.steps(choice["dice"])]
        spaces = choice["path"][1:]
        for to, g in zip(spaces, gear_at):
            self._move(to, g)
        self.cautions = choice["cautions"]
        self._lose_control(
            spaces[-1],
            gear_at[-1],
            "over the limit" if choice["over_limit"] else "too many cautions",
        )

    # ---- loss of control and damage -------------------------------------------------------
    def _lose_control(self, space: int, gear: int, why: str) -> None:
        seat, car = self.seat, self.car()
        danger = self.track.spaces[space].danger
        marker = D.marker_after_loss(gear, danger)
        tokens = D.damage_tokens(gear, danger)
        car["marker"] = marker
        self.loss = [space, gear]
        where = "off the track, 00" if marker == D.SPUN else "stopped on 0"
        damage = f", {plural(tokens, 'damage token')}" if tokens else ""
        self.emit(
            "loss",
            f"{seat_token(seat)} loses control in gear {gear} ({why}): {where}{damage}.",
            seat=seat,
            space=space,
            gear=gear,
            marker=marker,
            tokens=tokens,
        )
        self.tokens_left = tokens
        self.phase = TOKENS if tokens else self.phase
        if not tokens:
            self._finish_turn()

    def _draw(self, token: str) -> None:
        seat, car = self.seat, self.car()
        self.tokens_left -= 1
        kept = True
        if token == D.GEAR_DAMAGE:
            if len(D.GEARS) - car["gear_damage"] > MIN_GEAR_DICE:
                car["gear_damage"] += 1
            else:
                kept = False
        elif token in (D.BRAKE_DAMAGE, D.COAST_DAMAGE):
            # a token for a kind of die the car no longer has takes nothing: it goes back into
            # the bag (RMG-39)
            kind = D.BRAKE if token == D.BRAKE_DAMAGE else D.COAST
            if self.pool(seat).count(kind) > 0:
                car[f"{kind}_damage"] += 1
            else:
                kept = False
        if token in D.DICE_DAMAGE and kept:
            self.bag = D.bag_after_draw(self.bag, token)
        words = {
            D.GEAR_DAMAGE: "loses a gear die" if kept else "keeps its last gear die",
            D.BRAKE_DAMAGE: "loses a brake die" if kept else "has no brake die left to lose",
            D.COAST_DAMAGE: "loses a coast die" if kept else "has no coast die left to lose",
            D.WEATHER_CHANGE: "draws a weather change",
            D.YELLOW_FLAG: "draws a yellow flag",
            D.GREEN_FLAG: "draws a green flag: no harm done",
        }[token]
        self.emit("token", f"{seat_token(seat)} {words}.", seat=seat, token=token)
        if token == D.WEATHER_CHANGE:
            self.weather = "rain" if self.weather == "dry" else "dry"
            self.emit(
                "weather",
                "The weather turns wet." if self.weather == "rain" else "The weather turns dry.",
                weather=self.weather,
            )
        elif token == D.YELLOW_FLAG:
            car["yellow_flag"] = True
        if self.tokens_left <= 0:
            self._finish_turn()
