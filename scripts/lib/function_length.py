#!/usr/bin/env python3
"""Lists the functions whose body runs over a number of lines (80 unless --limit says otherwise).

Reads C++ laid out by the project's .clang-format: a function that does not fit on one line has its
opening brace alone on its own line (BraceWrapping.AfterFunction), at namespace scope or inside a
class body; classes, namespaces, enums, initializers, lambdas and control statements keep their
brace on the line they open. A body is counted from its opening brace to its closing brace, both
included. A function the comment line directly above marks `// data table` (a registration list, a
table of cases) is passed over; so is a name in --allow (`path:Function`), and an --allow entry
that names no long function gets a note that it can go.

Usage: function_length.py [--limit N] [--allow path:Name ...] [--list] FILE...
Prints `path:line: Name is N lines ...` for each one found; exits 1 if any is not allowed. With
--list it prints every long function, marked or allowed or not, and exits 0.
"""
import re
import sys

MARKER = re.compile(r"^\s*//\s*data table\b")
NAMESPACE = re.compile(r"^(inline\s+)?namespace\b|^extern\s*\"\"\s*$")
CLASS = re.compile(r"^(template\s*<.*>\s*)?(class|struct|union)\b[^(]*$", re.S)
NAME = re.compile(r"((?:[A-Za-z_]\w*(?:<[^()]*>)?::)*(?:~?[A-Za-z_]\w*|operator\s*(?:\(\)|[^\s(]+)))\s*\($")


def blank_comments_and_strings(text):
    """The text with comments, string and character literals replaced by spaces (lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            delim_end = text.find("(", i + 2)
            close = ")" + text[i + 2 : delim_end] + '"'
            end = text.find(close, delim_end)
            end = n if end < 0 else end + len(close)
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2 : end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000'000
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c + " " * (min(j, n - 1) - i - 1))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(header):
    """The name the header (the text before a body's brace) declares, or '?'."""
    depth, cut = 0, None
    for k in range(len(header) - 1, -1, -1):  # the '(' that opens the parameter list
        if header[k] == ")":
            depth += 1
        elif header[k] == "(":
            depth -= 1
            if depth == 0:
                cut = k
                # a constructor's initializer list `) : m_a(a)`: keep going to the parameter list
                if not re.search(r"\)\s*:\s*[\w:]+\s*$", header[:k]) and not re.search(r"[,:]\s*[\w:]+\s*$", header[:k]):
                    break
    if cut is None:
        return "?"
    m = NAME.search(header[: cut + 1])
    return m.group(1).replace(" ", "") if m else "?"


def first_header_line(text, start, brace, offset_line):
    """The line where a function's header begins: its first text that is not blank, a preprocessor
    line or an access specifier (`public:`)."""
    skip = re.compile(r"\s+|#[^\n]*|(public|private|protected)\s*:(?!:)")
    pos = start
    while pos < brace:
        m = skip.match(text, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
    return offset_line[pos]


def functions(raw):
    """Every function body in the source text raw (outermost ones: a lambda or local class inside a
    body belongs to it), as (header line, opening brace line, closing brace line, name, opening
    offset, closing offset); lines count from 0, offsets index raw (comments and strings kept)."""
    text = blank_comments_and_strings(raw)
    lines = text.split("\n")
    found = []
    stack = []  # per open brace: 'scope' (file, namespace, class) or 'inside', and for functions the start
    header_start = 0  # offset where the text before the next brace at this level begins
    offset_line = []
    for number, line in enumerate(lines):
        offset_line.extend([number] * (len(line) + 1))
    for pos, c in enumerate(text):
        in_scope = not stack or stack[-1][0] == "scope"
        if c == ";" and in_scope:
            header_start = pos + 1
        elif c == "{":
            if not in_scope:
                stack.append(("inside", None))
                continue
            header = text[header_start:pos]
            header = re.sub(r"^\s*#.*$", "", header, flags=re.M)  # preprocessor lines
            header = re.sub(r"^\s*(public|private|protected)\s*:", "", header.strip()).strip()
            own_line = lines[offset_line[pos]].strip() == "{"
            if NAMESPACE.search(header) or CLASS.search(header):
                stack.append(("scope", None))
            elif own_line and header.endswith((")", "}", "const", "noexcept", "override", "final")) or (
                own_line and "->" in header
            ):
                first = first_header_line(text, header_start, pos, offset_line)
                stack.append(("function", (first, offset_line[pos], function_name(header), pos)))
            else:
                stack.append(("inside", None))
                continue
            header_start = pos + 1
        elif c == "}" and stack:
            kind, info = stack.pop()
            if kind == "function":
                first, open_line, name, open_pos = info
                found.append((first, open_line, offset_line[pos], name, open_pos, pos))
            # A brace in a constructor's initializer list (`m_a{a},` or `V4{x})`) does not end the header.
            continues = re.match(r"\s*[,){]", text[pos + 1 :]) and kind == "inside"
            if (not stack or stack[-1][0] == "scope") and not continues:
                header_start = pos + 1
    return found


def long_functions(path, limit):
    """(line of the header, name, body lines, marked as data) of each body over limit lines in path."""
    raw = open(path, encoding="utf-8", errors="replace").read()
    raw_lines = raw.split("\n")
    found = []
    for first, open_line, close_line, name, _, _ in functions(raw):
        length = close_line - open_line + 1
        if length > limit:
            marked = first > 0 and MARKER.match(raw_lines[first - 1]) is not None
            found.append((first + 1, name, length, marked))
    return found


def main(argv):
    limit, allow, listing, files = 80, set(), False, []
    args = iter(argv)
    for a in args:
        if a == "--limit":
            limit = int(next(args))
        elif a == "--allow":
            allow.add(next(args))
        elif a == "--list":
            listing = True
        else:
            files.append(a)
    bad, used = 0, set()
    for path in files:
        if not path.endswith((".cpp", ".h", ".hpp", ".cc", ".c")):
            continue
        for line, name, length, marked in long_functions(path, limit):
            allowed = f"{path}:{name}" in allow
            if allowed:
                used.add(f"{path}:{name}")
            if listing:
                note = " (data table)" if marked else " (allowed for now)" if allowed else ""
                print(f"{path}:{line}: {name} {length}{note}")
            elif not marked and not allowed:
                print(
                    f"{path}:{line}: {name} is {length} lines; a function stays within {limit} "
                    f"(split it into named parts, or mark a data table with `// data table` on the line above)",
                    file=sys.stderr,
                )
                bad += 1
    for entry in sorted(allow - used):
        if not listing:  # a note, not a failure: the entry has done its work
            print(f"note: {entry} is on the allow-list but no longer over {limit} lines; remove the entry",
                  file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
