#!/usr/bin/env python3
"""Many processes store into one tuning file at once, as the strategy tester's agents do when
each loads the library: no process fails, and no line is lost or doubled. A tuning file is
seeded with the header, 20 entries of foreign devices, a comment and a foreign device's
profile line; 16 processes of mqlcl_tuning_race (tests/reliability/tuning_race.cpp) start
together, each creates a context, asks for the device profile where the library exports it,
and stores its own stage-10 vector. Then: every process exited 0; the header is the first
line; every other line is a comment, an entry of 4 tab-separated fields or a profile line;
the seeded lines are all there, unchanged, in their order; the device has exactly one stage-10
entry, holding one of the vectors stored, and at most one profile line; no temporary file is
left beside the file. Natively the check also adds lines of its own meanwhile, under the same
lock: every process stores for the same device, so only such lines show a store that skipped
the lock.
Usage: check_tuning_race.py [--native BUILD] [--mingw BUILD] [--processes N] [--rounds R]
(--mingw: the Windows build under wine, WINEDEBUG=-all, $WINEPREFIX or a temporary one)."""
import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import RESULTS, expect, finish, run

HEADER = "# mqlcl-tuning 2"
VECTORS = ["64 64 16 4 4", "32 32 16 4 4", "64 64 8 8 8", "128 64 16 8 8", "64 128 16 8 8", "32 32 8 4 4"]


def seeded_lines():
    """What the file holds before the race, after its header: lines no process may touch."""
    lines = [f"10\tForeign GPU {i:02d}\tForeign Vendor {i:02d} GPU\t{VECTORS[i % len(VECTORS)]}" for i in range(20)]
    lines.insert(7, "# seeded by check_tuning_race.py: every line below the header must survive")
    lines.append("profile\tForeign GPU 99\tForeign Vendor 99 GPU\tdriver 1.0\tfp32=1000")
    return lines


def wine_path(p):
    return "Z:" + str(Path(p).resolve()).replace("/", "\\")


