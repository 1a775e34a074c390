"""Sessions played some way by bots, for screenshots, the smoke test and the benchmarks."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.core.ai import make_bot
from game.core.registry import GameSpec
from game.core.session import BOT, PERSON, Seat, Session

DEMO_NAMES = ("Mei", "Jun", "Ana", "Tomas", "Ines", "Kofi")


def bot_session(spec: GameSpec, players: int, seed: int, after: int, level: str = "normal",
                *, results: bool = False, person_seat: int | None = 0,
                options: dict | None = None) -> Session:
    """A session whose seat `person_seat` is a person (the view shown) and the rest bots,
    after `after` bot moves (or to the end with `results`)."""
    seats = [Seat(DEMO_NAMES[i], PERSON if i == person_seat else BOT, level, colour=i)
             for i in range(players)]
    session = Session(spec, seats, spec.check_options(options or {}), seed)
    bots = [make_bot(spec, "normal" if level == "hard" else level, seed * 7 + i) for i in range(players)]
    count = 0
    # play `after` moves, then on to the person's turn (the most telling picture)
    while not session.state.is_over and (results or count < after or (
            person_seat is not None and session.state.current_player != person_seat)):
        seat = session.state.current_player
        action = bots[seat].choose(session.state.view(seat), session.state.legal_actions())
        session.apply(action, autosave=False)
        count += 1
    return session


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """The game options of `--option KEY=VALUE` (a VALUE that reads as JSON is taken as such)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option needs KEY=VALUE, not {pair!r}")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options
