"""What the stops give (TOK-13 .. TOK-21, TOK-46 .. TOK-59): a part of TokaidoState (rules.py),
kept in its own file. A traveller arriving at a stop takes what it gives at once, or chooses:
the choices wait as typed steps (steps.py) on the state's queue.
"""
from __future__ import annotations

import itertools
from typing import Any

from game.core.flow import Step, push
from game.core.protocol import Action, seat_token

from .actions import (BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseOption, Donate, KeepAmulet,
                      KeepEncounter, PayEncounter, SkipPanorama, TakeBath, TakePanorama)
from .data import (AMULET_PRICE, BATH_HOUSE_PRICE, CALLIGRAPHY_PRICE, CHERRY_TREE_COINS, ENCOUNTER, ENCOUNTER_NAMES,
                   FARM, FARM_COINS, FORTUNE_DIE, GAMING_ROOM_BET, HOTSPRING, INN, KIND_NAMES, LEGENDARY, MEALS,
                   PAID_ENCOUNTERS, PANORAMAS, SECTIONS, SOUVENIRS, TEMPLE, VILLAGE, Stop)
from .powers import power, souvenir_price
from .steps import (AmuletShop, Arrive, BathHouse, CalligraphyShop, DrawEncounter, EncounterChoice, EncounterFee,
                    InnArrival, LegendaryShop, Offering, PanoramaChoice, StopEffect, StopOptions, Village)


