#!/usr/bin/env python3
"""The shape-dispatch rule of scripts/check-source (scripts/lib/shape_dispatch.py) on small files
written here: a get_if chain, a holds_alternative chain and an `if constexpr` is_same_v chain over
shape types are reported with their file and line, and so is `.index()` outside the home header; one
type alone, a query's a and b tested for one type each, the same value in two functions, a trace
part's variant, a marked `.index()` and the home header pass. The shape types come from the header,
so a type added there is covered. Exits 1 on the first outcome that differs.
usage: shape_dispatch_test.py SCRIPT"""
import os
import subprocess
import sys
import tempfile

script = os.path.abspath(sys.argv[1])
failures = 0

SHAPES_H = """#pragma once
#include <variant>
namespace hitlab {
template <typename T> struct Ray {};
template <typename T> struct Aabb {};
template <typename T> struct Sphere {};
template <typename T> struct Cone {};
using Shape = std::variant<Ray<double>, Aabb<double>, Sphere<double>,
                           Cone<double>>;
inline int KindOf(const Shape& shape) { return int(shape.index()); }
} // namespace hitlab
"""


def check(name, files, expect_status, expect_out):
    global failures
    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "core"))
        paths = []
        for file_name, text in {"core/shapes.h": SHAPES_H, **files}.items():
            with open(os.path.join(folder, file_name), "w") as out:
                out.write(text)
            paths.append(file_name)
        run = subprocess.run([sys.executable, script, "--header", "core/shapes.h", *paths], capture_output=True,
                             text=True, cwd=folder)
        report = run.stderr
    if run.returncode != expect_status or report != expect_out:
        print(f"{name}: exit {run.returncode}, reported {report!r}; expected exit {expect_status}, {expect_out!r}")
        failures += 1


advice = ("use the exhaustive `switch (KindOf(...))` over ShapeKind (core/shapes.h; docs/architecture.md, "
          "Adding a shape)")


def chain(operand, first, second):
    return f"tests `{operand}` for {first} and {second} (a chain over shape types, which a new shape passes silently); {advice}"


index_rule = ("reads a variant's `.index()` (a shape's kind is KindOf or KindIndex, core/shapes.h; for another "
              "variant, say `// not a Shape` on the line)")
top = '#include "core/shapes.h"\n\nnamespace hitlab {\n\n'
bottom = "\n} // namespace hitlab\n"

check("get_if chain", {"a.cpp": top + "double Size(const Shape& shape)\n{\n"
                       "    if (const auto* box = std::get_if<Aabb<double>>(&shape)) {\n        return 1;\n    }\n"
                       "    if (const auto* s = std::get_if<Sphere<double>>(&shape)) {\n        return 2;\n    }\n"
                       "    return 0;\n}\n" + bottom},
      1, f"a.cpp:10: {chain('shape', 'Aabb', 'Sphere')}\n")
check("holds_alternative chain, the type read from the header",
      {"b.cpp": top + "bool Solid(const Shape& s)\n{\n    return std::holds_alternative<Cone<double>>(s) ||\n"
       "           std::holds_alternative<Aabb<double>>( s );\n}\n" + bottom},
      1, f"b.cpp:8: {chain('s', 'Cone', 'Aabb')}\n")
check("if constexpr chain in a visit", {"c.h": "#pragma once\n" + top + "inline int Count(const Shape& shape)\n{\n"
                                        "    return std::visit(\n        [](const auto& x) {\n"
                                        "            using X = std::decay_t<decltype(x)>;\n"
                                        "            if constexpr (std::is_same_v<X, Ray<double>>) {\n"
                                        "                return 1;\n"
                                        "            } else if constexpr (std::is_same_v<X, hitlab::Sphere<double>>) {\n"
                                        "                return 2;\n            } else {\n                return 3;\n"
                                        "            }\n        },\n        shape);\n}\n" + bottom},
      1, f"c.h:13: {chain('X', 'Ray', 'Sphere')}\n")
check("index outside the home", {"d.cpp": top + "int Type(const Shape& s)\n{\n    return int(s.index());\n}\n" + bottom},
      1, f"d.cpp:7: {index_rule}\n")
check("one type alone, a and b, two functions, another variant",
      {"e.cpp": top + "struct Query {\n    Shape a, b;\n};\n\n"
       "bool IsRay(const Shape& shape) { return std::holds_alternative<Ray<double>>(shape); }\n\n"
       "bool Corner(const Query& q)\n{\n    const auto* s = std::get_if<Sphere<double>>(&q.a);\n"
       "    const auto* b = std::get_if<Aabb<double>>(&q.b);\n    return s != nullptr && b != nullptr;\n}\n\n"
       "bool Boxed(const Shape& shape)\n{\n    return std::get_if<Aabb<double>>(&shape) != nullptr;\n}\n\n"
       "int Part(const std::variant<int, float>& part)\n{\n"
       "    return std::holds_alternative<int>(part) ? 1 : std::holds_alternative<float>(part) ? 2 : int(part.index()); // not a Shape\n"
       "}\n" + bottom},
      0, "")
check("a chain in a comment or a string is no chain",
      {"f.cpp": top + "// std::get_if<Aabb<double>>(&shape) or std::get_if<Sphere<double>>(&shape), s.index()\n"
       "const char* kText = \"std::holds_alternative<Ray<double>>(x) std::holds_alternative<Aabb<double>>(x)\";\n" + bottom},
      0, "")
check("two files: each reported", {
    "g.cpp": top + "int G(const Shape& t)\n{\n    return std::get_if<Ray<double>>(&t) ? 1 : std::get_if<Cone<double>>(&t) ? 2 : 0;\n}\n" + bottom,
    "h.cpp": top + "int H(const Shape& t)\n{\n    return int(t.index()) + int(t.index());\n}\n" + bottom},
      1, f"g.cpp:7: {chain('t', 'Ray', 'Cone')}\nh.cpp:7: {index_rule}\n")
sys.exit(1 if failures else 0)
