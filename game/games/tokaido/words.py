"""Tokaido's words on the table: what each kind of stop gives, the two options of a Crossroads
stop, what each encounter and each legendary object, amulet or calligraphy does, and the names
of families and achievements. The rules' own names (KIND_NAMES, MEALS ...) stay in rules.py."""
from __future__ import annotations


from .data import LATER_EDITION
from .rules import AMULET, CALLI, ENCOUNTER, FARM, HOTSPRING, INN, LEGEND, TEMPLE, VILLAGE

GIVES = {
    VILLAGE: "buy souvenirs", TEMPLE: "give 1 to 3 coins", ENCOUNTER: "meet someone",
    "paddy": "panorama of 3 parts", "mountain": "panorama of 4 parts", "sea": "panorama of 5 parts",
    HOTSPRING: "2 or 3 points", FARM: "3 coins", INN: "all stop; buy a meal",
}
GIVES_LONG = {
    VILLAGE: "Three souvenirs are turned up: buy any you can pay for.",
    TEMPLE: "Give 1, 2 or 3 coins to the temple: 1 point each, and the biggest offerings score at the end.",
    ENCOUNTER: "Draw an encounter card and take what it gives.",
    "paddy": "Paint the next part of your rice paddy (3 parts; part n scores n).",
    "mountain": "Paint the next part of your mountain (4 parts; part n scores n).",
    "sea": "Paint the next part of your sea (5 parts; part n scores n).",
    HOTSPRING: "Take a hot spring card: 2 or 3 points.",
    FARM: "Earn 3 coins.",
    INN: "Everyone stops here. Each in turn may buy one meal (6 points).",
}
CROSS_GIVES = {
    VILLAGE: "or a legendary object", TEMPLE: "or an amulet (1 coin)", ENCOUNTER: "or a calligraphy (1 coin)",
    "paddy": "or a cherry tree", "mountain": "or a cherry tree", "sea": "or a cherry tree",
    HOTSPRING: "or a bath house (1 coin)", FARM: "or bet 2 on the die", INN: "",
}
OPTION_WORDS = {
    VILLAGE: ("Souvenirs: three turned up, buy any", "A legendary object (1 to 3 coins)"),
    TEMPLE: ("An offering: give 1, 2 or 3 coins", "An amulet of your choice for 1 coin"),
    ENCOUNTER: ("An encounter: draw a card", "A calligraphy of your choice for 1 coin"),
    "paddy": ("The next part of your rice paddy", "A cherry tree: 2 points and 1 coin"),
    "mountain": ("The next part of your mountain", "A cherry tree: 2 points and 1 coin"),
    "sea": ("The next part of your sea", "A cherry tree: 2 points and 1 coin"),
    HOTSPRING: ("A hot spring card: 2 or 3 points", "A bath house: 1 coin for 4 points"),
    FARM: ("Earn 3 coins", "Gaming room: bet 2, roll, win twice the face"),
}
ENCOUNTER_TEXT = {
    "shokunin": "The artisan gives you the top souvenir.",
    "annaibito_paddy": "The next part of your rice paddy (or another).",
    "annaibito_mountain": "The next part of your mountain (or another).",
    "annaibito_sea": "The next part of your sea (or another).",
    "samurai": "3 points.",
    "kuge": "3 coins.",
    "miko": "A coin from the bank in your offering.",
    "itamae": "Pay 1: a meal from the deck, 6 points if new to you.",
    "kitoushi": "Pay 1: the next part of a panorama you choose.",
    "saru": "A hot spring card.",
    "takuhatsuso": "Pay 1: 4 points.",
}
POOL_TEXT = {
    "shodo": "1 point per souvenir or object you hold, and per souvenir to come.",
    "emaki": "1 point per souvenir or object you hold, and per souvenir to come.",
    "buppatsu": "A fifth souvenir family: a set may have 5 cards.",
    "ema": "A fifth souvenir family: a set may have 5 cards.",
    "murasame": "8 points.",
    "masamune": "8 points.",
    "foresight": "At the end: 2 points per coin left.",
    "contemplation": "At the end: 3 per finished panorama, 1 per cherry tree.",
    "nostalgia": "At the end: 2 per legendary object, 1 per souvenir.",
    "patience": "At the end: 6 if last into the last inn, else 2.",
    "perfection": "At the end: 2 per achievement, 1 per calligraphy.",
    "fasting": "At the end: 3 per inn meal not eaten.",
    "vitality": "After a move that puts you in the lead, walk again.",
    "fortune": "Before you move, roll the die: take that many coins.",
    "health": "Take both options of a stop.",
    "friendship": "Stop where a traveller already stands.",
    "hospitality": "Your next meal is free.",
    "devotion": "The coins of one purchase go to your offering.",
}
#: where the later edition of Crossroads says otherwise (TOK-66)
LATER_POOL_TEXT = {
    "shodo": "1 point per other souvenir or object, now and later.",
    "emaki": "1 point per other souvenir or object, now and later.",
    "patience": "At the end: 6 if last into the last inn, 4 if the one before, else 2.",
}


def pool_text(key: str, edition: str) -> str:
    """What a legendary object, amulet or calligraphy does, in the rules edition played."""
    return (LATER_POOL_TEXT.get(key) if edition == LATER_EDITION else None) or POOL_TEXT.get(key, "")


ACHIEVEMENT_NAMES = {"paddy": "First rice paddy", "mountain": "First mountain", "sea": "First sea",
                     "gourmet": "Gourmet", "collector": "Collector", "bather": "Bather", "chatterbox": "Chatterbox"}
FAMILY_NAMES = {"small": "Small object", "food": "Food", "clothing": "Clothing", "art": "Art",
                "legendary": "Legendary"}
POOL_NOUNS = {LEGEND: "legendary object", AMULET: "amulet", CALLI: "calligraphy"}


