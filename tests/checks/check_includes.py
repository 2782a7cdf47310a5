#!/usr/bin/env python3
"""The library's parts include only downward: every #include "..." between files of dll/src goes
to a part ranked lower (or stays inside its part), and the include graph of modules (a .hpp with
its .cpp) has no cycle. The product never includes the lab: only the lab itself and the exports
include a lab part (the article's ladder). Prints each include that goes up or sideways, each
include of the lab from the product and each cycle; exits 1 on any.
The ranks are the layers docs/ARCHITECTURE.md draws.
Usage: check_includes.py ROOT"""
import re
import sys
from pathlib import Path

# Lowest first. Parts of one rank do not include each other. "" is the context, at dll/src's root.
RANKS = {
    "core": 0,
    "platform": 1, "remote": 1,
    "device": 2,
    "catalog": 3,
    "tuning": 4, "transfer": 4,
    "": 5,
    "measure": 6, "experiments": 6, "generic": 6,
    "gemm": 7,
    "ladder": 8,
    "api": 9,
}
# The article's lab: its stages run as mqlcl_matmul. The product (every other part) never includes
# it, whatever the ranks say; the exports (api) do, to export the lab's calls.
LAB = {"ladder"}
LAB_USERS = {"api"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module(rel):
    """'gemm/gemm_plan.cpp' -> 'gemm/gemm_plan' (a header and its source are one module)."""
    return str(Path(rel).with_suffix(""))


def part(mod):
    return mod.rsplit("/", 1)[0] if "/" in mod else ""


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = Path(sys.argv[1]) / "dll/src"
    files = sorted(p for p in src.rglob("*") if p.suffix in (".hpp", ".cpp"))
    known = {str(p.relative_to(src)) for p in files}
    graph = {}
    problems = []
    lab_includes = 0
    for p in files:
        rel = str(p.relative_to(src))
        mod = module(rel)
        if part(mod) not in RANKS:
            problems.append(f"{rel}: part '{part(mod)}' has no rank in check_includes.py (add it where it belongs)")
            continue
        edges = graph.setdefault(mod, set())
        for line_no, target in ((p.read_text().count("\n", 0, m.start()) + 1, m.group(1))
                                for m in INCLUDE.finditer(p.read_text())):
            if target not in known:
                continue  # mqlcl.h, generated headers, third-party headers
            tmod = module(target)
            if tmod == mod:
                continue
            edges.add(tmod)
            a, b = part(mod), part(tmod)
            if b in LAB and a not in LAB and a not in LAB_USERS:
                lab_includes += 1
                problems.append(f"{rel}:{line_no}: includes {target}: the product ('{a or '(context)'}') includes the "
                                f"lab ('{b}'); move what both use to the product side")
            elif a != b and RANKS.get(b, 99) >= RANKS[a]:
                problems.append(f"{rel}:{line_no}: includes {target}: part '{b or '(context)'}' (rank {RANKS.get(b)}) "
                                f"is not below '{a or '(context)'}' (rank {RANKS[a]})")
    # Cycles among modules (inside a part too), by depth-first search.
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                problems.append("include cycle: " + " -> ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    for line in problems:
        print(line)
    print(f"{len(graph)} modules, {sum(len(e) for e in graph.values())} includes between them: "
          f"{lab_includes} from the product into the lab ({', '.join(sorted(LAB))}); {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