class Stops:
    """The stops' half of TokaidoState: every method here works on the state's own fields."""

    players: list[dict[str, Any]]
    queue: list[Step]
    num_players: int

    # ---- what the traveller may buy or give at a stop ----------------------------------------------
    def _devotions(self, piece: int) -> list[bool]:
        return [False, True] if self._has_amulet(piece, "devotion") else [False]

    def _offering_choices(self, piece: int) -> list[Action]:
        p = self.players[piece]
        extra = [False, True] if power(p["traveller"]).bank_coin_at_temple else [False]
        return [Donate(c, e) for c in range(1, min(3, p["coins"]) + 1) for e in extra]

    def _legendary_choices(self, piece: int) -> list[Action]:
        coins = self.players[piece]["coins"]
        return [BuyLegendary(k, d) for k in self.legendary_pool if LEGENDARY[k].price <= coins
                for d in self._devotions(piece)]

    def _pool_choices(self, piece: int, pool: list[str], kind: type[Action], price: int) -> list[Action]:
        if self.players[piece]["coins"] < price:
            return []
        return [kind(k, d) for k in pool for d in self._devotions(piece)]   # type: ignore[call-arg]

    def _souvenir_choices(self, piece: int) -> list[Action]:
        p = self.players[piece]
        devotion = self._has_amulet(piece, "devotion")
        buys: list[Action] = []
        offer = self.village_offer
        for r in range(len(offer) + 1):
            for combo in itertools.combinations(offer, r):
                price = souvenir_price(p["traveller"], p["coins"], combo)
                if price is None:
                    continue
                buys.append(BuySouvenirs(tuple(combo)))
                if devotion and price > 0 and combo:
                    buys.append(BuySouvenirs(tuple(combo), True))
        return buys

    # ---- stops ------------------------------------------------------------------------------------------
    def resolve_arrive(self, step: Arrive) -> None:
        piece, stop = step.who, self.road[step.index]
        p = self.players[piece]
        if stop.kind == INN:
            push(self.queue, InnArrival(piece, step.index))
            return
        if piece >= self.num_players:                                    # TOK-67, TOK-69: the neutral
            if stop.kind == TEMPLE:
                p["temple"] += 1
                self.emit("offering", "The neutral traveller puts a coin from the bank in the temple.",
                          piece=piece, coins=1)
            return
        gift = power(p["traveller"])
        if stop.kind in PANORAMAS and gift.panorama_coins:              # TOK-54: a coin per stop
            p["coins"] += gift.panorama_coins
            self.emit("power", f"{seat_token(piece)} sells souvenirs by the view: {gift.panorama_coins} coin.",
                      seat=piece, coins=gift.panorama_coins)
        if stop.kind == ENCOUNTER and (gift.encounter_space_coins or gift.encounter_space_points):   # TOK-27
            p["coins"] += gift.encounter_space_coins
            p["bonus"] += gift.encounter_space_points
            self.emit("power", f"{seat_token(piece)} entertains the passers-by: {gift.encounter_space_points} "
                      f"point and {gift.encounter_space_coins} coin.", seat=piece,
                      coins=gift.encounter_space_coins, points=gift.encounter_space_points)
        options = self.stop_options(piece, stop)
        if len(options) == 1:
            push(self.queue, StopEffect(piece, stop.kind, options[0]))
        else:
            push(self.queue, StopOptions(piece, tuple(options)))

    def stop_options(self, piece: int, stop: Stop) -> list[str]:
        """Which of a stop's two options a traveller may take (TOK-46 .. TOK-53, TOK-56, TOK-58)."""
        if not self.crossroads:
            return ["base"]
        p = self.players[piece]
        kind = stop.kind
        base_ok = cross_ok = True
        if kind == VILLAGE:
            cross_ok = any(LEGENDARY[k].price <= p["coins"] for k in self.legendary_pool)
        elif kind in PANORAMAS:
            base_ok = p["panoramas"][kind] < SECTIONS[kind]
            cross_ok = self.cherry_left > 0
        elif kind == HOTSPRING:
            cross_ok = p["coins"] >= BATH_HOUSE_PRICE and self.bath_left > 0
        elif kind == FARM:
            cross_ok = p["coins"] >= GAMING_ROOM_BET
        elif kind == TEMPLE:
            cross_ok = p["coins"] >= AMULET_PRICE and bool(self.amulet_pool)
        elif kind == ENCOUNTER:
            cross_ok = p["coins"] >= CALLIGRAPHY_PRICE and bool(self.calligraphy_pool)
        options = [o for o, ok in (("base", base_ok), ("cross", cross_ok)) if ok]
        both_power = power(p["traveller"]).both_options_at == kind
        if base_ok and cross_ok and (both_power or self._has_amulet(piece, "health")):
            options.append("both")
        return options or ["base"]

    def _choose_option(self, step: Step, action: ChooseOption) -> None:
        piece = step.who
        p = self.players[piece]
        kind = self.road[p["index"]].kind
        if action.option == "both":
            if power(p["traveller"]).both_options_at != kind:
                self._use_amulet(piece, "health")
            push(self.queue, StopEffect(piece, kind, "base"), StopEffect(piece, kind, "cross_too"))
        else:
            push(self.queue, StopEffect(piece, kind, action.option))

    def resolve_stop_effect(self, step: StopEffect) -> None:
        piece, kind = step.who, step.stop
        p = self.players[piece]
        if step.option != "base":                                       # cross_too: after the base option
            self._cross_effect(piece, kind, both=step.option == "cross_too")
        elif kind == VILLAGE:                                           # TOK-14
            offer = [self.souvenir_deck.pop() for _ in range(min(3, len(self.souvenir_deck)))]
            self.village_offer = offer
            self.reveal()
            names = ", ".join(f"{SOUVENIRS[c].name} ({SOUVENIRS[c].price})" for c in offer) or "nothing left"
            self.emit("village_offer", f"The village offers {names}.", seat=piece, cards=list(offer))
            push(self.queue, Village(piece))
        elif kind == FARM:                                              # TOK-15
            p["coins"] += FARM_COINS
            self.emit("farm", f"{seat_token(piece)} earns {FARM_COINS} coins at the farm.", seat=piece,
                      coins=FARM_COINS)
        elif kind in PANORAMAS:                                         # TOK-16
            self._take_panorama(piece, kind)
        elif kind == HOTSPRING:                                         # TOK-17, TOK-72
            if self.hot_spring_deck:
                value = self.hot_spring_deck.pop()
                p["hot_springs"].append(value)
                self.reveal()
                self.emit("hot_spring", f"{seat_token(piece)} bathes in a hot spring: {value} points.",
                          seat=piece, points=value)
        elif kind == TEMPLE:                                            # TOK-19
            push(self.queue, Offering(piece))
        elif kind == ENCOUNTER:                                         # TOK-20
            push(self.queue, DrawEncounter(piece, True))

    def _cross_effect(self, piece: int, kind: str, both: bool) -> None:
        p = self.players[piece]
        if kind == VILLAGE:                                             # TOK-47
            push(self.queue, LegendaryShop(piece))
        elif kind in PANORAMAS:                                         # TOK-48
            self.cherry_left -= 1
            p["cherry"] += 1
            p["coins"] += CHERRY_TREE_COINS
            self.emit("cherry_tree", f"{seat_token(piece)} rests under a cherry tree: 2 points and 1 coin.",
                      seat=piece, coins=CHERRY_TREE_COINS)
        elif kind == HOTSPRING:                                         # TOK-49
            if self._has_amulet(piece, "devotion"):
                push(self.queue, BathHouse(piece))                      # with or without Devotion?
            else:
                self._take_bath(piece, False)
        elif kind == FARM:                                              # TOK-50
            p["coins"] -= GAMING_ROOM_BET
            face = FORTUNE_DIE[self.rng.below(len(FORTUNE_DIE))]
            self.reveal()
            p["coins"] += GAMING_ROOM_BET * face
            self.emit("gaming_room", f"{seat_token(piece)} bets {GAMING_ROOM_BET} coins in the gaming room and "
                      f"rolls {face}: {GAMING_ROOM_BET * face} coins back.", seat=piece, face=face,
                      coins=GAMING_ROOM_BET * face)
        elif kind == TEMPLE:                                            # TOK-51
            if power(p["traveller"]).bank_coin_at_temple and not both:  # TOK-30: his bank coin all the same
                p["temple"] += 1
                self.emit("offering", f"{seat_token(piece)} puts 1 coin from the bank in the temple.",
                          seat=piece, coins=1)
            push(self.queue, AmuletShop(piece))
        elif kind == ENCOUNTER:                                         # TOK-52
            push(self.queue, CalligraphyShop(piece))

    def _fortune(self, piece: int, why: str) -> None:
        face = FORTUNE_DIE[self.rng.below(len(FORTUNE_DIE))]
        self.reveal()
        self.players[piece]["coins"] += face
        what = "bets a coin and rolls" if why == "bet" else "rolls the fortune die:"
        self.emit("fortune", f"{seat_token(piece)} {what} {face}: {face} coin{'s' if face != 1 else ''}.",
                  seat=piece, face=face, coins=face)

    def _buy_souvenirs(self, step: Step, action: BuySouvenirs) -> None:
        piece = step.who
        p = self.players[piece]
        cost = self.souvenir_price(piece, action.cards)
        assert cost is not None
        if action.cards:
            p["coins"] -= cost
            if action.devote:                                           # TOK-70: the dearest card's price
                self._use_amulet(piece, "devotion")
                p["temple"] += min(max(SOUVENIRS[c].price for c in action.cards), cost)
            p["souvenirs"].extend(action.cards)
            names = ", ".join(SOUVENIRS[c].name for c in action.cards)
            self.emit("buy_souvenirs", f"{seat_token(piece)} buys {names} for {cost} coin{'s' if cost != 1 else ''}.",
                      seat=piece, cards=list(action.cards), coins=cost)
        unsold = [c for c in self.village_offer if c not in action.cards]
        self.rng.shuffle(unsold)
        self.souvenir_deck[0:0] = unsold                                # TOK-14: under the deck
        self.village_offer = []

    def _donate(self, step: Step, action: Donate) -> None:
        piece = step.who
        p = self.players[piece]
        p["coins"] -= action.coins
        p["temple"] += action.coins + (1 if action.extra else 0)        # TOK-30 (Hirotada)
        extra = " and 1 from the bank" if action.extra else ""
        self.emit("offering", f"{seat_token(piece)} gives {action.coins} coin{'s' if action.coins > 1 else ''}"
                  f"{extra} to the temple.", seat=piece, coins=action.coins + (1 if action.extra else 0))

    def _buy_legendary(self, step: Step, action: BuyLegendary) -> None:
        piece = step.who
        obj = LEGENDARY[action.key]
        self._pay(piece, obj.price, action.devote)
        self.legendary_pool.remove(action.key)
        self.players[piece]["legendary"].append(action.key)
        self.emit("legendary", f"{seat_token(piece)} buys the legendary object {obj.name} for {obj.price}.",
                  seat=piece, key=action.key, coins=obj.price)

    def _buy_amulet(self, step: Step, action: BuyAmulet) -> None:
        piece = step.who
        p = self.players[piece]
        self._pay(piece, AMULET_PRICE, action.devote)
        self.amulet_pool.remove(action.name)
        p["amulets"].append(action.name)
        if p["amulet_turn"] != self.turn:
            p["amulet_fresh"] = []
        p["amulet_turn"] = self.turn
        p["amulet_fresh"].append(action.name)
        self.emit("amulet", f"{seat_token(piece)} buys an amulet.", seat=piece, private_for=piece,
                  private_text=f"You buy the amulet of {action.name.title()}.", private={"amulet": action.name})

    def _buy_calligraphy(self, step: Step, action: BuyCalligraphy) -> None:
        piece = step.who
        self._pay(piece, CALLIGRAPHY_PRICE, action.devote)
        self.calligraphy_pool.remove(action.name)
        self.players[piece]["calligraphy"].append(action.name)
        self.emit("calligraphy", f"{seat_token(piece)} buys the calligraphy {action.name.title()}.", seat=piece,
                  key=action.name)

    def _take_bath(self, piece: int, devote: bool) -> None:
        self._pay(piece, BATH_HOUSE_PRICE, devote)
        self.bath_left -= 1
        self.players[piece]["bath"] += 1
        self.emit("bath_house", f"{seat_token(piece)} takes a bath house (4 points).", seat=piece)

    def _use_amulet(self, piece: int, name: str) -> None:
        """A used amulet goes back to the pool (TOK-57)."""
        self.players[piece]["amulets"].remove(name)
        self.amulet_pool.append(name)
        self.emit("use_amulet", f"{seat_token(piece)} uses the amulet of {name.title()}.", seat=piece, amulet=name)

    def _pay(self, piece: int, coins: int, devote: bool) -> None:
        p = self.players[piece]
        p["coins"] -= coins
        if devote and coins > 0:                                        # TOK-58 (Devotion)
            self._use_amulet(piece, "devotion")
            p["temple"] += coins
            self.emit("devotion", f"{seat_token(piece)}'s {coins} coin{'s' if coins > 1 else ''} go to the temple.",
                      seat=piece, coins=coins)

    def _take_panorama(self, piece: int, kind: str) -> None:
        p = self.players[piece]
        if p["panoramas"][kind] >= SECTIONS[kind]:
            return
        p["panoramas"][kind] += 1
        n = p["panoramas"][kind]
        self.emit("panorama", f"{seat_token(piece)} paints part {n} of the {KIND_NAMES[kind]} panorama "
                  f"({n} point{'s' if n != 1 else ''}).", seat=piece, panorama=kind, part=n)
        if n == SECTIONS[kind] and kind not in self.panorama_firsts:    # TOK-18
            self.panorama_firsts[kind] = piece
            p["achievements"].append(kind)
            self.emit("achievement", f"{seat_token(piece)} is first to finish the {KIND_NAMES[kind]} panorama: "
                      f"an achievement (3 points).", seat=piece, achievement=kind)

    def _panorama_pick(self, step: Step, action: TakePanorama | SkipPanorama) -> None:
        if isinstance(action, TakePanorama):
            self._take_panorama(step.who, action.panorama)
        else:
            self.emit("panorama", f"{seat_token(step.who)} paints no other panorama.", seat=step.who)

    def _incomplete_panoramas(self, piece: int) -> list[str]:
        p = self.players[piece]
        return [k for k in PANORAMAS if p["panoramas"][k] < SECTIONS[k]]

    # ---- encounters (TOK-20, TOK-21, TOK-28, TOK-59) ----------------------------------------------------
    def resolve_draw_encounter(self, step: DrawEncounter) -> None:
        piece = step.who
        if not self.encounter_deck:                                     # TOK-72
            self.emit("empty_deck", "The encounter deck is empty.", deck="encounter")
            return
        draw = power(self.players[piece]["traveller"]).encounter_draw if step.at_space else 1
        if draw > 1 and len(self.encounter_deck) >= draw:               # TOK-28, TOK-78: his alone
            cards = [self.encounter_deck.pop() for _ in range(draw)]
            self.players[piece]["drawn"] = cards
            self.reveal()
            self.emit("draw_encounters", f"{seat_token(piece)} draws {draw} encounters and keeps one.", seat=piece,
                      private_for=piece, private={"cards": list(cards)})
            push(self.queue, EncounterChoice(piece))
            return
        card = self.encounter_deck.pop()
        self.reveal()
        self._resolve_encounter(piece, card)

    def _keep_encounter(self, step: Step, action: KeepEncounter) -> None:
        p = self.players[step.who]
        others = list(p["drawn"])
        others.remove(action.card)
        p["drawn"] = []
        self.encounter_deck[0:0] = others                               # TOK-28: under the deck
        self._resolve_encounter(step.who, action.card)

    def _resolve_encounter(self, piece: int, card: str) -> None:
        p = self.players[piece]
        p["encounters"].append(card)
        self.emit("encounter", f"{seat_token(piece)} meets {ENCOUNTER_NAMES[card]}.", seat=piece, card=card)
        if card == "shokunin":
            if self.souvenir_deck:
                c = self.souvenir_deck.pop()
                p["souvenirs"].append(c)
                self.emit("gift", f"The artisan gives {seat_token(piece)} {SOUVENIRS[c].name}.", seat=piece, card=c)
        elif card.startswith("annaibito_"):
            kind = card.split("_", 1)[1]
            if p["panoramas"][kind] < SECTIONS[kind]:
                self._take_panorama(piece, kind)
            else:
                others = self._incomplete_panoramas(piece)
                if others:                                              # TOK-21: may take another
                    push(self.queue, PanoramaChoice(piece, tuple(others), optional=True))
        elif card == "samurai":
            p["bonus"] += 3
        elif card == "kuge":
            p["coins"] += 3
        elif card == "miko":
            p["temple"] += 1
        elif card == "saru":
            if self.hot_spring_deck:
                p["hot_springs"].append(self.hot_spring_deck.pop())
        elif card in PAID_ENCOUNTERS:
            push(self.queue, EncounterFee(piece, card))

    def fee_worth_paying(self, piece: int, card: str) -> bool:
        """Is paying the New Encounter's coin offered? Only with the coin, and only when it gives
        something: Kitoushi a part of an unfinished panorama, Itamae a meal from the deck (TOK-59, TOK-82)."""
        if self.players[piece]["coins"] < PAID_ENCOUNTERS[card]:
            return False
        if card == "kitoushi":
            return bool(self._incomplete_panoramas(piece))
        if card == "itamae":
            return bool(self.meal_deck)
        return True

    def _pay_encounter(self, step: Step, action: PayEncounter) -> None:
        piece, card = step.who, step.card                               # type: ignore[attr-defined]
        p = self.players[piece]
        if not action.pay:
            self.emit("no_fee", f"{seat_token(piece)} does not pay, and gets nothing from {ENCOUNTER_NAMES[card]}.",
                      seat=piece, card=card)
            return
        p["coins"] -= PAID_ENCOUNTERS[card]
        if card == "takuhatsuso":
            p["bonus"] += 4
        elif card == "kitoushi":                                        # offered with a panorama to paint
            push(self.queue, PanoramaChoice(piece, tuple(self._incomplete_panoramas(piece))))
        elif card == "itamae" and self.meal_deck:
            meal = self.meal_deck.pop()
            self.reveal()
            dish = MEALS[meal].dish
            if dish in self.dishes_eaten(piece):
                self.meal_deck.insert(0, meal)
                self.emit("cook", f"The cook serves {seat_token(piece)} a dish eaten already: no meal.", seat=piece,
                          private_for=piece, private_text=f"The cook serves {dish} again: you have eaten it already.",
                          private={"meal": meal})
            else:
                p["cook_meals"].append(meal)                            # TOK-79
                self.emit("cook", f"The cook serves {seat_token(piece)} a meal (6 points).", seat=piece,
                          private_for=piece, private_text=f"The cook serves you {dish} (6 points).",
                          private={"meal": meal})

    def _keep_amulet(self, step: Step, action: KeepAmulet) -> None:
        """Vitality stays for later."""

    def _bath(self, step: Step, action: TakeBath) -> None:
        self._take_bath(step.who, action.devote)

