#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank: enough distinct colours, and enough of the
picture differing from its most common colour. With `--colour R,G,B`, that something is drawn
in that colour; with `--tokens`, that the board's tokens carry pictures, not flat colour.
Plain Python (zlib), no imaging library."""
from collections import deque
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, width, height, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise SystemExit(f"{path}: only 8-bit RGB/RGBA is checked (got depth {depth}, type {ctype})")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


# The factions' colours (src/game/board/palette.rs), which fill the tokens.
FACTIONS = [(0, 114, 178), (213, 94, 0), (240, 228, 66), (86, 180, 233)]


def tokens(path, w, h, bpp, rows):
    """Each token-sized patch of a faction's colour, and how much of its middle is something
    else: a flat disc is nearly all its colour; a token with a portrait, about half."""
    def faction(x, y):
        c = rows[y][x * bpp:x * bpp + 3]
        return any(all(abs(c[k] - f[k]) <= 36 for k in range(3)) for f in FACTIONS)

    fac = [[faction(x, y) for x in range(w)] for y in range(h)]
    seen = [[False] * w for _ in range(h)]
    details = []
    for y in range(h):
        for x in range(w):
            if not fac[y][x] or seen[y][x]:
                continue
            seen[y][x] = True
            queue, n = deque([(x, y)]), 0
            x0 = x1 = x
            y0 = y1 = y
            while queue:
                a, b = queue.popleft()
                n += 1
                x0, x1, y0, y1 = min(x0, a), max(x1, a), min(y0, b), max(y1, b)
                for c, d in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= c < w and 0 <= d < h and fac[d][c] and not seen[d][c]:
                        seen[d][c] = True
                        queue.append((c, d))
            bw, bh = x1 - x0 + 1, y1 - y0 + 1
            # A token: at least 14 px across, mostly filled (not a line of coloured words).
            if bw < 14 or bh < 14 or n < 0.3 * bw * bh:
                continue
            inner = [(i, j) for j in range(y0 + bh // 4, y1 - bh // 4 + 1)
                     for i in range(x0 + bw // 4, x1 - bw // 4 + 1)]
            details.append(sum(1 for i, j in inner if not fac[j][i]) / len(inner))
    details.sort()
    median = details[len(details) // 2] if details else 0.0
    print(f"{path}: {len(details)} tokens, the middle one {median:.0%} picture")
    if len(details) < 4:
        raise SystemExit(f"{path}: fewer than 4 tokens found on the board")
    # Flat discs measured 0-15% (numbers inside them up to 44%); portraits 36-82%.
    if median < 0.45:
        raise SystemExit(f"{path}: the tokens are flat colour, not pictures")


def main():
    path, args = sys.argv[1], sys.argv[2:]
    w, h, bpp, rows = pixels(path)
    if "--tokens" in args:
        tokens(path, w, h, bpp, rows)
    # `--colour R,G,B` also asks for at least 30 pixels of about that colour (an attack's line),
    # or as many as `--at-least N` says (a die's face, against the few the board has anyway).
    want = None
    if "--colour" in args and args.index("--colour") + 1 < len(args):
        want = tuple(int(v) for v in args[args.index("--colour") + 1].split(","))
    least = 30
    if "--at-least" in args and args.index("--at-least") + 1 < len(args):
        least = int(args[args.index("--at-least") + 1])
    if want is not None:
        near = sum(
            1
            for y in range(h)
            for x in range(w)
            if all(abs(rows[y][x * bpp + k] - want[k]) <= 24 for k in range(3))
        )
        print(f"{path}: {near} pixels of the colour {want}")
        if near < least:
            raise SystemExit(f"{path}: nothing drawn in the colour {want} (an attack line, a lesson's pointer)")
    counts = {}
    for y in range(0, h, 2):
        row = rows[y]
        for x in range(0, w, 2):
            px = row[x * bpp:x * bpp + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    top = max(counts.values())
    busy = 1 - top / total
    print(f"{path}: {w}x{h}, {len(counts)} colours, {busy:.1%} differs from the background")
    if len(counts) < 50 or busy < 0.05:
        raise SystemExit(f"{path}: the screenshot looks blank")


if __name__ == "__main__":
    main()
