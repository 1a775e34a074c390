"""Tokaido's bots judge money as strong players do: the next inn's meal first (TOK-37, a meal
for its price at each inn), a farm when that meal is not paid for (TOK-9's farm coins), and
playouts that do not spend the meal money in a village."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.core.ai import make_bot
from game.core.rng import Rng
from game.games.tokaido import SPEC
from game.games.tokaido.actions import BuySouvenirs, ChooseOption, Donate, Move, UseAmulet
from game.games.tokaido.bot import (AMULET_WORTH, CALLIGRAPHY_AHEAD, FORESIGHT_COIN, KNOWLEDGE, amulet_outlook,
                                    calligraphy_outlook, coin_worth, meal_need, set_promise, stop_gain)
from game.games.tokaido import scoring
from game.games.tokaido.data import (ACHIEVEMENT_POINTS, CALLIGRAPHY, ENCOUNTER, FAMILIES, FARM, HOTSPRING, INN,
                                     MOUNTAIN, PADDY, SEA, SECTIONS, SOUVENIRS, TEMPLE, VILLAGE, next_inn_index)
from game.games.tokaido.steps import Walk
from tests.tokaido.builders import (amulets, first_inn, holding, next_encounter, others_at_next_inn, panoramas, place,
                                    started, stop_index)


def test_the_next_meal_comes_first_in_what_coins_are_worth() -> None:
    """TOK-37: with an inn ahead, the coins that pay its meal are worth far more than spare
    ones; after the last inn a coin is worth next to nothing."""
    first = coin_worth(1, 2, "") - coin_worth(0, 2, "")
    second = coin_worth(2, 2, "") - coin_worth(1, 2, "")
    spare = coin_worth(9, 2, "") - coin_worth(8, 2, "")
    assert first > 1.5 and second > 1.5
    assert first > 2 * spare and second > 2 * spare
    assert coin_worth(5, 0, "") - coin_worth(4, 0, "") < 0.5
    # a traveller whose meal comes free keeps no coins for it
    assert meal_need("satsuki") == 0 < meal_need("")


def test_a_traveller_without_meal_money_values_a_farm_above_a_view() -> None:
    """The playouts' guess at a stop: broke before an inn, a farm (TOK-9) beats the next part
    of a panorama; with money to spare it is worth less than a panorama's third part."""
    state = started(3, 1)
    farm = stop_index(state, FARM, after=next_inn_index(state.road, 0))
    holding(state, 0, coins=0)
    broke = stop_gain(state, 0, farm)
    holding(state, 0, coins=9)
    rich = stop_gain(state, 0, farm)
    assert broke > 4.0 and rich < 3.0 and broke > rich + 2.0


def test_the_hard_bot_walks_a_broke_traveller_to_the_farm_before_the_inn() -> None:
    """The issue's case in small: no coins, a farm between the traveller and the next inn, and
    every other stop free: the hard bot stops at the farm rather than walk on to eat nothing."""
    state = started(3, 1)
    inn = next_inn_index(state.road, 0)
    farm = max(i for i in range(inn) if state.road[i].kind == FARM)
    others_at_next_inn(state, 0, farm - 2)
    holding(state, 0, coins=0)
    assert state.current_player == 0
    bot = make_bot(SPEC, "hard", 5, max_iterations=400, time_budget=3600.0)
    choice = bot.choose(state.view(0), state.legal_actions())
    assert choice == Move(farm)


def test_playouts_keep_the_next_meal_in_the_purse() -> None:
    """At a village with 3 coins and an inn ahead, a playout buys only what leaves the meal's
    coins; after the last inn it may spend everything."""
    state = started(3, 1)
    village = stop_index(state, VILLAGE)
    assert state.road[next_inn_index(state.road, village)].kind == INN
    others_at_next_inn(state, 0, village - 1)
    holding(state, 0, coins=3)
    state.apply(Move(village))
    legal = state.legal_actions()
    assert any(isinstance(a, BuySouvenirs) for a in legal)
    rng = Rng(3)
    for _ in range(20):
        buy = KNOWLEDGE.rollout_action(state, legal, rng)
        assert isinstance(buy, BuySouvenirs)
        price = state.souvenir_price(0, buy.cards)
        assert price is not None and 3 - price >= meal_need("") or not buy.cards


