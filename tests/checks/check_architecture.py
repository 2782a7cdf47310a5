#!/usr/bin/env python3
"""docs/ARCHITECTURE.md as a map that fits a screen and stays true: at most 150 lines, none over
160 characters; its layer block names every folder of dll/src once, each at the rank
tests/checks/check_includes.py gives it, and no folder that is not there. Prints the
differences, then "N passed, M failed".
Usage: check_architecture.py ROOT"""
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_includes import RANKS  # noqa: E402

MAX_LINES, MAX_CHARS = 150, 160
LAYER = re.compile(r"^(\d) (\w+)/ ", re.M)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = Path(sys.argv[1])
    text = (root / "docs/ARCHITECTURE.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    problems = []
    if len(lines) > MAX_LINES:
        problems.append(f"docs/ARCHITECTURE.md has {len(lines)} lines, more than {MAX_LINES}: move detail to the files it describes")
    problems += [f"docs/ARCHITECTURE.md:{n}: {len(l)} characters, more than {MAX_CHARS}"
                 for n, l in enumerate(lines, 1) if len(l) > MAX_CHARS]
    drawn = {}
    for m in LAYER.finditer(text):
        if m.group(2) in drawn:
            problems.append(f"docs/ARCHITECTURE.md: {m.group(2)}/ drawn twice in the layers")
        drawn[m.group(2)] = int(m.group(1))
    folders = {p.name for p in (root / "dll/src").iterdir() if p.is_dir() and p.name != "__pycache__"}
    for f in sorted(folders - set(drawn)):
        problems.append(f"dll/src/{f}/ is not in docs/ARCHITECTURE.md's layers")
    for f in sorted(set(drawn) - folders):
        problems.append(f"docs/ARCHITECTURE.md's layers name {f}/, which dll/src does not have")
    for f in sorted(set(drawn) & folders):
        if RANKS.get(f) != drawn[f]:
            problems.append(f"docs/ARCHITECTURE.md ranks {f}/ {drawn[f]}, check_includes.py's RANKS {RANKS.get(f)}")
    for p in problems:
        print(p)
    checks = 3 + len(folders)
    print(f"{checks - len(problems) if len(problems) < checks else 0} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
