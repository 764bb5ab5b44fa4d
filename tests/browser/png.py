"""Just enough of a PNG decoder to tell a drawing from a blank screenshot (zlib only, no Pillow)."""

from __future__ import annotations

import struct
import zlib
from collections import Counter

_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples per pixel (8-bit, no palette)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def pixels(data: bytes) -> list[bytes]:
    """Every pixel of an 8-bit, non-interlaced, non-palette PNG (what Chromium's screenshots are)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG image")
    pos, idat = 8, b""
    width = height = bpp = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in _CHANNELS or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
            bpp = _CHANNELS[colour]
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    previous = bytearray(stride)
    out: list[bytes] = []
    for row in range(height):
        start = row * (stride + 1)
        filter_type, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            upleft = previous[i - bpp] if i >= bpp else 0
            if filter_type == 1:
                line[i] = (line[i] + left) & 0xFF
            elif filter_type == 2:
                line[i] = (line[i] + up) & 0xFF
            elif filter_type == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif filter_type == 4:
                line[i] = (line[i] + _paeth(left, up, upleft)) & 0xFF
        out += [bytes(line[i : i + bpp]) for i in range(0, stride, bpp)]
        previous = line
    return out


def colour_summary(data: bytes) -> tuple[int, float]:
    """How many distinct colours a PNG has, and the share of pixels that differ from the commonest one."""
    image = pixels(data)
    counts = Counter(image)
    commonest = counts.most_common(1)[0][1]
    return len(counts), 1 - commonest / len(image)
