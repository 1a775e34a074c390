"""Ubi's bots: simulated geographers who answer from their view (the Ubi's words and the place's
name) and an atlas of their own, know famous places more often, and are better the harder the
level. Bots have no rule clause; the tests say what the model promises (game/games/ubi/bot.py)."""
from __future__ import annotations

import ast
import dataclasses
import inspect
import math
from typing import Any

from game.core.ai.arena import play_game
from game.core.rng import Rng
from game.games.ubi import bot as B
from game.games.ubi import rules as R
from game.games.ubi.cards import Ubi, load_cards
from tests.ubi.builders import PLAYABLE, fresh, roll

LEVELS = ("easy", "normal", "hard")


def _view(ubi: Ubi, precision: str = R.HEX) -> dict[str, Any]:
    """What a seat sees of a posed Ubi (the part the answer reads)."""
    return {"posed": {"place": ubi.place, "kind": ubi.kind, "zone": ubi.zone, "text": ubi.text},
            "precision": precision, "sheets": ["W"]}


def _is_herring_call(action: R.Action) -> bool:
    return isinstance(action, R.RedHerring)


def _right_share(level: str, triangular: bool) -> float:
    rng = Rng(4)
    ubis = [u for c in load_cards()[:150] for u in c.ubis]
    right = 0
    for u in ubis:
        answer = B.KNOWLEDGE.answer(_view(u, R.TRI if triangular else R.HEX), B.LEVELS[level], rng)
        if u.red_herring:
            right += _is_herring_call(answer)
        else:
            right += isinstance(answer, R.Answer) and u.accepts("W", answer.number, answer.letter)
    return right / len(ubis)


def test_harder_levels_answer_better_and_triangles_are_harder() -> None:
    shares = {lv: (_right_share(lv, False), _right_share(lv, True)) for lv in LEVELS}
    assert shares["easy"][0] < shares["normal"][0] < shares["hard"][0]
    assert shares["easy"][1] < shares["normal"][1] < shares["hard"][1]
    assert all(hexagon > triangle for hexagon, triangle in shares.values())
    # nobody is an oracle: even the hard level misses often
    assert shares["hard"][0] < 0.75


# ---- the atlas is not the bank ------------------------------------------------------------------


def test_the_atlas_is_not_the_bank_more_places_and_no_red_herring() -> None:
    book = B.atlas()
    bank = {(u.place, u.kind) for c in load_cards() for u in c.ubis if not u.red_herring}
    herrings = {u.place for c in load_cards() for u in c.ubis if u.red_herring}
    assert len(book) > 1.5 * len(bank)
    assert herrings and not herrings & set(book.by_name)
    # the bank's real places are among its places (both come from ubi_cards.gather; rebuild the
    # atlas with build_scripts/ubi_atlas.py when the bank changes)
    names = {name for name, _ in bank}
    assert len(names & set(book.by_name)) >= 0.9 * len(names)
    assert "the Netherlands" in book.countries and book.countries["Russia"].size > book.countries["Belgium"].size


def test_famous_places_are_known_more_often_and_harder_levels_know_more() -> None:
    places = B.atlas().values()
    famous = [p for p in places if p.fame >= 0.7]
    obscure = [p for p in places if p.fame <= 0.3]
    known = {lv: B.memory(B.LEVELS[lv]) for lv in LEVELS}
    for lv in LEVELS:
        share_famous = sum(known[lv].knows(p) for p in famous) / len(famous)
        share_obscure = sum(known[lv].knows(p) for p in obscure) / len(obscure)
        assert share_famous > 2 * share_obscure
    assert len(known["easy"].spots) < len(known["normal"].spots) < len(known["hard"].spots)
    hard = B.LEVELS["hard"]
    assert B.known_chance(hard, 1.0) > B.known_chance(hard, 0.2)
    # the less famous, the vaguer the memory; the harder the level, the sharper
    assert B.memory_error(hard, 0.2) > B.memory_error(hard, 0.9)
    assert B.memory_error(hard, 0.5) < B.memory_error(B.LEVELS["easy"], 0.5)


