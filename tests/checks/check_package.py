#!/usr/bin/env python3
"""What ships is what was tested: scripts/package.sh builds the release zip (twice: the same bytes),
it is unpacked into a fresh folder, its SHA256SUMS, layout and contents are checked against the
repository and the build (the packaged mqlcl.dll byte-identical to BUILD_MINGW's, the version in
its name the library's own), then tests/mql5/run_scripts.py compiles and runs the UNPACKED
scripts with the UNPACKED includes, the Windows target loading the UNPACKED MQL5/Libraries/mqlcl.dll
under Wine (a representative subset of the scripts, --only; the native runs come with it).
Usage: check_package.py ROOT --mingw BUILD_MINGW --native BUILD_NATIVE [--only NAME ...] [--keep]"""
import argparse
import ctypes
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, expect, finish, run  # noqa: E402

SUBSET = ["mqlcl_devices", "matr_mul_1dim", "transpose_local", "dia_spmv", "gemm_matrix"]
DATE = (2026, 1, 1, 0, 0, 0)


def package(root, dll, out):
    """scripts/package.sh into out: (zip path or None, printed sha256, output)."""
    rc, o, e = run(["bash", str(root / "scripts/package.sh"), "--dll", str(dll), "--out", str(out)], timeout=120)
    path = re.search(r"^package: (\S+\.zip) \(\d+ files\)$", o, re.M)
    sha = re.search(r"^sha256: ([0-9a-f]{64})$", o, re.M)
    ok = rc == 0 and path and sha and Path(path.group(1)).is_file()
    return (Path(path.group(1)) if ok else None), (sha.group(1) if ok else None), o + e


def visible_files(folder, pattern):
    """What the package takes from a source folder: its regular files, hidden ones left out."""
    return {p.relative_to(folder).as_posix(): p for p in folder.rglob(pattern)
            if p.is_file() and not any(s.startswith(".") for s in p.relative_to(folder).parts)}


def library_version(native):
    """mqlcl_version() of the native build, as 'major.minor.patch' (None if it cannot be loaded)."""
    try:
        v = ctypes.CDLL(str(native / "dll/libmqlcl.so")).mqlcl_version()
    except OSError:
        return None
    return f"{v // 10000}.{v // 100 % 100}.{v % 100}"


def check_zip(zpath, sha, root, native):
    name = re.fullmatch(r"mqlcl-(\d+\.\d+\.\d+)-mt5\.zip", zpath.name)
    version = library_version(native)
    expect(name and name.group(1) == version, f"{zpath.name}: the version of the library's mqlcl_version() ({version})")
    data = zpath.read_bytes()
    expect(hashlib.sha256(data).hexdigest() == sha, "the sha256 package.sh printed is the zip's")
    with zipfile.ZipFile(zpath) as z:
        infos = z.infolist()
        names = [i.filename for i in infos]
        expect(z.testzip() is None, "every entry's CRC is right")
    expect(names == sorted(set(names)), "entries sorted, none twice", f"{names}")
    expect(all(i.date_time == DATE for i in infos), f"every entry dated {DATE}",
           f"{[(i.filename, i.date_time) for i in infos if i.date_time != DATE]}")
    bad = [n for n in names if n.startswith("/") or "\\" in n or ".." in n.split("/") or n.endswith("/")]
    expect(not bad, "plain relative file paths only", f"{bad}")
    return not bad


