"""Bots: they see only their seat's view, they are worth playing against, and they think in a
worker process. The matches use fixed seeds and a fixed number of search iterations, so the
results are the same on every run (no timings here: see --bench for those)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from game.core.ai import make_bot
from game.core.ai.worker import BotRunner
from game.core.registry import get, playable_games
from game.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))
from bot_arena import arena  # noqa: E402


@pytest.mark.slow
def test_hard_beats_random_in_nine_games_of_ten():
    result = arena("ubike", "hard", "random", seeds=50, players=2, iterations=100, jobs=2)
    assert result["first_win_share"] >= 0.9, result


@pytest.mark.slow
def test_hard_beats_normal_more_often_than_not():
    result = arena("ubike", "hard", "normal", seeds=30, players=2, iterations=200, jobs=2)
    assert result["first_win_share"] > 0.5, result


def test_the_ladder_easy_beats_random_and_normal_beats_easy():
    assert arena("ubike", "easy", "random", seeds=20)["first_win_share"] >= 0.75
    assert arena("ubike", "normal", "easy", seeds=20)["first_win_share"] > 0.5


def beats_random_tour_guides(result: dict) -> None:
    """Städtetour is mostly luck: with three players a random seat wins a third of the games,
    so over a few dozen games the share of wins swings by several points either way. The
    points are steadier: a bot that reads the others and steers well scores clearly more
    than the random seats beside it, and wins more than its share."""
    assert result["first_avg_score"] > result["others_avg_score"] + 1.5, result
    assert result["first_win_share"] > 0.36, result


def test_staedtetour_bots_beat_random_tour_guides():
    beats_random_tour_guides(arena("staedtetour", "easy", "random", seeds=150, players=3, jobs=2))
    beats_random_tour_guides(arena("staedtetour", "normal", "random", seeds=150, players=3, jobs=2))


@pytest.mark.slow
def test_staedtetour_hard_beats_random_tour_guides():
    beats_random_tour_guides(arena("staedtetour", "hard", "random", seeds=90, players=3, iterations=100, jobs=2))


def test_tokaido_ladder_easy_beats_random_and_normal_beats_easy():
    assert arena("tokaido", "easy", "random", seeds=20)["first_win_share"] >= 0.75
    assert arena("tokaido", "normal", "easy", seeds=10, jobs=2)["first_win_share"] > 0.5


@pytest.mark.slow
def test_tokaido_hard_beats_random_and_normal():
    assert arena("tokaido", "hard", "random", seeds=10, iterations=60, jobs=2)["first_win_share"] >= 0.9
    result = arena("tokaido", "hard", "normal", seeds=10, iterations=120, jobs=2)
    assert result["first_win_share"] > 0.5, result


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_a_bot_does_not_see_what_its_seat_cannot(level):
    """Two states that differ only in things seat 0 may not see (other hands, deck order,
    the generator) give seat 0 the same view, and so the same choice."""
    spec = get("ubike")
    state = spec.make(3, 11)
    rng = Rng(4)
    for _ in range(25):   # into the game a little, so hands and storage hold something
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    while state.current_player != 0:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    other = state.clone()
    other.deck.reverse()
    other.rng = Rng(999)
    other.opportunities[1], other.opp_deck = other.opp_deck[:len(other.opportunities[1])], \
        other.opportunities[1] + other.opp_deck[len(other.opportunities[1]):]
    other.scenery_storage[2], other.deck = other.deck[:len(other.scenery_storage[2])], \
        other.scenery_storage[2] + other.deck[len(other.scenery_storage[2]):]
    assert other.to_json() != state.to_json()
    assert other.view(0) == state.view(0)
    choices = []
    for s in (state, other):
        bot = make_bot(spec, level, seed=5, max_iterations=60)
        choices.append(bot.choose(s.view(0), s.legal_actions()))
    assert choices[0] == choices[1]


def _answer(pending):
    """The bot's move, once it has come (within half a minute)."""
    deadline = time.time() + 30
    while not pending.done() and time.time() < deadline:
        time.sleep(0.01)
    return pending.result()


