#!/usr/bin/env python3
"""The release package for the terminal: dist/mqlcl-<version>-mt5.zip, laid out as a terminal's
data folder (File -> Open Data Folder), so that its MQL5 folder is copied over the terminal's:

  INSTALL.txt                  how to install (written here)
  LICENSE                      the repository's LICENSE
  MQL5/Include/mqlcl/...       every file of mql5/Include/mqlcl (hidden files left out)
  MQL5/Libraries/mqlcl.dll     the MinGW build (--dll, default build/mingw/dll/mqlcl.dll)
  MQL5/Libraries/mqlcl-gpu-server.exe   the GPU server of that build, from beside the DLL
  MQL5/Scripts/mqlcl/**.mq5    every script of mql5/Scripts/mqlcl (the lab's in lab/), with the
  MQL5/Scripts/mqlcl/**.cl     OpenCL C files beside them that a script loads by #resource
  SHA256SUMS                   sha256sum of every other file, paths relative to the zip's root

The version is the library's own (MQLCL_VERSION_NUMBER in mqlcl.h = 10000*major + 100*minor +
patch, what mqlcl_version() returns). Deterministic: entries sorted, one fixed date, fixed
permissions and compression, so the same inputs give the same bytes. Prints the zip's path and
its sha256. tests/checks/check_package.py unpacks it and runs the packaged scripts under Wine.
Usage: package.py [--dll PATH] [--out DIR]   (scripts/package.sh calls it)"""
import argparse
import hashlib
import os
import re
import struct
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATE = (2026, 1, 1, 0, 0, 0)  # every entry's timestamp

INSTALL = """\
{title}
{underline}

1. In the terminal: File -> Open Data Folder. Copy this package's MQL5 folder into that
   folder, merging it with the MQL5 folder already there. It adds
     MQL5\\Libraries\\mqlcl.dll     the library (one file, needs no other DLL beside it)
     MQL5\\Libraries\\mqlcl-gpu-server.exe   started by the library where MQLCL_SHARED_GPU=1:
                                  agents share one GPU through it (docs/metatrader.md)
     MQL5\\Include\\mqlcl\\          the #import block and the CMqlcl class
     MQL5\\Scripts\\mqlcl\\          the scripts for your own use (devices, GEMM, an MLP, COpenCL's cost)
     MQL5\\Scripts\\mqlcl\\lab\\     the lab: one script per experiment of the article and the course
2. Tools -> Options -> Expert Advisors -> tick "Allow DLL imports"; also tick "Allow DLL
   imports" on a script's Dependencies tab when you start it.
3. Compile the scripts in MetaEditor (F7), then run Scripts\\mqlcl\\mqlcl_devices: its
   Experts log lists the library version and the OpenCL devices it found.

The machine needs an OpenCL runtime (the GPU vendor's driver). For the strategy tester, an
agent loads DLLs from its own MQL5\\Libraries folder too.

MetaTrader 5 under Wine on Linux: the same steps, in the Wine terminal's data folder. Wine's
builtin opencl.dll forwards to the Linux OpenCL loader, so install the Linux side (e.g.
ocl-icd-libopencl1 with the vendor's ICD, or pocl-opencl-icd; clinfo shows what Wine sees).

More (what the scripts print, errors and their causes, using the library from your own code):
docs/metatrader.md in the mqlcl repository, "mqlcl in MetaTrader 5".

SHA256SUMS holds the sha256 of every other file here (sha256sum -c SHA256SUMS checks them).
"""


def version():
    """The library's version, 'major.minor.patch', from its one source: MQLCL_VERSION_NUMBER in
    mqlcl.h (what mqlcl_version() returns and CMake's project version is read from)."""
    m = re.search(r"^#define MQLCL_VERSION_NUMBER (\d+)\s*$", (ROOT / "dll/include/mqlcl.h").read_text(), re.M)
    if not m:
        sys.exit("package: dll/include/mqlcl.h has no #define MQLCL_VERSION_NUMBER")
    v = int(m.group(1))
    return f"{v // 10000}.{v // 100 % 100}.{v % 100}"


def check_dll(path):
    """A 64-bit Windows DLL or program (PE, machine x86-64): the terminal loads no other."""
    data = path.read_bytes()
    if data[:2] != b"MZ" or len(data) < 0x40:
        sys.exit(f"package: {path} is not a Windows DLL or program")
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe:pe + 4] != b"PE\0\0" or struct.unpack_from("<H", data, pe + 4)[0] != 0x8664:
        sys.exit(f"package: {path} is not a 64-bit (x86-64) Windows DLL")
    return data


def files_under(folder, pattern):
    """Regular files under folder matching pattern, hidden ones (editor files) left out."""
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and
                  not any(part.startswith(".") for part in p.relative_to(folder).parts))


def contents(dll, ver):
    """{path in the zip: bytes}, SHA256SUMS last computed over the rest."""
    title = f"mqlcl {ver} for MetaTrader 5 (64-bit)"
    out = {"INSTALL.txt": INSTALL.format(title=title, underline="=" * len(title)).encode(),
           "LICENSE": (ROOT / "LICENSE").read_bytes(),
           "MQL5/Libraries/mqlcl.dll": check_dll(dll)}
    server = dll.parent / "mqlcl-gpu-server.exe"
    if not server.is_file():
        sys.exit(f"package: no {server} beside the DLL: build it with the DLL (scripts/build.sh --mingw)")
    out["MQL5/Libraries/mqlcl-gpu-server.exe"] = check_dll(server)
    include = ROOT / "mql5/Include/mqlcl"
    for p in files_under(include, "*"):
        out["MQL5/Include/mqlcl/" + p.relative_to(include).as_posix()] = p.read_bytes()
    scripts = ROOT / "mql5/Scripts/mqlcl"
    for pattern in ("*.mq5", "*.cl"):
        for p in files_under(scripts, pattern):
            out["MQL5/Scripts/mqlcl/" + p.relative_to(scripts).as_posix()] = p.read_bytes()
    out["SHA256SUMS"] = "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n"
                                for name, data in sorted(out.items())).encode()
    return out


def write_zip(path, files):
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.create_system = 3              # Unix, whatever machine packs it
            info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[name], compresslevel=9)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dll", type=Path, default=ROOT / "build/mingw/dll/mqlcl.dll",
                    help="the mqlcl.dll to ship (default build/mingw/dll/mqlcl.dll)")
    ap.add_argument("--out", type=Path, default=ROOT / "dist", help="where the zip goes (default dist/)")
    a = ap.parse_args()
    if not a.dll.is_file():
        sys.exit(f"package: no {a.dll}: build it first (scripts/build.sh --mingw) or give --dll")
    ver = version()
    files = contents(a.dll, ver)
    a.out.mkdir(parents=True, exist_ok=True)
    path = (a.out / f"mqlcl-{ver}-mt5.zip").resolve()
    write_zip(path, files)
    print(f"package: {path} ({len(files)} files)")
    print(f"sha256: {hashlib.sha256(path.read_bytes()).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