def check_unpacked(unpacked, root, mingw):
    files = {p.relative_to(unpacked).as_posix(): p for p in unpacked.rglob("*") if p.is_file()}
    expected = {"INSTALL.txt": None, "LICENSE": root / "LICENSE", "SHA256SUMS": None,
                "MQL5/Libraries/mqlcl.dll": mingw / "dll/mqlcl.dll",
                "MQL5/Libraries/mqlcl-gpu-server.exe": mingw / "dll/mqlcl-gpu-server.exe"}
    expected.update({"MQL5/Include/mqlcl/" + k: p for k, p in visible_files(root / "mql5/Include/mqlcl", "*").items()})
    for pattern in ("*.mq5", "*.cl"):  # the scripts, and the OpenCL C they load by #resource
        expected.update({"MQL5/Scripts/mqlcl/" + k: p for k, p in visible_files(root / "mql5/Scripts/mqlcl", pattern).items()})
    expect(sorted(files) == sorted(expected), f"layout: the {len(expected)} files of a terminal data folder",
           f"missing {sorted(set(expected) - set(files))}, extra {sorted(set(files) - set(expected))}")
    expect(sum(k.startswith("MQL5/Scripts/mqlcl/") for k in files) >= 10 and
           sum(k.startswith("MQL5/Include/mqlcl/") for k in files) >= 3, "scripts and includes present")
    different = [k for k, src in expected.items() if src and k in files and files[k].read_bytes() != src.read_bytes()]
    expect(not different, "every shipped file byte-identical to its source (mqlcl.dll to the build's, "
           "LICENSE, includes, scripts)", f"{different}")

    sums = (unpacked / "SHA256SUMS").read_text() if "SHA256SUMS" in files else ""
    lines = re.findall(r"^([0-9a-f]{64})  (\S+)$", sums, re.M)
    listed = {n: h for h, n in lines}
    expect(len(lines) == len(sums.splitlines()) and sorted(listed) == sorted(set(files) - {"SHA256SUMS"}),
           "SHA256SUMS lists every other file, once", f"{sorted(listed)}")
    wrong = [n for n, h in listed.items() if n in files and hashlib.sha256(files[n].read_bytes()).hexdigest() != h]
    expect(not wrong, "every sha256 in SHA256SUMS right", f"{wrong}")
    rc, o, e = run(["sha256sum", "--check", "--strict", "--quiet", "SHA256SUMS"], cwd=unpacked)
    expect(rc == 0, "sha256sum --check SHA256SUMS in the unpacked folder", (o + e)[-1000:])

    install = files["INSTALL.txt"].read_text() if "INSTALL.txt" in files else ""
    missing = [w for w in ("Open Data Folder", "Allow DLL imports", "Wine", "docs/metatrader.md", "mqlcl_devices")
               if w not in install]
    expect(not missing, "INSTALL.txt: data folder, DLL imports, a script to run, Wine, docs/metatrader.md",
           f"it does not say {missing}")


def run_unpacked(root, native, mingw, unpacked, work, only):
    """run_scripts.py on the unpacked scripts and includes, the Windows target on the unpacked DLL."""
    dll = unpacked / "MQL5/Libraries/mqlcl.dll"
    cmd = [sys.executable, str(root / "tests/mql5/run_scripts.py"), str(root), "--native", str(native),
           "--mingw", str(mingw), "--dll", str(dll), "--scripts", str(unpacked / "MQL5/Scripts/mqlcl"),
           "--include-dir", str(unpacked / "MQL5/Include"), "--work", str(work), "--only", *only]
    print("run_scripts.py on the unpacked package: " + " ".join(cmd[1:]))
    sys.stdout.flush()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    log = []
    for line in p.stdout:
        print("    " + line, end="")
        sys.stdout.flush()
        log.append(line)
    rc = p.wait()
    log = "".join(log)
    summary = re.search(r"^mql5 scripts: (\d+) passed, (\d+) failed$", log, re.M)
    expect(rc == 0 and summary and summary.group(2) == "0", "the packaged scripts compiled and run (native, Wine)",
           summary.group(0) if summary else f"exit {rc}, no summary line")
    for name in only:
        expect(re.search(rf"^\[PASS\] Windows/Wine: {name}\.mq5 .*runs and prints correct results$", log, re.M),
               f"{name}.mq5 from the package ran under Wine on the packaged mqlcl.dll")
    loaded = work / "Windows-Wine/mqlcl.dll"
    expect(loaded.is_file() and loaded.read_bytes() == dll.read_bytes(),
           "the DLL beside the Windows exes is the packaged one")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--mingw", type=Path, required=True)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--only", nargs="+", default=SUBSET, help=f"scripts run from the package (default {' '.join(SUBSET)})")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    a = ap.parse_args()
    root, mingw, native = a.root.resolve(), a.mingw.resolve(), a.native.resolve()
    start = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="mqlcl-package."))
    try:
        zpath, sha, out = package(root, mingw / "dll/mqlcl.dll", tmp / "dist")
        if not expect(zpath, "scripts/package.sh made a zip and printed its path and sha256", out[-2000:]):
            return finish("package")
        print(out.strip())
        again, _, out2 = package(root, mingw / "dll/mqlcl.dll", tmp / "again")
        expect(again and again.name == zpath.name and again.read_bytes() == zpath.read_bytes(),
               "packaged twice: the same bytes (deterministic)", out2[-1000:])
        if check_zip(zpath, sha, root, native):
            unpacked = tmp / "unpacked"
            with zipfile.ZipFile(zpath) as z:
                z.extractall(unpacked)
            check_unpacked(unpacked, root, mingw)
            run_unpacked(root, native, mingw, unpacked, tmp / "work", a.only)
    finally:
        if a.keep or RESULTS["failed"]:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"package check: {time.monotonic() - start:.0f} s")
    return finish("package")


if __name__ == "__main__":
    raise SystemExit(main())