def test_knowledge_is_fixed_per_level_and_place() -> None:
    """A bot knows a place or not for good, and remembers it in the same spot every time:
    a known place gets the same answer whatever the random stream."""
    hard = B.LEVELS["hard"]
    again = B.Memory(hard, B.atlas())
    assert again.spots == B.memory(hard).spots
    known = [u for c in load_cards()[:60] for u in c.ubis
             if B.KNOWLEDGE.recall(B.memory(hard), u.place, u.kind,
                                   B.read_words(B.atlas(), u.text, u.place)) is not None]
    assert len(known) > 40
    for u in known:
        answers = {B.KNOWLEDGE.answer(_view(u, R.TRI), hard, Rng(seed)) for seed in range(4)}
        assert len(answers) == 1


# ---- what a bot reads --------------------------------------------------------------------------


def test_the_bot_never_reads_the_bank() -> None:
    """bot.py neither imports nor calls load_cards, nor touches the posed card or the cards
    module: its atlas and its view are all it reads."""
    tree = ast.parse(inspect.getsource(B))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imported = {alias.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                for alias in n.names}
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    for forbidden in ("load_cards", "posed_card", "posed_ubi", "answer_is_right", "accepts", "CARDS_FILE"):
        assert forbidden not in names | attributes | imported, forbidden
    assert not any(m == "cards" or m.endswith(".cards") for m in modules)
    assert "cards.json" not in inspect.getsource(B)


def _bring_forward(state: R.UbiState, index: int) -> None:
    """Put card `index` at the front of the box in turn."""
    for box in state.boxes:
        if index in box:
            box.remove(index)
    state.boxes[state.box].insert(0, index)


def _posed_positions(count: int) -> list[tuple[R.UbiState, int]]:
    """`count` positions with a Ubi posed (every red herring of the bank among them, both
    precisions), each with its seat to answer."""
    cards = load_cards()
    wanted: list[tuple[int, str]] = [(c.index, u.zone) for c in cards for u in c.ubis if u.red_herring]
    order = list(range(len(cards)))
    Rng(11).shuffle(order)
    for i, index in enumerate(order[:max(0, count - len(wanted))]):
        wanted.append((index, R.ZONES[i % 4]))
    out = []
    for k, (index, zone) in enumerate(wanted[:count]):
        state = fresh(2, seed=k)
        _bring_forward(state, index)
        ubi = cards[index].ubi(zone)
        precision = R.TRI if k % 2 and ubi.triangle_fair else R.HEX
        roll(state, zone, precision)
        assert state.posed_card == index and state.phase == R.ANSWER
        out.append((state, state.turn_seat))
    return out


HIDDEN = ("lat", "lon", "world", "expert", "explanation", "fame")


def _decisions(positions: list[tuple[R.UbiState, int]]) -> list[tuple]:
    out = []
    for k, (state, seat) in enumerate(positions):
        view, legal = state.view(seat), state.legal_actions()
        out.append(tuple(B.KNOWLEDGE.plan(view, legal, Rng(k), lv) for lv in LEVELS))
    return out


def _clear_bot_caches() -> None:
    for cached in (B.atlas, B.memory, B.zone_strength):
        cached.cache_clear()


