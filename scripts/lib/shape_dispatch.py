#!/usr/bin/env python3
"""Finds shape dispatch outside its home: each question about a shape is one exhaustive
`switch (KindOf(shape))` (core/shapes.h), so that adding a shape is a compile error wherever it is
missing. Two things are reported in the files given:

- a chain: one function (or the file's code outside functions) that tests the same value for two or
  more different shape types with std::get_if, std::holds_alternative or std::is_same_v (an
  `if constexpr` chain inside std::visit). Testing a value for one type alone ("is this a ray?") is
  fine, and so is testing a query's a for one type and its b for another;
- `.index()`: a shape's variant index read anywhere but the home (KindOf and KindIndex say the kind),
  unless the line says `// not a Shape` (the index of some other variant).

The shape types are the alternatives of `using Shape = std::variant<...>` in the header given by
--header (core/shapes.h), so a new shape is covered without editing this script. --home names a
file allowed to read `.index()` (the header itself is always allowed).

Usage: shape_dispatch.py --header core/shapes.h [--home FILE ...] FILE...
Prints `path:line: ...` for each one found; exits 1 if any.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from function_length import blank_comments_and_strings, functions  # noqa: E402

ADVICE = "use the exhaustive `switch (KindOf(...))` over ShapeKind (core/shapes.h; docs/architecture.md, Adding a shape)"


def shape_types(header):
    """The names of Shape's alternatives (Ray, Segment, ...) read from the header."""
    text = blank_comments_and_strings(open(header, encoding="utf-8").read())
    m = re.search(r"using\s+Shape\s*=\s*std::variant\s*<(.*?)>\s*;", text, re.S)
    if not m:
        sys.exit(f"{header}: no `using Shape = std::variant<...>;` found")
    return re.findall(r"(\w+)\s*<\s*double\s*>", m.group(1))


def type_tests(text, types):
    """(offset, operand, type) of every get_if / holds_alternative / is_same_v naming a shape type."""
    alt = "|".join(map(re.escape, types))
    patterns = [
        # std::get_if<Aabb<double>>(&shape), std::holds_alternative<Aabb<double>>(q.b)
        re.compile(r"\b(?:get_if|holds_alternative)\s*<\s*(?P<type>" + alt + r")\s*<[^<>]*>\s*>\s*\((?P<operand>[^()]*)\)"),
        # std::is_same_v<X, Aabb<double>> (and std::is_same<X, ...>)
        re.compile(r"\bis_same(?:_v)?\s*<\s*(?P<operand>[\w:]+)\s*,\s*(?:hitlab::)?(?P<type>" + alt + r")\s*<"),
    ]
    found = []
    for pattern in patterns:
        for m in pattern.finditer(text):
            operand = re.sub(r"\s+", "", m.group("operand")).lstrip("&*")
            found.append((m.start(), operand, m.group("type")))
    return sorted(found)


def check(path, types, index_allowed):
    raw = open(path, encoding="utf-8", errors="replace").read()
    text = blank_comments_and_strings(raw)
    raw_lines = raw.split("\n")
    line_of = lambda offset: text.count("\n", 0, offset) + 1  # noqa: E731
    spans = [(start, end) for _, _, _, _, start, end in functions(raw)]
    problems = []
    groups = {}  # (function span or None, operand) -> [(offset, type)]
    for offset, operand, shape in type_tests(text, types):
        span = next((s for s in spans if s[0] <= offset <= s[1]), None)
        groups.setdefault((span, operand), []).append((offset, shape))
    for (_, operand), tests in groups.items():
        seen = []
        for offset, shape in tests:
            if shape not in seen:
                seen.append(shape)
                if len(seen) == 2:
                    problems.append((line_of(offset), f"tests `{operand}` for {seen[0]} and {seen[1]} (a chain "
                                     f"over shape types, which a new shape passes silently); {ADVICE}"))
    if not index_allowed:
        for m in re.finditer(r"\.\s*index\s*\(\s*\)", text):
            number = line_of(m.start())
            if "// not a Shape" not in raw_lines[number - 1]:
                problems.append((number, "reads a variant's `.index()` (a shape's kind is KindOf or KindIndex, "
                                 "core/shapes.h; for another variant, say `// not a Shape` on the line)"))
    return [f"{path}:{number}: {message}" for number, message in sorted(set(problems))]


def main(argv):
    header, homes, files = None, set(), []
    args = iter(argv)
    for a in args:
        if a == "--header":
            header = next(args)
        elif a == "--home":
            homes.add(os.path.normpath(next(args)))
        else:
            files.append(a)
    if header is None:
        sys.exit("usage: shape_dispatch.py --header core/shapes.h [--home FILE ...] FILE...")
    homes.add(os.path.normpath(header))
    types = shape_types(header)
    bad = 0
    for path in files:
        if not path.endswith((".cpp", ".h", ".hpp", ".cc", ".c")):
            continue
        for problem in check(path, types, os.path.normpath(path) in homes):
            print(problem, file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
