#!/usr/bin/env python3
"""docs/results/README.md, the index of the result folders, made from the folders themselves.

A result folder is each folder under docs/results/<device class>/ (and the class folder itself
where it holds files of its own). For each: the device its files name (nvidia-smi lines, the
OpenCL device lines of mqlcl-host, "on NVIDIA ..."), the date (the folder's name, else its
README's title), what it holds (its README's title, else its files), the commands its files say
made it (a README's command block, a log's first line "$ ...").
The index is rewritten, never edited by hand; --check says whether it is current and whether
every folder's device is of its class (no H100 run under h200/).
Usage: results_index.py ROOT [--check]"""
import argparse
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

CLASSES = {"cpu": "CPU (PoCL)", "h100": "NVIDIA H100", "h200": "NVIDIA H200"}
PAGES = {"cpu": "docs/results-cpu.md", "h100": "docs/results-h100.md", "h200": "docs/results-h200.md"}
GPU = re.compile(r"NVIDIA (H100|H200)")
DATE = re.compile(r"20\d\d-\d\d-\d\d")
TEXT = (".txt", ".log", ".out", ".md", ".sh")


def head(path, lines=40):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return [line.rstrip("\n") for _, line in zip(range(lines), f)]
    except OSError:
        return []


def files_of(folder, own_only):
    found = folder.iterdir() if own_only else folder.rglob("*")
    return sorted(p for p in found if p.is_file())


def devices(files):
    """The GPUs the files name; the CPU class where they name none."""
    seen = set()
    for p in files:
        if p.suffix in TEXT:
            for line in head(p):
                seen.update("NVIDIA " + m for m in GPU.findall(line))
    return sorted(seen)


RUNS = re.compile(r"(?:^|\s)(?:bash |python3 |scripts/|build/native/host/mqlcl-host|mqlcl-host )")


def readme_commands(lines):
    """The commands a README gives after "Command"/"Made by"/"command:": a fenced or indented block's
    run lines (not its build and copy lines), else the first backticked script or mqlcl-host call."""
    cmds = []
    for i, line in enumerate(lines):
        if not re.search(r"^(## )?(Command|Made by)|[Cc]ommand:|^\d+\. `", line):
            continue
        window, fenced = lines[i + 1:i + 14], False
        for later in window:
            if later.startswith("```"):
                if fenced:
                    break
                fenced = True
                continue
            code = later.strip() if fenced or later.startswith("    ") else ""
            if code and not code.startswith("#") and RUNS.search(code):
                cmds.append(re.sub(r"\s+#.*$", "", code))
        if not cmds:
            m = re.search(r"`([^`]*(?:\.sh\b|mqlcl-host \S)[^`]*)`", "\n".join([line] + window[:2]))
            if m:
                cmds.append(m.group(1).strip())
        if cmds:
            break
    return cmds


def commands(folder, files):
    readme = folder / "README.md"
    cmds = readme_commands(head(readme, 80)) if readme.is_file() else []
    for p in files:
        first = head(p, 1)
        if first and first[0].startswith("$ "):
            cmds.append(first[0][2:].strip())
    unique = list(dict.fromkeys(cmds))
    return unique[:3] + ([f"and {len(unique) - 3} more"] if len(unique) > 3 else [])


def describe(folder, files):
    readme = folder / "README.md"
    title = next((line[2:].strip() for line in head(readme, 5) if line.startswith("# ")), "") \
        if readme.is_file() else ""
    names = sorted({str(p.relative_to(folder)).split("/")[0] + ("/" if p.parent != folder else "")
                    for p in files})
    shown = ", ".join(f"`{n}`" for n in names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return title, shown


def folders(root):
    base = root / "docs/results"
    for cls in sorted(d.name for d in base.iterdir() if d.is_dir()):
        top = base / cls
        own = [p for p in top.iterdir() if p.is_file()]
        if own:
            yield cls, top, True
        for sub in sorted(d for d in top.iterdir() if d.is_dir()):
            yield cls, sub, False


def build(root):
    """(index text, [problems]) for the tree at root."""
    out = ["# Result folders", "",
           "Made by `python3 tests/checks/results_index.py .` from the folders themselves (do not edit;",
           "the test command checks it is current). The figures are read in the pages of each device",
           "class: " + ", ".join(f"[{CLASSES[c]}](../{Path(p).name})" for c, p in PAGES.items()) + ". Each folder's",
           "device is the one its files name; date from its name or its README; commands as its files give them;",
           "the pages that discuss a run link its folder.",
           ""]
    problems = []
    current = None
    for cls, folder, own_only in folders(root):
        if cls != current:
            current = cls
            out += [f"## {cls}/ — {CLASSES.get(cls, cls)}", "",
                    "| folder | device | date | what it holds | made by |", "|---|---|---|---|---|"]
        files = files_of(folder, own_only)
        rel = str(folder.relative_to(root))
        gpus = devices(files)
        expected = CLASSES.get(cls)
        if cls == "cpu":
            ok, device = not gpus, "CPU (PoCL)" if not gpus else ", ".join(gpus)
        else:
            ok, device = gpus == [expected], ", ".join(gpus) or "not named in its files"
        if not ok:
            problems.append(f"{rel}: its files name {device}, not {expected} only")
        title, shown = describe(folder, files)
        date = (DATE.findall(folder.name) or DATE.findall(title) or DATE.findall(" ".join(head(folder / "README.md", 8)))
                or ["not recorded"])[0]
        what = (title + "; " if title else "") + shown + ("" if not own_only else " (the folder's own files)")
        made = "; ".join(f"`{c}`" for c in commands(folder, files)) or "—"
        link = f"[{folder.relative_to(root / 'docs/results')}/]({folder.relative_to(root / 'docs/results')}/)"
        out.append(f"| {link} | {device} | {date} | {what.replace('|', '/')} | {made.replace('|', '/')} |")
    out.append("")
    return "\n".join(out).replace("\n## ", "\n\n## ").replace("\n\n\n", "\n\n"), problems


def check(root, expect):
    """The test command's check: the index current, each folder's device that of its class."""
    text, problems = build(root)
    index = root / "docs/results/README.md"
    expect(index.is_file() and index.read_text(encoding="utf-8") == text,
           "docs/results/README.md is the index results_index.py makes of the result folders",
           "run: python3 tests/checks/results_index.py .")
    expect(not problems, "each result folder's files name a device of its class", "; ".join(problems))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--check", action="store_true", help="say whether the index is current; write nothing")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    if args.check:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from common import expect, finish
        check(root, expect)
        return finish("results index")
    text, problems = build(root)
    (root / "docs/results/README.md").write_text(text, encoding="utf-8")
    for p in problems:
        print("warning:", p)
    print(f"wrote docs/results/README.md ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
