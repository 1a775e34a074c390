"""What the map tests of every game check the same way: a PNG's size read from its header, and
the custom property names of a .tmx file."""
from __future__ import annotations

import struct
from pathlib import Path
from xml.etree import ElementTree

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) from the PNG header; fails the test if the file is not a PNG."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE, f"{path.name} is not a PNG"
    return struct.unpack(">II", head[16:24])


def property_names(tmx: Path) -> list[str]:
    """Every custom property name in the map, as Tiled wrote it."""
    return [p.get("name") for p in ElementTree.parse(tmx).getroot().iter("property")]
