"""A finished game's replay with everything revealed: what every seat held, all at once.

The game is over, so nothing is secret any more: the replay's "View: everything" shows the
board from the mover's side (as "whoever plays" does) and, in a box over the foot of the board,
every seat's holdings (`GameState.holdings`: its `own` fields and record keys; never a deck)
in words. A game words its holdings with a `holdings_words(seat, held, view, brief)` method on
its scene (`view` is that seat's own view, for derived facts such as a ticket done); without
one the declared fields are worded plainly. Only the replay's context (`ReplayContext`) hands
every seat's holdings out, and only for a finished game: a live table has no way to them.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.table.controller import TableContext
from game.table.layout import BOARD
from game.ui import theme

if TYPE_CHECKING:
    from game.table.replay import ReplayTable

PAD = 18
NAME_W = 230           # the column of the seats' names
ROW_GAP = 10           # between two seats' rows
HEADING = "Everything revealed: what each player held (H folds it)"
FOLDED = "Everything revealed: H (or a click here) shows what each player held"
MOST_SHARE = 0.62      # of the board's height, at most (the top of the board stays in sight)


@dataclasses.dataclass(frozen=True)
class Holdings:
    """One seat's holdings (`GameState.holdings`) and its own view, at one point of a replay."""

    seat: int
    held: dict[str, Any]
    view: dict[str, Any]


class ReplayContext(TableContext):
    """The context of a replay's table: the viewer's view like any table's, and, for a finished
    game shown with everything revealed, every seat's holdings."""

    _table: ReplayTable

    @property
    def holds_anything(self) -> bool:
        """Whether the game declares anything a seat holds alone (Rallyman and Ubi do not)."""
        return bool(type(self._table.session.state).holds_anything())

    def everything(self) -> list[Holdings]:
        """Every seat's holdings now, each with its own view; PermissionError unless the table
        reveals everything (a finished game's replay, in "View: everything")."""
        if not self._table.reveals_everything:
            raise PermissionError("Only a finished game's replay shows every seat's holdings.")
        state = self._table.session.state
        return [Holdings(seat, state.holdings(seat), state.view(seat)) for seat in range(state.num_players)]


def plain_words(held: dict[str, Any]) -> list[str]:
    """Holdings worded from their declared names alone ("Scenery storage: 3, 11, 13"), for a
    game with no words of its own; what is empty is left out."""
    out = []
    for name, value in held.items():
        if value in (None, "", [], {}):
            continue
        if isinstance(value, list):
            counts: dict[str, int] = {}
            for item in value:
                counts[str(item)] = counts.get(str(item), 0) + 1
            words = ", ".join(item if n == 1 else f"{item} ×{n}" for item, n in counts.items())
        elif isinstance(value, dict):
            words = ", ".join(f"{k} {v}" for k, v in value.items())
        else:
            words = str(value)
        out.append(f"{name.rsplit('.', 1)[-1].replace('_', ' ').capitalize()}: {words}")
    return out


@dataclasses.dataclass(frozen=True)
class Row:
    seat: int
    name: tuple[str, ...]    # the seat's name, wrapped into its column
    words: tuple[str, ...]   # its holdings, wrapped


@dataclasses.dataclass(frozen=True)
class Shown:
    """The box as laid out: where, at what type size, each seat's row."""

    box: pygame.Rect
    size: int
    line_height: int
    rows: tuple[Row, ...]
    complete: bool           # False: even the brief words at the smallest type were cut
    heading: str = HEADING

    @property
    def text_width(self) -> int:
        """The room of the holdings' words beside the names."""
        return self.box.width - 2 * PAD - NAME_W