def test_only_a_traveller_short_of_meal_money_is_sent_to_the_farm() -> None:
    """The hard level's farm rule leaves the choice to its other judgement when the purse holds
    the next meal, when the traveller eats free (Satsuki, TOK-25) and when no farm lies before
    the inn."""
    state = started(3, 1, travellers=["", "satsuki", ""])
    inn = next_inn_index(state.road, 0)
    farm = max(i for i in range(inn) if state.road[i].kind == FARM)
    others_at_next_inn(state, 0, farm - 2)
    legal = state.legal_actions()
    for coins, sent in ((0, True), (1, True), (5, False)):
        holding(state, 0, coins=coins)
        choice = KNOWLEDGE._farm_first(state.view(0), legal)
        assert (choice == Move(farm)) == sent, coins
    holding(state, 0, coins=0)
    assert KNOWLEDGE._farm_first(state.view(0), [a for a in legal if a != Move(farm)]) is None
    assert KNOWLEDGE.plan(state.view(0), legal, Rng(1), "normal") is None
    state = started(3, 1, travellers=["satsuki", "", ""])
    others_at_next_inn(state, 0, farm - 2)
    holding(state, 0, coins=0)
    assert KNOWLEDGE._farm_first(state.view(0), state.legal_actions()) is None


def test_playouts_value_a_stop_by_what_it_may_give_with_crossroads_and_the_first_finish() -> None:
    """The playouts' guess at a stop counts what the stop may give: the achievement for the
    first to finish a panorama (TOK-18), a cherry tree while any are left (TOK-48) and a bath
    house for a coin to spare (TOK-49); without Crossroads neither of the last two."""
    state = started(3, 1)
    sea = stop_index(state, SEA)
    panoramas(state, 0, sea=SECTIONS[SEA] - 1)
    last_part = float(SECTIONS[SEA])
    assert stop_gain(state, 0, sea) == last_part + ACHIEVEMENT_POINTS
    state.panorama_firsts[SEA] = 1
    assert stop_gain(state, 0, sea) == last_part
    spring = stop_index(state, HOTSPRING)
    holding(state, 0, coins=9)
    plain_spring = stop_gain(state, 0, spring)
    cross = started(3, 1, crossroads=True)
    holding(cross, 0, coins=9)
    assert stop_gain(cross, 0, stop_index(cross, SEA)) > 1.0          # the first part: 1 point
    assert stop_gain(cross, 0, stop_index(cross, HOTSPRING)) > plain_spring
    cross.cherry_left = cross.bath_left = 0
    assert stop_gain(cross, 0, stop_index(cross, SEA)) == 1.0
    assert stop_gain(cross, 0, stop_index(cross, HOTSPRING)) == plain_spring


