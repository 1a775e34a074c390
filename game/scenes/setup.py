"""Setting up a game: the seats (name, colour and shape, person or bot and its level), the
game's options and the game number, then Start.

The last set-up of each game is remembered in the config folder, so a group that plays
again finds its seats as they were. The game-number box starts empty: a random 64-bit number
is drawn when the game starts and kept back until it is over. A person may type the number of
an earlier game (from its results) to replay that deal; the session then knows it was typed in.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core import autosaves, paths
from game.core.board import BoardError
from game.core.registry import GameSpec
from game.core.saves import read_own_json, write_json_atomic
from game.core.session import BOT, BOT_LEVELS, PERSON, Seat, Session
from game.scenes.game_number import MAX_DIGITS, GameNumberError, new_game_number, parse_game_number
from game.ui import theme
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App

ROW_Y, ROW_H = 230, 92
X_BADGE, X_NAME, X_KIND, X_LEVEL, X_REMOVE = 160, 240, 690, 900, 1140
OPTIONS_X = 1340
OPTION_H = 200           # an option with its help below
COMPACT_OPTION_H = 86    # with many options: help beside the choice (less when they are many)
COMPACT_TOP = 140        # many options start higher, beside the title, so that each help has two lines
NUMBER_H = 176           # the game number: its label, box and note
START_Y = 920            # the row of Back, Rules and Start
ABOUT_X, ABOUT_W, ABOUT_BOTTOM, ABOUT_MIN_H, ABOUT_MAX_H = 160, 1040, 870, 130, 220
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
NUMBER_PLACEHOLDER = "random"   # in the empty game-number box
PLACEHOLDER_INSET = 6            # where pygame-gui starts an entry's text (border and padding)
DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")
#: bots' names say that they are bots, and differ from one another
BOT_NAMES = ("Bot Ada", "Bot Basho", "Bot Chiyo", "Bot Dario", "Bot Elif", "Bot Farid")


def default_name(index: int, is_bot: bool, taken: set[str] = frozenset()) -> str:
    """The name a new seat gets: people are "Player N" (N their seat), bots a bot's name."""
    first = DEFAULT_NAMES[index % len(DEFAULT_NAMES)]
    if not is_bot and first not in taken:
        return first
    names = BOT_NAMES if is_bot else DEFAULT_NAMES
    return next((n for n in names if n not in taken), first)


def is_default_name(name: str) -> bool:
    """A name the set-up gave (not one a person typed): it follows the seat's kind."""
    return name in DEFAULT_NAMES or name in BOT_NAMES


def options_top(count: int) -> int:
    """Where the first of `count` options goes: beside the first seat, or higher when they are
    many (the title leaves the right side free)."""
    return ROW_Y if count <= 2 else COMPACT_TOP