def write_beside(tuning, procs):
    """While the processes run, adds entries of its own the way a second writer must (flock on
    the lock file, read, add a line, write a temporary file, rename), one at a time. The stores
    look alike (one device), so a store that skipped the lock would lose only lines like these:
    with the lock taken out of the library, each of 10 runs lost some. Linux only: Wine's
    LockFileEx is not a flock."""
    written = []
    while (not written or any(p.poll() is None for p in procs)) and len(written) < 400:
        fd = os.open(str(tuning) + ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            line = f"10\tChecker GPU {len(written):03d}\tChecker Vendor GPU\t{VECTORS[len(written) % len(VECTORS)]}"
            tmp = tuning.with_name(tuning.name + ".tmpchecker")
            tmp.write_text(tuning.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
            os.replace(tmp, tuning)
            written.append(line)
        finally:
            os.close(fd)  # releases the lock
        time.sleep(0.001)
    return written


def race(label, command, env, processes, timeout):
    """Seeds a tuning file, starts the processes at once and checks what they left."""
    failures_before = RESULTS["failed"]
    with tempfile.TemporaryDirectory(prefix="mqlcl-race-") as tmp:
        tuning = Path(tmp, "mqlcl-tuning.txt")
        seeded = seeded_lines()
        tuning.write_text("\n".join([HEADER] + seeded) + "\n", encoding="utf-8")
        run_env = dict(env, MQLCL_TUNING_FILE=wine_path(tuning) if label == "wine" else str(tuning))
        started = time.monotonic()
        procs = [subprocess.Popen(command(i), env=run_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  errors="replace") for i in range(processes)]
        written = write_beside(tuning, procs) if label == "native" else []
        results = []
        for i, p in enumerate(procs):
            try:
                out, err = p.communicate(timeout=max(1.0, timeout - (time.monotonic() - started)))
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate()
                err += f"\n(killed: not done {timeout} s after the start)"
            results.append((i, p.returncode, out, err))
        seconds = time.monotonic() - started
        failed = [f"process {i}: rc={rc} {err.strip()[-300:]}" for i, rc, out, err in results if rc != 0]
        expect(not failed, f"{label}: {processes} processes that stored at once all exited 0 ({seconds:.1f} s)",
               "; ".join(failed))
        names = {line[len("device: "):] for _, _, out, _ in results for line in out.splitlines()
                 if line.startswith("device: ")}
        stored = {line[len("stored: "):] for _, _, out, _ in results for line in out.splitlines()
                  if line.startswith("stored: ")}
        expect(len(names) == 1, f"{label}: every process names one device", f"names: {sorted(names)}")
        device = next(iter(names)) if len(names) == 1 else None

        text = tuning.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        expect(lines[:1] == [HEADER], f"{label}: the first line is the header", f"first line: {lines[:1]}")
        malformed = [l for l in lines[1:]
                     if not l.startswith("#") and not l.startswith("profile\t") and len(l.split("\t")) != 4]
        expect(not malformed, f"{label}: every line is a comment, a 4-field entry or a profile line",
               f"{malformed[:5]}")
        seeded_set = set(seeded)
        kept = [l for l in lines if l in seeded_set]
        expect(kept == seeded,
               f"{label}: the {len(seeded)} seeded lines (20 foreign entries, a comment, a foreign profile) are "
               f"all there, unchanged, once each, in their order",
               f"missing: {[l for l in seeded if l not in kept][:5]}, found {len(kept)} of {len(seeded)}")
        if label == "native":
            theirs = [l for l in lines if l in set(written)]
            expect(written and theirs == written,
                   f"{label}: the {len(written)} lines this check added meanwhile under the lock are all there, in "
                   f"their order (a store that ignored the lock would have lost some)",
                   f"missing: {[l for l in written if l not in theirs][:5]}, found {len(theirs)} of {len(written)}")
        mine = [l.split("\t") for l in lines if device is not None and l.split("\t")[:2] == ["10", device]]
        expect(len(mine) == 1 and mine[0][3] in stored,
               f"{label}: exactly one stage-10 entry for '{device}', holding a vector a process stored",
               f"entries: {mine}, stored: {sorted(stored)}")
        profiles = [l.split("\t")[1] for l in lines if l.startswith("profile\t") and len(l.split("\t")) > 1]
        doubled = sorted({d for d in profiles if profiles.count(d) > 1})
        expect(not doubled, f"{label}: at most one profile line per device ({len(profiles)} in all)", f"{doubled}")
        leftovers = sorted(p.name for p in Path(tmp).iterdir() if ".tmp" in p.name)
        expect(not leftovers, f"{label}: no temporary file left beside the tuning file", f"{leftovers}")
        if RESULTS["failed"] > failures_before:
            print("       the file after the race:\n" + "\n".join("         " + l.replace("\t", " | ") for l in lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--native", type=Path, help="native build folder (tests/mqlcl_tuning_race, dll/libmqlcl.so)")
    ap.add_argument("--mingw", type=Path, help="MinGW build folder (tests/mqlcl_tuning_race.exe, dll/mqlcl.dll)")
    ap.add_argument("--processes", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=1, help="races, each with a new file")
    args = ap.parse_args()
    if not args.native and not args.mingw:
        ap.error("give --native BUILD, --mingw BUILD or both")
    if args.native:
        tool, lib = args.native / "tests/mqlcl_tuning_race", args.native / "dll/libmqlcl.so"
        for r in range(args.rounds):
            race("native", lambda i: [str(tool), str(lib.resolve()), str(i)], dict(os.environ), args.processes, 120)
    if args.mingw:
        tool, lib = args.mingw / "tests/mqlcl_tuning_race.exe", args.mingw / "dll/mqlcl.dll"
        env = dict(os.environ, WINEDEBUG="-all")
        own_prefix = "WINEPREFIX" not in env
        if own_prefix:
            env["WINEPREFIX"] = tempfile.mkdtemp(prefix="mqlcl-wine-")
        # Start the prefix and wineserver first: 16 processes must race over the file, not over
        # creating the prefix.
        rc, out, err = run(["wine", str(tool)], env=env, timeout=300)
        expect(rc == 2 and "usage" in err, "wine: mqlcl_tuning_race.exe starts (usage without arguments)",
               f"rc={rc} {out[-300:]} {err[-300:]}")
        for r in range(args.rounds):
            race("wine", lambda i: ["wine", str(tool), wine_path(lib), str(i)], env, args.processes, 300)
        if own_prefix:
            subprocess.run(["wineserver", "-w"], env=env, timeout=60)
            shutil.rmtree(env["WINEPREFIX"], ignore_errors=True)
    return finish("tuning race")


if __name__ == "__main__":
    sys.exit(main())
