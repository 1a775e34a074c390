"""Tokaido's decision panel, below the road: what the seat to act must decide now, as a title,
cards to click (`Spot`), buttons (`ButtonSpec`) and any more drawing, built fresh for each moment
from a `Moment` (the viewer's view and legal actions, and what they have clicked so far).

A card is clickable, and a button is there, when some legal action takes it; the few sums shown
(a price with the traveller's discount, the points souvenirs would add) are worked out from the
view by the rules' pure functions (powers, scoring). The scene turns the `Choice` into pygame-gui
buttons and clicks; `render_panel` draws the rest.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Hashable, Sequence

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.table.picker import Basket, Picker
from game.ui import theme
from game.ui.icons import icon

from .art import (CARD_EDGE, COIN_GOLD, NEUTRAL_GREY, POOL_CARD, card_back, encounter_face, meal_face, medallion,
                  panorama_face, pool_face, pool_name, pool_price, souvenir_face, traveller_face, veil)
from .board import stop_kind
from .data import FIRST_EDITION, LATER_EDITION
from .layout import CONTENT_Y, PANEL
from .powers import meal_price, power, souvenir_price
from .rules import (AMULET, BET, CALLI, ENCOUNTER, ENCOUNTER_NAMES, FARM, FORTUNE_DIE, HOTSPRING, INN, KEEP,
                    KIND_NAMES, LEGEND, MEAL, MEALS, OPTION, PANORAMA, PANORAMAS, PAY, SECTIONS, TEMPLE,
                    USE, VILLAGE, Bet, BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseOption,
                    ChooseTraveller, Donate, EatMeal, EatNothing, KeepAmulet, KeepEncounter, PayEncounter,
                    SkipPanorama, TakeBath, TakeFreeMeal, TakePanorama, UseAmulet, next_inn_index)
from .scoring import souvenir_points
from .steps import BathHouse, Offering, Village, Walk
from .words import CROSS_GIVES, GIVES, OPTION_WORDS, POOL_NOUNS

if TYPE_CHECKING:
    from .rules import Stop

# the kinds of decision (view["pending"]["kind"]) that rules.py has no name for; no pending
# decision at all means the traveller farthest behind walks
WALK, SHOPPING, OFFERING, BATH = Walk.kind, Village.kind, Offering.kind, BathHouse.kind
OPTION_X = 222     # where a Crossroads option's words (its button) begin, right of its name
POOL_VIEW_KEYS = {LEGEND: "legendary_pool", AMULET: "amulet_pool", CALLI: "calligraphy_pool"}
#: what buys a card of each pool, and the card it names
POOL_ACTIONS: dict[str, tuple[type, Callable[[Any], str]]] = {
    LEGEND: (BuyLegendary, lambda a: a.key), AMULET: (BuyAmulet, lambda a: a.name),
    CALLI: (BuyCalligraphy, lambda a: a.name)}


@dataclasses.dataclass
class Spot:
    """A drawn card in the decision panel: where (canvas), what a click means, how it looks."""
    rect: pygame.Rect
    target: Hashable
    face: Callable[[], pygame.Surface]
    clickable: bool = False
    selected: bool = False
    note: str = ""
    dim: bool = False


@dataclasses.dataclass
class ButtonSpec:
    """A pygame-gui button of the decision panel; `action` is applied when it is pressed."""
    name: str
    action: Action | None
    label: str
    kind: str
    rect: pygame.Rect
    tooltip: str | None = None


@dataclasses.dataclass
class Choice:
    """The decision panel at one moment: a title, cards to click, buttons, and more drawing."""
    title: str
    subtitle: str = ""
    spots: list[Spot] = dataclasses.field(default_factory=list)
    buttons: list[ButtonSpec] = dataclasses.field(default_factory=list)
    extra: Callable[[pygame.Surface], None] | None = None
    extra_key: Hashable = None

    def signature(self) -> Hashable:
        """What the panel's picture depends on (the layer redraws when it changes)."""
        return (self.title, self.subtitle, self.extra_key,
                tuple((tuple(s.rect), s.target, s.clickable, s.selected, s.note, s.dim) for s in self.spots))

    def spot(self, target: Hashable) -> Spot | None:
        """The drawn card that `target` names, if it is in the panel now."""
        for spot in self.spots:
            if spot.target == target:
                return spot
        return None

    def target_at(self, pos: tuple[int, int]) -> Hashable:
        """What the card under the canvas point `pos` means, the topmost if cards overlap."""
        for spot in reversed(self.spots):
            if spot.rect.collidepoint(pos):
                return spot.target
        return None


