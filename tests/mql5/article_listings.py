#!/usr/bin/env python3
"""The seed article's own programs, run on mqlcl.dll: every complete MQL5 program listing of
../shared/seeds/003_*.txt ("OpenCL: from naive towards more insightful programming") is cut out
of the article's text (never copied by hand), given the one include line that puts the
terminal's CL* functions on mqlcl.dll (#include <mqlcl/OpenCLBuiltins.mqh>) and small matrix
sizes through its own #defines (ROWS1, COLSROWS, COLS2), then translated, compiled and run by
run_scripts.py natively and under Wine, whose article_listing() checks what each prints (the
ten random checks of listing 2 against the program's own sums, within float bounds).

A listing is one block that starts with the MetaEditor header `//+---...+` / `//| NAME.mq5 |`
and ends before its caption line ("Liste N. ..."); a complete program has OnStart(). The
others are kernels (listings 3-10: each replaces listing 2's kernel; the article gives their
host code only in its attachment): each is built from its `clSrc` expression and run through
mqlcl by tests/checks/run_cl_file.cpp with the launch the article describes for it, its product
checked exactly; the one that is wrong by mistake (listing 7, stage 6's race) is named, and
oclgrind must report its race.
Where the seeds folder does not exist (a user's clone has no ../shared) the step says so and
skips; where it exists, the article must be in it.
Usage: article_listings.py ROOT --native BUILD [--mingw BUILD] [--seeds DIR] [--work DIR]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "checks"))
from common import expect, finish  # noqa: E402
import run_scripts  # noqa: E402

INCLUDE_LINE = "#include <mqlcl/OpenCLBuiltins.mqh>  // the one line added: the terminal's CL* functions on mqlcl.dll"
HEADER = re.compile(r"^//\+-+\+\s*\n//\|\s+(\w+)\.mq5\s*\|\s*$", re.M)
CAPTION = re.compile(r"^Liste \d+\.", re.M)


def listings(text):
    """[(name or None, code)] of every listing, in order: a program from its MetaEditor header,
    a kernel listing from its `const string clSrc` line, to the line before the caption."""
    out, prev_cap = [], 0
    for cap in CAPTION.finditer(text):
        heads = [m for m in HEADER.finditer(text, prev_cap, cap.start())]
        if heads:
            out.append((heads[-1].group(1), text[heads[-1].start():cap.start()].strip() + "\n"))
        else:
            at = text.rfind("\nconst string", prev_cap, cap.start())
            out.append((None, text[at + 1:cap.start()].strip() + "\n" if at >= 0 else ""))
        prev_cap = cap.end()
    return out


# The kernel listings run with these sizes (COLSROWS a multiple of 8: listings 8-10 read float4 /
# float8), through tests/checks/run_cl_file.cpp on the exact-in-float inputs of its --check.
KERNEL_SIZES = {"ROWS1": 16, "COLSROWS": 24, "COLS2": 12}
KERNEL_LOCAL = 8
# From listing 3 on the article stores B column-major (its host transposes it); listings 3 and 4
# keep listing 2's 2D range, 5-10 compute a whole row per work-item (1D, work-groups of LOCAL).
TWO_D = {3, 4}
# Wrong by mistake: listing 7 (the article's stage 6) refills the __local column for the next
# iteration behind a single barrier, while slower work-items of the group still read it.
RACY = {7: "the __local column is refilled behind one barrier while others still read it (stage 6's race)"}


def kernel_source(code, sizes):
    """The OpenCL C that listing's `const string clSrc = "..." + i2s(NAME) + ...;` makes."""
    parts = re.findall(r'"((?:\\.|[^"\\])*)"|i2s\(\s*(\w+)\s*\)', code)
    out = []
    for text, name in parts:
        if name:
            out.append(str(sizes[name]))
        else:
            out.append(text.replace("\\r", "\r").replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\"))
    return "".join(out)


def run_kernel_listings(kernels, build, work):
    """Each kernel listing built and run through mqlcl, its product checked element by element;
    the racy one under oclgrind --data-races, which must report its race."""
    runner = build / "tests/mqlcl_run_cl_file"
    args = [str(KERNEL_SIZES[k]) for k in ("ROWS1", "COLSROWS", "COLS2")] + [str(KERNEL_LOCAL)]
    for number, code in kernels:
        cl = work / f"listing{number}.cl"
        cl.write_text(kernel_source(code, KERNEL_SIZES))
        flags = ["--b-colmajor", "--check"] + (["--2d"] if number in TWO_D else [])
        p = subprocess.run([str(runner), str(cl), "matricesMul", *args, *flags], text=True, capture_output=True)
        if number in RACY:
            print(f"[INFO] listing {number} on the device: {(p.stdout + p.stderr).strip().splitlines()[-1:]}")
            o = subprocess.run(["oclgrind", "--data-races", str(runner), str(cl), "matricesMul", *args, "--b-colmajor"],
                               text=True, capture_output=True, timeout=600)
            expect("data race" in o.stderr, f"listing {number}, wrong by mistake ({RACY[number]}): oclgrind reports "
                   "the race", o.stderr[-400:])
            continue
        expect(p.returncode == 0 and ": 0 wrong" in p.stdout,
               f"listing {number}: the article's kernel built and run through mqlcl, "
               f"{'2D' if number in TWO_D else '1D'} range, product exact", (p.stdout + p.stderr)[-600:])


def small_sizes(code):
    """The listing with its matrix sizes set by its own #defines; the names set."""
    done = []
    for name, value in run_scripts.ARTICLE_SIZES.items():
        code, n = re.subn(rf"^(#define\s+{name}\s+)\d+", rf"\g<1>{value}", code, flags=re.M)
        if n:
            done.append(name)
    return code, done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--mingw", type=Path)
    ap.add_argument("--seeds", type=Path, help="folder of the seed documents (default ROOT/../shared/seeds)")
    ap.add_argument("--work", type=Path)
    a = ap.parse_args()
    root = a.root.resolve()
    seeds = (a.seeds or root.parent / "shared/seeds").resolve()
    if not seeds.is_dir():  # a user's clone: the project's seed documents are not distributed with it
        print(f"[SKIP] the seed article's programs: no seed documents folder {seeds} (the article 003_*.txt "
              "lies beside the repository on the project's own machines, not in a clone)")
        return finish("article listings")
    found = sorted(seeds.glob("003_*.txt"))
    if not expect(len(found) == 1, f"the seed article 003 in {seeds}", f"found {found}"):
        return finish("article listings")
    # The web page's text: its code lines are indented with no-break spaces (U+00A0), which
    # are not in the programs (MetaEditor's files have plain spaces).
    text = found[0].read_text(encoding="utf-8").replace("\u00a0", " ")
    all_listings = listings(text)
    programs = [(n, c) for n, c in all_listings if n and "OnStart(" in c]
    kernels = [(i, c) for i, (n, c) in enumerate(all_listings, 1) if "__kernel" in c and "OnStart(" not in c]
    expect(len(all_listings) >= 10, f"{len(all_listings)} listings in the article (its captions 'Liste N.')")
    expect([n for n, _ in programs] == ["matr_mul_2dim", "matr_mul_1dim"],
           f"the complete programs: {[n for n, _ in programs]} (listings 1 and 2)")
    expect(len(kernels) >= 8, f"{len(kernels)} kernel listings (3-10), each a replacement of listing 2's kernel")
    work = (a.work or Path(tempfile.mkdtemp(prefix="mqlcl-article-"))).resolve()
    scripts = work / "Scripts"
    scripts.mkdir(parents=True, exist_ok=True)
    run_kernel_listings(kernels, a.native.resolve(), work)
    names = []
    for name, code in programs:
        code, sized = small_sizes(code)
        expect(sized == list(run_scripts.ARTICLE_SIZES), f"{name}: sizes set through its #defines {sized}")
        lines = code.split("\n")
        # After the header comment (its first three lines), before the listing's own code.
        at = next((i for i, l in enumerate(lines) if not l.startswith("//")), 0)
        code = "\n".join(lines[:at] + [INCLUDE_LINE] + lines[at:])
        (scripts / f"article_{name}.mq5").write_text(code, encoding="utf-8")
        names.append(f"article_{name}")
    cmd = [sys.executable, str(HERE / "run_scripts.py"), str(root), "--native", str(a.native), "--scripts", str(scripts),
           "--work", str(work / "build"), "--no-stop-test", "--only", *names]
    if a.mingw:
        cmd[5:5] = ["--mingw", str(a.mingw)]
    p = subprocess.run(cmd, text=True, capture_output=True, env=dict(os.environ))
    print(p.stdout + p.stderr, end="")
    summary = re.search(r"^mql5 scripts: (\d+) passed, (\d+) failed$", p.stdout, re.M)
    expect(p.returncode == 0 and summary is not None and summary.group(2) == "0",
           f"the article's programs translated, compiled and run with correct results ({work})")
    return finish("article listings")


if __name__ == "__main__":
    raise SystemExit(main())
