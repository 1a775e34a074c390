"""Bots for every game: random, greedy (easy, normal) and IS-MCTS (hard)."""
from .bots import BOT_SETTINGS, GreedyBot, ISMCTSBot, RandomBot, make_bot

__all__ = ["BOT_SETTINGS", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot"]
