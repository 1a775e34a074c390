"""Scaling an indexed picture (Ubi's board: one byte a pixel) as smoothscale would scale its
32-bit copy, without holding that copy whole."""
from __future__ import annotations

import pygame

from game.ui.render import scalable, scaled


def indexed_picture(width: int, height: int) -> pygame.Surface:
    picture = pygame.Surface((width, height), 0, 8)
    picture.set_palette([(i, 255 - i, (7 * i) % 256) for i in range(256)])
    for y in range(0, height, 3):
        for x in range(0, width, 5):
            picture.fill((x * 7 + y * 3) % 256, (x, y, 5, 3))   # a palette index
    return picture


def max_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    assert a.get_size() == b.get_size()
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return max(abs(x - y) for x, y in zip(pa, pb, strict=True))


def test_an_indexed_picture_scales_by_bands_within_three_of_scaling_it_whole():
    picture = indexed_picture(360, 1440)
    whole = pygame.transform.smoothscale(scalable(picture), (137, 548))   # heights share 4: bands
    assert scalable(picture).get_bitsize() == 32
    assert max_difference(scaled(picture, (137, 548), strip_rows=400), whole) <= 3


def test_heights_that_share_no_divisor_scale_whole_and_wide_pictures_as_they_are():
    picture = indexed_picture(90, 101)
    assert max_difference(scaled(picture, (40, 37)), pygame.transform.smoothscale(scalable(picture), (40, 37))) == 0
    wide = scalable(picture)
    assert scalable(wide) is wide
    assert max_difference(scaled(wide, (40, 37)), pygame.transform.smoothscale(wide, (40, 37))) == 0
