#!/usr/bin/env python3
"""`mqlcl-host procs --shared` on the default device (PoCL here), at small sizes: the structure of
what it prints and writes, not its timing. For N = 1 and 2 and each workload (gemm64, launch, mlp):
a row of N processes each with its own context, one of N processes through the GPU server and one
through a server that merges their launches (--merged),
each with a rate (>= 0; one process in-process its own reference, ratio 1.000) and no failure; every context of the server's configuration in the server
and none of the other's; the summary's reference (one process alone in-process) and one process
through the server; the CSV with the same rows, the ratios to one process in-process (1 for the
reference) and to the own contexts at the same N; the plain server merging nothing though the
caller's environment says MQLCL_SHARED_GPU_MERGE=1; the run's own place for the server removed
once that server ended.
Usage: check_procs_shared.py BUILD (the native build tree: host/mqlcl-host, dll/)."""
import csv
import os
import re
import sys
import tempfile
from pathlib import Path

from common import expect, finish, run

WORK = ["gemm64", "launch", "mlp"]
COUNTS = [1, 2]


def main():
    build = Path(sys.argv[1]).resolve()
    host = build / "host/mqlcl-host"
    with tempfile.TemporaryDirectory(prefix="mqlcl-procs-check-") as tmp:
        out_csv = Path(tmp) / "procs.csv"
        env = dict(os.environ, TMPDIR=tmp, MQLCL_TUNE="off", MQLCL_TUNING_FILE=str(Path(tmp) / "tuning.txt"))
        env.pop("MQLCL_SHARED_GPU", None)
        # A caller's environment asking for merging: the plain server's rows still merge nothing.
        env["MQLCL_SHARED_GPU_MERGE"] = "1"
        rc, out, err = run([str(host), "procs", "--shared", "--merged", "--counts", "2", "--work", ",".join(WORK), "--scale",
                            "0.05", "--csv", str(out_csv)], env=env, timeout=360)
        expect(rc == 0, "procs --shared exits 0", f"rc {rc}\n{out}\n{err}")
        for config in ("own", "server", "merged"):
            for n in COUNTS:
                for w in WORK:
                    # The rate is printed to 0.1: a slow machine's gemm64 can print 0.0, so its value is
                    # checked in the CSV (below), to 0.001.
                    # Through a server: its launches that ran merged too (the launch workload's chains
                    # check their own sums, so a merged launch out of order is a failure).
                    merges = r", launches merged \d+ \(mean batch [0-9.]+\)" if config != "own" else ""
                    m = re.search(rf"^  {config} +N={n} +{w} +([0-9.]+) \S+ .* failures (\d+){merges}$", out, re.M)
                    expect(m is not None and float(m.group(1)) >= 0 and m.group(2) == "0",
                           f"{config} N={n} {w}: a rate, no failure", m.group(0) if m else out)
                placed = 0 if config == "own" else n
                expect(re.search(rf"^  {config} +N={n} +devices .*; contexts in the GPU server {placed} of {n}[ ;]", out, re.M)
                       is not None, f"{config} N={n}: {placed} of {n} contexts in the GPU server", out)
        for w in WORK:
            m = re.search(rf"^{w} \(.*\): one process alone in-process ([0-9.]+); one process through the server ([0-9.]+), "
                          r"x([0-9.]+) of in-process$", out, re.M)
            # printed to 0.1: a loaded machine's gemm64 prints 0.0; that the rates are positive is
            # checked in the CSV, where one process in-process is its own reference (ratio 1.000)
            expect(m is not None, f"summary of {w}: both references", out)
        rows = list(csv.DictReader(out_csv.open())) if out_csv.exists() else []
        expect(len(rows) == 3 * len(COUNTS) * len(WORK), "the CSV has a row per configuration, N and workload",
               f"{len(rows)} rows")
        for r in rows:
            name = f"CSV {r['configuration']} N={r['processes']} {r['workload']}"
            # A rate is a count over a time: how far above 0 it prints depends on the machine's load
            # (a 64^3 product of 0.3 s prints 0.0 to one decimal). The code guarantees a rate >= 0 and
            # the ratio 1.000 of one process in-process to itself, which only a positive rate has.
            ok = float(r["rate"]) >= 0 and r["failures"] == "0" and float(r["ratio_to_one_in_process"]) >= 0
            ok = ok and int(r["contexts_in_server"]) == (0 if r["configuration"] == "own" else int(r["processes"]))
            ok = ok and int(r["merged_launches"]) >= 0 and float(r["mean_batch"]) >= 0
            if r["configuration"] == "own" and r["processes"] == "1":
                ok = ok and r["ratio_to_one_in_process"] == "1.000"
            if r["configuration"] != "own":
                ok = ok and float(r["ratio_to_own_same_count"]) >= 0
            if r["configuration"] != "merged" or r["processes"] == "1":
                ok = ok and r["merged_launches"] == "0"  # none in the plain server (the environment asks for it), none alone
            expect(ok, name + ": rate, ratios, contexts where the configuration puts them", str(r))
        expect(len(re.findall(r"^the GPU server \(pid \d+\) ended after its idle time$", out, re.M)) == 2
               and not list(Path(tmp).glob("mqlcl-procs-*")), "the run's two servers ended and their places are removed", out)
    return finish("procs --shared")


if __name__ == "__main__":
    sys.exit(main())
