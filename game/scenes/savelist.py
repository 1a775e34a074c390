"""The saves folder as the load screen lists it: one row per file, read defensively.

No drawing here; the main menu's Continue and the error screen choose their game here too
(`continue_choice`). A file that cannot be used still gets a row, with the reason (a sentence for
the detail panel, a word or two for the list), so a player can see it and delete it. A row
carries the game number only where it may be shown: for a finished game or one whose number
was typed in. Where a game stands (whose turn it is, or the scores and winners once it is over)
comes from the save's own word for it, so listing replays nothing; older saves without it show
the move count or "Finished" alone.
"""
from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from game.core import autosaves, paths
from game.core.registry import load_games
from game.core.saves import SaveError, read_save
from game.scenes.game_number import shown_game_number


@dataclasses.dataclass
class SaveRow:
    """One file in the list: what its save says, or why it cannot be used."""

    path: Path
    is_autosave: bool
    modified: float
    name: str = ""
    game_id: str = ""
    title: str = ""
    accent: str = "#5b626d"
    seats: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    moves: int = 0
    seed_known: bool = False      # the number was typed in to replay a known game
    game_number: int | None = None   # None while it must not be shown (see game_number.py)
    option_values: dict[str, Any] = dataclasses.field(default_factory=dict)   # as the save has them
    date: str = ""
    finished: bool = False
    to_act: int | None = None     # the seat whose turn it is, if the save says
    scores: list[int] = dataclasses.field(default_factory=list)    # a finished game's, if known
    winners: list[int] = dataclasses.field(default_factory=list)   # a finished game's, if known
    error: str | None = None      # the full reason, for the detail panel
    reason: str = ""              # a word or two, for the row

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def options(self) -> list[tuple[str, str]]:
        """(label, choice) of each of the game's options, in the game's words. Read only when
        shown (the load screen's detail): a game's options are its rules' to say, and listing
        the Continue game at start must not import any game's rules."""
        spec = load_games().get(self.game_id)
        if spec is None or not spec.available:
            return []
        return [(option.label, bounded(option.label_of(self.option_values.get(option.key, option.default)), 80))
                for option in spec.options]

    @property
    def label(self) -> str:
        """What the player calls it: the save's name, or the file's when it cannot be read."""
        return self.name if self.ok else bounded(self.path.name)

    @property
    def can_continue(self) -> bool:
        """An autosave of an unfinished game that reads well: what Continue may open."""
        return self.is_autosave and self.ok and not self.finished

    @property
    def unmoved(self) -> bool:
        """A game that reads well, is not over and has no move yet: nothing in it to resume."""
        return self.ok and not self.finished and self.moves == 0

    @property
    def section(self) -> str:
        """Which part of the load list the row belongs to: "resume" (an unfinished game's
        autosave, or one that cannot be read), "finished" (a finished game's autosave) or
        "saved" (a save the player made)."""
        if not self.is_autosave:
            return "saved"
        return "finished" if self.finished else "resume"

    @property
    def seat_names(self) -> list[str]:
        return [str(seat.get("name", "?")) for seat in self.seats]

    @property
    def standing(self) -> str:
        """Where the game stands, in brief: "Finished · Bo wins", "Ann to play · move 12"."""
        names = self.seat_names
        if self.finished:
            if not self.winners:
                return "Finished"
            verb = "wins" if len(self.winners) == 1 else "win"
            return f"Finished · {' and '.join(names[w] for w in self.winners)} {verb}"
        move = f"move {self.moves}"
        if self.to_act is None:
            return move.capitalize()
        return f"{names[self.to_act]} to play · {move}"

    @property
    def line(self) -> str:
        """The game and its players; a finished game's with their points."""
        if self.finished and self.scores:
            players = " · ".join(f"{name} {points}" for name, points in zip(self.seat_names, self.scores))
        else:
            players = ", ".join(self.seat_names)
        return f"{self.title}  ·  {players}"


def bounded(text: str, limit: int = 80) -> str:
    """`text` cut to `limit` characters (with an ellipsis): nothing drawn is ever huge."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def short_reason(message: str) -> str:
    """A word or two for a row, from read_save's sentence."""
    text = message.lower()
    for needle, short in (("does not exist", "missing"), ("cannot be read", "unreadable"),
                          ("is empty", "empty"), ("newer journeys", "from a newer Journeys"),
                          ("not a journeys save", "not a save"), ("does not know", "unknown game"),
                          ("cannot play", "game not built yet"), ("damaged", "damaged"),
                          ("unknown version", "unknown version"), ("no version", "damaged")):
        if needle in text:
            return short
    return "cannot be loaded"


def _file_date(modified: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified)) if modified else ""


