#!/usr/bin/env python3
"""The unity-build rule of scripts/check-source: a unity build compiles the .cpp files of one folder
(one CMake target) together, so a name with internal linkage (in an anonymous namespace, or
`static` at namespace scope), or an alias at namespace scope, that two files of one folder both define becomes a redefinition, or
an ambiguous call, in whichever batch happens to hold both. Reports each such name with both files
and lines, so the clash is found here and not after the batches shift. Test files put their
helpers in `namespace HITLAB_UNITY_ID` (a name unique per file), never in an anonymous namespace.
usage: unity_names.py FILE.cpp...   (exit 1 when a name is defined twice)"""
import collections
import os
import re
import sys

DECLARATION = [
    re.compile(r"^(?:template\s*<.*>\s*)?(?:struct|class|union|enum(?:\s+class)?)\s+(\w+)\s*(?:final\s*)?[:{;]?"),
    re.compile(r"^using\s+(\w+)\s*="),
    re.compile(r"^using\s+(?!namespace\b)[\w:]*::(\w+)\s*$"),
    re.compile(r"^namespace\s+(\w+)\s*="),
    # a variable or a function: the name before '=', '{', '[', '(' or ';'
    re.compile(r"^(?!return\b|using\b|namespace\b|template\b|typedef\b|#)[\w:<>,\s\*&\[\]\(\)]*?[\s\*&>](\w+)\s*(?:\(|=|\{|\[|;|$)"),
]


def strip(text):
    """The text without comments, string and character literals (kept as empty quotes)."""
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  lambda m: "" if m.group(0).startswith("/") else '""', text, flags=re.S)


def names(path):
    """(name, line) of each name with internal linkage defined at namespace scope in path."""
    text = strip(open(path, encoding="utf-8", errors="replace").read())
    found = []
    stack = []  # one entry per open brace: "anon", "ns" (a named namespace) or "body"
    statement = ""  # the namespace-scope statement being read, and its first line
    first = 0
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("#"):  # the preprocessor's lines declare nothing here
            continue
        if all(kind != "body" for kind in stack) and not statement.strip():
            statement, first = "", number
        for ch in line:
            if ch == "{":
                if all(kind != "body" for kind in stack):
                    head = statement.strip()
                    opened = re.fullmatch(r"(?:inline\s+)?namespace(\s+[\w:]+)?\s*", head)
                    if opened:
                        anonymous = opened.group(1) is None
                        stack.append("anon" if anonymous else "ns")
                        statement = ""
                        continue
                    Record(found, head, stack, first)
                stack.append("body")
            elif ch == "}":
                if stack:
                    stack.pop()
                if all(kind != "body" for kind in stack):
                    statement = ""
            elif ch == ";" and all(kind != "body" for kind in stack):
                Record(found, statement.strip(), stack, first)
                statement = ""
            elif all(kind != "body" for kind in stack):
                statement += ch
        if all(kind != "body" for kind in stack):
            statement += " "
            if not statement.strip():
                first = number + 1
    return found


def Record(found, head, stack, line):
    """Adds the name head declares when it has internal linkage there."""
    if not head:
        return
    # an alias at namespace scope clashes too: two files' `using json = ...` of different types
    alias = re.match(r"(?:using|namespace)\s+\w+\s*=|using\s+(?!namespace\b)[\w:]*::\w+\s*$", head)
    internal = "anon" in stack or alias or re.match(r"(?:template\s*<.*?>\s*)?static\b", head)
    if not internal or head.startswith(("extern ", "friend ")):
        return
    if alias:  # the same alias of the same thing in two files is one declaration repeated: allowed
        m = re.match(r"(?:using|namespace)\s+(\w+)\s*=\s*(.*)$", head) or re.match(r"using\s+(([\w:]*::)?(\w+))\s*$", head)
        name, target = (m.group(1), m.group(2)) if "=" in head else (m.group(3), m.group(1))
        found.append((name, line, re.sub(r"^::", "", re.sub(r"\s+", "", target))))
        return
    head = re.sub(r"^(?:template\s*<.*?>\s*)", "", head)
    head = re.sub(r"^(?:static|inline|constexpr|const|\[\[\w+\]\])\s+", "", head)
    for pattern in DECLARATION:
        m = pattern.match(head)
        if m and m.group(1) not in ("operator", "HITLAB_UNITY_ID"):
            found.append((m.group(1), line, None))
            return


def main(paths):
    by_folder = collections.defaultdict(lambda: collections.defaultdict(list))
    bad = 0
    for path in paths:
        if not path.endswith(".cpp") or not os.path.isfile(path):
            continue
        if re.search(r"(^|/)tests/", "/" + path) and path.endswith("_test.cpp"):
            text = strip(open(path, encoding="utf-8", errors="replace").read())
            for number, line in enumerate(text.split("\n"), 1):
                if re.match(r"\s*namespace\s*\{", line):
                    print(f"{path}:{number}: a test file's helpers go in `namespace HITLAB_UNITY_ID {{` "
                          "(unique per file in the unity build), not an anonymous namespace", file=sys.stderr)
                    bad += 1
            continue
        seen = set()
        for name, line, target in names(path):
            if name not in seen:  # overloads within one file are one name
                seen.add(name)
                by_folder[os.path.dirname(path)][name].append((path, line, target))
    for folder in sorted(by_folder):
        for name, places in sorted(by_folder[folder].items()):
            targets = {target for _, _, target in places}
            if len(places) > 1 and not (len(targets) == 1 and None not in targets):
                where = ", ".join(f"{p}:{n}" for p, n, _ in places)
                print(f"{places[1][0]}:{places[1][1]}: '{name}' has internal linkage in {len(places)} files of "
                      f"{folder or '.'}/ ({where}); a unity build compiles them together: give each its own "
                      "name, or share one in a header", file=sys.stderr)
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