@pytest.mark.parametrize("use_process", [True, False])
def test_the_bot_worker_answers_with_a_legal_move(use_process):
    spec = get("ubike")
    state = spec.make(2, 3)
    runner = BotRunner(use_process=use_process)
    try:
        assert runner.mode == ("process" if use_process else "thread")
        for _ in range(6):
            seat = state.current_player
            pending = runner.ask("ubike", seat, "normal", 7, state.view(seat), state.legal_actions())
            action = _answer(pending)
            assert action in state.legal_actions()
            state.apply(action)
    finally:
        runner.close()


def test_a_dead_worker_falls_back_to_thinking_here():
    spec = get("ubike")
    state = spec.make(2, 3)
    runner = BotRunner()
    try:
        runner._process.kill()
        runner._process.join(5)
        pending = runner.ask("ubike", 0, "easy", 1, state.view(0), state.legal_actions())
        assert _answer(pending) in state.legal_actions()
        assert runner.mode == "thread"
    finally:
        runner.close()


def test_a_request_that_cannot_reach_the_worker_is_answered_here():
    """Requests go to the worker from a sending thread; one that fails to send (here a view
    that cannot be pickled) is answered on a thread instead of never."""
    spec = get("ubike")
    state = spec.make(2, 3)
    runner = BotRunner()
    try:
        assert runner.mode == "process"
        view = {**state.view(0), "unsendable": lambda: None}
        pending = runner.ask("ubike", 0, "easy", 1, view, state.legal_actions())
        assert _answer(pending) in state.legal_actions()
        assert runner.mode == "thread"
    finally:
        runner.close()


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_level_finishes_a_game(spec):
    from game.core.ai.arena import play_game
    result = play_game(spec, ["random", "easy", "normal", "hard"][: spec.max_players], seed=2,
                       hard_iterations=40)
    assert result["winners"]


def test_a_games_planner_is_asked_first_and_none_leaves_the_bot_as_it_was():
    """`Knowledge.plan` is every bot's first question; a game without a planner answers
    None and its bots decide exactly as before."""
    from game.core.ai.base import Knowledge
    from game.core.ai.bots import FlatMonteCarloBot, GreedyBot, ISMCTSBot

    spec = get("ubike")
    state = spec.make(2, 3)
    view, legal = state.view(state.current_player), state.legal_actions()
    assert len(legal) > 1
    assert Knowledge().plan(view, legal, Rng(1), "normal") is None

    class Planner(Knowledge):
        def __init__(self) -> None:
            self.asked: list[str] = []

        def plan(self, view, legal, rng, level):
            self.asked.append(level)
            return legal[-1]

    for cls, level in ((GreedyBot, "normal"), (ISMCTSBot, "hard"), (FlatMonteCarloBot, "hard")):
        knowledge = Planner()
        bot = cls(spec, knowledge, 5, level=level)
        assert bot.choose(view, legal) == legal[-1]
        assert knowledge.asked == [level]


def test_every_bot_weighs_only_the_games_candidates_and_its_planner_sees_only_them():
    """`Knowledge.candidates` narrows every bot's choice before anything else: the planner,
    the greedy values and the search's root see only those moves (a game leaves out what its
    players never do). A game's answer must be a non-empty part of the legal moves."""
    from game.core.ai.base import Knowledge
    from game.core.ai.bots import FlatMonteCarloBot, GreedyBot, ISMCTSBot

    spec = get("ubike")
    state = spec.make(2, 3)
    view, legal = state.view(state.current_player), state.legal_actions()
    assert len(legal) > 3
    assert Knowledge().candidates(view, legal, "hard") == legal

    class Narrow(Knowledge):
        def __init__(self, keep) -> None:
            self.keep = keep
            self.planned: list[list] = []

        def candidates(self, view, legal, level):
            return self.keep(legal)

        def plan(self, view, legal, rng, level):
            self.planned.append(list(legal))
            return None

    class Watched(Narrow):
        """Records the first move of every search iteration: the root's."""
        def __init__(self, keep) -> None:
            super().__init__(keep)
            self.tried: set = set()

        def sampler(self, view, determinize):
            def sample(rng):
                state = determinize(view, rng)
                play = state.apply

                def apply(action, trusted=False):
                    if state.apply is apply:
                        self.tried.add(action)
                        state.apply = play
                    return play(action, trusted=trusted)
                state.apply = apply
                return state
            return sample

    watched = Watched(lambda moves: moves[1:3])
    ISMCTSBot(spec, watched, 1, level="hard", max_iterations=60).choose(view, legal)
    assert watched.tried == set(legal[1:3])

    kinds = ((GreedyBot, "normal"), (ISMCTSBot, "hard"), (FlatMonteCarloBot, "hard"))
    for seed in range(4):
        for cls, level in kinds:
            knowledge = Narrow(lambda moves: moves[1:3])
            bot = cls(spec, knowledge, seed, level=level, **({} if cls is GreedyBot else {"max_iterations": 60}))
            assert bot.choose(view, legal) in legal[1:3]
            assert knowledge.planned == [legal[1:3]]
    for wrong in (lambda moves: [], lambda moves: [moves[0], "not a move"]):
        for cls, level in kinds:
            with pytest.raises(ValueError, match="candidates"):
                cls(spec, Narrow(wrong), 1, level=level).choose(view, legal)


