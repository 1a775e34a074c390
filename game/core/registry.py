"""The registry of games: id -> GameSpec.

Each game's package under game/games/ registers itself on import; `load_games()` finds the
packages there and imports them all, so a new game is its folder alone. The menu lists them by
their specs' `menu_order`. Games that are announced but not built yet are registered with
`available=False`, so the menu can show them as coming.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Mapping

if TYPE_CHECKING:
    from .protocol import Action, GameState
    from .rng import Rng


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One game option offered on the setup screen."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, label shown)
    default: Any
    help: str = ""
    #: chosen for each seat on its own (Ubi's expert areas): the value is then one choice for
    #: every seat, or a list of one choice per seat
    per_seat: bool = False
    #: its values are seat numbers (1: the first seat), as Ubi's first player: the setup offers
    #: only the seats in play, and a choice whose seat goes falls back to the default
    seat_numbers: bool = False

    def choices_for(self, players: int) -> tuple[tuple[Any, str], ...]:
        """The choices that make sense with this many seats."""
        if not self.seat_numbers:
            return self.choices
        return tuple((v, label) for v, label in self.choices if isinstance(v, int) and 1 <= v <= players)

    def validate(self, value: Any) -> Any:
        if self.per_seat and isinstance(value, (list, tuple)):
            return [self._one(v) for v in value]
        return self._one(value)

    def _one(self, value: Any) -> Any:
        for choice, _label in self.choices:
            if choice == value:
                return choice
        raise ValueError(f"option {self.key!r} cannot be {value!r}; "
                         f"choose one of {[c for c, _ in self.choices]}")

    def label_of(self, value: Any) -> str:
        """What the setup screen calls a value: its choice's label, or each seat's where a
        per-seat option differs between seats ("seats 1, 3: ...; seat 2: ...")."""
        if isinstance(value, (list, tuple)):
            groups: dict[str, list[int]] = {}
            for seat, one in enumerate(value):
                groups.setdefault(self.label_of(one), []).append(seat + 1)
            if len(groups) == 1:
                return next(iter(groups))
            return "; ".join(f"seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}: {label}"
                             for label, seats in groups.items())
        return next((label for choice, label in self.choices if choice == value), str(value))

    def for_seat(self, value: Any, seat: int) -> Any:
        """A per-seat option's choice for one seat (a single value holds for every seat)."""
        if isinstance(value, (list, tuple)):
            return value[seat] if seat < len(value) else self.default
        return value


#: the fields of a spec a game may give as "module:attribute" strings: they are imported the
#: first time any of them is read, so the menu lists every game (its title, players, blurb)
#: without importing a game's rules, which are imported when the game is opened
LAZY_FIELDS = frozenset({"options", "state", "new_state", "load_state", "action_types", "determinize",
                         "rules_version", "upgrade_save"})