def test_a_perturbed_card_changes_no_bot_decision() -> None:
    """Whatever the view does not show may change behind it: the posed card's answers are
    replaced by another card's, its red herring and ghost marks flipped, and the state's posed
    card and boxes changed; every bot's move, with the same random stream, stays the same."""
    cards = load_cards()
    positions = _posed_positions(140)
    views = [state.view(seat) for state, seat in positions]
    before = _decisions(positions)
    posed = [cards[state.posed_card].ubi(state.zone) for state, _ in positions]
    saved = [{f: getattr(u, f) for f in (*HIDDEN, "red_herring", "ghost")} for u in posed]
    # another card's answers for each, and the marks flipped (worked out before any change)
    swapped = []
    for k, ((state, _), u) in enumerate(zip(positions, posed)):
        other = cards[(state.posed_card + 101 + k) % len(cards)].ubi(u.zone)
        values = {f: getattr(other, f) for f in HIDDEN}
        values.update(red_herring=not u.red_herring, ghost=not u.ghost)
        swapped.append(values)
    try:
        for u, values in zip(posed, swapped):
            for f, value in values.items():
                object.__setattr__(u, f, value)
            u.__dict__.pop("hexes", None)
        for state, _ in positions:
            state.posed_card = (state.posed_card + 1) % len(cards)
            state.boxes[1 - state.box].reverse()
        _clear_bot_caches()    # nothing the bots remember was read from the bank either
        assert [state.view(seat) for state, seat in positions] == views
        after = _decisions(positions)
    finally:
        for u, values in zip(posed, saved):
            for f, value in values.items():
                object.__setattr__(u, f, value)
            u.__dict__.pop("hexes", None)
        _clear_bot_caches()
    assert after == before
    assert any(_is_herring_call(a) for row in before for a in row)
    assert any(isinstance(a, R.Answer) and a.letter for row in before for a in row)


# ---- never heard of it ------------------------------------------------------------------------


def _never_heard(mind: B.Memory, name: str) -> bool:
    return not any(mind.knows(p) for p in B.atlas().by_name.get(name, ()))


def test_a_herring_and_an_unknown_real_place_are_judged_alike() -> None:
    """An invented name and a real place the bot has never heard of take the same path: with
    the same words around them and the same random stream, the one is called a red herring
    exactly when the other is, at the level's chance."""
    book = B.atlas()
    herrings = [u for c in load_cards() for u in c.ubis if u.red_herring]
    for level in LEVELS:
        lv = B.LEVELS[level]
        mind = B.memory(lv)
        calls = trials = 0
        for i, h in enumerate(herrings):
            words = B.read_words(book, h.text, h.place)
            unknown = [p for p in book.values() if _never_heard(mind, p.name)]
            # a real place the bot has never heard of: of the same kind in the same country if
            # there is one, else of the same kind, else in the same zone
            country = words.countries[0].name if words.countries else None
            stand_in = next(
                (p for p in unknown if p.kind == h.kind and country in p.countries),
                next((p for p in unknown if p.kind == h.kind), next(p for p in unknown if p.zone == h.zone)))
            real = dataclasses.replace(h, text=h.text.replace(h.place, stand_in.name), place=stand_in.name,
                                       red_herring=False)
            for seed in range(i * 100, i * 100 + 12):
                invented = B.KNOWLEDGE.answer(_view(h), lv, Rng(seed))
                unknown = B.KNOWLEDGE.answer(_view(real), lv, Rng(seed))
                assert _is_herring_call(invented) == _is_herring_call(unknown), (level, h.place, stand_in.name)
                calls += _is_herring_call(invented)
                trials += 1
        share = calls / trials
        assert abs(share - lv.herring_call) < 3 * math.sqrt(lv.herring_call / trials) + 0.005, (level, share)


def test_a_name_the_bot_has_heard_of_is_never_called_a_herring() -> None:
    """A real name the bot knows under another kind (a river's mouth when asked for its source)
    is a real place to it, however little it knows of this one."""
    lv = B.LEVELS["normal"]
    mind = B.memory(lv)
    book = B.atlas()
    sources = [p for p in book.values() if p.kind == "source" and not mind.knows(p)
               and any(q.kind == "mouth" and mind.knows(q) for q in book.by_name[p.name])]
    assert sources
    for p in sources[:10]:
        view = {"posed": {"place": p.name, "kind": "source", "zone": p.zone, "text": f"Ubi does the {p.name} rise?"},
                "precision": R.HEX, "sheets": ["W"]}
        assert not any(_is_herring_call(B.KNOWLEDGE.answer(view, lv, Rng(s))) for s in range(40))


