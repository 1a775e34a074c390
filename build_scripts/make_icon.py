"""Render the app icon: sprites/icon.svg -> sprites/icon.png (256 px) and sprites/icon.ico.

Run from anywhere:  python build_scripts/make_icon.py

The .ico holds PNG images (16, 32, 48 and 256 px), which Windows reads since Vista; the
container is written here with struct, so no imaging library is needed beyond pygame.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
ICO_SIZES = (16, 32, 48, 256)
PNG_SIZE = 256


def render(svg: Path, size: int) -> pygame.Surface:
    """The SVG rasterised at size x size."""
    return pygame.image.load_sized_svg(str(svg), (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO container (ICONDIR + ICONDIRENTRYs) holding the given PNGs, keyed by size."""
    count = len(images)
    header = struct.pack("<HHH", 0, 1, count)  # reserved, type 1 = icon, image count
    entries, blobs = [], []
    offset = 6 + 16 * count
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def main(sprites: Path = SPRITES) -> int:
    svg = sprites / "icon.svg"
    if not svg.is_file():
        print(f"missing {svg}", file=sys.stderr)
        return 1
    pygame.init()
    try:
        (sprites / "icon.png").write_bytes(png_bytes(render(svg, PNG_SIZE)))
        (sprites / "icon.ico").write_bytes(ico_bytes({s: png_bytes(render(svg, s)) for s in ICO_SIZES}))
    finally:
        pygame.quit()
    print(f"wrote {sprites / 'icon.png'} and {sprites / 'icon.ico'} ({', '.join(map(str, ICO_SIZES))} px)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