def panel_rect(x: int, y: int, w: int, h: int) -> pygame.Rect:
    """A rectangle given in decision-panel coordinates, on the canvas."""
    return pygame.Rect(PANEL.x + x, PANEL.y + y, w, h)



def souvenir_basket(legal: Sequence[Action]) -> Basket[BuySouvenirs]:
    """The table kit's basket over the village's purchases: souvenirs toggled in and out, each
    allowed while some legal purchase takes them all (TOK-14)."""
    return Basket(legal, things=lambda a: a.cards, keep=lambda a: isinstance(a, BuySouvenirs))


def card_choices(view: dict[str, Any], legal: Sequence[Action]) -> list[tuple[Hashable, Action]]:
    """The panel's card-then-way choices, as (card clicked, legal action) pairs: a meal card on
    the table (each card, as a dish may lie there twice) with each way to eat it (pay,
    Hospitality, Devotion; TOK-37, TOK-58), Satsuki's offered meal (TOK-25), or a card of a pool
    with each way to buy it (TOK-47, TOK-51, TOK-52)."""
    pairs: list[tuple[Hashable, Action]] = []
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == MEAL:
        for i, meal in enumerate(view.get("meal_hand") or []):
            pairs += [(("meal", str(i)), a) for a in legal
                      if isinstance(a, EatMeal) and a.dish == MEALS[meal].dish]
        if TakeFreeMeal() in legal:
            pairs.append((("meal", "free"), TakeFreeMeal()))
    elif kind in POOL_ACTIONS:
        buy, card_of = POOL_ACTIONS[kind]
        pairs += [(("pool", card_of(a)), a) for a in legal if isinstance(a, buy)]
    return pairs


def card_picker(view: dict[str, Any], legal: Sequence[Action]) -> Picker[tuple[Hashable, Action]]:
    """The table kit's picker over `card_choices`: a card, then the way to take it."""
    return Picker(card_choices(view, legal), steps=(lambda p: p[0], lambda p: p[1]))


@dataclasses.dataclass
class Moment:
    """What the decision panel is built from: the viewer's view and legal actions, and what the
    viewer has clicked so far: the souvenirs in the `basket`, the meal or pool card `picked`
    (the table kit's basket and picker over the legal actions; made from them when not given)."""
    view: dict[str, Any]
    legal: list[Action]
    stops: Sequence[Stop]
    mine: bool                      # the seat to act is a person whose view is on screen
    who: str                        # the name of the seat to act
    names: Sequence[str]            # every seat's name
    colours: Sequence[int]          # every seat's palette index
    viewer: int | None = None
    basket: Basket[BuySouvenirs] | None = None
    picked: Picker[tuple[Hashable, Action]] | None = None

    def __post_init__(self) -> None:
        if self.basket is None:
            self.basket = souvenir_basket(self.legal)
        if self.picked is None:
            self.picked = card_picker(self.view, self.legal)

    @property
    def chosen(self) -> Hashable:
        """The card picked (a meal or pool card), or None."""
        assert self.picked is not None
        return self.picked.first

    def cards_on_offer(self) -> set[Hashable]:
        """The cards a click may pick (whatever is picked now)."""
        assert self.picked is not None
        return {target for target, _ in self.picked.all}

    def ways(self) -> list[Action]:
        """The ways to take the card picked: the legal actions its buttons give."""
        assert self.picked is not None
        return [action for _, action in self.picked.remaining] if self.picked.first is not None else []


def build_choice(m: Moment) -> Choice:
    """The decision panel for this moment: the traveller draft, the walk, or the step pending."""
    v = m.view
    if v["phase"] == "over":
        return Choice("The journey is over", "Everyone has reached the last inn. The final scores follow.")
    if v["phase"] == "travellers":
        return _choose_traveller(m)
    pending = v.get("pending")
    kind = pending["kind"] if pending else "walk"
    piece = pending["piece"] if pending else v["acting"]
    builder = _BUILDERS.get(kind)
    if builder is None:
        return Choice(f"{m.who} is deciding", "")
    return builder(m, piece, pending or {"kind": "walk", "piece": piece})


def buttons_row(specs: list[tuple[str, Action | None, str, str, str | None]], y: int,
                x: int = 24, height: int = 52, gap: int = 14) -> list[ButtonSpec]:
    """Lay buttons left to right from (x, y), each as wide as its words."""
    out = []
    for name, action, label, kind, tooltip in specs:
        size, bold = {"primary": (24, True), "big": (26, True), "small": (19, False)}.get(kind, (22, False))
        width = max(150, theme.font(size, bold).size(label)[0] + 44)
        out.append(ButtonSpec(name, action, label, kind, panel_rect(x, y, width, height), tooltip))
        x += width + gap
    return out


