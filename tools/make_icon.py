"""Generate the application icon into ``assets/icon/``.

Usage::

    python tools/make_icon.py [--out DIR]

The artwork is a fanned pair of cards (a blue back behind a face showing a
big red "8") on a transparent background.  It is described as SVG, rasterised
with pygame-ce at each target size (so small sizes stay crisp rather than
being downscaled), and written as:

* ``icon.png`` (256x256) and ``icon_64.png``
* ``icon.ico``  - Windows icon, PNG-compressed entries 16..256 px
* ``icon.icns`` - macOS icon container, PNG entries icp4..ic09

PNG, ICO and ICNS files are encoded here with ``zlib``/``struct`` so the
bytes depend only on the rendered pixels.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pygame  # noqa: E402

from _svg_paths import fmt, glyph_text, suit_path  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "icon"
ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
ICNS_TYPES = [(b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512)]

RED = "#c8102e"
BLUE_DARK = "#173f86"
BLUE_LIGHT = "#a9c6f0"

# Card geometry inside the 256x256 artboard (2.5 : 3.5 like the real deck)
CW, CH = 118.0, 165.2


def shadow(rx: float) -> str:
    layers = []
    for grow, alpha in ((6, 0.06), (4, 0.08), (2, 0.12)):
        layers.append(
            f'<rect x="{fmt(-grow + 3)}" y="{fmt(-grow + 6)}" width="{fmt(CW + 2 * grow)}" '
            f'height="{fmt(CH + 2 * grow)}" rx="{fmt(rx + grow)}" fill="#000000" '
            f'fill-opacity="{fmt(alpha)}"/>'
        )
    return "".join(layers)


def back_card(detail: bool) -> str:
    parts = [
        shadow(12),
        f'<rect x="0" y="0" width="{fmt(CW)}" height="{fmt(CH)}" rx="12" fill="#ffffff" '
        'stroke="#6f7480" stroke-width="2"/>',
        f'<rect x="8" y="8" width="{fmt(CW - 16)}" height="{fmt(CH - 16)}" rx="7" fill="{BLUE_DARK}"/>',
    ]
    if detail:
        dots = []
        step = 14.0
        for r in range(12):
            for c in range(8):
                x = 15 + c * step + (step / 2 if r % 2 else 0)
                y = 16 + r * step
                if x < CW - 14 and y < CH - 14:
                    dots.append(f"M{fmt(x)} {fmt(y - 4)}L{fmt(x + 4)} {fmt(y)}L{fmt(x)} {fmt(y + 4)}"
                                f"L{fmt(x - 4)} {fmt(y)}Z")
        parts.append(f'<path d="{"".join(dots)}" fill="{BLUE_LIGHT}" fill-opacity="0.55"/>')
        parts.append(f'<rect x="12" y="12" width="{fmt(CW - 24)}" height="{fmt(CH - 24)}" rx="4" '
                     'fill="none" stroke="#ffffff" stroke-width="1.6"/>')
    return "".join(parts)


def face_card(detail: bool) -> str:
    weight = 13 if detail else 17
    parts = [
        shadow(12),
        f'<rect x="0" y="0" width="{fmt(CW)}" height="{fmt(CH)}" rx="12" fill="#ffffff" '
        'stroke="#6f7480" stroke-width="2"/>',
        glyph_text("8", CW / 2, 36, 94, RED, weight=weight),
    ]
    if detail:
        parts.append(glyph_text("8", 17, 10, 21, RED, weight=10))
        parts.append(suit_path("H", 17, 43, 16, RED))
        parts.append(f'<g transform="rotate(180 {fmt(CW / 2)} {fmt(CH / 2)})">'
                     + glyph_text("8", 17, 10, 21, RED, weight=10)
                     + suit_path("H", 17, 43, 16, RED) + "</g>")
    return "".join(parts)


def icon_svg(size: int) -> str:
    detail = size >= 48
    # pivot both cards around a point below the artboard for a natural fan
    pivot_x, pivot_y = 128.0, 250.0
    x0, y0 = 128 - CW / 2, 36.0

    def placed(body: str, angle: float, dx: float) -> str:
        return (f'<g transform="rotate({fmt(angle)} {fmt(pivot_x)} {fmt(pivot_y)}) '
                f'translate({fmt(x0 + dx)} {fmt(y0)})">{body}</g>')

    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">'
        + placed(back_card(detail), -11, -15)
        + placed(face_card(detail), 9, 13)
        + "</svg>"
    )


def render_rgba(size: int) -> bytes:
    svg = icon_svg(size).encode("utf-8")
    surface = pygame.image.load_sized_svg(io.BytesIO(svg), (size, size))
    if surface.get_size() != (size, size):
        raise RuntimeError(f"SVG rendered at {surface.get_size()}, wanted {size}x{size}")
    return pygame.image.tobytes(surface, "RGBA")


def png_bytes(rgba: bytes, width: int, height: int) -> bytes:
    """Encode RGBA pixels as a PNG (Paeth-free: 'Up' filter, zlib level 9)."""
    stride = width * 4
    raw = bytearray()
    prev = bytes(stride)
    for y in range(height):
        row = rgba[y * stride:(y + 1) * stride]
        raw.append(2)  # filter type 2: Up
        raw.extend(bytes((a - b) & 0xFF for a, b in zip(row, prev)))
        prev = row

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    needed = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {s: png_bytes(render_rgba(s), s, s) for s in needed}

    (args.out / "icon.png").write_bytes(pngs[256])
    (args.out / "icon_64.png").write_bytes(pngs[64])
    (args.out / "icon.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (args.out / "icon.icns").write_bytes(icns_bytes([(k, pngs[s]) for k, s in ICNS_TYPES]))
    print(f"wrote icon.png, icon_64.png, icon.ico, icon.icns to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
