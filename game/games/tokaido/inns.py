"""Inns and meals (TOK-12, TOK-22 .. TOK-25, TOK-36 .. TOK-38, TOK-44, TOK-45, TOK-67): a part of
TokaidoState (rules.py), kept in its own file. Travellers queue at an inn in the order they
arrive; the first draws the meals, each in turn may buy one, the powers of the inns on the way
act before the meal.
"""
from __future__ import annotations

from typing import Any

from game.core.flow import Step, push
from game.core.protocol import Action, seat_token

from .actions import Bet, EatMeal, EatNothing, TakeFreeMeal
from .data import MEALS, SOUVENIRS
from .powers import meal_price, power
from .steps import DrawEncounter, InnArrival, InnBet, InnPowers, Meal, MealStart, PanoramaChoice


class Inns:
    """The inns' half of TokaidoState: every method here works on the state's own fields."""

    players: list[dict[str, Any]]
    queue: list[Step]
    num_players: int

    # ---- inns (TOK-12, TOK-22 .. TOK-25, TOK-36 .. TOK-38, TOK-45, TOK-67) -------------------------------
    def resolve_inn_arrival(self, step: InnArrival) -> None:
        piece, index = step.who, step.index
        order = self.inns.setdefault(str(index), [])
        order.append(piece)                                             # TOK-12: queue in arrival order
        last = len(self.road) - 1
        if index == last:
            self.edo_arrivals += 1
            self.players[piece]["edo_rank"] = self.edo_arrivals
        if len(order) == 1:                                             # TOK-36: the first arrival draws
            count = self.pieces + (0 if self.opt("gastronomy") else 1)  # TOK-62 (Gastronomy)
            self.meal_hand = [self.meal_deck.pop() for _ in range(min(count, len(self.meal_deck)))]
            self.meal_inn = index
            self.reveal()                                               # the first to choose sees them
            self.emit("meal_table", seat=self._seat(piece), piece=piece, inn=index, count=len(self.meal_hand))
        if piece < self.num_players and 0 < index < last:
            push(self.queue, InnPowers(piece), MealStart(piece))
        else:
            push(self.queue, MealStart(piece))

    def resolve_inn_powers(self, step: InnPowers) -> None:
        piece = step.who
        what = power(self.players[piece]["traveller"]).at_inn
        if what == "panorama":                                          # TOK-22 (Hiroshige)
            options = self._incomplete_panoramas(piece)
            if options:
                push(self.queue, PanoramaChoice(piece, tuple(options)))
        elif what == "encounter":                                       # TOK-24 (Chuubei)
            push(self.queue, DrawEncounter(piece, False))
        elif what == "souvenir":                                        # TOK-45 (Daigoro)
            if self.souvenir_deck:
                c = self.souvenir_deck.pop()
                self.reveal()
                self.players[piece]["souvenirs"].append(c)
                self.emit("gift", f"{seat_token(piece)} finds {SOUVENIRS[c].name} at the inn.", seat=piece, card=c)
        elif what == "bet":                                             # TOK-45 (Jirocho)
            push(self.queue, InnBet(piece))

    def _bet(self, step: Step, action: Bet) -> None:
        if action.bet:
            self.players[step.who]["coins"] -= 1
            self._fortune(step.who, "bet")

    def resolve_meal_start(self, step: MealStart) -> None:
        piece = step.who
        if piece >= self.num_players:                                   # TOK-67: the neutral
            if self.meal_hand:
                gone = self.meal_hand.pop(self.rng.below(len(self.meal_hand)))
                self.meal_deck.insert(0, gone)
                self.reveal()
                self.emit("neutral_meal", "The neutral traveller's meal card goes unseen under the deck.", piece=piece)
            self._inn_done_check()
            return
        if power(self.players[piece]["traveller"]).free_meal and self.meal_deck:   # TOK-25
            self.players[piece]["meal_offer"] = [self.meal_deck.pop()]
            self.reveal()
            self.emit("free_meal_offer", seat=piece, private_for=piece,
                      private={"meal": self.players[piece]["meal_offer"][0]})
        push(self.queue, Meal(piece))

    def _eat(self, step: Step, action: Action) -> None:
        piece = step.who
        p = self.players[piece]
        offer = p["meal_offer"]
        p["meal_offer"] = []
        meal = None
        if isinstance(action, TakeFreeMeal):
            meal, offer = offer[0], []
            self.emit("meal", f"{seat_token(piece)} takes the meal offered to her.", seat=piece, private_for=piece,
                      private_text=f"You take the meal offered to you: {MEALS[meal].dish}.", private={"meal": meal})
        elif isinstance(action, EatMeal):
            alike = [i for i, m in enumerate(self.meal_hand) if MEALS[m].dish == action.dish]
            at = alike[0]
            if len(alike) > 1:   # which of two cards of one dish was drawn first was hidden till now
                self.reveal()
            meal = self.meal_hand.pop(at)
            price = 0 if action.hospitality else self.meal_price(piece, meal)
            if action.hospitality:
                self._use_amulet(piece, "hospitality")                  # TOK-58 (Hospitality)
            self._pay(piece, price, action.devote)
            self.emit("meal", f"{seat_token(piece)} buys a meal.", seat=piece, private_for=piece,
                      private_text=f"You eat {action.dish} for {price} coin{'s' if price != 1 else ''}.",
                      private={"meal": meal})
        else:
            self.emit("no_meal", f"{seat_token(piece)} does not eat here.", seat=piece)
        if meal is not None:
            p["meals"].append(meal)
            p["inn_meals"] += 1
            if power(p["traveller"]).meal_price_points:                 # TOK-45 (Nampo), on the track at once
                p["meal_bonus"] += MEALS[meal].price
        if offer:
            self.meal_deck.insert(0, offer[0])
        self._inn_done_check()

    def _inn_done_check(self) -> None:
        """When every traveller has arrived, the meals left go under the deck (TOK-38)."""
        index = self.meal_inn
        if index < 0 or len(self.inns.get(str(index), [])) < self.pieces:
            return
        self.rng.shuffle(self.meal_hand)
        self.meal_deck[0:0] = self.meal_hand
        self.meal_hand = []
        self.meal_inn = -1

    # ---- what the traveller may eat ---------------------------------------------------------------
    def _meal_choices(self, piece: int) -> list[Action]:
        """Satsuki's free offer, each dish on the table not yet eaten that they can pay (free
        with Hospitality, to the temple with Devotion), or none (TOK-25, TOK-37, TOK-58). In the
        order of the cards, not of the hand, which only the one choosing sees."""
        p = self.players[piece]
        eaten = self.dishes_eaten(piece)
        choices: list[Action] = []
        if p["meal_offer"] and MEALS[p["meal_offer"][0]].dish not in eaten:
            choices.append(TakeFreeMeal())
        devotion = self._has_amulet(piece, "devotion")
        hospitality = self._has_amulet(piece, "hospitality")
        for meal in sorted(self.meal_hand):
            dish = MEALS[meal].dish
            if dish in eaten:
                continue
            eaten = eaten | {dish}            # a dish twice on the table is one choice
            price = meal_price(p["traveller"], MEALS[meal])
            if price <= p["coins"]:
                choices.append(EatMeal(dish))
                if devotion and price > 0:
                    choices.append(EatMeal(dish, devote=True))
            if hospitality and price > 0:
                choices.append(EatMeal(dish, hospitality=True))
        choices.append(EatNothing())
        return choices

    def meal_price(self, piece: int, meal: int) -> int:
        """What meal card `meal` costs `piece` (TOK-23)."""
        return meal_price(self.players[piece]["traveller"], MEALS[meal])

    def dishes_eaten(self, piece: int) -> set[str]:
        p = self.players[piece]
        return {MEALS[m].dish for m in p["meals"] + p["cook_meals"]}