def test_the_hard_bot_walks_to_the_stop_worth_most_for_its_steps() -> None:
    """The hard level walks by the stop heuristic, not by the search: one part short of the sea
    panorama and first to finish it (TOK-18), it walks past nearer stops to the sea."""
    state = started(3, 1)
    sea = stop_index(state, SEA, after=first_inn(state) // 2)
    others_at_next_inn(state, 0, sea - 3)
    holding(state, 0, coins=9)
    panoramas(state, 0, sea=SECTIONS[SEA] - 1)
    assert [a.index for a in state.legal_actions()][:3] == [sea - 2, sea - 1, sea]
    assert KNOWLEDGE.plan(state.view(0), state.legal_actions(), Rng(1), "hard") == Move(sea)
    assert KNOWLEDGE.plan(state.view(0), state.legal_actions(), Rng(1), "normal") is None




def test_the_hard_bot_keeps_the_next_meal_when_it_shops() -> None:
    """At a village with an inn ahead, the hard level weighs only the buys that leave the coins
    of the meal (TOK-37): all 3 with no farm before the inn, 2 while a farm (TOK-15) may still
    come. A single card of a family its unfinished set lacks (TOK-32: the fourth scores 7) may
    take one of those coins, never two; a second card of a family held may take none."""
    road = started(3, 1).road
    inn = next_inn_index(road, 0)
    kept, tempted = set(), set()
    for village in (i for i in range(inn) if road[i].kind == VILLAGE):
        keep = 2 if any(road[i].kind == FARM for i in range(village + 1, inn)) else 3
        for coins in range(1, 7):
            state = started(3, 1)
            others_at_next_inn(state, 0, village - 1)
            holding(state, 0, coins=coins, souvenirs=[0, 6, 12])     # three families: a fourth scores 7
            held = {SOUVENIRS[c].family for c in (0, 6, 12)}
            offer = [c for c in range(len(SOUVENIRS)) if SOUVENIRS[c].family == SOUVENIRS[18].family][-2:] + [13]
            state.souvenir_deck = [c for c in state.souvenir_deck if c not in offer] + offer
            state.apply(Move(village))
            legal = state.legal_actions()
            weighed = KNOWLEDGE.candidates(state.view(0), legal, "hard")
            assert BuySouvenirs(()) in weighed
            for action in legal:
                left = coins - state.souvenir_price(0, action.cards)
                new = len(action.cards) == 1 and SOUVENIRS[action.cards[0]].family not in held
                assert (action in weighed) == (not action.cards or left >= keep - new), (village, coins, action)
                if new and left == keep - 1:
                    tempted.add(keep)
        kept.add(keep)
    assert kept == tempted == {2, 3}


def _coins_left_at_least(state, piece: int, action) -> int:
    """The coins `piece` surely still holds once its stop is done after `action`: its own later
    choices the thriftiest, the dice (the gaming room's, TOK-50) the worst of 12 rolls."""
    def thriftiest(s) -> int:
        if not s.queue or isinstance(s.queue[0], Walk) or s.current_player != piece:
            return s.players[piece]["coins"]
        best = -1
        for a in s.legal_actions():
            after = s.clone()
            after.apply(a)
            best = max(best, thriftiest(after))
        return best

    worst = None
    for seed in range(12):
        s = state.clone()
        s.rng = Rng(seed, stream=5)
        s.apply(action)
        left = thriftiest(s)
        worst = left if worst is None else min(worst, left)
    assert worst is not None
    return worst


@pytest.mark.parametrize("kind", [VILLAGE, HOTSPRING, FARM, TEMPLE, ENCOUNTER])
def test_every_level_keeps_the_next_meal_through_the_crossroads_options(kind: str) -> None:
    """TOK-47 .. TOK-52 (TOK-37's meal ahead): a Crossroads option that must spend (a legendary
    object, a bath, the gaming room's bet, an amulet, a calligraphy) is weighed by no bot, at
    any level, when it would leave less than the next meal's coins (3, or 2 with a farm before
    the inn) while another option leaves them; with the meal paid for, every option is weighed.
    The hint's words for the usual option then say what the other would leave. What an option
    spends is taken from the rules themselves: the coins left after the stop,
    the traveller's own later choices the thriftiest, the die the worst and the encounter drawn
    one that brings no coin (the bot cannot see the deck)."""
    road = started(3, 1, crossroads=True).road
    at = next(i for i in range(1, len(road) - 1) if road[i].kind == kind and road[i - 1].kind != INN)
    inn = next_inn_index(road, at)
    keep = 2 if any(road[i].kind == FARM for i in range(at + 1, inn)) else 3
    refused: set[str] = set()
    for health in (False, True):                         # TOK-58: Health takes both options
        for coins in range(0, 8):
            state = started(3, 1, crossroads=True)
            others_at_next_inn(state, 0, at - 1)
            holding(state, 0, coins=coins)
            if health:
                amulets(state, 0, "health")
            next_encounter(state, "samurai", "samurai")  # hidden from the bot: cards that bring no coin
            if Move(at) not in state.legal_actions():
                continue                                 # TOK-10: no village or temple without a coin
            state.apply(Move(at))
            legal = state.legal_actions()
            if not isinstance(legal[0], ChooseOption):
                continue                                 # one option only
            left = {a: _coins_left_at_least(state, 0, a) for a in legal}
            for level in ("easy", "normal", "hard"):
                weighed = KNOWLEDGE.candidates(state.view(0), legal, level)
                for a in legal:
                    assert (a in weighed) == (left[a] >= keep or left[a] == max(left.values())), \
                        (kind, coins, health, a, left, level)
            weighed = KNOWLEDGE.candidates(state.view(0), legal, "hard")
            refused |= {a.option for a in legal if a not in weighed}
            # the hint says why the Crossroads option is passed over, only when it is
            cross = ChooseOption("cross")
            why = KNOWLEDGE.explain(state.view(0), ChooseOption("base"))
            assert (f"would leave {left[cross]} coin" in why) == (cross in legal and cross not in weighed
                                                                  and ChooseOption("base") in weighed), why
    # the farm's both options bring 3 coins before the bet; the temple's one option costs what the other does
    assert refused == {FARM: {"cross"}, TEMPLE: {"both"}}.get(kind, {"cross", "both"})


def _cards(*families: str) -> list[int]:
    """One souvenir of each family named (a family twice: two of its cards)."""
    taken: list[int] = []
    for family in families:
        taken.append(next(c for c in range(len(SOUVENIRS)) if SOUVENIRS[c].family == family and c not in taken))
    return taken


def test_a_set_begun_is_worth_more_than_its_points_and_a_second_card_of_a_family_less() -> None:
    """TOK-32: the cards of a set score 1, 3, 5, 7, so with souvenirs still to come the first
    card of a family promises more than its point, two families (with their points) more than
    one family twice;
    a full set promises nothing more (the next card starts a new set), nor does any set when
    no souvenir is still to come."""
    small, food, clothing, art = FAMILIES
    one, two_kinds, one_kind_twice = _cards(small), _cards(small, food), _cards(small, small)
    full = _cards(small, food, clothing, art)
    for more in (1.0, 2.0, 2.5, 4.0):
        assert set_promise([], more) == 0.0
        assert set_promise(one, more) > 0.5
        assert 4 + set_promise(two_kinds, more) > 2 + set_promise(one_kind_twice, more)   # 1+3 against 1+1
        assert abs(set_promise(full, more)) < 1e-9
    assert set_promise(two_kinds, 0.0) == 0.0


def test_the_hard_bot_begins_a_set_at_the_first_village() -> None:
    """At the first village, purse full and the road ahead, the hard level buys souvenirs of
    different families (TOK-14, TOK-32) rather than keep every coin."""
    state = started(3, 1)
    village = stop_index(state, VILLAGE)
    others_at_next_inn(state, 0, village - 1)
    holding(state, 0, coins=8, souvenirs=[])
    small, food, clothing, _ = FAMILIES
    offer = _cards(small, small, food)
    state.souvenir_deck = [c for c in state.souvenir_deck if c not in offer] + offer
    state.apply(Move(village))
    choice = KNOWLEDGE.plan(state.view(0), state.legal_actions(), Rng(2), "hard")
    assert isinstance(choice, BuySouvenirs)
    assert len({SOUVENIRS[c].family for c in choice.cards}) == 2


def test_the_hard_bot_gives_the_temple_one_coin_and_hirotada_the_banks_too() -> None:
    """TOK-19, TOK-40: every donor takes a prize, so the hard level gives one coin a visit
    (the rest buys more in a village); Hirotada adds the bank's coin (TOK-30)."""
    for traveller, expected in (("", Donate(1)), ("hirotada", Donate(1, True))):
        state = started(3, 1, travellers=[traveller] if traveller else None)
        temple = stop_index(state, TEMPLE)
        others_at_next_inn(state, 0, temple - 1)
        holding(state, 0, coins=9)
        state.apply(Move(temple))
        legal = state.legal_actions()
        assert Donate(3) in legal
        assert KNOWLEDGE.plan(state.view(0), legal, Rng(1), "hard") == expected


def test_foresight_makes_every_coin_beyond_the_next_meal_worth_its_two_points() -> None:
    """TOK-53 (Foresight: 2 points a coin left): its holder's coins beyond the next meal are
    worth at least the 2 points they will score, uncapped, and after the last inn exactly that."""
    plain = coin_worth(12, 2, "") - coin_worth(11, 2, "")
    kept = coin_worth(12, 2, "", FORESIGHT_COIN) - coin_worth(11, 2, "", FORESIGHT_COIN)
    assert plain < 1.0 and kept == FORESIGHT_COIN
    assert coin_worth(5, 0, "", FORESIGHT_COIN) == 5 * FORESIGHT_COIN
    # the next meal's coins still come first
    assert coin_worth(2, 2, "", FORESIGHT_COIN) - coin_worth(1, 2, "", FORESIGHT_COIN) > FORESIGHT_COIN


def test_a_calligraphy_is_judged_by_what_it_will_likely_score() -> None:
    """TOK-53: Fasting counts the meals already missed, not every inn ahead (which the holder
    will eat at); Nostalgia counts the road still left to grow on; Foresight is left to the
    coins' worth."""
    state = started(3, 1, crossroads=True)
    holding(state, 0, calligraphy=["fasting"], inn_meals=0)
    assert calligraphy_outlook(state, 0, 0) == 0.0                      # at Kyoto: nothing missed yet
    inn = first_inn(state)
    place(state, 0, inn + 1)
    assert calligraphy_outlook(state, 0, 0) == 3.0                      # the first inn's meal missed
    holding(state, 0, inn_meals=1)
    assert calligraphy_outlook(state, 0, 0) == 0.0
    holding(state, 0, calligraphy=["foresight"], coins=7)
    assert calligraphy_outlook(state, 0, 0) == 0.0
    holding(state, 0, calligraphy=["nostalgia"], souvenirs=[0, 1], legendary=[])
    early = calligraphy_outlook(state, 0, 0)
    place(state, 0, len(state.road) - 1)
    assert calligraphy_outlook(state, 0, 0) == 2.0                      # as it stands at the end
    assert early > 2.0 + CALLIGRAPHY_AHEAD["nostalgia"] / 2


def test_an_amulet_held_is_worth_something_while_there_is_road_to_use_it() -> None:
    """TOK-51, TOK-58: an amulet bought is a use to come, worth nothing once the road is done."""
    state = started(3, 1, crossroads=True)
    holding(state, 0, amulets=["hospitality"])
    assert amulet_outlook(state, 0) == AMULET_WORTH["hospitality"]
    place(state, 0, len(state.road) - 1)
    assert amulet_outlook(state, 0) == 0.0


def test_the_hard_bot_rolls_its_fortune_amulet_before_it_walks() -> None:
    """TOK-58, TOK-73: the Fortune amulet rolls for coins before the walk, at no cost; the hard
    level uses it rather than carry it unused to Edo."""
    state = started(3, 1, crossroads=True)
    others_at_next_inn(state, 0, 1)
    holding(state, 0, amulets=["fortune"], amulet_turn=-1, amulet_fresh=[])
    legal = state.legal_actions()
    assert UseAmulet("fortune") in legal
    assert KNOWLEDGE.plan(state.view(0), legal, Rng(1), "hard") == UseAmulet("fortune")


def test_at_the_end_every_calligraphy_is_judged_at_its_score() -> None:
    """TOK-53, for every calligraphy at once: once the traveller has reached the last inn, what
    the estimate counts for the calligraphies (their outlook, and Foresight's 2 points under each
    coin) is exactly what they score."""
    state = started(3, 1, crossroads=True)
    place(state, 0, len(state.road) - 1)
    holding(state, 0, calligraphy=list(CALLIGRAPHY), coins=5, inn_meals=2, souvenirs=[0, 5], legendary=["shodo"],
            cherry=1, edo_rank=2, panoramas={SEA: SECTIONS[SEA], PADDY: 1, MOUNTAIN: 0})
    achievements = 2
    scored = scoring.calligraphy_points(state.players[0], achievements, state.pieces, state.edition)
    counted = calligraphy_outlook(state, 0, achievements) + coin_worth(5, 0, "", FORESIGHT_COIN)
    assert counted == scored


def test_the_table_tool_plays_with_a_bot_constant_changed_and_puts_it_back() -> None:
    """build_scripts/tokaido_table.py --set: a changed walk constant changes the play, the
    bot's own value is back after the game, and a name that is not a constant is refused."""
    from game.games.tokaido import bot
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))
    import tokaido_table

    assert tokaido_table.bot_constants(["STEP_COST=4", "MEAL_KEEP=2"]) == {"STEP_COST": 4.0, "MEAL_KEEP": 2}
    for wrong in ("KNOWLEDGE=1", "stop_gain=1", "STEP_COST=far", "MEAL_KEEP=2.5", "NOTHING=1"):
        with pytest.raises(SystemExit):
            tokaido_table.bot_constants([wrong])
    before = bot.STEP_COST
    usual = tokaido_table.one_game((7001, 8, "hard", False, {}))
    hasty = tokaido_table.one_game((7001, 8, "hard", False, {"STEP_COST": -1.0}))   # every step is a gain
    assert bot.STEP_COST == before
    assert hasty["stops"] != usual["stops"]
    assert sum(sum(seat.values()) for seat in hasty["stops"]) < sum(sum(seat.values()) for seat in usual["stops"])
    report = tokaido_table.summary([usual, hasty])
    assert "the winner" in report and "points a card" in report
    before_games = [usual, {**usual, "seed": 7002}]
    after_games = [{**g, "scores": [s + k for s in g["scores"]]} for g, k in zip(before_games, (1, 3))]
    assert "paired on 2 seeds: +2.00" in tokaido_table.paired(after_games, before_games)