class _Coin:
    """A one-move game for the flat bot: the move's worth plus the same luck for every move
    (drawn from the state's own generator, which the bot sets alike for every move of a round)."""

    logging = True
    current_player = 0

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.value: float | None = None

    @property
    def is_over(self) -> bool:
        return self.value is not None

    def clone(self) -> _Coin:
        return _Coin()

    def apply(self, action, trusted: bool = False):
        self.move = action
        self.value = action + 10.0 * self.rng.random()
        return []


class _CoinKnowledge:
    rollout_depth = 1

    def candidates(self, view, legal, level):
        return legal

    def plan(self, view, legal, rng, level):
        return None

    def sampler(self, view, determinize):
        return lambda rng: _Coin()

    def __init__(self) -> None:
        self.played: list[float] = []

    def evaluate(self, state):
        self.played.append(state.move)
        return [state.value]

    def action_bias(self, view, action):
        return 0.0


def test_flat_search_compares_moves_on_equal_luck_and_drops_the_clearly_worse():
    """Luck ten times the gap between two moves does not hide it: every round plays each move
    with the same dice, so 30 rounds tell 0.0 from 0.05 on every seed (independent samples
    would need thousands). A move plainly behind leaves the race after RACE_MIN rounds and costs
    no more playouts."""
    from types import SimpleNamespace

    from game.core.ai.bots import FlatMonteCarloBot

    spec = SimpleNamespace(determinize=lambda view, rng: None)
    for seed in range(20):
        bot = FlatMonteCarloBot(spec, _CoinKnowledge(), seed, max_iterations=60, time_budget=60.0)
        assert bot.choose({"seat": 0}, [0.0, 0.05]) == 0.05
    knowledge = _CoinKnowledge()
    bot = FlatMonteCarloBot(spec, knowledge, 1, max_iterations=300, time_budget=60.0)
    assert bot.choose({"seat": 0}, [0.0, 0.05, -3.0]) == 0.05
    assert knowledge.played.count(-3.0) == FlatMonteCarloBot.RACE_MIN
    # with luck shared exactly, 0.0 is as plainly behind: the race ends with one move left
    assert knowledge.played.count(0.0) == FlatMonteCarloBot.RACE_MIN
    assert bot.last_iterations == 3 * FlatMonteCarloBot.RACE_MIN


class _Tally:
    """Seat 0 adds 1 or 2 to a tally three times in a row, seeing nothing new."""

    logging = True
    current_player = 0
    is_over = False
    info_epoch = 0

    def __init__(self, total: int = 0, steps: int = 0) -> None:
        self.total, self.steps = total, steps
        if steps >= 3:
            self.current_player = 1

    def clone(self) -> _Tally:
        return _Tally(self.total, self.steps)

    def legal_actions(self) -> list[int]:
        return [1, 2]

    def apply(self, action, trusted: bool = False):
        self.total += action
        self.steps += 1
        if self.steps >= 3:
            self.current_player = 1
        return []


def test_greedy_values_finish_the_turn_or_stop_where_the_game_says_the_business_is_done():
    """A greedy judgement follows the seat's own moves to the end of its turn; with `until` it
    stops at the first position the game accepts (Tokaido judges a purchase when the stop is
    done, not by the best walk after it)."""
    from game.core.ai.bots import greedy_values

    def judge(until=None):
        return greedy_values(lambda rng: _Tally(), [1, 2], 0, Rng(0), 1, 100, lambda s: float(s.total), until)

    assert judge() == [5.0, 6.0]                               # then 2 and 2 more
    assert judge(lambda s: s.steps >= 1) == [1.0, 2.0]
