"""Ubi's 750 Ubi-and-Answer cards (game/games/ubi/cards.py and the generated cards.json)."""
from __future__ import annotations

import time
import unicodedata

import pytest

from game.games.ubi import grid as G
from game.games.ubi.cards import ZONES, Card, Ubi, load_cards


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


@pytest.fixture(scope="module")
def cards() -> tuple[Card, ...]:
    return load_cards()


@pytest.fixture(scope="module")
def ubis(cards: tuple[Card, ...]) -> list[Ubi]:
    return [u for c in cards for u in c.ubis]


def test_750_cards_with_one_ubi_for_each_zone(cards: tuple[Card, ...]) -> None:
    """UBI-5: 750 cards, each with one Ubi for each of the four zones."""
    assert len(cards) == 750
    for i, card in enumerate(cards):
        assert card.index == i
        assert tuple(u.zone for u in card.ubis) == ZONES
        for zone in ZONES:
            assert card.ubi(zone).zone == zone


def test_every_answer_holds_the_places_own_hexagon(ubis: list[Ubi]) -> None:
    """UBI-6: each real Ubi's accepted answers contain the world hexagon and triangle of its own
    point, and for a place inside an expert area that area's own hexagon too (UBI-12)."""
    for u in ubis:
        if u.red_herring:
            continue
        number, letter = G.WORLD.locate(u.lat, u.lon)
        assert (number, letter) in u.world, u
        assert number in u.hexes
        expert = G.expert_sheet_for(u.lat, u.lon)
        if expert is None:
            assert u.expert is None, u
        else:
            assert u.expert is not None and u.expert[0] == expert.key, u
            assert expert.locate(u.lat, u.lon) in u.expert[1], u
        for key, pairs in [("W", u.world)] + ([u.expert] if u.expert else []):
            count = G.SHEETS[key].count
            assert all(1 <= n <= count and ch in G.LETTERS for n, ch in pairs)


def test_every_explanation_names_its_place(ubis: list[Ubi]) -> None:
    """UBI-10: the words shown with the answer name the place."""
    for u in ubis:
        assert _fold(u.place) in _fold(u.explanation), u
        assert u.text.startswith("Ubi ") and u.text.endswith("?")
        assert 0.0 <= u.fame <= 1.0


def test_zones_are_right(ubis: list[Ubi]) -> None:
    """UBI-4: AMR places lie in the Americas, EUR in Europe, WAT is water or Oceania, UNI
    anywhere else on the map (Africa and Asia)."""
    water = {"sea", "gulf", "bay", "strait", "fjord", "lagoon", "lake", "reservoir", "mouth", "source"}
    for u in ubis:
        if u.zone == "AMR":
            assert -170 <= u.lon <= -20 and u.kind not in water, u
        elif u.zone == "EUR":
            assert -32 <= u.lon <= 60 and u.lat >= 34 and u.kind not in water, u
        elif u.zone == "WAT":
            oceania = u.lon > 110 or u.lon < -130 or u.lat < -10 and u.lon > 100
            assert u.kind in water or oceania, u
        else:
            assert u.kind not in water, u
            assert not (-170 <= u.lon <= -30), u   # not the Americas


def test_red_herrings_and_ghosts(ubis: list[Ubi]) -> None:
    """UBI-9: about 3 % of the Ubis are red herrings, in every zone, with no answer on the map;
    UBI-15: Caesar's Ghost speaks on a few (about 1 %), never on a herring."""
    herrings = [u for u in ubis if u.red_herring]
    assert 0.025 <= len(herrings) / len(ubis) <= 0.035
    assert {u.zone for u in herrings} == set(ZONES)
    for u in herrings:
        assert u.world == () and u.expert is None
        assert "red herring" in u.explanation
        assert not any(u.accepts("W", n) for n in range(1, G.WORLD.count + 1))
    ghosts = [u for u in ubis if u.ghost]
    assert 0.005 <= len(ghosts) / len(ubis) <= 0.02
    assert {u.zone for u in ghosts} == set(ZONES)
    assert not any(u.red_herring for u in ghosts)


def test_accepts_hexagons_and_triangles() -> None:
    """UBI-6: a hexagon answer is right when the hexagon is accepted; a triangle answer only
    when that triangle is; another sheet's numbers are not answers unless the Ubi has them."""
    u = Ubi("UNI", "Ubi is Alexandria?", "Alexandria", 31.2, 29.95, "city",
            ((267, "A"), (267, "E"), (277, "C")), ("E", ((301, "H"),)), "Alexandria, Egypt.", 0.8)
    assert u.hexes == frozenset({267, 277})
    assert u.accepts("W", 267) and u.accepts("W", 277)
    assert u.accepts("W", 267, "A") and u.accepts("W", 267, "e")
    assert not u.accepts("W", 267, "H")
    assert not u.accepts("W", 268) and not u.accepts("W", 268, "A")
    assert u.accepts("E", 301) and u.accepts("E", 301, "H") and not u.accepts("E", 301, "A")
    assert not u.accepts("N", 301) and not u.accepts("E", 267)
    assert u.pairs_on("N") == ()