def _choose_traveller(m: Moment) -> Choice:
    dealt = m.view["players"][m.viewer]["dealt"] if m.mine and m.viewer is not None else None
    if m.mine and dealt:
        c = Choice("Choose your traveller", "Keep one of these two; nobody sees your choice until everyone "
                   "has chosen.")
        for i, key in enumerate(dealt):
            rect = panel_rect(24 + i * 416, CONTENT_Y, 396, 280)
            c.spots.append(Spot(rect, ("traveller", key), lambda key=key: traveller_face(key, 396, 280),
                                clickable=ChooseTraveller(key) in m.legal))
        return c
    c = Choice(f"{m.who} is choosing a traveller", "In secret: the travellers are shown once everyone has chosen.")
    for i in range(2):
        c.spots.append(Spot(panel_rect(24 + i * 416, CONTENT_Y, 396, 280), ("back", i),
                            lambda: card_back("traveller", 396, 280)))
    return c


def _walk_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    v = m.view
    neutral = piece is not None and piece >= v["num_players"]
    index = v["players"][piece]["index"] if piece is not None else 0
    inn = m.stops[next_inn_index(m.stops, index)]
    inn_name = inn.town or "the next inn"
    if m.mine:
        title = ("You lead: move the neutral traveller" if neutral
                 else "Walk on: click a glowing place on the road")
        sub = f"Forward to any free place, passing others if you like, but not past the inn of {inn_name}."
    else:
        title = f"{m.who} moves the neutral traveller" if neutral else f"{m.who} walks on"
        sub = f"The traveller farthest behind walks next. Everyone waits at the inn of {inn_name}."
    c = Choice(title, sub)
    crossroads = bool(v["options"].get("crossroads"))
    c.extra_key = ("legend", crossroads)
    c.extra = lambda surface: draw_legend(surface, crossroads)
    fortune = UseAmulet("fortune")
    if fortune in m.legal:
        c.buttons = buttons_row([("fortune", fortune, "Roll the fortune die (Fortune amulet)", "",
                                  "Roll the fortune die now and take that many coins; then walk.")], y=322)
    return c


def draw_legend(surface: pygame.Surface, crossroads: bool) -> None:
    """What each kind of stop gives, so the road reads at a glance."""
    order = (VILLAGE, TEMPLE, ENCOUNTER, "paddy", "mountain", "sea", HOTSPRING, FARM, INN)
    for i, kind in enumerate(order):
        col, row = i % 3, i // 3
        cell = pygame.Rect(24 + col * 276, CONTENT_Y + 4 + row * 76, 264, 70)
        img = medallion(kind, 22)
        surface.blit(img, img.get_rect(center=(cell.x + 26, cell.y + 26)))
        theme.draw_text(surface, KIND_NAMES[kind].capitalize(), (cell.x + 58, cell.y + 2), theme.SIZE_SMALL,
                        theme.TEXT, bold=True)
        theme.draw_text(surface, GIVES[kind], (cell.x + 58, cell.y + 25), theme.SIZE_SMALL, theme.TEXT_DIM,
                        max_width=cell.width - 58)
        if crossroads and CROSS_GIVES[kind]:
            theme.draw_text(surface, CROSS_GIVES[kind], (cell.x + 58, cell.y + 47), theme.SIZE_SMALL,
                            theme.TEXT_DIM, max_width=cell.width - 58)


def _option_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    kind = stop_kind(m.stops, m.view, piece)
    base, cross = OPTION_WORDS.get(kind, ("The usual option", "The Crossroads option"))
    name = KIND_NAMES[kind]
    if kind in PANORAMAS:
        part = m.view["players"][piece]["panoramas"][kind] + 1
        base = f"{base}: part {part} of {SECTIONS[kind]}, {plural(part, 'point')}"
    own_power = power(m.view["players"][piece]["traveller"]).both_options_at == kind
    both = "Both: your traveller's power" if own_power else "Both: uses up your Health amulet"
    words = {"base": base, "cross": cross, "both": both}
    options = list(pending.get("options", []))
    c = Choice(f"The {name}: choose one option" if m.mine else f"{m.who} chooses an option at the {name}",
               "With Crossroads every stop but the inns offers a second option.")
    c.extra_key = ("options", kind, tuple(options), m.mine)
    c.extra = option_rows(kind, options, [words[o] for o in options], inert=not m.mine)
    if m.mine:
        for k, option in enumerate(options):
            action = ChooseOption(option)
            if action in m.legal:
                c.buttons.append(ButtonSpec(option, action, words[option], "big",
                                            panel_rect(OPTION_X, CONTENT_Y + 6 + k * 84, 836 - OPTION_X, 66)))
    return c


