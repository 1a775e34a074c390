"""UBike Tour's hand panel, beside the rows: what the seat to act is doing now, in words under
a heading; in the Schedule the hand (each card with the bikes it would cost) or the card being
paid for; in a turn what the last Search placed and where. The buttons (Search, Pass, End
Schedule, the ways to pay) are the scene's; `PAY_X` and the foot of the panel are kept for them.

Everything is drawn in the panel's own pixels from what the scene passes in; `search` is the
last Search as the scene reads it from the move's events: (the searcher or None, and where
each card went: [card, row or None, storage seat or None])."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable, Collection, Hashable, Mapping

import pygame

from game.table.controller import Turn
from game.ui import theme

from . import art
from .layout import HAND, HAND_CARD, PAY_X, TITLE_W, hand_card_rect
from .rules import CARDS, DISCARD, PLACE, TURN, card_label

Search = tuple[int | None, list[list[Any]]]


def short_payment(pay: tuple[int, int, int, int]) -> str:
    """A way to pay on a button: "3-bike + opp. bike", "1-bike x2" (the log says it in full)."""
    ones, twos, threes, opps = pay
    parts = [name if count == 1 else f"{name} ×{count}"
             for count, name in ((threes, "3-bike"), (twos, "2-bike"), (ones, "1-bike"), (opps, "opp. bike"))
             if count]
    return " + ".join(parts) or "nothing"


def last_distance(view: dict[str, Any], seat: int) -> int | None:
    """The distance of the last card of the seat's journey (None: it has none yet)."""
    journey = view["journeys"][seat]
    return CARDS[journey[-1]].distance if journey else None


def search_words(seat: int | None, placed: list[list[Any]], viewer: int | None,
                 name: Callable[[int | None], str]) -> tuple[str, list[str]]:
    """A heading and one line per card for the last Search, as the viewer reads them."""
    who = "Your" if seat == viewer else f"{name(seat)}'s"
    lines = []
    for number, row, left in placed:
        if row is None:
            owner = "your" if left == viewer else f"{name(left)}'s"
            lines.append(f"{card_label(number)}: lower than every row, so face down to {owner} "
                         f"scenery storage")
        else:
            lines.append(f"{card_label(number)}: to row {row + 1}")
    return f"{who} Search placed", lines