def option_row_height(count: int) -> int:
    """How tall one option's row is when a game has `count` options: all of them and the game
    number fit above the Start row."""
    if count <= 2:
        return OPTION_H
    return min(COMPACT_OPTION_H, (START_Y - 16 - NUMBER_H - options_top(count)) // count)


def about_rect(seats: int) -> pygame.Rect | None:
    """Where "About this game" goes below `seats` seat rows (None: no room left for it)."""
    top = max(ROW_Y + (seats + 1) * ROW_H + 12, ABOUT_BOTTOM - ABOUT_MAX_H)
    height = ABOUT_BOTTOM - top
    return pygame.Rect(ABOUT_X, top, ABOUT_W, height) if height >= ABOUT_MIN_H else None


def last_setup_path():
    return paths.config_dir() / "last_setup.json"


def load_last_setup(spec: GameSpec) -> dict[str, Any] | None:
    try:
        data = (read_own_json(last_setup_path(), "The file of the last set-ups") or {}).get(spec.id)
        seats = [Seat.from_json(s) for s in data["seats"]]
        for index, seat in enumerate(seats):   # a bot remembered as "Player 2" gets a bot's name
            if seat.is_bot and seat.name in DEFAULT_NAMES:
                seat.name = default_name(index, True, {s.name for s in seats})
        if spec.min_players <= len(seats) <= spec.max_players:
            return {"seats": seats, "options": spec.check_options(data.get("options", {}))}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return None


def save_last_setup(spec: GameSpec, seats: list[Seat], options: dict[str, Any]) -> None:
    try:
        data = read_own_json(last_setup_path(), "The file of the last set-ups")
        if not isinstance(data, dict):
            data = {}
        data[spec.id] = {"seats": [s.to_json() for s in seats], "options": options}
        write_json_atomic(last_setup_path(), data)
    except OSError:
        pass  # remembering the set-up is a convenience only


class SetupScene(Scene):
    def __init__(self, app: App, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        spec.warm_maps()   # its maps are read while seats are chosen
        remembered = load_last_setup(spec)
        if remembered:
            self.seats = remembered["seats"]
            self.options = remembered["options"]
        else:
            count = max(spec.min_players, 2)
            self.seats = [Seat(default_name(i, i > 0), PERSON if i == 0 else BOT, "normal", colour=i)
                          for i in range(count)]
            self.options = spec.default_options()
        self.number_text = ""                   # what the game-number box says
        self.typed_number: int | None = None    # a game number typed in to replay that deal
        self.number_problem = ""                # why the typed text is not a game number
        self.compact = len(spec.options) > 2
        self.option_h = option_row_height(len(spec.options))
        self.hints: list[tuple[pygame.Rect, str]] = []   # text drawn cut: where, and the whole of it
        self.hint: tuple[pygame.Rect, str] | None = None  # the one under the mouse, shown whole
        self.message = ""
        self.rows: list[dict[str, Any]] = []
        self.option_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.seat_toggles: dict[tuple[str, int], pygame_gui.elements.UIButton] = {}
        self._fit_seat_options()
        self._build()

    def _fit_seat_options(self) -> None:
        """Per-seat options hold one choice per seat: as many as there are seats; an option that
        names a seat names one in play."""
        for option in self.spec.options:
            if option.seat_numbers:
                values = [v for v, _ in option.choices_for(len(self.seats))]
                if self.options.get(option.key) not in values:
                    self.options[option.key] = option.default if option.default in values else values[0]
            if option.per_seat:
                value = self.options.get(option.key, option.default)
                self.options[option.key] = [option.for_seat(value, i) for i in range(len(self.seats))]

    # ---- widgets --------------------------------------------------------------------------
    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.rows = []
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            row: dict[str, Any] = {}
            row["colour"] = self.button((X_BADGE - 36, y, 72, 64), "", tooltip="Change colour and shape")
            row["name"] = pygame_gui.elements.UITextEntryLine(pygame.Rect(X_NAME, y + 4, 420, 56), self.ui)
            row["name"].set_text_length_limit(24)
            row["name"].set_text(seat.name)
            kind = "Bot" if seat.is_bot else "Person"
            row["kind"] = self.button((X_KIND, y + 4, 190, 56), kind, tooltip="Person or bot")
            levels = [LEVEL_LABELS[level] for level in BOT_LEVELS]
            row["level"] = pygame_gui.elements.UIDropDownMenu(levels, LEVEL_LABELS[seat.level],
                                                              pygame.Rect(X_LEVEL, y + 4, 210, 56), self.ui)
            if not seat.is_bot:
                row["level"].hide()
            row["remove"] = self.button((X_REMOVE, y + 4, 56, 56), "X",
                                        tooltip="Remove this seat", enabled=len(self.seats) > self.spec.min_players)
            self.rows.append(row)
        add_y = ROW_Y + len(self.seats) * ROW_H
        self.add_button = self.button((X_NAME, add_y + 4, 260, 56), "+ Add a seat",
                                      enabled=len(self.seats) < self.spec.max_players)
        y = options_top(len(self.spec.options))
        self.option_menus = {}
        self.seat_toggles = {}
        for option in self.spec.options:
            if option.per_seat:   # one toggle per seat, numbered as the seats are
                area = pygame.Rect(OPTIONS_X, y + 40, 420, 56) if not self.compact else \
                    pygame.Rect(OPTIONS_X + 300, y + 6, 230, 50)
                width = min(64, (area.width - 4 * 5) // 6)
                for i, seat in enumerate(self.seats):
                    value = self.options[option.key][i]
                    on = value != option.choices[0][0]
                    label = next(lab for v, lab in option.choices if v == value)
                    self.seat_toggles[(option.key, i)] = self.button(
                        (area.x + i * (width + 4), area.y, width, area.height), str(i + 1),
                        tooltip=f"Seat {i + 1}, {seat.name}: {label} (click to change)",
                        kind="primary" if on else "")
                y += self.option_h
                continue
            choices = option.choices_for(len(self.seats))
            labels = [label for _, label in choices]
            current = next(label for value, label in choices if value == self.options[option.key])
            rect = pygame.Rect(OPTIONS_X, y + 40, 420, 56) if not self.compact else \
                pygame.Rect(OPTIONS_X + 300, y + 6, 230, 50)
            menu = pygame_gui.elements.UIDropDownMenu(labels, current, rect, self.ui)
            self.option_menus[option.key] = menu
            y += self.option_h
        self.options_bottom = y
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(OPTIONS_X, y + 40, 420, 56), self.ui)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(MAX_DIGITS)
        self.seed_entry.set_text(self.number_text)   # rebuilt after a seat changed: keep it
        self.start = self.button((1340, 920, 420, 76), "Start the game", kind="primary")
        self.back = self.button((160, 920, 220, 76), "Back", kind="big")
        self.rules = self.button((400, 920, 220, 76), "Rules", kind="big")
        self.learn = None
        if self.spec.lesson_file() is not None:   # the guided first game
            self.learn = self.button((1040, 920, 280, 76), "Learn to play", kind="big",
                                     tooltip="A first game against a bot, where the table shows "
                                             "what to do and why, one rule at a time")
        self.invalidate()

    def _read_names(self) -> None:
        for seat, row in zip(self.seats, self.rows):
            seat.name = row["name"].get_text().strip()[:24]

    # ---- events ---------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.start:
                self.start_game()
            elif element is self.back:
                self.close()
            elif element is self.rules:
                self.app.push(self.app.scene("rules", self.spec.id))
            elif self.learn is not None and element is self.learn:
                from game.table.lesson import lesson_for
                try:
                    self.app.scene("lesson", self.spec, lesson_for(self.spec, self.options))
                except ValueError as exc:   # a lesson file that cannot be read (LessonError)
                    self.message = str(exc)
                    self.invalidate()
            elif element is self.add_button:
                self.add_seat()
            else:
                for i, row in enumerate(self.rows):
                    if element is row["colour"]:
                        self.next_colour(i)
                    elif element is row["kind"]:
                        self.toggle_kind(i)
                    elif element is row["remove"]:
                        self.remove_seat(i)
                for (key, i), button in self.seat_toggles.items():
                    if element is button:
                        self.toggle_seat_option(key, i)
                        break
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for i, row in enumerate(self.rows):
                if element is row["level"]:
                    chosen = next(k for k, v in LEVEL_LABELS.items() if v == event.text)
                    self.seats[i].level = chosen
            for key, menu in self.option_menus.items():
                if element is menu:
                    option = next(o for o in self.spec.options if o.key == key)
                    self.options[key] = next(value for value, label in option.choices if label == event.text)
        elif event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            if element is self.seed_entry:
                self.read_game_number()
            self._read_names()
        self.invalidate()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            hint = next((h for h in self.hints if h[0].collidepoint(event.pos)), None)
            if hint != self.hint:
                for shown in (self.hint, hint):
                    if shown is not None:
                        self.invalidate(theme.tooltip_rect(shown[1], shown[0]))
                self.hint = hint
        return False

    def update(self, dt: float) -> None:
        super().update(dt)

    def wants_frames(self) -> bool:
        # a blinking text cursor needs frames while a name is being typed
        return any(row["name"].is_focused for row in self.rows) or self.seed_entry.is_focused

    # ---- changes ----------------------------------------------------------------------------
    def next_colour(self, index: int) -> None:
        taken = {s.colour for i, s in enumerate(self.seats) if i != index}
        colour = self.seats[index].colour
        for _ in range(len(theme.SEAT_COLOURS)):
            colour = (colour + 1) % len(theme.SEAT_COLOURS)
            if colour not in taken:
                break
        self.seats[index].colour = colour
        self.invalidate()

    def toggle_kind(self, index: int) -> None:
        self._read_names()
        seat = self.seats[index]
        seat.kind = PERSON if seat.is_bot else BOT
        if is_default_name(seat.name):   # a name the set-up gave follows the kind
            seat.name = default_name(index, seat.is_bot, {s.name for s in self.seats if s is not seat})
        self._build()

    def toggle_seat_option(self, key: str, index: int) -> None:
        """A per-seat option's next choice for one seat."""
        self._read_names()
        option = next(o for o in self.spec.options if o.key == key)
        values = [v for v, _ in option.choices]
        current = self.options[key][index]
        self.options[key][index] = values[(values.index(current) + 1) % len(values)]
        self._build()

    def add_seat(self) -> None:
        self._read_names()
        if len(self.seats) >= self.spec.max_players:
            return
        taken = {s.colour for s in self.seats}
        colour = next(c for c in range(len(theme.SEAT_COLOURS)) if c not in taken)
        name = default_name(len(self.seats), True, {s.name for s in self.seats})
        self.seats.append(Seat(name, BOT, "normal", colour))
        self._fit_seat_options()
        self._build()

    def remove_seat(self, index: int) -> None:
        self._read_names()
        if len(self.seats) <= self.spec.min_players:
            return
        del self.seats[index]
        for option in self.spec.options:
            if option.per_seat:
                del self.options[option.key][index]
        self._fit_seat_options()
        self._build()

    def read_game_number(self) -> None:
        """Take in what the game-number box says now."""
        before = self.number_problem
        self.number_text = self.seed_entry.get_text()
        try:
            self.typed_number = parse_game_number(self.number_text)
            self.number_problem = ""
        except GameNumberError as exc:
            self.typed_number = None
            self.number_problem = str(exc)
        if before and self.message == before and not self.number_problem:
            self.message = ""     # Start complained about the number, which is fine now

    def problems(self) -> list[str]:
        self._read_names()
        self.read_game_number()
        found = []
        names = [s.name for s in self.seats]
        if any(not n for n in names):
            found.append("Every seat needs a name.")
        if len(set(n.lower() for n in names)) < len(names):
            found.append("Two seats have the same name.")
        if len({s.colour for s in self.seats}) < len(self.seats):
            found.append("Two seats have the same colour.")
        if not (self.spec.min_players <= len(self.seats) <= self.spec.max_players):
            found.append(f"{self.spec.title} needs {self.spec.min_players}-{self.spec.max_players} seats.")
        if self.number_problem:
            found.append(self.number_problem)
        return found

    def start_game(self) -> None:
        problems = self.problems()
        if problems:
            self.message = problems[0]
            self.app.sound.play("error")
            self.invalidate()
            return
        save_last_setup(self.spec, self.seats, self.options)
        known = self.typed_number is not None
        seed = self.typed_number if known else new_game_number()   # drawn now, not shown
        try:
            session = Session(self.spec, [Seat(**s.to_json()) for s in self.seats], dict(self.options),
                              seed, autosave_path=autosaves.new_path(self.spec.id), seed_known=known)
        except BoardError as exc:       # the game's map is missing or damaged: say so, stay here
            self.message = f"{exc} Reinstalling Journeys restores it."
            self.app.sound.play("error")
            self.invalidate()
            return
        session.autosave()
        self.app.scene("game", session)

    # ---- drawing ----------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        accent = pygame.Color(self.spec.accent)
        pygame.draw.rect(canvas, accent, (0, 0, 1920, 10))
        theme.draw_text(canvas, self.spec.title, (160, 60), theme.SIZE_TITLE + 6, bold=True)
        theme.draw_text(canvas, "New game: who is playing?", (160, 120), theme.SIZE_LARGE, theme.TEXT_DIM)
        theme.draw_text(canvas, "Seats, in turn order", (160, ROW_Y - 44), theme.SIZE_BODY, theme.TEXT_DIM,
                        bold=True)
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            theme.draw_text(canvas, str(i + 1), (X_BADGE - 70, y + 32), theme.SIZE_LARGE, theme.TEXT_DIM,
                            bold=True, anchor="center")
            if not seat.is_bot:
                theme.draw_text(canvas, "plays with the mouse", (X_LEVEL + 8, y + 32), theme.SIZE_SMALL,
                                theme.TEXT_DIM, anchor="midleft")
        y = options_top(len(self.spec.options))
        theme.draw_text(canvas, "Options", (OPTIONS_X, y - 44), theme.SIZE_BODY, theme.TEXT_DIM, bold=True)
        self.hints = []
        for option in self.spec.options:
            label_width = 284 if self.compact else 440
            self._fitted(canvas, option.label, pygame.Rect(OPTIONS_X, y + 2, label_width, 30), theme.SIZE_BODY,
                         theme.TEXT, bold=True, lines=1)
            if self.compact:   # many options: the help in short lines beside the choice
                help_rect = pygame.Rect(OPTIONS_X, y + 30, 284, self.option_h - 32)
                self._fitted(canvas, option.help, help_rect, theme.SIZE_SMALL, theme.TEXT_DIM, line_gap=0)
            else:
                self._fitted(canvas, option.help, pygame.Rect(OPTIONS_X, y + 104, 440, 90), theme.SIZE_SMALL,
                             theme.TEXT_DIM)
            y += self.option_h
        theme.draw_text(canvas, "Game number", (OPTIONS_X, y + 4), theme.SIZE_BODY, bold=True)
        if self.number_problem:
            note, colour = self.number_problem, theme.WARNING
        elif self.typed_number is not None:
            note, colour = "Replays that game: the same number, seats and options give the same deal.", theme.TEXT_DIM
        else:
            note, colour = ("Empty: a new random deal. To replay a game, type its number from the "
                            "results screen."), theme.TEXT_DIM
        theme.draw_paragraph(canvas, note, pygame.Rect(OPTIONS_X, y + 106, 440, 60), theme.SIZE_SMALL, colour)
        if self.message:
            theme.draw_text(canvas, self.message, (1320, 890), theme.SIZE_BODY, theme.WARNING, anchor="midright")
        about = about_rect(len(self.seats))
        if about is None:
            return  # many seats: the seats need the room more than the blurb
        theme.shadowed_panel(canvas, about)
        theme.draw_text(canvas, "About this game", (about.x + 28, about.y + 22), theme.SIZE_BODY, bold=True)
        blurb = (f"{self.spec.blurb} For {self.spec.min_players}-{self.spec.max_players} players: each seat "
                 f"is a person at this screen (passing the mouse) or a bot, easy, normal or hard.")
        body = pygame.Rect(about.x + 28, about.y + 62, about.width - 56, about.height - 78)
        self._fitted(canvas, blurb, body, theme.SIZE_BODY, theme.TEXT_DIM)

    def _fitted(self, canvas: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour, *,
                bold: bool = False, line_gap: int = 4, lines: int | None = None) -> None:
        """Draw `text` fitted into `rect`; if it had to be cut, the mouse over it shows it whole."""
        fitted = theme.fit_to_box(text, rect.width, rect.height, size, theme.SIZE_SMALL, bold, line_gap, lines)
        theme.draw_fitted_lines(canvas, fitted, rect, colour, bold)
        if not fitted.complete:
            self.hints.append((pygame.Rect(rect.x, rect.y, rect.width, fitted.height), text))

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        for i, seat in enumerate(self.seats):  # over the colour buttons
            theme.draw_seat_badge(canvas, seat.colour, (X_BADGE, ROW_Y + i * ROW_H + 32), 34)
        if not self.seed_entry.get_text():
            # our own placeholder: pygame-gui draws its own in the typed text's colour, which
            # reads as if "random" were the number
            box = self.seed_entry.rect
            theme.draw_text(canvas, NUMBER_PLACEHOLDER, (box.x + PLACEHOLDER_INSET, box.centery),
                            theme.SIZE_BODY, theme.TEXT_DIM, anchor="midleft")
        if self.hint is not None:   # last: over everything
            theme.draw_tooltip(canvas, self.hint[1], self.hint[0])
