#!/usr/bin/env python3
"""The unity-build rule of scripts/check-source (scripts/lib/unity_names.py) on small files written
here: a helper defined in the anonymous namespaces of two files of one folder is reported with both
places; the same name in two folders, in one file twice (overloads), inside a function or a class,
or with external linkage is not; a `static` function at namespace scope counts; a test file with
an anonymous namespace is reported. Exits 1 on the first outcome that differs.
usage: unity_names_test.py SCRIPT"""
import os
import subprocess
import sys
import tempfile

script = os.path.abspath(sys.argv[1])
failures = 0


def check(name, files, expect_status, expect_out):
    global failures
    with tempfile.TemporaryDirectory() as folder:
        for file_name, text in files.items():
            os.makedirs(os.path.join(folder, os.path.dirname(file_name)), exist_ok=True)
            with open(os.path.join(folder, file_name), "w") as out:
                out.write(text)
        run = subprocess.run([sys.executable, script, *files], capture_output=True, text=True, cwd=folder)
    if run.returncode != expect_status or run.stderr != expect_out:
        print(f"{name}: exit {run.returncode}, reported {run.stderr!r}; expected exit {expect_status}, {expect_out!r}")
        failures += 1


def anon(body):
    return '#include "x.h"\n\n#include <cmath>\n\nnamespace hitlab {\n\nnamespace {\n\n' + body + \
        "\n} // namespace\n\nint Public() { return 1; }\n\n} // namespace hitlab\n"


helper = "/// Twice.\ndouble Twice(double x)\n{\n    return 2.0 * x; // { not a brace\n}\n"
clash = ("core/b.cpp:10: 'Twice' has internal linkage in 2 files of core/ (core/a.cpp:10, core/b.cpp:10); a unity "
         "build compiles them together: give each its own name, or share one in a header\n")
check("two files, one folder", {"core/a.cpp": anon(helper), "core/b.cpp": anon(helper)}, 1, clash)
check("two folders", {"core/a.cpp": anon(helper), "render/b.cpp": anon(helper)}, 0, "")
check("overloads in one file", {"core/a.cpp": anon(helper + "float Twice(float x) { return 2.0f * x; }\n")}, 0, "")
check("external linkage", {"core/a.cpp": "namespace hitlab {\ndouble Twice(double x) { return x; }\n}\n",
                           "core/b.cpp": "namespace hitlab {\nfloat Twice(float x) { return x; }\n}\n"}, 0, "")
check("local names", {"core/a.cpp": anon("void F()\n{\n    const int kLocal = 1;\n    (void)kLocal;\n}\n"
                                         "struct S {\n    int kLocal = 2;\n};\n"),
                      "core/b.cpp": anon("void G()\n{\n    const int kLocal = 3;\n    (void)kLocal;\n}\n")}, 0, "")
check("constants and types", {"core/a.cpp": anon("constexpr int kCount = 3;\nstruct Row {\n    int n;\n};\n"),
                              "core/b.cpp": anon("constexpr int kCount = 4;\n")}, 1,
      "core/b.cpp:9: 'kCount' has internal linkage in 2 files of core/ (core/a.cpp:9, core/b.cpp:9); a unity "
      "build compiles them together: give each its own name, or share one in a header\n")
check("static at namespace scope", {"app/a.cpp": "namespace hitlab {\nstatic int Count() { return 1; }\n}\n",
                                    "app/b.cpp": "static int Count()\n{\n    return 2;\n}\n"}, 1,
      "app/b.cpp:1: 'Count' has internal linkage in 2 files of app/ (app/a.cpp:2, app/b.cpp:1); a unity "
      "build compiles them together: give each its own name, or share one in a header\n")
check("test file with an anonymous namespace", {"tests/core/a_test.cpp": anon(helper)}, 1,
      "tests/core/a_test.cpp:7: a test file's helpers go in `namespace HITLAB_UNITY_ID {` (unique per file in the "
      "unity build), not an anonymous namespace\n")
unique = '#include "x.h"\n\nnamespace hitlab {\nnamespace HITLAB_UNITY_ID {\n\n' + helper + "\n} // namespace\n}\n"
check("test files with their own namespaces", {"tests/core/a_test.cpp": unique, "tests/core/b_test.cpp": unique}, 0, "")
sys.exit(1 if failures else 0)