def draw_search_result(surface: pygame.Surface, top: int, search: Search, viewer: int | None,
                       name: Callable[[int | None], str]) -> None:
    """The last Search's cards and where they went, in the hand panel from `top` down."""
    seat, placed = search
    if seat is None or not placed:
        return
    heading, lines = search_words(seat, placed, viewer, name)
    theme.draw_text(surface, heading, (20, top), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
    y = top + 30
    for (number, _row, _left), line in zip(placed, lines):
        surface.blit(art.mini_card(number, 34, 44), (20, y))
        theme.draw_paragraph(surface, line, pygame.Rect(66, y - 2, HAND.width - 86, 50), theme.SIZE_SMALL,
                             theme.TEXT, line_gap=0)
        y += 52


def hand_title(view: dict[str, Any], seat: int, turn: Turn, name: Callable[[int | None], str]) -> str:
    """The hand panel's heading for the seat to act, cut to leave room for a thinking bot's
    dots, which follow it on the same line."""
    v = view
    mine = turn.acting and turn.seat == seat
    who = name(seat)
    if turn.phase == "pass" and turn.seat == seat:
        title = f"Waiting for {who}"
    elif v["phase"] == PLACE:
        if not v["hand"]:   # UBK-37: the row's scenery card went into the journey, or it held none
            if v["placed"]:
                title = "Your card is in your journey" if mine else f"{who} added a card"
            else:
                title = "This row held only bike cards" if mine else f"{who} took only bike cards"
        else:
            title = "Your hand: add a card to your journey" if mine else f"{who}'s hand"
    elif v["phase"] == DISCARD:
        title = "Last player: discard one more row" if mine else f"{who} discards a row"
    else:
        title = "Search or Schedule" if mine else (f"{who} is thinking" if turn.phase == "think"
                                                  else f"Waiting for {who}")
    return theme.fit_text(title, theme.SIZE_BODY, TITLE_W, bold=True)


def draw_payment_choice(surface: pygame.Surface, view: dict[str, Any], seat: int, number: int) -> None:
    """The card being paid for, and (as buttons beside it) the ways to pay its bikes."""
    card = CARDS[number]
    last = last_distance(view, seat)
    gap = abs(card.distance - last) if last is not None else 0
    theme.draw_text(surface, f"Pay {gap} bikes for {card.place}", (20, 16), theme.SIZE_BODY, theme.TEXT,
                    bold=True, max_width=HAND.width - 40)
    face = pygame.Rect(20, 56, *HAND_CARD)
    surface.blit(art.card_face(number, *HAND_CARD), face)
    theme.glow_outline(surface, face, radius=10, width=4)
    theme.draw_text(surface, "Pay with (a bike marker goes on this ride):", (PAY_X - HAND.x, 56),
                    theme.SIZE_SMALL, theme.TEXT_DIM, max_width=HAND.right - PAY_X - 16)


def render_hand(surface: pygame.Surface, view: dict[str, Any], seat: int | None, title: str, mine: bool,
                selected: int | None, hover: Hashable, glowing: Collection[Hashable], plays: Mapping[int, Any],
                in_flight: Collection[int], search: Search, viewer: int | None,
                name: Callable[[int | None], str]) -> None:
    """The hand panel for `seat` (None: the game is over) under its `title`: `mine` when the
    viewer acts; `plays` are the hand cards some legal play adds, `selected` the one being
    paid for; cards `in_flight` are not there yet."""
    surface.fill((0, 0, 0, 0))
    pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
    v = view
    if seat is None:
        theme.draw_text(surface, "The journey is over.", (24, 20), theme.SIZE_LARGE, bold=True)
        return
    phase = v["phase"]
    if phase == PLACE and mine and selected is not None:
        draw_payment_choice(surface, view, seat, selected)
        return
    theme.draw_text(surface, title, (20, 16), theme.SIZE_BODY, theme.TEXT, bold=True)
    if phase == PLACE:
        hand = v["hand"]
        last = last_distance(view, seat)
        if not hand:
            theme.draw_text(surface, "They are in bike storage now; end the Schedule to pass."
                            if mine else "They went to bike storage.", (20, 70), theme.SIZE_BODY,
                            theme.TEXT_DIM)
        for i, number in enumerate(hand):
            if number in in_flight:
                continue
            r = hand_card_rect(i, len(hand)).move(-HAND.x, -HAND.y)
            lifted = r.move(0, -8) if (hover == ("hand", number) or selected == number) else r
            surface.blit(art.card_face(number, *HAND_CARD), lifted)
            if ("hand", number) in glowing:
                theme.glow_outline(surface, lifted, radius=10, width=4 if selected == number else 3)
            gap = abs(CARDS[number].distance - last) if last is not None else 0
            note = "free" if gap <= 1 else f"{gap} bikes"
            colour = theme.GOOD if gap <= 1 else (theme.HIGHLIGHT if number in plays else theme.TEXT_DIM)
            theme.draw_text(surface, note, (lifted.centerx, r.bottom + 8), theme.SIZE_SMALL, colour,
                            bold=True, anchor="midtop")
        if mine:
            if v["placed"] and plays:
                theme.draw_text(surface, "A +1 Scenery card lets you add one more.", (20, 266),
                                theme.SIZE_SMALL, theme.TEXT_DIM)
            elif not plays and hand:
                theme.draw_text(surface, "Nothing you can add now: end the Schedule.", (20, 266),
                                theme.SIZE_SMALL, theme.TEXT_DIM)
    elif phase == TURN and mine:
        body = ("Search: reveal two cards into the rows (click Search or the deck).\n"
                "Schedule: click a row to take all its cards; then you pass for this round.")
        passed = v["passed"]
        if passed[seat] is False and all(p for s, p in enumerate(passed) if s != seat):
            body += "\nEveryone else has passed: one more Search at most, then Schedule."
        used = theme.draw_paragraph(surface, body, pygame.Rect(20, 60, HAND.width - 40, 200),
                                    theme.SIZE_SMALL, theme.TEXT)
        draw_search_result(surface, 60 + used + 8, search, viewer, name)
    elif phase == TURN:
        draw_search_result(surface, 110, search, viewer, name)
    elif phase == DISCARD and mine:
        theme.draw_paragraph(surface, "Click one of the remaining rows: its cards go to the discard pile "
                             "and the empty rows are refilled.", pygame.Rect(20, 60, HAND.width - 40, 120),
                             theme.SIZE_SMALL, theme.TEXT)
