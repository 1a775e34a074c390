"""The board's picture, for every game: the image layer of its Tiled map, or plain paper that
says why the map could not be drawn (a broken map never stops a game)."""
from __future__ import annotations

from typing import Any

import pygame

from game.core.board import BoardError
from game.ui import theme


def board_picture(board: Any, file: str, *, convert: bool = True) -> pygame.Surface:
    """The picture layer of a loaded Tiled map, converted for fast blits (`convert=False`: as
    the file gives it, for a picture only ever scaled from, never blitted, whose converted copy
    would cost memory for nothing)."""
    image = None
    for _name, path, _x, _y in board.images:
        image = pygame.image.load(str(path))
        if convert:
            image = image.convert()
    if image is None:
        raise BoardError(f"The map {file} has no picture layer.")
    return image


def plain_board(exc: Exception, size: tuple[int, int]) -> tuple[pygame.Surface, str]:
    """Plain paper of `size` that says what went wrong, and that sentence (for the status line)."""
    problem = str(exc) if isinstance(exc, BoardError) else f"The map's picture could not be loaded ({exc})."
    sentence = f"{problem} Playing on a plain board."
    image = pygame.Surface(size)
    if pygame.display.get_surface() is not None:
        image = image.convert()
    image.fill(theme.PAPER_DARK)
    theme.draw_paragraph(image, f"{sentence} Reinstalling Journeys restores the map.",
                         pygame.Rect(16, 10, size[0] - 32, 30), theme.SIZE_SMALL, theme.INK)
    return image, sentence
