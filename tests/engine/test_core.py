"""The shared engine: PRNG, actions, registry, saves, sessions and undo, hex maths."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.core import hexgrid
from game.core.protocol import Action, IllegalAction, decode_action, fill_names, seat_token
from game.core.registry import GAMES, GameSpec, OptionSpec, get, load_games
from game.core.rng import Rng
from game.core.saves import SAVE_VERSION, SaveError, read_save, write_json_atomic
from game.core.session import BOT, PERSON, Seat, Session

ROOT = Path(__file__).resolve().parents[2]


# ---- PRNG ---------------------------------------------------------------------------------

def test_rng_is_fixed_forever():
    """A game number must give the same game on every machine and Python version."""
    # the reference vectors of PCG32 (pcg32_srandom(42, 54))
    rng = Rng(42, 54)
    assert [rng.next_u32() for _ in range(4)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293]
    rng = Rng(2026)
    assert [rng.next_u32() for _ in range(4)] == [146496474, 3241612136, 1689786525, 2332317949]
    deck = list(range(10))
    Rng(1).shuffle(deck)
    assert deck == [5, 3, 6, 0, 2, 8, 1, 9, 4, 7]


def test_rng_bounds_and_spread():
    rng = Rng(5)
    counts = [0] * 6
    for _ in range(6000):
        value = rng.below(6)
        counts[value] += 1
        assert 0 <= rng.randint(3, 4) - 3 <= 1
        assert 0.0 <= rng.random() < 1.0
    assert min(counts) > 850
    with pytest.raises(ValueError):
        rng.below(0)
    assert 0 <= rng.below(1 << 40) < 1 << 40


def test_rng_copy_fork_and_json():
    rng = Rng(9)
    twin = Rng.from_json(json.loads(json.dumps(rng.to_json())))
    assert twin == rng and twin.next_u32() == rng.next_u32()
    copy = rng.copy()
    child = rng.fork(3)
    assert copy == rng, "fork must not advance the parent"
    assert child.next_u32() != rng.copy().next_u32()


# ---- actions and registry --------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Move(Action):
    to: int
    path: tuple[int, ...] = ()


def test_action_json_round_trip_and_errors():
    move = Move(3, (1, 2))
    data = json.loads(json.dumps(move.to_json()))
    assert data == {"kind": "Move", "to": 3, "path": [1, 2]}
    assert decode_action({"Move": Move}, data) == move
    for bad in ([1], {"to": 1}, {"kind": "Jump", "to": 1}, {"kind": "Move", "too": 1, "path": []}):
        with pytest.raises(ValueError):
            decode_action({"Move": Move}, bad)


def test_registry_lists_all_six_games_and_checks_options(coming_game):
    games = load_games()
    for game_id in ("ubike", "staedtetour", "tokaido", "ttr-iberia", "ttr-korea", "rallyman", "ubi"):
        assert game_id in games
    assert games["ubike"].available
    spec = GameSpec("t", "T", 2, 3, options=(OptionSpec("k", "K", ((1, "one"), (2, "two")), 1),))
    assert spec.check_options({}) == {"k": 1}
    with pytest.raises(ValueError, match="cannot be"):
        spec.check_options({"k": 3})
    with pytest.raises(ValueError, match="no option"):
        spec.check_options({"zzz": 1})
    with pytest.raises(ValueError, match="2-3 players"):
        spec.check_players(5)
    with pytest.raises(KeyError):
        get("chess")
    with pytest.raises(ValueError, match="not built"):
        GAMES[coming_game.id].make(2, 1)


def test_seat_names_are_filled_in_log_lines():
    assert fill_names(f"{seat_token(1)} passes to {seat_token(0)}.", ["Ann", "Ben"]) == "Ben passes to Ann."


# ---- save files --------------------------------------------------------------------------------

def _session(n=2, seed=11):
    seats = [Seat("Ann", PERSON, colour=0), Seat("Bo", BOT, "easy", 1)][:n]
    return Session(get("ubike"), seats, {}, seed)


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "a.json"
    write_json_atomic(target, {"x": 1})
    write_json_atomic(target, {"x": 2})
    assert json.loads(target.read_text()) == {"x": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.parametrize("content,message", [
    (b"", "empty"),
    (b"\x00\xff\xfe garbage \x89PNG", "not a Journeys save|damaged"),
    (b'{"format": "journeys-save", "version": 1, "game": "ubike", "seats": [', "damaged or cut short"),
    (b'{"hello": "world"}', "not a Journeys save"),
    (b'[1, 2, 3]', "not a Journeys save"),
    (json.dumps({"format": "journeys-save", "version": SAVE_VERSION + 1, "game": "ubike"}).encode(),
     "newer Journeys"),
    (json.dumps({"format": "journeys-save", "version": 1, "game": "chess", "seats": [],
                 "options": {}, "seed": 1, "actions": []}).encode(), "does not know"),
    (json.dumps({"format": "journeys-save", "version": 1, "game": "ubike", "seats": "x",
                 "options": {}, "seed": 1, "actions": []}).encode(), "seats"),
])
def test_bad_save_files_get_a_clear_message_and_are_left_alone(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        Session.load(path)
    assert path.read_bytes() == content


def test_truncated_real_save_is_refused(tmp_path):
    session = _session()
    for _ in range(5):
        session.apply(session.state.legal_actions()[0], autosave=False)
    path = tmp_path / "s.json"
    session.save_to(path)
    full = path.read_bytes()
    for cut in (10, len(full) // 2, len(full) - 3):
        path.write_bytes(full[:cut])
        with pytest.raises(SaveError):
            Session.load(path)
        assert path.read_bytes() == full[:cut]


def test_save_with_a_move_that_is_not_legal_names_the_move(tmp_path):
    session = _session()
    data = session.to_save()
    data["actions"] = [{"kind": "DiscardRow", "row": 0}]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="move 1"):
        Session.load(path)
    data["actions"] = [{"kind": "Teleport"}]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="move 1"):
        Session.load(path)


def test_missing_save_file(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        read_save(tmp_path / "nope.json")


def test_autosave_survives_the_process_being_killed_while_writing(tmp_path):
    """A child process rewrites the autosave in a tight loop; we kill it at random moments.
    Whatever moment it dies, the file on disk is a whole, loadable save."""
    autosave = tmp_path / "autosave.json"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        from game.core.registry import get
        from game.core.session import Seat, Session
        from game.core.rng import Rng
        path = Path({str(autosave)!r})
        rng = Rng(1)
        seed = 0
        print("ready", flush=True)
        while True:
            seed += 1
            s = Session(get("ubike"), [Seat("A"), Seat("B")], {{}}, seed, autosave_path=path)
            while not s.state.is_over:
                legal = s.state.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    """)
    for attempt in range(4):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        deadline = time.time() + 10
        while not autosave.exists() and time.time() < deadline:
            time.sleep(0.01)
        time.sleep(0.15 + 0.1 * attempt)
        proc.kill()
        proc.wait()
        session = Session.load(autosave)
        assert session.actions == session.actions[: len(session.actions)]
        leftovers = [p for p in tmp_path.iterdir() if p.name != "autosave.json"]
        for p in leftovers:  # a killed writer may leave its temporary file, never a bad save
            assert p.name.startswith(".autosave.json.")
            p.unlink()