def _village_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    v = m.view
    offer = list(v["village_offer"])
    if m.mine:
        title = "The village: click souvenirs, then Buy" if offer else "The village has no souvenirs left"
    else:
        title = f"{m.who} is shopping in the village"
    c = Choice(title, "Sets of different families score 1, 3, 5 and 7 points, card by card.")
    basket = m.basket
    assert basket is not None
    for i, ident in enumerate(offer):
        chosen = basket.holds(ident)
        allowed = m.mine and basket.can_add(ident)
        note = "" if not m.mine or allowed else "cannot pay"
        c.spots.append(Spot(panel_rect(24 + i * 192, CONTENT_Y, 176, 236), ("souvenir", ident),
                            lambda ident=ident: souvenir_face(ident, 176, 236), clickable=allowed,
                            selected=chosen, note=note, dim=bool(note)))
    if not m.mine:
        return c
    cards = tuple(ident for ident in offer if basket.holds(ident))   # the offer's order, as the rules list them
    p = v["players"][piece]
    price = souvenir_price(p["traveller"], p["coins"], cards) if cards else 0
    coins = p["coins"]
    gain = souvenir_gain(p, cards, edition_of(v)) if cards else 0
    specs: list[ButtonSpec] = []
    for action in basket.actions():             # the purchase of exactly these, and with Devotion
        if action.devote:
            specs.append(ButtonSpec("devote", action, "Coins to temple", "small", panel_rect(612, 314, 224, 44),
                                    "Devotion amulet: the coins of this purchase go into your temple offering."))
        else:
            label = "Buy nothing" if not cards else f"Buy {len(cards)} for {plural(price or 0, 'coin')}"
            specs.insert(0, ButtonSpec("buy", action, label, "primary" if cards else "",
                                       panel_rect(612, 250, 224, 54)))
    c.buttons = specs
    c.extra_key = (cards, price, coins, gain)

    def summary(surface: pygame.Surface) -> None:
        x = 612
        coin = icon("tok_coin", 24, COIN_GOLD)
        surface.blit(coin, (x, CONTENT_Y + 4))
        theme.draw_text(surface, f"You have {plural(coins, 'coin')}", (x + 32, CONTENT_Y + 2), theme.SIZE_SMALL,
                        theme.TEXT)
        if cards:
            theme.draw_text(surface, f"Price for you: {price}", (x, CONTENT_Y + 40), theme.SIZE_BODY,
                            theme.TEXT, bold=True)
            theme.draw_text(surface, f"Worth +{plural(gain, 'point')} now", (x, CONTENT_Y + 74),
                            theme.SIZE_SMALL, theme.GOOD, bold=True)
        else:
            theme.draw_paragraph(surface, "Nothing chosen yet. You may also buy nothing.",
                                 pygame.Rect(x, CONTENT_Y + 40, 224, 80), theme.SIZE_SMALL, theme.TEXT_DIM)
    c.extra = summary
    return c


def souvenir_gain(p: dict[str, Any], cards: tuple[int, ...], edition: str = FIRST_EDITION) -> int:
    """The points these souvenirs would add to the sets of the traveller's record `p` now (TOK-32)."""
    return souvenir_points({**p, "souvenirs": p["souvenirs"] + list(cards)}, edition) - souvenir_points(p, edition)


def edition_of(view: dict[str, Any]) -> str:
    """The rules edition played (TOK-66), from the view's options."""
    return LATER_EDITION if view["options"].get("edition") == LATER_EDITION else FIRST_EDITION


def _temple_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    v = m.view
    c = Choice("The temple: give 1, 2 or 3 coins" if m.mine else f"{m.who} makes an offering at the temple",
               "Each coin scores 1 point; at the end the biggest offerings score 10, 7 and 4, other givers 2.")
    if m.mine:
        for action in m.legal:
            if isinstance(action, Donate):
                # (the bank's coin in a word the button holds; its tooltip says whose power it is)
                label = f"Give {plural(action.coins, 'coin')}" + (" + 1 bank" if action.extra else "")
                col = 1 if action.extra else 0
                rect = panel_rect(24 + col * 300, CONTENT_Y + 6 + (action.coins - 1) * 70, 286 if col else 270, 58)
                c.buttons.append(ButtonSpec(f"give{action.coins}" + ("+" if action.extra else ""), action, label,
                                            "big" if not action.extra else "", rect,
                                            "Hirotada's power: 1 coin from the bank joins your offering."
                                            if action.extra else None))
    offerings = tuple(p["temple"] for p in v["players"])
    c.extra_key = ("temple", offerings)
    c.extra = lambda surface: draw_offerings(surface, offerings, m.names, m.colours)
    return c