def lay_out(entries: list[tuple[int, str, list[str], list[str]]]) -> Shown:
    """The box for `entries` (seat, name, words, brief words): the largest type from the body's
    down to the smallest legible at which every seat's words fit, then the brief words; cut
    with an ellipsis only when even those do not fit."""
    width = BOARD.width - 2 * 12
    text_w = width - 2 * PAD - NAME_W
    most = int(BOARD.height * MOST_SHARE)
    heading_h = theme.font(theme.SIZE_SMALL, True).get_linesize() + 10
    for brief in (False, True):
        for size in range(theme.SIZE_BODY, theme.SIZE_SMALL - 1, -1):
            line_h = theme.font(size).get_linesize() + 2
            rows = []
            for seat, name, words, short in entries:
                text = "  ·  ".join(short if brief else words) or "nothing"
                rows.append(Row(seat, tuple(theme.wrap(name, size, NAME_W - 40, True)),
                                tuple(theme.wrap(text, size, text_w))))
            height = _height(rows, line_h, heading_h)
            if height <= most:
                return Shown(_box(_snug(rows, size, width), height), size, line_h, tuple(rows), True)
    # not even the brief words fit: each seat's words cut to an equal share of the room
    size = theme.SIZE_SMALL
    line_h = theme.font(size).get_linesize() + 2
    room = max(1, (most - 2 * PAD - heading_h - ROW_GAP * (len(entries) - 1)) // (line_h * max(1, len(entries))))
    rows = []
    for seat, name, _, short in entries:
        fitted = theme.fit_to_box("  ·  ".join(short) or "nothing", text_w, room * line_h, size, size, line_gap=2)
        rows.append(Row(seat, tuple(theme.wrap(name, size, NAME_W - 40, True))[:room], fitted.lines))
    return Shown(_box(width, _height(rows, line_h, heading_h)), size, line_h, tuple(rows), False)


def _height(rows: list[Row], line_h: int, heading_h: int) -> int:
    """The box's height for `rows` (each as tall as its name or its words, whichever is taller)."""
    return 2 * PAD + heading_h + sum(max(len(r.name), len(r.words)) * line_h for r in rows) \
        + ROW_GAP * (len(rows) - 1)


def folded() -> Shown:
    """The box folded to its heading, the board in sight under it."""
    font = theme.font(theme.SIZE_SMALL, True)
    return Shown(_box(font.size(FOLDED)[0] + 2 * PAD + 8, 2 * PAD + font.get_linesize()), theme.SIZE_SMALL,
                 font.get_linesize(), (), True, FOLDED)


def _snug(rows: list[Row], size: int, width: int) -> int:
    """The box's width: as wide as its words need (and its heading), the board's at most."""
    widest = max((theme.font(size).size(line)[0] for row in rows for line in row.words), default=0)
    heading = theme.font(theme.SIZE_SMALL, True).size(HEADING)[0]
    return min(width, max(NAME_W + widest, heading) + 2 * PAD + 8)


def _box(width: int, height: int) -> pygame.Rect:
    return pygame.Rect(BOARD.x + 12, BOARD.bottom - 12 - height, width, height)


def draw(canvas: pygame.Surface, shown: Shown, colours: list[int]) -> None:
    """Draw the box (`colours`: each seat's colour index, for its badge)."""
    box = shown.box
    theme.shadowed_panel(canvas, box)
    pygame.draw.rect(canvas, theme.HIGHLIGHT, box, 2, border_radius=12)
    x, y = box.x + PAD, box.y + PAD
    theme.draw_text(canvas, shown.heading, (x, y), theme.SIZE_SMALL, theme.HIGHLIGHT, bold=True)
    y += theme.font(theme.SIZE_SMALL, True).get_linesize() + 10
    for row in shown.rows:
        theme.draw_seat_badge(canvas, colours[row.seat], (x + 12, y + shown.line_height // 2), 12)
        for i, line in enumerate(row.name):
            theme.draw_text(canvas, line, (x + 32, y + i * shown.line_height), shown.size, theme.TEXT, bold=True)
        for i, line in enumerate(row.words):
            theme.draw_text(canvas, line, (x + NAME_W, y + i * shown.line_height), shown.size, theme.TEXT)
        y += max(len(row.name), len(row.words)) * shown.line_height + ROW_GAP
