#!/usr/bin/env python3
"""mqlcl.dll under Wine (whose builtin opencl.dll forwards to the host's OpenCL, PoCL here):
the ladder gives the same products as the native library, and with OpenCL disabled the DLL
still loads and says why it cannot work.
Usage: check_wine.py NATIVE_BUILD MINGW_BUILD"""
import json
import os
import sys
import tempfile
from pathlib import Path

from common import expect, finish, run


def main():
    native, mingw = Path(sys.argv[1]), Path(sys.argv[2])
    env = dict(os.environ, WINEDEBUG="-all")
    env.setdefault("WINEPREFIX", tempfile.mkdtemp(prefix="mqlcl-wine-"))
    size = "97,131,61"
    stages = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,20,21,22,25"
    with tempfile.TemporaryDirectory() as tmp:
        nat_json, win_json = os.path.join(tmp, "native.json"), os.path.join(tmp, "wine.json")
        rc, out, err = run([str(native / "host/mqlcl-host"), "ladder", "--size", size, "--stages", stages, "--no-cpu",
                            "--samples", "0", "--json", nat_json])
        expect(rc == 0, "native ladder passes", out[-500:] + err[-500:])
        rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), "ladder", "--size", size, "--stages", stages,
                            "--no-cpu", "--samples", "0", "--json", win_json], env=env)
        expect(rc == 0, "mqlcl-host.exe ladder passes under Wine", out[-500:] + err[-500:])
        if os.path.exists(nat_json) and os.path.exists(win_json):
            a, b = json.load(open(nat_json)), json.load(open(win_json))
            for sa, sb in zip(a["stages"], b["stages"]):
                same = (sa["stage"] == sb["stage"] and sa["ok"] == sb["ok"] and
                        abs(sa["checksum"] - sb["checksum"]) <= 1e-5 * max(1.0, sa["abs_checksum"]) and
                        abs(sa["abs_checksum"] - sb["abs_checksum"]) <= 1e-5 * max(1.0, sa["abs_checksum"]))
                expect(same and sb["ok"], f"stage {sa['stage']} ({sa['name']}): Wine result equals native",
                       f"native {sa['checksum']}/{sa['ok']}, wine {sb['checksum']}/{sb['ok']}")
            expect(len(a["stages"]) == len(b["stages"]) == stages.count(",") + 1, "both ran every stage")
    for cmd in (["dia", "--kind", "extremes", "--rows", "1001", "--repeat", "1", "--megabytes", "1"],
                ["transpose", "--size", "65,33", "--repeat", "1", "--megabytes", "1"]):
        rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), *cmd], env=env)
        expect(rc == 0 and "WRONG" not in out, f"mqlcl-host.exe {cmd[0]} under Wine", out[-400:] + err[-300:])
    # No OpenCL at all: the DLL loads, the first call explains.
    off = dict(env, WINEDLLOVERRIDES="opencl=d")
    rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), "devices"], env=off)
    expect(rc == 2 and "OpenCL.dll could not be loaded" in err and "[-9]" in err,
           "without OpenCL.dll: mqlcl.dll loads and returns MQLCL_ERR_NO_OPENCL with the cause", f"rc={rc} {err[-400:]}")
    return finish("wine")


if __name__ == "__main__":
    raise SystemExit(main())
