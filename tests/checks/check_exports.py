#!/usr/bin/env python3
"""The ABI's function set is one list, mqlcl.h's declarations (mqlcl_exports.h is generated
from it at build time): the export tables of libmqlcl.so (nm -D) and of mqlcl.dll (objdump -p)
must equal it, and mqlcl.dll may import nothing but Windows system DLLs. Every export that takes a handle
is generated (dll/src/remote/generate_requests.py: a server's handle goes to the server) in front
of its local body in dll/src/api, which is not itself an export. The docs' table of GEMM
kernels (docs/ABI.md, "The GEMM planner") lists exactly the library's kernel table, as
libmqlcl.so enumerates it (mqlcl_gemm_kernel_*), with each kernel's #define in mqlcl.h; its
tunables' table ("Tuning") documents exactly the library's tunable ids (mqlcl_tunable_*), and
each row's default is what a context on device 0 with no tuning file holds (the part of the cell
for that device's type: "(GPU)" / "(CPU)", the "else" of a rule of the device's facts on a
processor, the numbers after "then"; a parenthesised alternative allowed at one place).
Usage: check_exports.py ROOT [--so PATH] [--dll PATH]"""
import argparse
import ctypes
import os
import tempfile
import re
import sys
from pathlib import Path

from common import expect, finish, run

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "common"))
import mqlcl_header  # noqa: E402  (the one reader of mqlcl.h)

SYSTEM_DLLS = {"kernel32.dll", "msvcrt.dll", "user32.dll", "advapi32.dll", "ntdll.dll", "ws2_32.dll",
               "bcrypt.dll", "shell32.dll", "ole32.dll"}


def header_functions(root):
    return {f.name for f in mqlcl_header.functions((root / "dll/include/mqlcl.h").read_text())}


def check_kernel_table(root, so):
    lib = ctypes.CDLL(str(Path(so).resolve()))
    lib.mqlcl_gemm_kernel_name.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    kernels = {}
    for i in range(lib.mqlcl_gemm_kernel_count()):
        number = lib.mqlcl_gemm_kernel_at(i)
        buf = ctypes.create_string_buffer(512)
        n = lib.mqlcl_gemm_kernel_name(number, buf, 256)
        kernels[number] = buf.raw[:2 * n].decode("utf-16-le")
    defines = {int(c.value): c.name for c in mqlcl_header.constants((root / "dll/include/mqlcl.h").read_text())
               if c.name.startswith("MQLCL_GEMM_KERNEL_") and "_INFO_" not in c.name}
    expect(set(defines) == set(kernels), "mqlcl.h has one MQLCL_GEMM_KERNEL_* per kernel of the library's table",
           f"table {sorted(kernels)}, header {sorted(defines)}")
    abi = (root / "docs/ABI.md").read_text()
    section = abi.split("## The GEMM planner", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+) `(MQLCL_GEMM_KERNEL_\w+)` \|", section, re.M)
    documented = {int(n): name for n, name in rows}
    expect(documented == {k: defines.get(k) for k in kernels},
           f"docs/ABI.md's GEMM kernel table lists the library's {len(kernels)} kernels with their #defines",
           f"docs {documented}; library {kernels}")
    # The tunables' table of "Tuning": each row starts with the ids it documents ("30, 31 (...)").
    tuning = abi.split("### Tuning", 1)[1].split("\n### ", 1)[0]
    ids = set()
    for cell in re.findall(r"^\| ([\d, ]+)[ (`]", tuning, re.M):
        ids.update(int(x) for x in cell.replace(",", " ").split())
    tunables = {lib.mqlcl_tunable_at(i) for i in range(lib.mqlcl_tunable_count())}
    expect(ids == tunables, f"docs/ABI.md's tunables table lists the library's {len(tunables)} tunables",
           f"docs {sorted(ids)}; library {sorted(tunables)}")
    check_tunable_defaults(lib, tuning)


def documented_default(cell, gpu):
    """(numbers, at the end?, alternatives) the cell promises on a device of that type, or None."""
    if "(GPU)" in cell and "(CPU)" in cell:
        part = next(p for p in cell.split("), ") if ("(GPU" if gpu else "(CPU") in p)
        return [int(x) for x in part.split("(")[0].split()], False, []
    if " else " in cell:
        return None if gpu else ([int(x) for x in re.findall(r"\d+", cell.split(" else ", 1)[1])], False, [])
    if " then " in cell:
        return [int(x) for x in re.findall(r"\d+", cell.split(" then ", 1)[1])], True, []
    lead = re.match(r"[\d ,]*\d", cell).group(0)
    alternatives = [int(x) for x in re.findall(r"\((\d+) ", cell)]
    return [int(x) for x in lead.replace(",", " ").split()], False, alternatives


