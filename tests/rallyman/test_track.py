"""Rallyman GT's track: the tile catalogue, the circuit files and the Tiled maps built from
them, read back as the space graph the rules drive on (no pygame)."""
from __future__ import annotations

import dataclasses
import math
import tomllib
from pathlib import Path

import pytest

from game.core.board import BoardError
from game.games.rallyman import tiles as T
from game.games.rallyman.track import Track, load_track
from tests.maphelpers import png_size, property_names

REPO = Path(__file__).resolve().parents[2]
CIRCUITS = ("hairpin-oval", "coast-speedway", "old-town")
BOARD_AREA = (1390, 1016)


def circuit_file(name: str) -> dict:
    with open(REPO / "build_scripts" / "maps" / "boards" / f"rallyman-{name}.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def catalogue() -> dict[str, T.TileSide]:
    return T.load_catalogue()


@pytest.fixture(scope="module", params=CIRCUITS)
def circuit(request) -> tuple[str, Track, dict]:
    name = request.param
    return name, load_track(REPO / "maps" / f"rallyman-{name}.tmx"), circuit_file(name)


# ---- the catalogue ------------------------------------------------------------------------

def test_catalogue_has_both_sides_of_every_core_tile(catalogue) -> None:
    assert sorted(catalogue) == sorted(f"{n}{s}" for n in range(101, 121) for s in "ab")
    for key, tile in catalogue.items():
        assert tile.lanes in (1, 2, 3), key
        assert max(tile.lanes_in, tile.lanes_out) == tile.lanes, key
        if key.endswith("b") and tile.number not in (101, 119, 120):
            assert tile.lanes == 2, f"{key}: the b faces are the 2-lane ones"
        # Every mark sits on a corner (a tile with limits), the grid only on 102.
        if tile.hazards or tile.inside or tile.outside:
            assert tile.is_corner, key
        assert bool(tile.grid) == (tile.number == 102), key


def test_a_reversed_bend_turns_the_other_way(catalogue) -> None:
    tile = catalogue["117a"]
    back = tile.backwards()
    assert back.turn() == -tile.turn() == -1
    assert back.rows == tuple(reversed(tile.rows))
    # The outside "4!" stays on the outer lane, which is now the rightmost one.
    assert back.outside[-1].strip("-") == "4"
    assert back.inside[0].lane == 0
    assert catalogue["119a"].backwards().lanes_in == 3


# ---- the circuits close --------------------------------------------------------------------

def test_circuit_files_close_and_match_the_maps(circuit, catalogue) -> None:
    _, track, data = circuit
    placements = T.placements_of(data)
    tiles = T.check_loop(placements, catalogue)
    assert track.tile_count == len(tiles)
    assert 1 <= int(data["circuit"]["laps"]) <= 5
    assert track.laps_range == (1, 5) and track.laps_default == int(data["circuit"]["laps"])
    assert track.title == data["circuit"]["title"] and track.blurb
    assert sum(1 for p in track.placements if p["kind"] == "tile") == len(placements)


def test_a_circuit_that_does_not_close_is_refused(catalogue) -> None:
    placements = T.placements_of(circuit_file("hairpin-oval"))
    with pytest.raises(T.CircuitError, match="is not there"):
        T.check_loop(placements[:-1], catalogue)
    turned = placements[:3] + [dataclasses.replace(placements[3], rotation=1)] + placements[4:]
    with pytest.raises(T.CircuitError, match="rotation"):
        T.check_loop(turned, catalogue)
    stacked = placements[:2] + [dataclasses.replace(placements[2], q=placements[1].q,
                                                    r=placements[1].r)] + placements[3:]
    with pytest.raises(T.CircuitError, match="same hex"):
        T.check_loop(stacked, catalogue)
    narrow = placements[:1] + [dataclasses.replace(placements[1], side="b")] + placements[2:]
    with pytest.raises(T.CircuitError, match="lanes"):
        T.check_loop(narrow, catalogue)


def test_the_box_limits_the_copies_of_a_tile(catalogue) -> None:
    placements = T.placements_of(circuit_file("hairpin-oval"))
    # Tile 108 is a single tile: a second hairpin 108 is refused.
    more = [dataclasses.replace(p, number=108) if p.number == 111 else p for p in placements]
    with pytest.raises(T.CircuitError, match="only 1 of tile 108"):
        T.check_loop(more, catalogue)


# ---- the space graph ----------------------------------------------------------------------

def test_every_space_leads_on_and_the_graph_is_one_loop(circuit) -> None:
    _, track, _ = circuit
    assert [s.id for s in track.spaces] == list(range(len(track.spaces)))
    finish_side = {b for _, b in track.finish_moves}
    assert finish_side
    for s in track.spaces:
        assert s.next, f"space {s.id} leads nowhere"
        reach = track.reachable(s.id)
        assert len(reach) == len(track.spaces), f"space {s.id} does not reach every space"
        assert reach & finish_side


def test_progress_grows_along_every_move_but_the_finish(circuit) -> None:
    _, track, _ = circuit
    for a in track.spaces:
        for b in a.next:
            if track.crosses_finish(a.id, b):
                assert track.spaces[b].progress < a.progress
                assert track.lap_progress(b, 0) > track.lap_progress(a, -1)
            else:
                assert track.spaces[b].progress > a.progress, (a.id, b)
    assert all(0 <= s.progress < track.lap_length for s in track.spaces)


def test_moves_go_ahead_or_diagonally_never_sideways(circuit) -> None:
    _, track, _ = circuit
    for a in track.spaces:
        ahead = [track.spaces[b] for b in a.next]
        assert len(ahead) <= 3
        for b in ahead:
            if b.tile_index == a.tile_index:
                assert abs(b.lane - a.lane) <= 1, (a.id, b.id)
                if b.lane == a.lane:
                    assert b.row == a.row + 1, (a.id, b.id)
            else:
                assert b.tile_index == (a.tile_index + 1) % track.tile_count and b.row == 0
        assert len({(b.tile_index, b.lane) for b in ahead}) == len(ahead)


def _inside(p, poly) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def test_spaces_of_one_tile_do_not_overlap(circuit) -> None:
    _, track, _ = circuit
    by_tile: dict[int, list] = {}
    for s in track.spaces:
        by_tile.setdefault(s.tile_index, []).append(s)
    for spaces in by_tile.values():
        for a in spaces:
            assert _inside(a.centre, list(a.polygon)), f"space {a.id}'s centre is outside it"
            # Its outline pulled 8 % towards its centre lies inside no other space.
            shrunk = [(a.centre[0] + (x - a.centre[0]) * 0.92,
                       a.centre[1] + (y - a.centre[1]) * 0.92) for x, y in a.polygon]
            for b in spaces:
                if b is not a:
                    assert not any(_inside(p, list(b.polygon)) for p in shrunk + [a.centre]), \
                        f"spaces {a.id} and {b.id} overlap"


def test_limits_sit_on_corner_tiles_only(circuit) -> None:
    _, track, _ = circuit
    marked = [s for s in track.spaces if s.limit is not None or s.inside_limit is not None
              or s.outside_caution is not None or s.hazard or s.inside_caution]
    assert marked
    for s in marked:
        assert s.corner_id is not None, f"space {s.id} has a limit off a corner"
    for s in track.spaces:
        if s.outside_caution is not None:
            assert s.limit == s.outside_caution
        if s.inside_limit is not None:
            assert s.inside_limit <= (s.limit or 6)
    for corner in track.corners:
        assert any(s.limit for s in track.spaces if s.corner_id == corner.id)


def test_a_two_lane_tile_never_offers_three_lanes(circuit, catalogue) -> None:
    _, track, data = circuit
    for index, p in enumerate(T.placements_of(data)):
        tile = catalogue[f"{p.number}{p.side}"]
        lanes = {s.lane for s in track.spaces if s.tile_index == index}
        assert len(lanes) == tile.lanes <= 3
        if tile.lanes == 2:
            assert lanes == {0, 1}
            for s in track.spaces:
                if s.tile_index == index:
                    assert len(track.lanes_beside(s)) <= 2


def test_grid_finish_corners_and_pit(circuit) -> None:
    _, track, _ = circuit
    assert len(track.grid) == 6 and len(set(track.grid)) == 6
    grid = [track.spaces[g] for g in track.grid]
    assert all(s.tile_index == 0 for s in grid)
    # The grid sits behind the line: every grid box's first crossing is still ahead.
    past = {b for _, b in track.finish_moves}
    assert all(track.lap_progress(s, -1) < 0 for s in grid)
    assert all(track.spaces[p].progress < min(s.progress for s in grid) for p in past)
    assert [s.grid_box for s in grid] == [1, 2, 3, 4, 5, 6]
    for s in track.spaces:
        corner = track.next_corner(s)
        assert corner is not None
        assert track.inside_lane_of_next_corner(s) in track.lanes_beside(s)
        assert track.inside_rank(s) >= 0
    assert len(track.pit_boxes) == 6
    assert track.pit_entries and all(track.spaces[e].is_edge for e in track.pit_entries)
    paths = track.forward_paths(track.grid[0], 3)
    assert paths and all(len(p) == 3 for p in paths)


def test_map_file_art_and_names(circuit) -> None:
    name, track, _ = circuit
    tmx = REPO / "maps" / f"rallyman-{name}.tmx"
    assert track.image is not None and track.image.is_file()
    w, h = png_size(track.image)
    assert (w, h) == (track.width, track.height)
    assert w <= BOARD_AREA[0] and h <= BOARD_AREA[1]
    text = tmx.read_text(encoding="utf-8")
    assert 'orientation="hexagonal"' in text and 'staggeraxis="x"' in text
    assert "hexrotation" not in text.lower()
    names = set(property_names(tmx))
    assert {"limit", "inside_limit", "outside_caution", "next", "progress", "corner_id",
            "tile_rotation", "q", "r"} <= names


# ---- load errors ------------------------------------------------------------------------

def test_missing_or_broken_map_names_the_file(tmp_path) -> None:
    with pytest.raises(BoardError, match="rallyman-nowhere.tmx"):
        load_track(tmp_path / "rallyman-nowhere.tmx")
    good = (REPO / "maps" / "rallyman-hairpin-oval.tmx").read_text(encoding="utf-8")
    broken = tmp_path / "rallyman-broken.tmx"
    broken.write_text(good[: len(good) // 2], encoding="utf-8")
    with pytest.raises(BoardError, match="rallyman-broken.tmx"):
        load_track(broken)
    cut = tmp_path / "rallyman-cut.tmx"
    cut.write_text(good.replace('name="spaces"', 'name="somewhere"'), encoding="utf-8")
    with pytest.raises(BoardError, match="rallyman-cut.tmx"):
        load_track(cut)


def test_the_road_meets_at_every_tile_edge(circuit) -> None:
    _, track, _ = circuit
    tiles = sorted((p for p in track.placements if p["kind"] == "tile"), key=lambda p: p["order"])
    assert [p["order"] for p in tiles] == list(range(track.tile_count))
    joins = 0
    for a in track.spaces:
        b = track.spaces[a.next[0]]          # straight ahead comes first
        if b.tile_index == a.tile_index or b.row != 0:
            continue
        # An outline runs along the left lane line, then back along the right one: a's
        # far corners are the middle two vertices, b's near corners the first and the last.
        m = len(a.polygon) // 2
        ends = (a.polygon[m - 1], a.polygon[m])
        starts = (b.polygon[0], b.polygon[-1])
        assert math.dist(ends[0], starts[0]) < 1.5 and math.dist(ends[1], starts[1]) < 1.5, \
            f"the road breaks between spaces {a.id} and {b.id}"
        joins += 1
    assert joins >= 2 * track.tile_count
