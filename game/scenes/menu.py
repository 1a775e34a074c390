"""The main menu: the six games (those not built yet shown as coming), Continue, Load,
Statistics, Settings, Rules, Quit."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core import autosaves
from game.core.registry import GameSpec, load_games
from game.core.saves import SaveError, read_save, take_notices
from game.scenes.savelist import continue_choice
from game.ui import theme
from game.ui.icons import icon
from game.ui.scene import Scene
from game.ui.widgets import Button, ButtonSet

if TYPE_CHECKING:
    from game.app import App
    from game.core.session import Session

TILE_W, TILE_H = 560, 250
#: a save of more moves than this is replayed on a worker thread, with its progress shown
#: (the longest real games have a few thousand; replaying takes about 0.1 ms a move)
OPEN_IN_BACKGROUND = 3000
TILES_ORIGIN = (700, 140)
TILES_BOTTOM = 1040       # the tiles end above the message line
TILE_GAP = 24
BUTTON_X, BUTTON_W, BUTTON_H = 120, 420, 64


def tile_rects(count: int) -> list[pygame.Rect]:
    """Two columns of game tiles, as tall as fits: four rows (seven or eight games) are
    lower tiles with the player count beside the title."""
    rows = max(1, (count + 1) // 2)
    height = min(TILE_H, (TILES_BOTTOM - TILES_ORIGIN[1] - (rows - 1) * TILE_GAP) // rows)
    return [pygame.Rect(TILES_ORIGIN[0] + (i % 2) * (TILE_W + TILE_GAP),
                        TILES_ORIGIN[1] + (i // 2) * (height + TILE_GAP), TILE_W, height)
            for i in range(count)]


def menu_games() -> list[GameSpec]:
    """One tile per game; the two Ticket to Ride boards share a tile until they are built."""
    games = list(load_games().values())
    if not any(g.available for g in games if g.id.startswith("ttr-")):
        korea = next((g for g in games if g.id == "ttr-korea"), None)
        if korea is not None:
            games.remove(korea)
    return games


def learn_pill(tile: pygame.Rect, play: pygame.Rect) -> pygame.Rect:
    """Where a tile's "Learn to play" pill lies: left of its "Play" pill."""
    word = theme.font(theme.SIZE_BODY, True).size("Learn to play")[0]
    pill = pygame.Rect(0, 0, word + 40, play.height)
    pill.midright = (play.left - 14, play.centery)
    return pill


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = menu_games()
        self.tiles = tile_rects(len(self.games))
        self.hovered: int | None = None
        self.message = ""
        self._tell_notices()
        app.when_shown(self._tidy)
        y = 330
        # the app's own buttons, not pygame-gui's: the menu is the first frame of every start
        self.buttons = ButtonSet(self.invalidate, self._press)
        self.continue_button = self.buttons.add("continue", Button(
            (BUTTON_X, y, BUTTON_W, BUTTON_H), "Continue", kind="primary", enabled=False,
            tooltip="Resume the last unfinished game where it stopped"))
        self._read_continue()
        for i, (key, label) in enumerate((("load", "Load a saved game"), ("stats", "Statistics"),
                                          ("settings", "Settings"), ("rules", "Rules"),
                                          ("quit", "Quit"))):
            self.buttons.add(key, Button((BUTTON_X, y + 130 + i * (BUTTON_H + 16), BUTTON_W, BUTTON_H),
                                         label, kind="big"))

    # ---- events ---------------------------------------------------------------------------
    def _press(self, name: str) -> None:
        self.app.sound.play("click")
        getattr(self, f"do_{name}")()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hovered = self._tile_at(event.pos)
            if hovered != self.hovered:
                for index in (self.hovered, hovered):
                    if index is not None:
                        self.invalidate(self.tiles[index].inflate(20, 20))
                self.hovered = hovered
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._tile_at(event.pos)
            if index is not None:
                learn = self._learn_rect(index)
                if learn is not None and learn.collidepoint(event.pos):
                    self.learn_game(self.games[index])
                else:
                    self.choose_game(self.games[index])
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.do_quit()
            return True
        return False

    def _tile_at(self, pos) -> int | None:
        for i, rect in enumerate(self.tiles):
            if rect.collidepoint(pos):
                return i
        return None

    def choose_game(self, spec: GameSpec) -> None:
        if not spec.available:
            self.say(f"{spec.title} is coming in a later version of Journeys.")
            self.app.sound.play("error")
            return
        self.app.push(self.app.scene("setup", spec))

    def _tell_notices(self) -> None:
        """Say what went wrong with the player's files (a damaged settings file put aside, a
        folder that cannot be written), after anything already said."""
        notices = take_notices()
        if notices:
            self.say(" ".join([self.message, *notices]).strip())

    def _tidy(self) -> None:
        """Once the menu is shown: the leftovers of interrupted writes and old finished
        autosaves go (and a folder found unwritable on the way is told)."""
        autosaves.tidy()
        self._tell_notices()

    def learn_game(self, spec: GameSpec) -> None:
        """Start the game's guided first game ("Learn to play")."""
        try:
            self.app.scene("lesson", spec)
        except ValueError as exc:   # a lesson file that cannot be read (LessonError)
            self.say(str(exc))
            self.app.sound.play("error")

    def _learn_rect(self, index: int) -> pygame.Rect | None:
        """The tile's "Learn" pill, for a game with a lesson (left of its "Play")."""
        spec = self.games[index]
        if not spec.available or spec.lesson_file() is None:
            return None
        return learn_pill(self.tiles[index], self._play_pill(self.tiles[index]))

    def _play_pill(self, rect: pygame.Rect) -> pygame.Rect:
        label = theme.text("Play", theme.SIZE_BODY, tuple(theme.TEXT_DARK), bold=True)
        pill = pygame.Rect(0, 0, label.get_width() + 70, 40)
        compact = rect.height < TILE_H - 20
        pill.bottomright = (rect.right - 24, rect.bottom - (14 if compact else 20))
        return pill

    def say(self, message: str) -> None:
        self.message = message
        self.invalidate(pygame.Rect(0, 1000, 1920, 80))

    # ---- buttons --------------------------------------------------------------------------
    def _read_continue(self) -> None:
        self.choice = continue_choice()
        self.autosave_line = self.choice.line
        row = self.choice.row
        spec = load_games().get(row.game_id) if row is not None else None
        if spec is not None:   # read while the menu waits, so that Continue opens the table sooner
            self.app.when_shown(spec.warm_maps)
        self.buttons.set_enabled("continue", self.choice.row is not None)
        self.invalidate()

    def do_continue(self) -> None:
        self._read_continue()
        if self.choice.row is not None:
            self.open_save(self.choice.row.path, continuing=True)

    def open_save(self, path: Path, continuing: bool = False) -> bool:
        """Load a save and start playing it; on a bad file, say why and change nothing.

        Continuing an autosave goes on writing that autosave; a save loaded from the saves
        folder becomes a new game with an autosave of its own (written from its first move on,
        so loading alone adds nothing), and no other game's autosave is touched."""
        path = Path(path)
        continuing = continuing or autosaves.is_autosave(path)   # e.g. --load of an autosave
        self._opening = (path, continuing)
        try:
            data = read_save(path, known_games=set(load_games()))
            if len(data["actions"]) > OPEN_IN_BACKGROUND:   # replayed while the window goes on
                self.app.push(self.app.scene("opening", self, path, data, path if continuing else None))
                return True
            from game.core.session import Session
            session = Session.load(path, autosave_path=path if continuing else None, data=data)
        except SaveError as exc:
            self.failed(str(exc))
            return False
        self.opened(session)
        return True

    def failed(self, reason: str) -> None:
        """A save could not be opened: say why; nothing changed."""
        self.say(reason)
        self.app.sound.play("error")

    def opened(self, session: Session) -> None:
        """Play the session just read from the save `open_save` was given."""
        path, continuing = self._opening
        legacy = continuing and autosaves.is_legacy(path)
        if not continuing or legacy:
            session.autosave_path = autosaves.new_path(session.spec.id)
        if legacy:
            # the one autosave of earlier versions moves into the folder of autosaves
            session.autosave()
            if session.autosave_ok:
                path.unlink(missing_ok=True)
        over = session.state.is_over
        game = self.app.scene("game", session, bots_paused=over)
        if over:   # a finished game opens on its results, as when it has just ended
            game.show_results()

    def do_load(self) -> None:
        self.app.push(self.app.scene("load"))

    def do_stats(self) -> None:
        self.app.push(self.app.scene("stats"))

    def do_settings(self) -> None:
        self.app.push(self.app.scene("settings"))

    def do_rules(self) -> None:
        self.app.push(self.app.scene("rules"))

    def do_quit(self) -> None:
        self.app.quit()

    def on_resume(self) -> None:
        super().on_resume()
        self._read_continue()

    def on_pointer_left(self) -> None:
        super().on_pointer_left()
        self.buttons.hover(None)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.buttons.update(dt)

    def wants_frames(self) -> bool:
        return self.buttons.waiting_for_tip()

    # ---- drawing --------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        self._draw_backdrop(canvas)
        theme.draw_text(canvas, "Journeys", (BUTTON_X, 120), theme.SIZE_HUGE, theme.TEXT, bold=True)
        theme.draw_text(canvas, "Six travel board games at one screen", (BUTTON_X + 4, 218),
                        theme.SIZE_LARGE, theme.TEXT_DIM)
        theme.draw_text(canvas, self.autosave_line, (BUTTON_X + 4, 400), theme.SIZE_SMALL,
                        theme.TEXT_DIM, max_width=TILES_ORIGIN[0] - BUTTON_X - 30)
        if self.choice.second_line:
            theme.draw_text(canvas, self.choice.second_line, (BUTTON_X + 4, 424), theme.SIZE_SMALL,
                            theme.WARNING if self.choice.warning else theme.TEXT_DIM,
                            max_width=TILES_ORIGIN[0] - BUTTON_X - 30)
        theme.draw_text(canvas, "Choose a game", (TILES_ORIGIN[0], TILES_ORIGIN[1] - 52),
                        theme.SIZE_LARGE, theme.TEXT, bold=True)
        for i, (spec, rect) in enumerate(zip(self.games, self.tiles)):
            self._draw_tile(canvas, spec, rect, i == self.hovered)
        if self.message:   # one line under the tiles, in smaller type if it is long
            theme.draw_fitted(canvas, self.message, pygame.Rect(60, TILES_BOTTOM + 4, 1800, 1080 - TILES_BOTTOM - 6),
                              theme.SIZE_BODY, theme.SIZE_SMALL, theme.HIGHLIGHT, align="center")
        self.buttons.draw(canvas)

    def _draw_backdrop(self, canvas: pygame.Surface) -> None:
        # a faint dotted route behind the title: the travel theme without clutter
        points = [(60, 980), (220, 900), (330, 960), (470, 870), (600, 930)]
        for a, b in zip(points, points[1:]):
            for k in range(12):
                t = k / 12
                x = a[0] + (b[0] - a[0]) * t
                y = a[1] + (b[1] - a[1]) * t
                pygame.draw.circle(canvas, theme.LINE, (int(x), int(y)), 3)
        for i, p in enumerate(points[::2]):
            theme.draw_seat_badge(canvas, i, p, 26)

    def _draw_tile(self, canvas: pygame.Surface, spec: GameSpec, rect: pygame.Rect, hovered: bool) -> None:
        available = spec.available
        colour = theme.PANEL_LIGHT if hovered and available else theme.PANEL
        theme.shadowed_panel(canvas, rect, colour)
        accent = pygame.Color(spec.accent if available else "#5b626d")
        pygame.draw.rect(canvas, accent, (rect.x, rect.y, 10, rect.height),
                         border_top_left_radius=12, border_bottom_left_radius=12)
        title_colour = theme.TEXT if available else theme.TEXT_DIM
        players = f"{spec.min_players}-{spec.max_players} players"
        compact = rect.height < TILE_H - 20      # the count beside the title, the text higher
        if compact:
            count = theme.draw_text(canvas, players, (rect.right - 24, rect.y + 34), theme.SIZE_SMALL,
                                    theme.TEXT_DIM, anchor="midright")
            theme.draw_text(canvas, spec.title, (rect.x + 32, rect.y + 18), theme.SIZE_LARGE,
                            title_colour, bold=True, max_width=count.x - rect.x - 48)
            blurb_top = rect.y + 62
        else:
            theme.draw_text(canvas, spec.title, (rect.x + 32, rect.y + 24), theme.SIZE_LARGE,
                            title_colour, bold=True, max_width=rect.width - 60)
            theme.draw_text(canvas, players, (rect.x + 32, rect.y + 66), theme.SIZE_SMALL, theme.TEXT_DIM)
            blurb_top = rect.y + 100
        theme.draw_paragraph(canvas, spec.blurb, pygame.Rect(rect.x + 32, blurb_top, rect.width - 64, 100),
                             theme.SIZE_SMALL, theme.TEXT if available else theme.TEXT_DIM)
        if available:
            label = theme.text("Play", theme.SIZE_BODY, tuple(theme.TEXT_DARK), bold=True)
            pill = self._play_pill(rect)
            pygame.draw.rect(canvas, theme.HIGHLIGHT, pill, border_radius=20)
            if spec.lesson_file() is not None:   # the guided first game, beside it
                learn = learn_pill(rect, pill)
                pygame.draw.rect(canvas, theme.HIGHLIGHT, learn, 2, border_radius=20)
                word = theme.text("Learn to play", theme.SIZE_BODY, tuple(theme.HIGHLIGHT), bold=True)
                canvas.blit(word, word.get_rect(center=learn.center))
            play = icon("ui_play", 22, theme.TEXT_DARK)
            canvas.blit(play, play.get_rect(midleft=(pill.x + 18, pill.centery)))
            canvas.blit(label, label.get_rect(midleft=(pill.x + 46, pill.centery)))
            if hovered:
                theme.glow_outline(canvas, rect, radius=12, width=3)
        else:
            label = theme.text("Coming soon", theme.SIZE_SMALL, tuple(theme.TEXT_DIM), bold=True)
            pill = pygame.Rect(0, 0, label.get_width() + 32, 34)
            pill.bottomright = (rect.right - 24, rect.bottom - (16 if compact else 22))
            pygame.draw.rect(canvas, theme.LINE, pill, 2, border_radius=17)
            canvas.blit(label, label.get_rect(center=pill.center))
