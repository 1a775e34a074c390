"""Ubi's bots: simulated geographers who answer from their view (the Ubi's words and the place's
name), know famous places more often, and are better the harder the level."""
from __future__ import annotations

from game.core.ai.arena import play_game
from game.core.rng import Rng
from game.games.ubi import bot as B
from game.games.ubi.cards import load_cards
from tests.ubi.builders import PLAYABLE


def _right_share(level: str, triangular: bool) -> float:
    rng = Rng(4)
    ubis = [u for c in load_cards()[:150] for u in c.ubis]
    right = 0
    for u in ubis:
        view = {"posed": {"place": u.place, "kind": u.kind, "zone": u.zone},
                "precision": "tri" if triangular else "hex", "sheets": ["W"]}
        answer = B.KNOWLEDGE.answer(view, B.LEVELS[level], rng)
        if u.red_herring:
            right += type(answer).__name__ == "RedHerring"
        else:
            right += type(answer).__name__ == "Answer" and u.accepts("W", answer.number, answer.letter)
    return right / len(ubis)


def test_harder_levels_answer_better_and_triangles_are_harder() -> None:
    shares = {lv: (_right_share(lv, False), _right_share(lv, True)) for lv in ("easy", "normal", "hard")}
    assert shares["easy"][0] < shares["normal"][0] < shares["hard"][0]
    assert shares["easy"][1] < shares["normal"][1] < shares["hard"][1]
    assert all(hexagon > triangle for hexagon, triangle in shares.values())
    # nobody is an oracle: even the hard level misses often
    assert shares["hard"][0] < 0.75


def test_the_atlas_has_no_red_herrings_and_famous_places_are_known_more_often() -> None:
    herrings = {u.place for c in load_cards() for u in c.ubis if u.red_herring}
    assert herrings and not herrings & {p.name for p in B.atlas().values()}
    hard = B.LEVELS["hard"]
    assert B.known_chance(hard, 1.0) > B.known_chance(hard, 0.2)


def test_the_hard_bot_beats_easy_bots_in_most_games() -> None:
    wins = 0.0
    seeds = 12
    for seed in range(seeds):
        levels = ["easy", "easy"]
        me = seed % 2
        levels[me] = "hard"
        result = play_game(PLAYABLE, levels, seed)
        wins += (1 / len(result["winners"])) if me in result["winners"] else 0
    assert wins / seeds >= 0.75
