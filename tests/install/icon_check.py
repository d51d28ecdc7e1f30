#!/usr/bin/env python3
"""Checks an installed icon PNG drawn from packaging/hitlab.svg (packaging/icon_raster.cpp):
its size, and at 64 x 64 (one viewBox unit per pixel) pixels whose colours follow from the SVG by
hand: outside the rounded square transparent, the background, the ray, the exit point.

    icon_check.py ICON.png SIZE
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour != 6:
                sys.exit(f"{path}: not 8-bit RGBA (depth {depth}, colour type {colour})")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):  # undo the row filter (PNG specification, section 9)
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def main():
    path, size = sys.argv[1], int(sys.argv[2])
    width, height, rows = read_png(path)
    if (width, height) != (size, size):
        sys.exit(f"{path}: {width}x{height}, want {size}x{size}")
    if size != 64:
        return
    pixel = lambda x, y: tuple(rows[y][4 * x:4 * x + 4])
    want = {
        (0, 0): (0, 0, 0, 0),                  # outside the rounded square (corner radius 12)
        (32, 5): (0x1F, 0x2A, 0x36, 255),      # the background, away from every shape
        (10, 48): (0xF5, 0xB9, 0x42, 255),     # on the ray y = 52 - (x - 6) * 5 / 6
        (46, 17): (0x5C, 0xCF, 0x7A, 255),     # inside the exit point's fill (centre 46.8, 18)
    }
    for (x, y), colour in want.items():
        if pixel(x, y) != colour:
            sys.exit(f"{path}: pixel ({x}, {y}) is {pixel(x, y)}, want {colour}")


if __name__ == "__main__":
    main()
