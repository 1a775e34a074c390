"""The flow of turns and rounds (RMG-4, RMG-5, RMG-20, RMG-26, RMG-27, RMG-32): the end of a
turn and a pit stop on it, getting back on the track from 00, fitting tyres out of the pit,
the seconds a turn adds to the clock, and each round's order. A part of RallymanState
(rules.py), kept in its own file."""

from __future__ import annotations

from game.core.protocol import seat_token
from game.core.text import plural

from . import dice as D
from .phases import PIT, PLAN, SPUN, TYRES
from .planning import speed

PIT_SERVICES = ("none", "tyres", "repair", "both")


class Turns:
    """The turns' half of RallymanState: every method here works on the state's own fields."""

    order: list[int]
    order_reasons: list[str]
    turn_index: int
    round_no: int
    round_colour: str

    # ---- the end of a turn, pits, 00 --------------------------------------------------------
    def _turn_done(self) -> None:
        """The car moved without losing control: the marker is the last step's gear; in gear 1
        on a plain edge space it may stop in the pit (RMG-26)."""
        seat, car = self.seat, self.car()
        done = len(self.moved)
        if done:
            car["marker"] = D.steps(self.plan)[done - 1].gear
            self.emit(
                "moved",
                f"{seat_token(seat)} moves {plural(done, 'space')} and ends in gear "
                f"{car['marker']}.",
                seat=seat,
                spaces=list(self.moved),
                marker=car["marker"],
            )
        if (
            car["marker"] == 1
            and car["space"] in self.track.pit_entries
            and seat not in self.finishers
        ):
            self.phase = PIT
            return
        self._finish_turn()

    def _pit(self, service: str) -> None:
        seat, car = self.seat, self.car()
        if service != "none":
            car["in_pit"] = True
            car["marker"] = 0 if service == "tyres" else D.SPUN
            car["pit_tyres"] = service in ("tyres", "both")
            if service in ("repair", "both"):
                for key, token in (
                    ("gear_damage", D.GEAR_DAMAGE),
                    ("brake_damage", D.BRAKE_DAMAGE),
                    ("coast_damage", D.COAST_DAMAGE),
                ):
                    self.bag[token] += car[key]
                    car[key] = 0
            work = {"tyres": "tyres", "repair": "repairs", "both": "tyres and repairs"}[service]
            self.emit(
                "pit",
                f"{seat_token(seat)} pulls into the pit ({work}).",
                seat=seat,
                service=service,
                marker=car["marker"],
            )
        self._finish_turn()

    def _back_on_track(self) -> None:
        car = self.car()
        car["marker"] = 0
        self.emit(
            "back_on", f"{seat_token(self.seat)} gets back on the track on 0.", seat=self.seat
        )
        self._finish_turn()

    def _tyres(self, tyres: str) -> None:
        car = self.car()
        car["tyres"] = tyres
        car["pit_tyres"] = False
        self.emit(
            "tyres", f"{seat_token(self.seat)} fits {tyres} tyres.", seat=self.seat, tyres=tyres
        )
        self.phase = PLAN

    def _finish_turn(self) -> None:
        car = self.car()
        car["turns"] += 1
        car["seconds"] += D.solo_turn_seconds(car["marker"])
        car["turn_ends"][D.END_MARKERS.index(car["marker"])] += 1
        self.plan, self.path, self.secured, self.moved = [], [], [], []
        self.faces, self.placements, self.loss = [], [], None
        self.cautions = self.step = self.tokens_left = 0
        self.turn_index += 1
        if self.turn_index >= len(self.order):
            if self.race_ending:
                self._race_over()
                return
            self._new_round()
        else:
            self._begin_turn()

    def _new_round(self) -> None:
        """Fix the order for the round (RMG-5) and flip the round marker (RMG-4)."""
        self.round_no += 1
        self.round_colour = "white" if self.round_no % 2 == 1 else "black"
        keys = {s: self.order_key(s) for s in range(self.num_players)}
        self.order = sorted(range(self.num_players), key=lambda s: keys[s], reverse=True)
        reasons = []
        for a, b in zip(self.order, self.order[1:]):
            ka, kb = keys[a], keys[b]
            reasons.append(
                "speed"
                if ka[0] != kb[0]
                else "distance"
                if ka[1] != kb[1]
                else "inside"
                if ka[2] != kb[2]
                else "seat"
            )
        self.order_reasons = reasons + ["last"]
        self.turn_index = 0
        names = ", ".join(seat_token(s) for s in self.order)
        self.emit(
            "round",
            f"Round {self.round_no} ({self.round_colour}): {names}.",
            round=self.round_no,
            colour=self.round_colour,
            order=list(self.order),
            reasons=list(self.order_reasons),
        )
        self._begin_turn()

    def order_key(self, seat: int) -> tuple[int, int, int, int]:
        """Larger plays first: speed, distance, the inside lane of the next corner, then the
        lower seat (RMG-5)."""
        car = self.cars[seat]
        return (
            speed(car["marker"]),
            self.distance(seat),
            -self.track.inside_rank(car["space"]),
            -seat,
        )

    def _begin_turn(self) -> None:
        seat, car = self.seat, self.car()
        self.phase = SPUN if car["marker"] == D.SPUN else TYRES if car["pit_tyres"] else PLAN
        self.emit("turn", seat=seat, phase=self.phase)
