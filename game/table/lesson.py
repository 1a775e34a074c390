"""Learn to play: a guided first game. A real game on a fixed game number against bots, where
the table points at what to do next (the hint's frame), says in a sentence or two why, in a box
over the game log, quoting the rulebook's clause ids, and waits for the person; each rule comes in
when it first matters. The person may do something else at any moment: the lesson says that
works too and goes on; it never blocks a legal move. When every step has been met, the game
goes on to its end as an ordinary game.

A lesson is data in its game's folder, `lesson-<game id>.toml` (see `Lesson`), and a board
played with options may have more, `lesson-<game id>-<variant>.toml` (Tokaido's Crossroads):
the game number, the seats, the options, and its steps, each naming the decision kind it waits for
(`GameState.decision()`), optionally a move it points at and a condition on the legal moves
(`do` and `when`: the first legal action whose JSON has those keys and values), and its words.
"""
from __future__ import annotations

import dataclasses
import tomllib
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Action
from game.core.registry import GameSpec, get
from game.core.session import BOT, PERSON, Seat, Session
from game.table.hints import Hints
from game.ui import theme

if TYPE_CHECKING:
    from game.app import App
    from game.table.frame import GameScene


class LessonError(ValueError):
    """A lesson file that cannot be used (missing, or not what `Lesson` reads)."""


@dataclasses.dataclass(frozen=True)
class Step:
    decision: str                       # the pending decision kind it waits for
    say: str                            # what the table says then
    rules: tuple[str, ...] = ()         # the clause ids of seeds/<id>.md it brings in
    do: dict[str, Any] | None = None    # the move it points at (a legal action with these keys)
    when: dict[str, Any] | None = None  # only when some legal action has these keys
    title: str = ""


def matches(action: Action, pattern: dict[str, Any]) -> bool:
    """Whether the action's JSON has every key of `pattern` with its value; a value written
    `{ not = X }` asks for anything but X (a card paid with bikes: `pay = { not = [0, 0, 0, 0] }`)."""
    data = action.to_json()
    for key, want in pattern.items():
        if isinstance(want, dict) and set(want) == {"not"}:
            if key not in data or data[key] == want["not"]:
                return False
        elif data.get(key) != want:
            return False
    return True


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A game's guided first game, as its `lesson-<id>.toml` says it."""

    game: str
    title: str
    seed: int
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    intro: str
    steps: tuple[Step, ...]
    outro: str

    @classmethod
    def of(cls, spec: GameSpec, variant: str = "") -> Lesson:
        path = spec.lesson_file(variant)
        if path is None:
            raise LessonError(f"{spec.title} has no lesson yet.")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            seats = tuple(Seat(str(s["name"]), PERSON if i == 0 else BOT, str(s.get("level", "easy")), i)
                          for i, s in enumerate(data["seats"]))
            steps = tuple(Step(str(s["decision"]), str(s["say"]), tuple(s.get("rules", ())), s.get("do"),
                               s.get("when"), str(s.get("title", ""))) for s in data["steps"])
            lesson = cls(spec.id, str(data["title"]), int(data["seed"]), seats, dict(data.get("options", {})),
                         str(data.get("intro", "")), steps, str(data["outro"]))
        except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
            raise LessonError(f"The lesson of {spec.title} cannot be read: {exc}") from None
        spec.check_players(len(seats))
        return lesson

    def session(self) -> Session:
        """The lesson's game, autosaved like any other (Continue resumes it as an ordinary game)."""
        from game.core import autosaves
        spec = get(self.game)
        session = Session(spec, list(self.seats), spec.check_options(self.options), self.seed, seed_known=True,
                          name=self.title, autosave_path=autosaves.new_path(spec.id))
        session.autosave()
        return session


