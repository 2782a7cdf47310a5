#!/usr/bin/env python3
"""The MQL5 side against the header, textually (the code itself is compiled and run by
tests/mql5/run_scripts.py, which supersedes the bracket, call and twin checks this file had):
 1. mqlcl_api.mqh is what mql5/generate_api.py makes of the header (not stale);
 2. mqlcl.h as common/mqlcl_header.py reads it against a parse of the #import block made here,
    independently of the generator: same functions, same arity,
    each parameter the right MQL5 type (arrays where C takes pointers, string for text in,
    ushort array for text out), same return types; a function on matrices (a pointer p with
    p_count and ldp) declared once more with matrixf / matrix there, and nothing else twice;
    every constant of the header in MQL5;
 3. every .mq5/.mqh: no #import of another DLL; every script has #property lines and OnStart.
Usage: check_mql5.py ROOT [NATIVE_BUILD (unused, kept for the test command)]"""
import re
import sys
from pathlib import Path

from common import expect, finish, run

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "common"))
import mqlcl_header  # noqa: E402  (the one reader of mqlcl.h; the #import block is parsed here, independently)

MQL_OF_C = {"int": "int", "long long": "long", "float": "float", "double": "double", "unsigned char": "uchar",
            "unsigned int": "uint"}
MATRIX_OF_C = {"float": "matrixf", "double": "matrix"}


def c_functions(header):
    """{name: (return type, [(type, name)])} of mqlcl.h, through the shared reader."""
    return {f.name: (f.ret, f.params) for f in mqlcl_header.functions(header)}


def mql_functions(mqh):
    block = re.search(r'#import "mqlcl\.dll"(.*?)#import', mqh, re.S)
    out = {}  # name -> [(return type, [parameters])], one per declaration
    for m in re.finditer(r"^\s*(\w+)\s+(mqlcl_\w+)\s*\((.*?)\);", block.group(1) if block else "", re.M):
        params = [p.strip() for p in m.group(3).split(",")] if m.group(3).strip() else []
        out.setdefault(m.group(2), []).append((m.group(1), params))
    return out


def is_matrix(args, i):
    """Parameter i is a matrix: a pointer followed by its count and leading dimension."""
    t, n = args[i]
    return t.endswith("*") and [a for _, a in args[i + 1:i + 3]] == [f"{n}_count", f"ld{n}"]


# The MQL5 types a void* p (followed by p_count, elem_size: an array of any element type) is
# declared with, one declaration each: every numeric array, then each matrix type.
ELEMENT_ARRAYS = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"]


def is_elements(args, i):
    t, n = args[i]
    return t in ("void*", "const void*") and [a for _, a in args[i + 1:i + 3]] == [f"{n}_count", "elem_size"]


def expected_element(ctype, element):
    const = r"const " if ctype.startswith("const ") else ""
    return const + element + (r" &\w+" if element.startswith(("matrix", "vector")) else r" &\w+\[\]")


def expected_mql(ctype, matrix=False):
    """The MQL5 parameter pattern for a C parameter type (matrix: as an MQL5 matrix)."""
    if matrix:
        m = re.match(r"(const )?(\w+)\*$", ctype)
        return (r"const " if m.group(1) else "") + MATRIX_OF_C[m.group(2)] + r" &\w+"
    if ctype == "const mqlcl_char*":
        return r"string \w+"
    if ctype == "mqlcl_char*":
        return r"ushort &\w+\[\]"
    m = re.match(r"(const )?(\w+(?: \w+)?)\*$", ctype)
    if m:
        return (r"const " if m.group(1) else "") + MQL_OF_C[m.group(2)] + r" &\w+\[\]"
    return MQL_OF_C[ctype] + r" \w+"


def main():
    root = Path(sys.argv[1])
    rc, out, err = run([sys.executable, str(root / "mql5/generate_api.py"), "--check"])
    expect(rc == 0, "mqlcl_api.mqh is generated from the current mqlcl.h", out + err)

    header = (root / "dll/include/mqlcl.h").read_text()
    api = (root / "mql5/Include/mqlcl/mqlcl_api.mqh").read_text()
    cf, mf = c_functions(header), mql_functions(api)
    cf = {name: f for name, f in cf.items() if name not in mqlcl_header.NOT_FOR_MQL5}
    expect(len(cf) >= 30 and set(cf) == set(mf), f"#import declares exactly the {len(cf)} functions of mqlcl.h",
           f"missing: {sorted(set(cf) - set(mf))}; extra: {sorted(set(mf) - set(cf))}")
    for name, (ret, args) in sorted(cf.items()):
        if name not in mf:
            continue
        if any(is_elements(args, i) for i in range(len(args))):
            wanted = [[expected_element(t, e) if is_elements(args, i) else expected_mql(t) for i, (t, _) in enumerate(args)]
                      for e in ELEMENT_ARRAYS + ["matrixf", "matrix", "vectorf", "vector"]]
        else:
            wanted = [[expected_mql(t) for t, _ in args]]
        if any(is_matrix(args, i) for i in range(len(args))):
            wanted.append([expected_mql(t, is_matrix(args, i)) for i, (t, _) in enumerate(args)])
        declared = mf[name]
        ok = len(declared) == len(wanted)
        for (mret, margs), patterns in zip(declared, wanted):
            ok = ok and mret == MQL_OF_C[ret] and len(margs) == len(patterns)
            ok = ok and all(re.fullmatch(pattern, p) for pattern, p in zip(patterns, margs))
        expect(ok, f"{name}: return type, arity and parameter types match" +
               (" (arrays, then matrices)" if len(wanted) > 1 else ""), f"C {ret} {args} vs MQL5 {declared}")

    constants = set(re.findall(r"^#define (MQLCL_\w+)", api, re.M))
    c_constants = {c.name for c in mqlcl_header.constants(header)}
    expect(c_constants <= constants, f"all {len(c_constants)} constants of mqlcl.h exist in MQL5",
           f"missing: {sorted(c_constants - constants)}")
    files = sorted((root / "mql5").rglob("*.mq[5h]"))
    expect(len(files) >= 15, f"{len(files)} MQL5 files found")
    for f in files:
        text = f.read_text()
        problems = []
        for imp in re.findall(r'#import\s+"([^"]+)"', text):
            if imp.lower() != "mqlcl.dll":
                problems.append(f"imports {imp}")
        if f.suffix == ".mq5" and not re.search(r"^#property\s+\w+", text, re.M):
            problems.append("no #property line")
        if f.suffix == ".mq5" and "void OnStart()" not in text:
            problems.append("no OnStart()")
        expect(not problems, f"{f.relative_to(root)}: imports only mqlcl.dll; a script has #property and OnStart",
               "; ".join(problems))
    return finish("mql5")


if __name__ == "__main__":
    raise SystemExit(main())
