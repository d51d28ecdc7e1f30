#!/usr/bin/env python3
"""The function-length rule of scripts/check-source (scripts/lib/function_length.py) on small files
written here: an 81-line function is reported with its file, line and length, an 80-line one is
not; a function marked `// data table` on the line above, a long class body, a long lambda and a
function on the allow-list pass. Exits 1 on the first outcome that differs.
usage: function_length_test.py SCRIPT"""
import os
import subprocess
import sys
import tempfile

script = os.path.abspath(sys.argv[1])
failures = 0


def body(lines):
    """A function body of exactly `lines` lines, braces included, laid out as clang-format does."""
    return "{\n" + "".join(f"    total += {k};\n" for k in range(lines - 2)) + "}\n"


def indent(text):
    return "".join("    " + line + "\n" for line in text.splitlines())


def check(name, files, expect_status, expect_out, *extra):
    global failures
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for file_name, text in files.items():
            with open(os.path.join(folder, file_name), "w") as out:
                out.write(text)
            paths.append(file_name)
        run = subprocess.run([sys.executable, script, *extra, *paths], capture_output=True, text=True, cwd=folder)
        report = run.stderr
    if run.returncode != expect_status or report != expect_out:
        print(f"{name}: exit {run.returncode}, reported {report!r}; expected exit {expect_status}, {expect_out!r}")
        failures += 1


rule = "a function stays within 80 (split it into named parts, or mark a data table with `// data table` on the line above)"
header = "#include <vector>\n\nnamespace hitlab {\n\nint total = 0;\n\n"
check("81 lines", {"long.cpp": header + "/// Adds.\nvoid Long(int a,\n          int b)\n" + body(81) + "\n} // namespace hitlab\n"},
      1, f"long.cpp:8: Long is 81 lines; {rule}\n")
check("80 lines", {"fits.cpp": header + "void Fits()\n" + body(80) + "}\n"}, 0, "")
check("data table", {"table.cpp": header + "// data table: one entry per case\nvoid Table(std::vector<int>& out)\n"
                     + body(120) + "}\n"}, 0, "")
check("marker not directly above", {"gap.cpp": header + "// data table\n\nvoid Gap()\n" + body(90) + "}\n"},
      1, f"gap.cpp:9: Gap is 90 lines; {rule}\n")
check("member function in a header", {"widget.h": "#pragma once\n\nstruct Widget {\n    int total = 0;\n\n"
                                      "    void Draw() const\n" + indent(body(81)) + "};\n"},
      1, f"widget.h:6: Draw is 81 lines; {rule}\n")
check("qualified name", {"q.cpp": header + "Widget::Widget(int a) : m_a{a}, m_b(a)\n" + body(82) + "}\n"},
      1, f"q.cpp:7: Widget::Widget is 82 lines; {rule}\n")
check("class body and lambda", {"shapes.cpp": header + "struct Big {\n" + "".join(f"    int m_{k} = {k};\n" for k in range(90))
                                + "};\n\nconst auto kLambda = [](int x) {\n" + "".join(f"    x += {k};\n" for k in range(90))
                                + "    return x;\n};\n\nvoid Outer()\n{\n    auto inner = [] {\n"
                                + "".join(f"        total += {k};\n" for k in range(30)) + "    };\n    inner();\n}\n}\n"},
      0, "")
check("braces in strings and comments", {"text.cpp": header + "void Text()\n{\n    const char* a = \"}\";\n"
                                          "    const char b = '{';\n    // } a closing brace in a comment\n"
                                          "    const char* c = R\"x(})x\";\n" + body(77)[2:] + "}\n"},
      1, f"text.cpp:7: Text is 81 lines; {rule}\n")
check("allow-list", {"known.cpp": header + "void Known()\n" + body(100) + "}\n"}, 0, "", "--allow", "known.cpp:Known")
check("allow-list names one function", {"known.cpp": header + "void Other()\n" + body(100) + "}\n"},
      1, f"known.cpp:7: Other is 100 lines; {rule}\nnote: known.cpp:Known is on the allow-list but no longer "
      "over 80 lines; remove the entry\n", "--allow", "known.cpp:Known")
sys.exit(1 if failures else 0)