def test_a_real_card_accepts_its_own_place(ubis: list[Ubi]) -> None:
    """UBI-6: each real Ubi accepts its own point at both precisions and refuses a hexagon far
    away."""
    for u in ubis[:400]:
        if u.red_herring:
            continue
        n, letter = G.WORLD.locate(u.lat, u.lon)
        assert u.accepts("W", n) and u.accepts("W", n, letter)
        far = (n + 400 - 1) % G.WORLD.count + 1
        if far not in u.hexes:
            assert not u.accepts("W", far)


def test_unfair_triangles_are_flagged(ubis: list[Ubi]) -> None:
    """Where the rulebook is silent: a point place too close to an edge for a fair triangle
    (under 0.05 of the hexagon width) is flagged and asked only at hexagonal precision."""
    points = [u for u in ubis if not u.red_herring and u.kind in ("city", "capital", "peak", "volcano")]
    for u in points:
        fair = G.WORLD.margins(u.lat, u.lon)[1] >= 0.05
        assert u.triangle_fair == fair, u
        assert u.fair_on("W") == fair
    assert any(u.triangle_fair for u in points) and any(not u.triangle_fair for u in points)


def test_no_ubi_twice_and_varied_wording(ubis: list[Ubi]) -> None:
    """UBI-5: no Ubi is written twice, no place is asked twice in a zone, and the wording and
    the kinds of place vary."""
    texts = [u.text for u in ubis]
    assert len(set(texts)) == len(texts)
    for zone in ZONES:
        keys = [(u.kind, u.place) for u in ubis if u.zone == zone]
        assert len(set(keys)) == len(keys), zone
    openings = {" ".join(t.split()[:3]) for t in texts}
    assert len(openings) > 100
    kinds = {u.kind for u in ubis}
    assert {"capital", "city", "peak", "volcano", "lake", "sea", "strait", "mouth", "source",
            "island", "cape", "desert", "range"} <= kinds


def test_loading_is_fast_and_cached() -> None:
    """The bank is parsed once; a second call costs nothing."""
    load_cards.cache_clear()
    start = time.perf_counter()
    first = load_cards()
    took = time.perf_counter() - start
    assert took < 1.0
    assert load_cards() is first


def test_herrings_are_as_common_at_triangular_precision_UBI_18(ubis: list[Ubi]) -> None:
    """UBI-18: the share of red herrings among the Ubis a triangle roll can pose (on the world
    map) is the share among all, in every zone, within one herring's worth."""
    for zone in ZONES:
        mine = [u for u in ubis if u.zone == zone]
        fair = [u for u in mine if u.fair_on("W")]
        everywhere = sum(u.red_herring for u in mine) / len(mine)
        at_triangles = sum(u.red_herring for u in fair) / len(fair)
        assert abs(at_triangles - everywhere) <= 1.5 / len(fair), (zone, everywhere, at_triangles)


def test_the_bank_passes_the_audit_of_its_words_UBI_19() -> None:
    """UBI-19: every Ubi's question, place and explanation are clean words (no invisible marks,
    no labels cut short, no mojibake, no misspelling), no place is asked twice, and a name two
    Ubis share is asked saying which: the build-time audit's checks that need only the bank."""
    import json
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "build_scripts"))
    import ubi_audit
    bank = json.loads((root / "game" / "games" / "ubi" / "cards.json").read_text(encoding="utf-8"))
    faults = ubi_audit.text_faults(bank)
    assert not any(faults.values()), {k: v[:5] for k, v in faults.items()}


def test_the_audit_catches_each_kind_of_wording_fault_UBI_19() -> None:
    """The audit is not a test that cannot fail: the faults the issue found in the old bank
    are each caught."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))
    import ubi_audit
    for bad in ("Granada\u200e", "Ryukyu Isands", "Wheeler Pk.", "`Adan", "Ubi is N.w.f.p..?",
                "Ubi is Th?a Thiên - Hu??", "HuÃ¡", "Ubi is  Lima?"):
        assert ubi_audit.word_faults(bad), bad
    for good in ("St. John's", "Ubi is Kitakyūshū, in Japan?", "Ubi is Ōsaka?", "Côte d'Ivoire"):
        assert not ubi_audit.word_faults(good), good


def test_the_ghosts_mark_is_seen_before_the_answer_UBI_15() -> None:
    """UBI-15: a posed Ubi's view says whether Caesar's Ghost speaks on it."""
    from game.core.registry import get
    from game.core.session import PERSON, Seat, Session
    from game.games.ubi import rules as R
    import builders as B
    spec = get("ubi")
    session = Session(spec, [Seat("A", PERSON), Seat("B", PERSON)], spec.default_options(), 5)
    state = session.state
    ghost = next(u for card in load_cards() for u in card.ubis if u.ghost and not u.red_herring)
    state.phase, state.posed, state.posed_card = R.ROLL, None, None
    state.box = next(b for b in (0, 1) if any(load_cards()[i].ubi(ghost.zone).ghost for i in state.boxes[b]))
    B.front_card(state, **{ghost.zone: lambda u: u.ghost})
    B.roll(state, ghost.zone, R.HEX)
    assert state.phase == R.ANSWER and state.view(state.turn_seat)["posed"]["ghost"] is True
    assert state.view((state.turn_seat + 1) % 2)["posed"]["ghost"] is True