# ---- sessions and undo ---------------------------------------------------------------------------

def test_undo_stops_where_something_was_revealed():
    from game.games.ubike.rules import EndSchedule, PlayCard, Search, TakeRow
    session = _session()
    state = session.state
    assert state.current_player == 0
    session.apply(Search(), autosave=False)
    assert not session.can_undo(), "a search reveals cards: no undo"
    # Bo (seat 1) is a bot: its moves are never undoable.
    session.apply(session.state.legal_actions()[1], autosave=False)
    assert not session.can_undo()
    if session.state.current_player == 0:
        row = next(a for a in session.state.legal_actions() if isinstance(a, TakeRow))
        before = session.state.to_json()
        session.apply(row, autosave=False)
        assert session.can_undo()
        session.undo()
        assert session.state.to_json() == before
        assert session.can_redo()
        session.redo()
        assert not session.can_redo()
        end = EndSchedule()
        plays = [a for a in session.state.legal_actions() if isinstance(a, PlayCard)]
        if plays:
            session.apply(plays[0], autosave=False)
            assert session.can_undo()
        session.apply(end, autosave=False)
        assert not session.can_undo(), "the turn passed on"
    with pytest.raises(IllegalAction):
        session.undo()


def test_seat_json_is_checked():
    assert Seat.from_json({"name": "A", "kind": "bot", "level": "hard", "colour": 2}).is_bot
    for bad in ({"name": 3}, {"name": "A", "kind": "alien"}, {"name": "A", "level": "godlike"}, []):
        with pytest.raises(ValueError):
            Seat.from_json(bad)