def draw_offerings(surface: pygame.Surface, offerings: tuple[int, ...], names: Sequence[str],
                   colours: Sequence[int]) -> None:
    """Each traveller's temple offering so far, the biggest first; `names` and `colours` are
    the seats' (a piece beyond them is the neutral traveller)."""
    x, y = 620, CONTENT_Y
    theme.draw_text(surface, "Offerings so far", (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
    rows = sorted(range(len(offerings)), key=lambda p: -offerings[p])
    for k, piece in enumerate(rows):
        yy = y + 40 + k * 36
        if piece >= len(colours):
            img = icon("shape_hexagon", 22, NEUTRAL_GREY)
            surface.blit(img, img.get_rect(center=(x + 12, yy)))
            name = "neutral"
        else:
            theme.draw_seat_badge(surface, colours[piece], (x + 12, yy), 22)
            name = names[piece]
        theme.draw_text(surface, name, (x + 32, yy), theme.SIZE_SMALL, theme.TEXT, anchor="midleft",
                        max_width=120)
        coin = icon("tok_coin", 20, COIN_GOLD)
        surface.blit(coin, coin.get_rect(midleft=(x + 168, yy)))
        theme.draw_text(surface, str(offerings[piece]), (x + 194, yy), theme.SIZE_SMALL, theme.TEXT, bold=True,
                        anchor="midleft")


def _pool_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    kind = pending["kind"]
    noun = POOL_NOUNS[kind]
    pool = list(m.view[POOL_VIEW_KEYS[kind]])
    if m.mine:
        c = Choice(f"Click {'an' if noun[0] in 'aeiou' else 'a'} {noun}, then Buy",
                   "Amulets are used once, not in the turn they are bought." if kind == AMULET
                   else "Calligraphies score at the end of the journey." if kind == CALLI
                   else "Legendary objects count as souvenirs for the Collector.")
    else:
        c = Choice(f"{m.who} buys {'an' if noun[0] in 'aeiou' else 'a'} {noun}", "")
    offered = m.cards_on_offer()
    w, h = POOL_CARD
    edition = edition_of(m.view)
    for i, key in enumerate(pool):               # three to a row, lying sideways: their words fit
        target = ("pool", key)
        allowed = m.mine and target in offered
        row, col = divmod(i, 3)
        c.spots.append(Spot(panel_rect(24 + col * (w + 13), CONTENT_Y + row * (h + 10), w, h), target,
                            lambda key=key: pool_face(kind, key, edition), clickable=allowed,
                            selected=m.chosen == target, note="" if not m.mine or allowed else "too dear",
                            dim=m.mine and not allowed))
    if m.mine and isinstance(m.chosen, tuple) and m.chosen[0] == "pool":
        key = m.chosen[1]
        specs = []
        for action in m.ways():
            price, name = pool_price(kind, key), pool_name(kind, key)
            if getattr(action, "devote", False):
                specs.append(("devote", action, "Coins to temple", "small",
                              "Devotion amulet: the coins of this purchase go into your temple offering."))
            else:
                specs.append(("buy", action, f"Buy {name} for {plural(price, 'coin')}", "primary", None))
        c.buttons = buttons_row(specs, y=CONTENT_Y + 2 * POOL_CARD[1] + 20)
    return c


def _panorama_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    kinds = list(pending.get("kinds", []))
    c = Choice("Click the panorama you paint next" if m.mine else f"{m.who} chooses a panorama to paint",
               "Part n of a panorama scores n points; the first to finish one takes an achievement.")
    held = m.view["players"][piece]["panoramas"]
    for i, kind in enumerate(kinds):
        part = held[kind] + 1
        action = TakePanorama(kind)
        c.spots.append(Spot(panel_rect(24 + i * 216, CONTENT_Y, 200, 236), ("panorama", kind),
                            lambda kind=kind, part=part: panorama_face(kind, part, 200, 236),
                            clickable=m.mine and action in m.legal))
    if m.mine and pending.get("optional"):    # the guide's panorama is finished: another one is optional
        c.buttons = buttons_row([("none", SkipPanorama(), "Paint none", "", None)],
                                y=CONTENT_Y + 8, x=24 + len(kinds) * 216 + 10)
    return c


def _keep_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    cards = m.view["players"][piece]["drawn"]     # the viewer's own two cards (None for others)
    if m.mine and cards:
        c = Choice("Yoshiyasu: click the encounter you keep", "The other goes under the deck, unseen by others.")
        for i, card in enumerate(cards):
            c.spots.append(Spot(panel_rect(24 + i * 256, CONTENT_Y, 240, 236), ("keep", i),
                                lambda card=card: encounter_face(card, 240, 236),
                                clickable=KeepEncounter(card) in m.legal))
        return c
    c = Choice(f"{m.who} chooses one of two encounters", "Yoshiyasu draws two and keeps one; the other goes back "
               "under the deck unseen.")
    for i in range(2):
        c.spots.append(Spot(panel_rect(24 + i * 256, CONTENT_Y, 240, 236), ("back", i),
                            lambda: card_back("encounter", 240, 236)))
    return c


def _pay_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    card = pending.get("card", "")
    name = ENCOUNTER_NAMES.get(card, card)
    c = Choice(f"{name}: pay 1 coin?" if m.mine else f"{m.who} meets {name}",
               "Whoever does not pay keeps the card but gets nothing from it.")
    c.spots.append(Spot(panel_rect(24, CONTENT_Y, 240, 236), ("card", card),
                        lambda: encounter_face(card, 240, 236)))
    if m.mine:
        specs = []
        if PayEncounter(True) in m.legal:
            specs.append(("yes", PayEncounter(True), "Pay 1 coin", "primary", None))
        specs.append(("no", PayEncounter(False), "Do not pay", "", None))
        c.buttons = buttons_row(specs, y=CONTENT_Y + 8, x=290)
    return c


def _bet_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    c = Choice("Jirocho: bet a coin on the fortune die?" if m.mine else f"{m.who} may bet at the inn",
               "Bet 1 coin and roll the fortune die: take as many coins as it shows.")
    c.extra_key = "die"
    c.extra = draw_die_faces
    if m.mine:
        specs = []
        if Bet(True) in m.legal:
            specs.append(("yes", Bet(True), "Bet 1 coin and roll", "primary", None))
        specs.append(("no", Bet(False), "Do not bet", "", None))
        c.buttons = buttons_row(specs, y=220)
    return c


def draw_die_faces(surface: pygame.Surface) -> None:
    """The fortune die's six faces, for a bet on it."""
    theme.draw_text(surface, "The die's six faces", (24, CONTENT_Y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
    for i, face in enumerate(FORTUNE_DIE):
        rect = pygame.Rect(24 + i * 76, CONTENT_Y + 34, 62, 62)
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=10)
        pygame.draw.rect(surface, CARD_EDGE, rect, 2, border_radius=10)
        theme.draw_text(surface, str(face), rect.center, theme.SIZE_LARGE, theme.INK, bold=True, anchor="center")


def _meal_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    v = m.view
    index = v["players"][piece]["index"]
    town = m.stops[index].town or "the inn"
    hand = v.get("meal_hand")
    if not m.mine or hand is None:
        count = v.get("meal_hand_count", 0)
        c = Choice(f"{m.who} chooses a meal at {town}",
                   f"{plural(count, 'dish')} on the table, seen only by the traveller choosing."
                   if count else "No dishes left on the table.")
        width = min(124, (812 - 12 * max(0, count - 1)) // max(1, count))
        for i in range(count):
            c.spots.append(Spot(panel_rect(24 + i * (width + 12), CONTENT_Y, width, 200), ("back", i),
                                lambda w=width: card_back("meal", w, 200)))
        return c
    c = Choice(f"The inn of {town}: click a meal, then Eat", "Every meal scores 6 points; nobody eats the same "
               "dish twice on the journey.")
    p = v["players"][piece]                     # the viewer's own record: its meals are shown
    offered = m.cards_on_offer()
    eaten = {MEALS[meal].dish for meal in p["meals"] + p["cook_meals"]}
    # the cards on the table (a spot per card: a dish may lie there twice), then Satsuki's offer
    cards: list[tuple[str, int, int]] = [(str(i), meal, meal_price(p["traveller"], MEALS[meal]))
                                         for i, meal in enumerate(hand)]
    cards += [("free", meal, 0) for meal in p["meal_offer"] or []]
    count = max(1, len(cards))
    width = min(124, (812 - 12 * (count - 1)) // count)
    for i, (key, meal, price) in enumerate(cards):
        target = ("meal", key)
        allowed = target in offered
        note = "free for you" if key == "free" else ""
        if not allowed:
            note = "eaten" if MEALS[meal].dish in eaten else "too dear"
        c.spots.append(Spot(panel_rect(24 + i * (width + 12), CONTENT_Y, width, 200), target,
                            lambda meal=meal, price=price, w=width: meal_face(meal, price, w, 200),
                            clickable=allowed, selected=m.chosen == target, note=note, dim=not allowed))
    specs: list[tuple[str, Action | None, str, str, str | None]] = []
    chosen = next((card for card in cards if m.chosen == ("meal", card[0])), None)
    if chosen is not None:
        key, meal, price = chosen
        dish = MEALS[meal].dish
        for action in m.ways():
            if isinstance(action, TakeFreeMeal):
                specs.append(("eat", action, f"Take {dish}, free", "primary", None))
            elif action.hospitality:
                specs.append(("hospitality", action, "Free: Hospitality", "small",
                              "Use your Hospitality amulet: this meal costs nothing."))
            elif action.devote:
                specs.append(("devote", action, "Coins to temple", "small",
                              "Devotion amulet: the price goes into your temple offering."))
            else:
                specs.append(("eat", action, f"Eat {dish} for {price}", "primary", None))
    specs.append(("nothing", EatNothing(), "Eat nothing", "", None))
    c.buttons = buttons_row(specs, y=318)
    return c


def _use_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    card = "vitality"       # the only amulet offered after a stop (Fortune is offered with the walk)
    c = Choice("You lead the road: use Vitality?" if m.mine else f"{m.who} may use an amulet",
               "Vitality: after a move that puts you in the lead, walk again at once." if m.mine
               else "Amulets are kept face down.")
    if m.mine:
        c.spots.append(Spot(panel_rect(24, CONTENT_Y, *POOL_CARD), ("card", card),
                            lambda: pool_face(AMULET, card, edition_of(m.view))))
        c.buttons = buttons_row([("yes", UseAmulet(card), f"Use {card.title()}: walk again", "primary", None),
                                 ("no", KeepAmulet(), "Keep the amulet", "", None)], y=CONTENT_Y + POOL_CARD[1] + 20)
    return c


def _bath_choice(m: Moment, piece: int, pending: dict[str, Any]) -> Choice:
    c = Choice("A bath house for 1 coin (4 points)" if m.mine else f"{m.who} takes a bath house",
               "Pay the coin to the bank, or into your temple offering with Devotion.")
    if m.mine:
        specs = []
        for action in m.legal:
            if isinstance(action, TakeBath):
                specs.append(("devote" if action.devote else "pay", action,
                              "Pay into the temple (Devotion)" if action.devote else "Pay 1 coin",
                              "" if action.devote else "primary", None))
        c.buttons = buttons_row(specs, y=CONTENT_Y + 8)
    return c


_BUILDERS: dict[str, Callable[[Moment, int, dict[str, Any]], Choice]] = {
    WALK: _walk_choice, OPTION: _option_choice, SHOPPING: _village_choice,
    OFFERING: _temple_choice, LEGEND: _pool_choice, AMULET: _pool_choice,
    CALLI: _pool_choice, PANORAMA: _panorama_choice, KEEP: _keep_choice,
    PAY: _pay_choice, BET: _bet_choice, MEAL: _meal_choice, USE: _use_choice,
    BATH: _bath_choice,
}


def option_rows(kind: str, options: list[str], lines: list[str], inert: bool) -> Callable[[pygame.Surface], None]:
    """A stop's options: which is which on the left (the usual one with the stop's medallion);
    for those watching someone else choose, the words too, as plain rows (the chooser gets
    buttons there)."""
    names = {"base": "Usual", "cross": "Crossroads", "both": "Both"}

    def draw(surface: pygame.Surface) -> None:
        for k, (option, line) in enumerate(zip(options, lines)):
            row = pygame.Rect(24, CONTENT_Y + 6 + k * 84, 812, 66)
            if option == "base":
                img = medallion(kind, 20)
                surface.blit(img, img.get_rect(center=(row.x + 26, row.centery)))
            else:   # two roads crossing: the Crossroads option (both: the stop's and the crossing's)
                centre = (row.x + 26, row.centery)
                pygame.draw.circle(surface, CARD_EDGE, centre, 22)
                pygame.draw.circle(surface, pygame.Color("#8a6f9e"), centre, 20)
                for dx in (-1, 1):
                    pygame.draw.line(surface, theme.PAPER, (centre[0] - 11 * dx, centre[1] - 11),
                                     (centre[0] + 11 * dx, centre[1] + 11), 5)
            theme.draw_text(surface, names[option], (row.x + 56, row.centery), theme.SIZE_BODY, theme.TEXT, bold=True,
                            anchor="midleft")
            if inert:
                box = pygame.Rect(OPTION_X, row.y, 836 - OPTION_X, row.height)
                pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=10)
                theme.draw_text(surface, line, (box.x + 24, box.centery), theme.SIZE_BODY, theme.TEXT_DIM,
                                anchor="midleft", max_width=box.width - 48)
    return draw


def render_panel(surface: pygame.Surface, c: Choice, hover: Hashable, lit: bool,
                 glowing: frozenset = frozenset()) -> None:
    """The panel in panel-local pixels: its title, any more drawing, and the cards (lifted when
    hovered or chosen, veiled when they may not be chosen, glowing when the table says they
    may be clicked: `glowing`); `lit` marks a person's turn."""
    surface.fill((0, 0, 0, 0))
    local = surface.get_rect()
    pygame.draw.rect(surface, theme.PANEL, local, border_radius=12)
    if lit:
        pygame.draw.rect(surface, theme.HIGHLIGHT, (0, 18, 6, 30), border_radius=3)
    theme.draw_text(surface, c.title, (24, 14), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=local.width - 48)
    if c.subtitle:
        theme.draw_text(surface, c.subtitle, (24, 46), theme.SIZE_SMALL, theme.TEXT_DIM,
                        max_width=local.width - 48)
    if c.extra is not None:
        c.extra(surface)
    for spot in c.spots:
        rect = spot.rect.move(-PANEL.x, -PANEL.y)
        clickable = spot.target in glowing
        hovered = hover == spot.target and clickable
        lift = 10 if spot.selected else (5 if hovered else 0)
        at = rect.move(0, -lift)
        pygame.draw.rect(surface, (14, 16, 19), rect.move(0, 5), border_radius=10)
        surface.blit(spot.face(), at)
        if spot.dim:
            surface.blit(veil(rect.size), at)
        if clickable:
            theme.glow_outline(surface, at, radius=10, width=5 if spot.selected or hovered else 3)
        if spot.selected:   # the tick on the card's corner, off its words ("Small objects", "6 points")
            badge = (at.right - 4, at.y + 4)
            pygame.draw.circle(surface, theme.HIGHLIGHT, badge, 14)
            pygame.draw.lines(surface, theme.TEXT_DARK, False,
                              [(badge[0] - 7, badge[1]), (badge[0] - 2, badge[1] + 6), (badge[0] + 7, badge[1] - 6)], 3)
        if spot.note and spot.dim:      # why it may not be chosen, on the veiled card itself
            label = theme.text(theme.fit_text(spot.note, theme.SIZE_SMALL, rect.width - 16), theme.SIZE_SMALL,
                               tuple(theme.TEXT), True)
            pill = label.get_rect(center=at.center).inflate(14, 8)
            pygame.draw.rect(surface, (20, 22, 26), pill, border_radius=8)
            surface.blit(label, label.get_rect(center=pill.center))
        elif spot.note:
            theme.draw_text(surface, spot.note, (rect.centerx, rect.bottom + 8), theme.SIZE_SMALL, theme.GOOD,
                            anchor="midtop", max_width=rect.width + 8)


def why_not(spot: Spot | None) -> str:
    """Why a click on this card (or on nothing on offer) is refused, in words."""
    if spot is None:
        return "That is not on offer now."
    if spot.note == "eaten":
        return "You have eaten that dish already: nobody eats the same dish twice."
    if spot.note in ("too dear", "cannot pay"):
        return "You do not have the coins for that."
    return "That is not allowed right now."


def prompt(v: dict[str, Any]) -> str:
    """What the seat to act may do now, for the status line."""
    if v["phase"] == "travellers":
        return "choose your traveller: click one of the two tiles below the road."
    pending = v.get("pending")
    kind = pending["kind"] if pending else WALK
    if kind == WALK:
        acting = v.get("acting")
        if acting is not None and acting >= v["num_players"]:
            return "you lead, so you move the neutral traveller: click a glowing place on the road."
        return "walk on: click a glowing place on the road."
    return {
        OPTION: "choose one of this stop's two options.",
        SHOPPING: "click souvenirs to choose them, then Buy (or buy nothing).",
        OFFERING: "give 1, 2 or 3 coins to the temple.",
        LEGEND: "click a legendary object, then Buy.",
        AMULET: "click an amulet, then Buy it for 1 coin.",
        CALLI: "click a calligraphy, then Buy it for 1 coin.",
        PANORAMA: "click the panorama whose next part you paint.",
        KEEP: "click the encounter you keep.",
        PAY: "pay 1 coin for this encounter, or not.",
        BET: "bet a coin on the fortune die, or not.",
        MEAL: "click a meal, then Eat, or eat nothing.",
        USE: "use your Vitality amulet to walk again, or keep it.",
        BATH: "pay 1 coin for the bath house.",
    }.get(kind, "your turn.")
