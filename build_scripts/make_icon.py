"""Render the app icon: sprites/icon.svg -> sprites/icon.png (256 px), sprites/icon.ico
(Windows) and sprites/icon.icns (macOS).

Run from anywhere:  python build_scripts/make_icon.py

The .ico holds PNG images (16, 32, 48 and 256 px), which Windows reads since Vista; the .icns
holds PNG images too (16 to 1024 px, the element types macOS reads since 10.7). Both
containers are written here with struct, so no imaging library is needed beyond pygame, and
no macOS tool (iconutil) either.
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
#: .icns element types that hold a PNG, and the pixel size of each (the @2x types are the
#: Retina variants of the size they name: ic11 is 16 pt at 2x, 32 px)
ICNS_TYPES = {"icp4": 16, "icp5": 32, "ic11": 32, "ic12": 64, "ic07": 128, "ic13": 256,
              "ic08": 256, "ic14": 512, "ic09": 512, "ic10": 1024}


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


def icns_bytes(images: dict[str, bytes]) -> bytes:
    """An ICNS container: the magic 'icns' and the file's length, then one element per image
    (its four-letter type, its length including this 8-byte header, the PNG data)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
                    for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(sprites: Path = SPRITES) -> int:
    svg = sprites / "icon.svg"
    if not svg.is_file():
        print(f"missing {svg}", file=sys.stderr)
        return 1
    pygame.init()
    try:
        (sprites / "icon.png").write_bytes(png_bytes(render(svg, PNG_SIZE)))
        (sprites / "icon.ico").write_bytes(ico_bytes({s: png_bytes(render(svg, s)) for s in ICO_SIZES}))
        pngs = {size: png_bytes(render(svg, size)) for size in sorted(set(ICNS_TYPES.values()))}
        (sprites / "icon.icns").write_bytes(icns_bytes({k: pngs[s] for k, s in ICNS_TYPES.items()}))
    finally:
        pygame.quit()
    print(f"wrote {sprites / 'icon.png'}, {sprites / 'icon.ico'} ({', '.join(map(str, ICO_SIZES))} px) "
          f"and {sprites / 'icon.icns'} ({', '.join(map(str, sorted(set(ICNS_TYPES.values()))))} px)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