def test_autosave_is_written_after_every_action(tmp_path):
    path = tmp_path / "auto.json"
    session = Session(get("ubike"), [Seat("A"), Seat("B")], {}, 4, autosave_path=path)
    session.apply(session.state.legal_actions()[0])
    assert len(json.loads(path.read_text())["actions"]) == 1
    session.apply(session.state.legal_actions()[0])
    assert len(Session.load(path).actions) == 2


# ---- hex maths ----------------------------------------------------------------------------------

def test_hex_offset_round_trip_and_pixels():
    for flat in (True, False):
        for odd in (True, False):
            for col in range(-4, 6):
                for row in range(-4, 6):
                    h = hexgrid.offset_to_axial(col, row, flat=flat, odd=odd)
                    assert hexgrid.axial_to_offset(h, flat=flat, odd=odd) == (col, row)
        layout = hexgrid.Layout(24.0, 10, 20, flat)
        for h in hexgrid.spiral(hexgrid.Hex(1, -1), 3):
            assert layout.from_pixel(*layout.to_pixel(h)) == h
            assert len(layout.corners(h)) == 6


def test_hex_distance_ring_line_neighbours():
    origin = hexgrid.Hex(0, 0)
    assert len(hexgrid.ring(origin, 3)) == 18
    assert all(hexgrid.distance(origin, h) == 3 for h in hexgrid.ring(origin, 3))
    assert all(hexgrid.distance(origin, h) == 1 for h in hexgrid.neighbours(origin))
    a, b = hexgrid.Hex(-2, 1), hexgrid.Hex(3, -1)
    path = hexgrid.line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == hexgrid.distance(a, b) + 1


def test_tiled_cell_centres_match_our_axial_layout():
    """Tiled's hexagonal renderer and our flat-topped layout agree on neighbouring cells."""
    tile_w, tile_h, side = 64, 56, 32
    for odd in (True, False):
        c00 = hexgrid.tiled_cell_center(0, 0, tile_w, tile_h, side, flat=True, odd=odd)
        c10 = hexgrid.tiled_cell_center(1, 0, tile_w, tile_h, side, flat=True, odd=odd)
        assert c10[0] - c00[0] == (tile_w + side) / 2
        assert abs(c10[1] - c00[1]) == tile_h / 2


def test_triangle_letters_run_clockwise_from_north():
    centre = (100.0, 100.0)
    bearings = {0: (100, 80), 1: (117, 90), 2: (117, 110), 3: (100, 120), 4: (83, 110), 5: (83, 90)}
    for index, point in bearings.items():
        assert hexgrid.triangle_at(centre, point) == index


def test_a_point_between_two_triangles_belongs_to_the_counter_clockwise_one():
    """Ubi's triangles come from here too (one hex library for both hex games): a point on the
    line between the north-east and the north triangle is in the north one, and so round."""
    import math
    for k in range(6):   # the six lines, from the east corner counter-clockwise
        ccw, cw = (1 - k) % 6, (2 - k) % 6   # the triangles either side of it
        for nudge, expected in ((1e-6, ccw), (-1e-6, cw)):
            angle = math.radians(60 * k + nudge)
            assert hexgrid.triangle_of(math.cos(angle), math.sin(angle)) == expected
    assert hexgrid.triangle_of(1.0, 0.0) == 1 and hexgrid.triangle_of(-1.0, 0.0) == 4   # exactly on a line
    from game.games.ubi.grid import LETTERS, WORLD
    cx, cy = WORLD.centre(300)
    assert WORLD.letter_at(300, cx + 1.0, cy) == LETTERS[1] == "R"   # on the east line: north-east


