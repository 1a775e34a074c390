"""A region of the canvas scaled on its own into the window lines up with the full-canvas scale
around it: no seam, no border shifted by a pixel (the ghost of a broken border that a score
float left in Tokaido)."""
from __future__ import annotations

import pygame
import pytest

from game.core.rng import Rng
from game.ui.render import LOGICAL_SIZE, Viewport


def _canvas() -> pygame.Surface:
    """Thin lines in every direction (borders), on a gradient."""
    canvas = pygame.Surface(LOGICAL_SIZE)
    for x in range(0, LOGICAL_SIZE[0], 8):
        canvas.fill((x % 256, 40, 90), (x, 0, 8, LOGICAL_SIZE[1]))
    for x in range(3, LOGICAL_SIZE[0], 37):
        canvas.fill((250, 250, 250), (x, 0, 2, LOGICAL_SIZE[1]))
    for y in range(5, LOGICAL_SIZE[1], 29):
        canvas.fill((0, 0, 0), (0, y, LOGICAL_SIZE[0], 2))
    return canvas


# (At 1366x768 smoothscale filters a small region itself a little differently, up to ~70 on
# these lines; shifted regions differed by 110-170 there.)
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (960, 540)])
def test_a_region_scaled_alone_matches_the_full_scale(size):
    canvas = _canvas()
    viewport = Viewport(size)
    full = pygame.Surface(size)
    viewport.present(full, canvas, None)
    rng = Rng(size[0])
    for _ in range(25):
        x, y = rng.below(1800), rng.below(1000)
        rect = pygame.Rect(x, y, 10 + rng.below(110), 10 + rng.below(70))
        window = full.copy()
        updated = viewport.present(window, canvas, [rect])
        assert updated, "the region was not presented"
        area = updated[0]
        worst = max(max(abs(a - b) for a, b in zip(window.get_at((px, py))[:3], full.get_at((px, py))[:3]))
                    for px in range(area.left, area.right) for py in range(area.top, area.bottom))
        # a region shifted by a fraction of a pixel differed by 87-108 on these lines
        assert worst <= 48, f"{rect} scaled alone differs by {worst} from the full scale at {size}"