class LessonRun:
    """Where a person is in a lesson: the steps met, the one on the table, what it points at."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.done: set[int] = set()
        self.current: int | None = None      # the step on the table
        self.pointed: Action | None = None   # the move it points at (None: it only tells)
        self.reply = ""                      # a word on the person's last move ("that works too")

    @property
    def finished(self) -> bool:
        return len(self.done) == len(self.lesson.steps)

    def turn(self, decision: str, legal: list[Action]) -> Step | None:
        """The person is to act on `decision`: the first step not met yet that waits for it
        (and whose condition holds) comes to the table; a step already there stays."""
        if self.current is not None:
            return self.lesson.steps[self.current]
        for index, step in enumerate(self.lesson.steps):
            if index in self.done or step.decision != decision:
                continue
            if step.when is not None and not any(matches(a, step.when) for a in legal):
                continue
            self.current = index
            self.pointed = next((a for a in legal if matches(a, step.do)), None) if step.do else None
            return step
        return None

    def moved(self, action: Action, describe: str, step: int | None) -> None:
        """The person made `action` (described as `describe`) while step `step` was on the
        table (None: none was; a step that came up with this very move waits for the next)."""
        if step is None or self.current != step:
            return
        self.reply = "" if self.pointed is None or action == self.pointed else \
            f"You chose “{describe}” instead: that works too."
        self.done.add(self.current)
        self.current, self.pointed = None, None

    @property
    def step(self) -> Step | None:
        return None if self.current is None else self.lesson.steps[self.current]


# ---- at the table -------------------------------------------------------------------------------

BOX_PAD = 20
BOX_FIXED = BOX_PAD * 2 + 34 + 36   # the box's room beside its words: heading, rules line, margins
BOX_SHARE = 0.7                     # of the log's height, at most
POINTER = "Here"        # the lesson's word on the hint's frame (who points)


class Lessons(Hints):
    """The lesson's part of GameScene (frame.py): the step's box over the board, and its pointer
    (the hint's frame, from hints.py, which it builds on)."""

    lesson: LessonRun | None = None
    _lesson_box: pygame.Rect | None = None
    #: what the box shows, worked out when the lesson or the view changes (not every frame):
    #: its heading, its words fitted to the box, its rule ids
    _lesson_shown: tuple[str, theme.FittedText, str] | None = None

    if TYPE_CHECKING:
        def _log_rect(self) -> pygame.Rect:
            """SidePanels' (side.py): where the game log is."""

    def lesson_turn(self) -> None:
        """After every change of the view: bring the step for this moment to the table, and
        point at its move while the person may make it."""
        run = self.lesson
        if run is None:
            return
        mine = self.is_my_turn()
        if mine:   # the decision asked now (not the move the table may still be showing)
            run.turn(self.table.turn().decision, self.ctx.legal)
        if mine and run.pointed is not None:
            self.point_at(run.pointed, POINTER)
        elif self.hint is not None and self._hint_label == POINTER:
            self.forget_hint()
        self._lesson_changed()

    def lesson_moved(self, action: Action, words: str, step: int | None) -> None:
        """The person made `action` (`words`: how it was described before it was made) while
        step `step` was on the table."""
        if self.lesson is not None:
            self.lesson.moved(action, words, step)
            self._lesson_changed()

    def _lesson_changed(self) -> None:
        """Work out the box anew (its words and size) and redraw where it was and is."""
        if self._lesson_box is not None:
            self.invalidate(self._lesson_box.inflate(12, 12))
        self._lesson_box, self._lesson_shown = None, None
        if self.lesson is None:
            return
        heading, words, rules = self._lesson_lines()
        log = self._log_rect()
        for share in (BOX_SHARE, 1.0):   # the whole log's height only when the words need it
            fitted = theme.fit_to_box(words, log.width - 2 * BOX_PAD, int(log.height * share) - BOX_FIXED,
                                      theme.SIZE_BODY, theme.SIZE_SMALL)
            if fitted.complete:
                break
        # over the top of the game log, as tall as its words: the log's newest lines stay in sight
        self._lesson_box = pygame.Rect(log.x, log.y, log.width, min(log.height, BOX_FIXED + fitted.height))
        self._lesson_shown = (heading, fitted, rules)
        self.invalidate(self._lesson_box.inflate(12, 12))

    def _lesson_lines(self) -> tuple[str, str, str]:
        """The box's heading, words and rule ids now. Before the first move the lesson's intro
        comes first, and after a move off the script a word on it ("that works too"), each
        only where the box has room for it and the step's own words."""
        run = self.lesson
        assert run is not None
        lesson = run.lesson
        step = run.step
        lead = [lesson.intro] if not self.session.actions and lesson.intro else []
        if run.reply:
            lead.append(run.reply)
        if step is not None:
            heading = step_heading(lesson, len(run.done) + 1, step, self._log_rect().width - 2 * BOX_PAD)
            return heading, self._with_room(lead, step.say), ", ".join(step.rules)
        if run.finished:
            return lesson.title, self._with_room(lead, lesson.outro), ""
        if lead:
            return lesson.title, " ".join(lead), ""
        if self.is_my_turn():
            return lesson.title, "Play as you like: the next rule comes up when it matters.", ""
        return lesson.title, "Watch the others play; your next step comes on your turn.", ""

    def _with_room(self, lead: list[str], words: str) -> str:
        """`words`, after as much of `lead` as the box has room for."""
        log = self._log_rect()
        for start in range(len(lead) + 1):
            text = " ".join([*lead[start:], words])
            fitted = theme.fit_to_box(text, log.width - 2 * BOX_PAD, int(log.height * BOX_SHARE) - BOX_FIXED,
                                      theme.SIZE_BODY, theme.SIZE_SMALL)
            if fitted.complete:
                return text
        return words

    def draw_lesson(self, canvas: pygame.Surface) -> None:
        if self._lesson_box is None or self._lesson_shown is None:
            return
        heading, fitted, rules = self._lesson_shown
        box = self._lesson_box
        pygame.draw.rect(canvas, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, box, 2, border_radius=12)
        x, y, width = box.x + BOX_PAD, box.y + BOX_PAD, box.width - 2 * BOX_PAD
        theme.draw_text(canvas, heading, (x, y), theme.SIZE_SMALL, theme.HIGHLIGHT, bold=True, max_width=width)
        theme.draw_fitted_lines(canvas, fitted, pygame.Rect(x, y + 34, width, fitted.height), theme.TEXT)
        theme.draw_text(canvas, f"Rules {rules} (F1 opens the rules)" if rules else "F1 opens the rules",
                        (x, box.bottom - BOX_PAD - 22), theme.SIZE_SMALL, theme.TEXT_DIM, max_width=width)


def step_heading(lesson: Lesson, number: int, step: Step, width: int) -> str:
    """A step's heading in the box: the lesson's title, the step's number and title; without
    the lesson's title where the box is too narrow for all of it."""
    counted = f"{number} of {len(lesson.steps)}" + (f": {step.title}" if step.title else "")
    heading = f"{lesson.title} · {counted}"
    if theme.font(theme.SIZE_SMALL, True).size(heading)[0] <= width:
        return heading
    return f"Step {counted}"


def lesson_for(spec: GameSpec, options: dict[str, Any]) -> str:
    """The variant of `spec`'s lessons that teaches the game with these options: the one whose
    options agree with them on the most keys (and on every key it sets), the plain one else."""
    best, agreed = "", -1
    for variant in spec.lesson_files():
        try:
            wanted = Lesson.of(spec, variant).options
        except (LessonError, ValueError):
            continue
        if all(options.get(k) == v for k, v in wanted.items()) and len(wanted) > agreed:
            best, agreed = variant, len(wanted)
    return best


def open_lesson(app: App, spec: GameSpec, variant: str = "") -> GameScene:
    """Start the lesson of `spec` (LessonError when it has none that can be read)."""
    from game.table.frame import open_game
    lesson = Lesson.of(spec, variant)
    session = lesson.session()
    scene = open_game(app, session)
    scene.lesson = LessonRun(lesson)
    scene.lesson_turn()
    return scene