def test_a_guess_for_an_unknown_place_lands_near_the_country_the_words_name() -> None:
    """Within the country's rough circle, or near a city of it the bot knows (as far as its
    memory of that city may be off)."""
    lv = B.LEVELS["easy"]
    mind = B.memory(lv)
    book = B.atlas()
    reach = B.memory_error(lv, 0.0) + B.NEAR_A_MODEL + 0.1
    for country in ("Chile", "Norway", "Kenya", "Japan", "Belgium"):
        where = book.countries[country]
        cities = [(p.lat, p.lon) for p in book.values() if where.name in p.countries]
        words = B.read_words(book, f"Ubi in {country} would you find Puerto Inventado?", "Puerto Inventado")
        assert words.countries == (where,)
        for seed in range(20):
            guess = B.KNOWLEDGE.guess(mind, "Puerto Inventado", "city", "UNI", words, Rng(seed))
            assert B._apart(guess, (where.lat, where.lon)) <= where.size + 0.1 or \
                min(B._apart(guess, c) for c in cities) < reach, (country, guess)
    # no country in the words: "Gulf of Thailand" names one in its own name
    words = B.read_words(book, "Ubi is the Gulf of Thailand, some 300,000 km² of water?", "Gulf of Thailand")
    assert not words.countries and [c.name for c in words.name_countries] == ["Thailand"]


def test_namesakes_are_told_apart_by_kind_and_words_never_by_answers() -> None:
    """Several places share a name: the kind asked after and the country the words name choose
    among those the bot knows; a namesake in another country than the words name is not it."""
    book = B.atlas()
    lv = B.LEVELS["hard"]
    mind = B.memory(lv)
    pairs = 0
    for name, group in book.by_name.items():
        cities = [p for p in group if p.kind in B.CITY_KINDS and mind.knows(p) and len(p.countries) == 1]
        if len(cities) < 2 or cities[0].countries == cities[1].countries:
            continue
        for p in cities[:2]:
            country = book.countries[p.countries[0]].bare
            words = B.read_words(book, f"Ubi in {country} would you find {name}?", name)
            assert B.KNOWLEDGE.recall(mind, name, "city", words) == p
        pairs += 1
    assert pairs >= 3
    rivers = [name for name, group in book.by_name.items()
              if {p.kind for p in group if mind.knows(p)} >= {"mouth", "source"}]
    assert rivers
    for name in rivers[:5]:
        words = B.read_words(book, f"Ubi does the {name} rise?", name)
        assert B.KNOWLEDGE.recall(mind, name, "source", words).kind == "source"
        assert B.KNOWLEDGE.recall(mind, name, "mouth", words).kind == "mouth"
        # in a country none of them is in: not one the bot knows
        elsewhere = next(c for c in book.countries.values() if all(c.name not in p.countries for p in group))
        words = B.read_words(book, f"Ubi in {elsewhere.bare} would you find {name}?", name)
        assert B.KNOWLEDGE.recall(mind, name, "city", words) is None


# ---- whole games --------------------------------------------------------------------------------


def _win_share(level: str, other: str, seeds: range) -> float:
    wins = 0.0
    for seed in seeds:
        levels = [other, other]
        me = seed % 2
        levels[me] = level
        result = play_game(PLAYABLE, levels, seed)
        wins += (1 / len(result["winners"])) if me in result["winners"] else 0
    return wins / len(seeds)


def test_the_hard_bot_beats_easy_bots_clearly() -> None:
    assert _win_share("hard", "easy", range(60)) >= 0.85


def test_each_level_beats_the_one_below_in_most_games() -> None:
    assert _win_share("hard", "normal", range(100, 160)) >= 0.6
    assert _win_share("normal", "easy", range(200, 260)) >= 0.6
