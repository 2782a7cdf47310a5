#!/usr/bin/env python3
"""Translation time of every script of an older checkout, by its own translator and by this one
(best of two runs each, one script after the other, so both see the same load).
Usage: translation_time.py OLD_CHECKOUT   (e.g. `git worktree add /tmp/old COMMIT`)"""
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main():
    old = Path(sys.argv[1]).resolve()
    scripts = sorted(list((old / "mql5/Scripts/mqlcl").rglob("*.mq5")) + list((old / "tests/mql5/selftest").glob("*.mq5")) +
                     list((old / "tests/mql5/programs").rglob("*.mq5")))
    total = {"old": 0.0, "this": 0.0}
    translated = {"old": 0, "this": 0}
    for s in scripts:
        for who, translator in (("old", old / "tests/mql5/translate.py"), ("this", HERE / "translate.py")):
            best, rc = float("inf"), 1
            for _ in range(2):
                start = time.perf_counter()
                rc = subprocess.run([sys.executable, str(translator), str(s), "--include-dir", str(old / "mql5/Include"),
                                     "--mqlcl-include", str(old / "mql5/Include"), "--out", "/dev/null"],
                                    capture_output=True, cwd=old).returncode
                best = min(best, time.perf_counter() - start)
            total[who] += best
            translated[who] += rc == 0
    print(f"{len(scripts)} scripts; translated: old {translated['old']}, this {translated['this']}; "
          f"time (best of 2, summed): old {total['old']:.2f} s, this {total['this']:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
