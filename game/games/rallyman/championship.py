"""Races and the championship (RMG-2, RMG-3, RMG-29, RMG-31, RMG-32, RMG-35, RMG-37,
RMG-38): lining the cars up for a race, its places when it is over, the standings between
races, and the results: scores, their breakdown and a solo race's time. A part of
RallymanState (rules.py), kept in its own file."""

from __future__ import annotations

from typing import Any

from game.core.protocol import seat_token
from game.core.text import plural

from . import dice as D
from .circuits import CIRCUIT_TITLES, circuit_track
from .phases import OVER, STANDINGS
from .words import ordinal

RACE_POINTS = (25, 18, 15, 12, 10, 8)


class Championship:
    """The races' half of RallymanState: every method here works on the state's own fields."""

    series: list[str]
    points: list[int]
    wins: list[int]
    race_results: list[dict[str, Any]]
    finishers: list[int]

    # ---- races and the championship ---------------------------------------------------------
    def _start_race(self, grid: list[int]) -> None:
        """Line the cars up on the circuit of race `race_no`: grid[i] starts on box i, every
        car on gear 0 with fresh tyres, no damage and no focus (RMG-2, RMG-3)."""
        self.circuit = self.series[self.race_no - 1]
        track = circuit_track(self.circuit)
        opts = self.options
        self.laps = int(opts["laps"]) or track.laps_default
        self.weather = opts["weather"]
        tyres = opts["weather"] if opts["tyres"] == "match" else opts["tyres"]
        box_of = {seat: i for i, seat in enumerate(grid)}
        self.cars = [
            {
                "space": track.grid[box_of[s]],
                "marker": 0,
                "laps_done": -1,
                "focus": 0,
                "tyres": tyres,
                "gear_damage": 0,
                "brake_damage": 0,
                "coast_damage": 0,
                "in_pit": False,
                "pit_tyres": False,
                "yellow_flag": False,
                "seconds": 0,
                "turns": 0,
                "turn_ends": [0] * len(D.END_MARKERS),
            }
            for s in range(self.num_players)
        ]
        self.bag = dict(D.DAMAGE_BAG)
        self.finishers, self.race_ending, self.round_no = [], False, 0
        if self.races > 1:
            self.emit(
                "race",
                f"Race {self.race_no} of {self.races}: {CIRCUIT_TITLES[self.circuit]}, "
                f"{plural(self.laps, 'lap')}.",
                race=self.race_no,
                circuit=self.circuit,
            )
        self.emit(
            "grid",
            "The grid: " + ", ".join(seat_token(s) for s in grid) + ".",
            grid=[track.grid[i] for i in range(len(grid))],
        )
        self._new_round()

    def race_key(self, seat: int) -> tuple:
        """This race's place: finishers in order of crossing, then the others by distance
        (RMG-29); solo: the time."""
        if self.num_players == 1:
            return (-self.solo_time(seat),)
        if seat in self.finishers:
            return (1, -self.finishers.index(seat), 0)
        return (0, 0, self.distance(seat))

    def race_order(self) -> list[int]:
        """The seats by their place in this race (equal keys share the place's order by seat)."""
        return sorted(range(self.num_players), key=lambda s: (self.race_key(s), -s), reverse=True)

    def _race_over(self) -> None:
        """The round in which the first car finished is over (RMG-29): the race's places and
        points go on the championship's table; then the standings, or the end (RMG-37)."""
        order = self.race_order()
        if self.num_players == 1:
            got = [self.solo_time(0)]
        else:
            # cars that got equally far share the place, and its points (as ranking() does)
            keys = [self.race_key(s) for s in range(self.num_players)]
            got = [0] * self.num_players
            for seat in order:
                place = sum(1 for k in keys if k > keys[seat])
                got[seat] = RACE_POINTS[place] if place < len(RACE_POINTS) else 0
            self.wins[order[0]] += 1
        self.points = [p + g for p, g in zip(self.points, got)]
        self.race_results.append({"circuit": self.circuit, "order": order, "points": got})
        last = self.race_no >= self.races
        self.phase = OVER if last else STANDINGS
        if self.races == 1:
            text = "The race is over."
        elif last:
            text = f"Race {self.race_no} of {self.races} is over, and with it the championship."
        else:
            text = f"Race {self.race_no} of {self.races} is over."
        self.emit(
            "race_over",
            text,
            finishers=list(self.finishers),
            order=order,
            race=self.race_no,
            last=last,
            ranking=self.ranking() if last else None,
        )

    def standings(self) -> list[int]:
        """The seats by championship standing: points, then wins, then the last race's place
        (solo: the least time)."""
        return sorted(range(self.num_players), key=self.rank_key, reverse=True)

    def _next_race(self) -> None:
        """The next race of the championship; the grid is the standings reversed, the
        leader starting last (RMG-37)."""
        grid = list(reversed(self.standings()))
        self.race_no += 1
        self._start_race(grid)

    # ---- results --------------------------------------------------------------------------
    def solo_time(self, seat: int = 0) -> int:
        """A solo race's time in seconds: each turn's seconds less the focus left (RMG-32)."""
        car = self.cars[seat]
        return car["seconds"] - car["focus"]

    def rank_key(self, seat: int) -> tuple:
        """One race: its place (RMG-29). A championship: the points, then the wins, then the
        last race's place; solo, the total time (RMG-37)."""
        if self.races == 1:
            return self.race_key(seat)
        if self.num_players == 1:
            return (-self._series_time(),)
        last = self.race_results[-1]["order"] if self.race_results else list(range(self.num_players))
        return (self.points[seat], self.wins[seat], -last.index(seat))

    def solo_items(self, seat: int = 0) -> list[tuple[str, list[int]]]:
        """A race's time as the results list it: the seconds of the turns that ended in each
        gear (the gears no turn ended in left out), then the focus left, which the time
        loses; the items add up to solo_time."""
        car = self.cars[seat]
        items = []
        for marker, count in zip(D.END_MARKERS, car["turn_ends"]):
            if count:
                each = D.solo_turn_seconds(marker)
                where = "off the track (00)" if marker == D.SPUN else f"in gear {marker}"
                items.append((f"Ending {where}: {count} × {each} s", [count * each]))
        items.append((f"Focus left: {car['focus']} × −1 s", [-car["focus"]]))
        return items

    def results_headline(self) -> str | None:
        """Alone against the clock nobody "wins": the results say the time."""
        if self.num_players != 1:
            return None
        if self.races == 1:
            return f"{seat_token(0)} finishes in {self.solo_time(0)} s"
        return f"{seat_token(0)} finishes the championship in {self._series_time()} s"

    def _series_time(self) -> int:
        """Alone in a championship: the races' times so far, with the race being run."""
        running = 0 if self.phase in (STANDINGS, OVER) else self.solo_time(0)
        return self.points[0] + running

    def scores(self) -> list[int]:
        """Race points by place (25, 18, 15, 12, 10, 8), over the championship's races; solo:
        the time in seconds."""
        if self.num_players == 1:
            return [self.solo_time(0) if self.races == 1 else self._series_time()]
        if self.races == 1:
            return [RACE_POINTS[p - 1] for p in self.ranking()]
        return list(self.points)

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        """One race: the race points of each car's place; alone, the time itemised by the gear
        each turn ended in, less the focus left (RMG-32). A championship: each race's points
        (alone, its time). The rows add up to the scores."""
        if self.races == 1:
            if self.num_players == 1:
                return self.solo_items(0)
            return [("Race points", self.scores())]
        label = "Time (seconds)" if self.num_players == 1 else "Race points"
        rows = [
            (f"Race {i + 1}: {CIRCUIT_TITLES[r['circuit']]}", list(r["points"]))
            for i, r in enumerate(self.race_results)
        ]
        return rows or [(label, self.scores())]

    def score_unit(self) -> str:
        """Alone the score is a time on the clock (RMG-31, RMG-32): the fewer seconds the better."""
        return "seconds" if self.num_players == 1 else "points"

    def results_facts(self) -> list[tuple[str, list[str]]]:
        """With rivals, the order the cars finished in and their times on the clock (RMG-38);
        a championship, each race's places."""
        if self.num_players == 1:
            return []
        if self.races == 1:
            order = self.race_order()
            places = [ordinal(order.index(s) + 1) for s in range(self.num_players)]
            times = [f"{self.solo_time(s)} s" if s in self.finishers else "did not finish"
                     for s in range(self.num_players)]
            return [("Finished", places), ("Time on the clock", times)]
        return [(f"Places, race {i + 1}", [ordinal(r["order"].index(s) + 1) for s in range(self.num_players)])
                for i, r in enumerate(self.race_results)]