def test_core_and_rules_import_no_pygame():
    """core/ and every rules.py stay free of pygame, so the engine runs headless: importing
    them, loading their boards and playing a game of each brings in no pygame module."""
    modules = ["game.core." + p.stem for p in (ROOT / "game" / "core").glob("*.py")]
    modules += ["game.core.ai." + p.stem for p in (ROOT / "game" / "core" / "ai").glob("*.py")]
    modules += [f"game.games.{p.parent.name}.rules" for p in (ROOT / "game" / "games").glob("*/rules.py")]
    modules += [f"game.games.{p.parent.name}.bot" for p in (ROOT / "game" / "games").glob("*/bot.py")]
    code = ("import sys, importlib\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "import game.core.registry as r; r.load_games()\n"
            "from game.core.ai.arena import play_game\n"
            "for spec in r.playable_games(): play_game(spec, ['easy'] * spec.min_players, 1)\n"
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert out.stdout.strip() == "", f"pygame imported by the engine: {out.stdout}"


def test_plural_counts_a_noun_with_its_own_plural_when_given():
    from game.core.text import plural
    assert plural(1, "bike") == "1 bike"
    assert plural(0, "ticket") == "0 tickets"
    assert plural(2, "calligraphy", "calligraphies") == "2 calligraphies"
    assert plural(1, "calligraphy", "calligraphies") == "1 calligraphy"


def test_a_field_may_not_take_a_name_every_view_has():
    """A field named `seat` once overwrote the view's own `seat` key, so every seat was shown
    the first seat's hand; the declaration now refuses such names."""
    from game.core.protocol import GameState
    from game.core.state import ATOM, public

    class Clash(GameState):
        FIELDS = (public("seat", shape=ATOM),)

    with pytest.raises(ValueError, match="may not be named"):
        Clash.plan()


def test_the_games_keep_the_menu_order_whichever_is_imported_first():
    """The registry lists the games in their specs' menu order even when a later game's package
    was imported before the registry loaded them all (the rules viewer opens on the first one)."""
    code = textwrap.dedent("""
        import game.games.rallyman, game.games.ttr
        from game.core.registry import playable_games
        print(" ".join(spec.id for spec in playable_games()))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout.split()
    assert out == ["ubike", "staedtetour", "tokaido", "ttr-iberia", "ttr-korea", "rallyman", "ubi"]


def test_a_board_is_read_once_a_run_and_again_when_its_file_changes(tmp_path, monkeypatch):
    """Opening a table again, or one whose board was warmed while its game was set up, does not
    parse the map again (Ubi's took 0.2 s); a map changed on disk is read anew."""
    import shutil

    from game import assets
    from game.core import board as B
    copy = tmp_path / "ubike.tmx"
    shutil.copy(assets.path("maps", "ubike.tmx"), copy)
    parsed = []
    real = B.open_tmx
    monkeypatch.setattr(B, "open_tmx", lambda path: parsed.append(path) or real(path))
    B.warm_boards([copy]).join(timeout=60)
    first = B.load_board(copy)
    assert B.load_board(copy) is first and len(parsed) == 1
    copy.write_text(copy.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert B.load_board(copy) is not first and len(parsed) == 2


def test_pytmx_imported_by_threads_at_once_is_whole_for_each():
    """A map warmed on a background thread while the table reads one: both threads ask for
    pytmx at once, and neither may get it half imported (it once lacked TiledMap, and the
    table fell back to plain paper)."""
    code = textwrap.dedent("""
        import threading
        import pygame
        from game.core import board
        barrier, bad = threading.Barrier(6), []
        def ask():
            barrier.wait()
            try:
                if not hasattr(board.pytmx_module(), "TiledMap"):
                    bad.append("half imported")
            except Exception as exc:
                bad.append(repr(exc))
        threads = [threading.Thread(target=ask) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(bad)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2],
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert out.stdout.strip() == "[]", out.stdout + out.stderr

def test_a_game_warms_its_plain_tiled_maps_and_leaves_its_own_kind_alone(monkeypatch):
    """GameSpec.warm_maps reads a game's Tiled maps on a background thread (the setup, the
    menu's Continue); a game whose maps its own loader draws (map_pictures) is left alone."""
    from game.core import board as B
    from game.core.registry import get, load_games
    load_games()
    asked = []
    monkeypatch.setattr(B, "warm_boards", lambda paths: asked.append([p.name for p in paths]))
    get("tokaido").warm_maps()
    get("rallyman").warm_maps()
    get("ubi").warm_maps()   # its table reads only the picture layer, on the spot
    assert asked == [["tokaido.tmx"]]


def test_a_maps_pictures_are_read_without_its_objects_as_the_whole_reading_gives_them(tmp_path):
    """board_pictures (Ubi's table): the picture layers and the map's size as load_board reads
    them, without parsing the objects; a damaged or missing file says so as load_board does."""
    from game import assets
    from game.core.board import BoardError, _read_board, board_pictures, picture_files
    for name in ("ubi.tmx", "tokaido.tmx", "ttr-korea.tmx"):
        path = assets.path("maps", name)
        whole, light = _read_board(path, 12.0), board_pictures(path)
        assert (light.images, light.width, light.height) == (whole.images, whole.width, whole.height)
        assert picture_files(path) == [image for _n, image, _x, _y in whole.images]
    damaged = tmp_path / "ubi.tmx"
    text = assets.path("maps", "ubi.tmx").read_text(encoding="utf-8")
    damaged.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(BoardError, match="ubi.tmx is damaged"):
        board_pictures(damaged)
    with pytest.raises(BoardError, match="missing"):
        board_pictures(tmp_path / "none.tmx")