def read_row(path: Path, *, is_autosave: bool = False) -> SaveRow:
    """Everything the list shows about one file; never raises."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    row = SaveRow(path=path, is_autosave=is_autosave, modified=modified,
                  name="Autosave" if is_autosave else bounded(path.stem), date=_file_date(modified))
    games = load_games()
    try:
        data = read_save(path, known_games=set(games))
        spec = games[data["game"]]
        if not spec.available:
            raise SaveError(f"The save file {path.name} is for {spec.title}, which this Journeys "
                            f"cannot play yet.")
    except SaveError as exc:
        row.error = str(exc)
        row.reason = short_reason(row.error)
        return row
    row.game_id = spec.id
    row.title = spec.title
    if is_autosave:
        row.name = "Finished game" if data.get("over") else "Unfinished game"
    row.accent = spec.accent
    row.seats = [seat if isinstance(seat, dict) else {"name": str(seat)} for seat in data["seats"]]
    row.moves = len(data["actions"])
    row.finished = bool(data.get("over", False))
    read_standing(row, data)
    row.seed_known = data.get("seed_known", False) is True   # absent in older saves
    row.game_number = shown_game_number(data["seed"], known=row.seed_known, over=row.finished)
    if isinstance(data.get("options"), dict):
        row.option_values = dict(data["options"])
    name = data.get("name")
    if not is_autosave and isinstance(name, str) and name.strip():
        row.name = bounded(name.strip())
    saved_at = data.get("saved_at")
    if isinstance(saved_at, str) and saved_at.strip():
        row.date = saved_at.strip()[:16]   # minutes are enough
    return row


def _seat_index(value: Any, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def read_standing(row: SaveRow, data: dict[str, Any]) -> None:
    """The save's word on whose turn it is, or on the scores and winners of a finished game
    (older saves have none); anything odd in it is left out, never shown."""
    seats = len(row.seats)
    if not row.finished:
        turn = data.get("turn")
        row.to_act = turn if _seat_index(turn, seats) else None
        return
    scores, winners = data.get("scores"), data.get("winners")
    if (isinstance(scores, list) and len(scores) == seats
            and all(isinstance(p, int) and not isinstance(p, bool) and abs(p) < 10 ** 9 for p in scores)):
        row.scores = list(scores)
    if (isinstance(winners, list) and 0 < len(winners) <= seats
            and all(_seat_index(w, seats) for w in winners) and len(set(winners)) == len(winners)):
        row.winners = list(winners)


#: the load list's parts, top to bottom, with their headings
SECTIONS = (("resume", "Games to resume"), ("finished", "Finished games"), ("saved", "Saved games"))


def autosave_rows() -> list[SaveRow]:
    """Every game's autosave (the old single one too), newest first. (A game nobody moved in
    keeps none once its table closes: see GameScene.on_exit and autosaves.remove_unmoved.)"""
    return [read_row(path, is_autosave=True) for path in autosaves.files()]


def list_saves() -> list[SaveRow]:
    """In the order of SECTIONS: the unfinished games' autosaves (what a player usually wants),
    then the finished games' autosaves, then the saves; each part newest first."""
    rows = autosave_rows()
    rows.sort(key=lambda r: r.finished)     # stable: finished games' autosaves after the rest
    try:
        files = [p for p in paths.saves_dir().glob("*.json")
                 if p.is_file() and not p.name.startswith(".")]   # skip half-written temp files
    except OSError:
        files = []
    found = [read_row(p) for p in files]
    found.sort(key=lambda r: (r.modified, r.path.name), reverse=True)
    return rows + found


@dataclasses.dataclass
class ContinueChoice:
    """What Continue opens, and the words under it."""

    row: SaveRow | None      # the newest unfinished autosave that reads well, if any
    line: str                # about that game, or why there is nothing to continue
    warning: str = ""        # a newer autosave that cannot be loaded
    more: int = 0            # other unfinished games, found on the load screen

    @property
    def second_line(self) -> str:
        """Under the line about the game: the warning, or how many more games wait."""
        if self.warning or not self.more:
            return self.warning
        return f"{self.more} more unfinished game{'s' if self.more != 1 else ''} in Load a saved game"


def continue_choice() -> ContinueChoice:
    """The latest unfinished game, from the autosaves (never a finished or damaged one)."""
    rows = autosave_rows()
    playable = [r for r in rows if r.can_continue]
    broken = [r for r in rows if not r.ok]
    if not playable:
        if broken:
            return ContinueChoice(None, f"The autosave cannot be loaded ({broken[0].reason}).")
        return ContinueChoice(None, "No game to continue yet")
    row = playable[0]
    line = f"{row.title} · {', '.join(row.seat_names)} · move {row.moves}"
    newer_broken = [r for r in broken if r.modified >= row.modified]
    warning = "A newer autosave cannot be loaded (see Load)." if newer_broken else ""
    return ContinueChoice(row, line, warning, more=len(playable) - 1)