def check_tunable_defaults(lib, tuning):
    saved = {k: os.environ.get(k) for k in ("MQLCL_TUNING_FILE", "MQLCL_TUNE")}
    try:
        with tempfile.TemporaryDirectory() as empty:
            os.environ["MQLCL_TUNING_FILE"] = str(Path(empty) / "none.txt")
            os.environ["MQLCL_TUNE"] = "off"
            defaults_on_device_0(lib, tuning)
    finally:  # the checks after this one see the environment they were given
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def defaults_on_device_0(lib, tuning):
    """Each row's default against a context on device 0 (the environment set by the caller)."""
    lib.mqlcl_device_info.restype = ctypes.c_longlong
    gpu = (lib.mqlcl_device_info(0, 1) & 4) != 0  # MQLCL_INFO_TYPE, CL_DEVICE_TYPE_GPU
    ctx = lib.mqlcl_create(0)
    expect(ctx > 0, "a context on device 0 for the tunables' defaults")
    if ctx <= 0:
        return
    wrong, checked = [], 0
    for ids_cell, cell in re.findall(r"^\| ([\d, ]+)[ (`][^|]*\|[^|]*\|[^|]*\| ([^|]+) \|", tuning, re.M):
        promised = documented_default(cell, gpu)
        if promised is None:
            continue
        numbers, at_end, alternatives = promised
        for tid in (int(x) for x in ids_cell.replace(",", " ").split()):
            params = (ctypes.c_int * 64)()
            n = lib.mqlcl_tunable_get(ctx, tid, params, 64)
            held = list(params[:max(n, 0)])
            part = held[len(held) - len(numbers):] if at_end else held[:len(numbers)]
            differ = [i for i, (a, b) in enumerate(zip(part, numbers)) if a != b]
            ok = n >= len(numbers) and (not differ or (len(differ) == 1 and part[differ[0]] in alternatives))
            checked += 1
            if not ok:
                wrong.append(f"{tid}: docs {numbers}, library {held}")
    lib.mqlcl_free(ctx)
    expect(not wrong and checked >= 10, f"docs/ABI.md's tunables' defaults are the library's on device 0 "
           f"({'GPU' if gpu else 'CPU'}, {checked} tunables)", "; ".join(wrong))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--so")
    ap.add_argument("--dll")
    args = ap.parse_args()
    root = Path(args.root)
    declared = header_functions(root)
    expect(len(declared) >= 30, f"mqlcl.h declares the ABI ({len(declared)} functions)")
    rc, out, err = run([sys.executable, str(root / "dll/src/remote/generate_requests.py"), "--check"])
    expect(rc == 0, "every export that takes a handle has its local body in dll/src/api (mqlcl::local::), "
           "its export generated in front of it", (out + err).strip())
    if args.so:  # the generated list beside the native build
        generated = Path(args.so).resolve().parents[1] / "generated/mqlcl_exports.h"
        listed = set(re.findall(r"X\((mqlcl_\w+)\)", generated.read_text()))
        expect(listed == declared, "the generated mqlcl_exports.h lists exactly the functions of mqlcl.h",
               f"only in header: {sorted(declared - listed)}; only in list: {sorted(listed - declared)}")
    if args.so:
        rc, out, err = run(["nm", "-D", "--defined-only", args.so])
        exported = set(re.findall(r"\sT\s+(\w+)$", out, re.M))
        expect(exported == declared, "libmqlcl.so exports exactly mqlcl.h (C names, no C++ symbols)",
               f"extra: {sorted(exported - declared)[:10]}; missing: {sorted(declared - exported)}")
    if args.so:
        check_kernel_table(root, args.so)
    if args.dll:
        rc, out, err = run(["x86_64-w64-mingw32-objdump", "-p", args.dll])
        table = out.split("[Ordinal/Name Pointer] Table", 1)
        block = table[1].split("\n\n", 1)[0] if len(table) == 2 else ""  # the table ends at a blank line
        exported = set(re.findall(r"\]\s+(\w+)$", block, re.M))
        expect(exported == declared, "mqlcl.dll exports exactly mqlcl.h, undecorated",
               f"extra: {sorted(exported - declared)[:10]}; missing: {sorted(declared - exported)}")
        imports = {m.lower() for m in re.findall(r"DLL Name:\s*(\S+)", out)}
        expect(imports <= SYSTEM_DLLS, f"mqlcl.dll imports only system DLLs ({', '.join(sorted(imports))})",
               f"non-system: {sorted(imports - SYSTEM_DLLS)}")
        expect(not any(x in imports for x in ("libstdc++-6.dll", "libgcc_s_seh-1.dll", "libwinpthread-1.dll")),
               "mqlcl.dll links no MinGW runtime DLL")
        # The GPU server ships beside it in the release zip: the library's objects with a main, it
        # needs the system alone (one instance of the library in its process: no mqlcl.dll).
        server = Path(args.dll).parent / "mqlcl-gpu-server.exe"
        rc, out, err = run(["x86_64-w64-mingw32-objdump", "-p", str(server)])
        imports = {m.lower() for m in re.findall(r"DLL Name:\s*(\S+)", out)}
        expect(rc == 0 and imports <= SYSTEM_DLLS,
               f"mqlcl-gpu-server.exe imports only system DLLs ({', '.join(sorted(imports))})",
               f"rc {rc}; non-system: {sorted(imports - SYSTEM_DLLS)}")
    return finish("exports")


if __name__ == "__main__":
    raise SystemExit(main())