@dataclasses.dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str = ""
    available: bool = True
    options: tuple[OptionSpec, ...] = ()
    #: the game's state class: from it the engine supplies what follows by convention (below)
    state: type[GameState] | None = None
    #: new_state(num_players, seed, options) -> GameState; by default the state class's `new`
    new_state: Callable[[int, int, dict[str, Any]], GameState] | None = None
    #: load_state(data from to_json) -> GameState; by default the state class's `from_json`
    load_state: Callable[[dict[str, Any]], GameState] | None = None
    action_types: tuple[type[Action], ...] = ()
    #: determinize(view, rng) -> a full state consistent with what that seat saw; a game whose
    #: state hides nothing but its generator needs none (the view is the state)
    determinize: Callable[[dict[str, Any], Rng], GameState] | None = None
    #: "module:attribute" of the game's bot knowledge (see core/ai/base.py), imported lazily
    bot_knowledge: str = ""
    #: "module:Class" of the game's scene, imported lazily (core never imports pygame)
    scene: str = ""
    #: the rules file under seeds/ shown by the rules viewer
    rules_file: str = ""
    accent: str = "#ffd166"
    #: the title where room is short (a tab): "" for the title itself
    short_title: str = ""
    #: bumped whenever a change to the rules makes old action lists replay differently
    rules_version: int = 1
    #: upgrade_save(save data, its rules_version) -> data that replays under `rules_version`;
    #: None: saves of an older rules version are refused with a message that says why
    upgrade_save: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    #: its place in the menu, smaller first (games of one order keep the order they registered in)
    menu_order: int = 1000
    #: the files of maps/ it loads ("ubike.tmx"), and "module:function" giving the picture
    #: files one of them draws with (by default the Tiled map's image layers): the smoke test
    #: checks each of them in every build
    maps: tuple[str, ...] = ()
    map_pictures: str = ""
    #: its own icons (sprites/<name>.svg) and sound effects (sounds/<name>.wav), beside the
    #: app's own (game/ui/icons.py, game/ui/sound.py)
    icons: tuple[str, ...] = ()
    sounds: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        lazy = any(isinstance(object.__getattribute__(self, name), str) for name in LAZY_FIELDS)
        object.__setattr__(self, "_resolved", not lazy)
        if not lazy:
            self._supply_conventions()

    def __getattribute__(self, name: str) -> Any:
        if name in LAZY_FIELDS and not object.__getattribute__(self, "__dict__").get("_resolved", True):
            object.__getattribute__(self, "_resolve")()
        return object.__getattribute__(self, name)

    def _resolve(self) -> None:
        """Import what the game gave as "module:attribute" (its rules, its bots' dealing)."""
        for name in LAZY_FIELDS:
            value = object.__getattribute__(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, import_attr(value))
        object.__setattr__(self, "_resolved", True)
        self._supply_conventions()

    def _supply_conventions(self) -> None:
        state = self.state
        if state is None:
            return
        if self.new_state is None and hasattr(state, "new"):
            object.__setattr__(self, "new_state", state.new)
        if self.load_state is None:
            object.__setattr__(self, "load_state", state.from_json)
        hides = [f.name for f in state.hidden_fields() if f.name not in ("seed", "rng")]
        if self.determinize is None and not hides:
            object.__setattr__(self, "determinize", state.sampled)

    # ---- helpers ------------------------------------------------------------------------
    @property
    def tab_title(self) -> str:
        return self.short_title or self.title

    def action_kinds(self) -> dict[str, type[Action]]:
        return {cls.__name__: cls for cls in self.action_types}

    def decode_action(self, data: Any) -> Action:
        from .protocol import decode_action   # the engine itself, not needed to list the games
        return decode_action(self.action_kinds(), data)

    def default_options(self) -> dict[str, Any]:
        return {opt.key: opt.default for opt in self.options}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults and validate; ValueError names the bad option."""
        known = {opt.key: opt for opt in self.options}
        for key in options:
            if key not in known:
                raise ValueError(f"{self.title} has no option {key!r}")
        return {key: opt.validate(options.get(key, opt.default)) for key, opt in known.items()}

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} players, "
                             f"not {num_players}")

    def make(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
        if not self.available or self.new_state is None:
            raise ValueError(f"{self.title} is not built yet")
        self.check_players(num_players)
        return self.new_state(num_players, seed, self.check_options(options or {}))

    def knowledge(self) -> Any:
        return import_attr(self.bot_knowledge) if self.bot_knowledge else None

    def lesson_files(self) -> dict[str, Any]:
        """The game's guided first games, by variant: `lesson-<id>.toml` in its folder is the
        plain one (""), `lesson-<id>-<variant>.toml` one with options (Tokaido "crossroads").
        Paths, found once a run without importing the game's rules."""
        return dict(_lesson_files(self.id, self.scene))

    def lesson_file(self, variant: str = "") -> Any:
        """The lesson of `variant` (a Path), or None when there is none."""
        return self.lesson_files().get(variant)

    def warm_maps(self) -> None:
        """Start reading this game's maps on a background thread, so that opening its table
        finds them read (board.warm_boards): while its seats are chosen, while a save it was
        saved from is about to open, while Continue waits for a click. Maps drawn by a loader
        of their own (`map_pictures`) are left to it."""
        if self.map_pictures or not self.maps:
            return
        from game import assets
        from .board import warm_boards
        warm_boards([assets.path("maps", name) for name in self.maps])

    def pictures_of(self, tmx: Any) -> list[Any]:
        """The picture files map `tmx` (a path) draws with."""
        if self.map_pictures:
            return list(import_attr(self.map_pictures)(tmx))
        from .board import load_board
        return [image for _layer, image, _x, _y in load_board(tmx).images]


GAMES: dict[str, GameSpec] = {}

#: where the game packages live
GAMES_PACKAGE = "game.games"


@functools.cache
def _lesson_files(game_id: str, scene: str) -> tuple[tuple[str, Any], ...]:
    """(variant, path) of each lesson file beside the game's scene module (GameSpec.lesson_files)."""
    module = scene.partition(":")[0]
    if not module.startswith(GAMES_PACKAGE + "."):
        return ()
    from game import assets   # the package's data, in a checkout, a wheel or a frozen app alike
    folder = assets.package_data(*module.split(".")[1:-1])
    found = []
    for path in sorted(folder.glob(f"lesson-{game_id}*.toml")):
        if path.stem == f"lesson-{game_id}":
            found.append(("", path))
        elif path.stem.startswith(f"lesson-{game_id}-"):
            found.append((path.stem[len(f"lesson-{game_id}-"):], path))
    return tuple(found)


def register(spec: GameSpec) -> GameSpec:
    if spec.id in GAMES and GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    GAMES[spec.id] = spec
    return spec


def game_packages() -> list[str]:
    """The game packages under game/games/ (each folder with an __init__.py), by name."""
    package = importlib.import_module(GAMES_PACKAGE)
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg)


def load_games() -> dict[str, GameSpec]:
    """Import every game package (each registers itself) and return the registry, in menu
    order (`menu_order`), whichever game happened to be imported first."""
    global _ordered
    if _ordered != len(GAMES) or not GAMES:
        for name in game_packages():
            importlib.import_module(f"{GAMES_PACKAGE}.{name}")
        arrival = {game_id: i for i, game_id in enumerate(GAMES)}
        order = sorted(GAMES, key=lambda game_id: (GAMES[game_id].menu_order, arrival[game_id]))
        if list(GAMES) != order:
            ordered = {game_id: GAMES[game_id] for game_id in order}
            GAMES.clear()
            GAMES.update(ordered)
        _ordered = len(GAMES)
    return GAMES


_ordered = 0   # how many games the registry held when it was last put in order


def declared_names(attribute: str, first: tuple[str, ...] = ()) -> tuple[str, ...]:
    """`first`, then the names every game declares in `attribute` (its "icons", its "sounds"),
    each once, in menu order."""
    names = dict.fromkeys(first)
    for spec in load_games().values():
        names.update(dict.fromkeys(getattr(spec, attribute)))
    return tuple(names)


def playable_games() -> list[GameSpec]:
    return [spec for spec in load_games().values() if spec.available]


def get(game_id: str) -> GameSpec:
    games = load_games()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(games)}")
    return games[game_id]


def import_attr(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
