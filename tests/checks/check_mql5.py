#!/usr/bin/env python3
"""The MQL5 side, checked without a terminal:
 1. mqlcl_api.mqh is what mql5/generate_api.py makes of the header (not stale);
 2. an independent parse of mqlcl.h and of the #import block: same functions, same arity,
    each parameter the right MQL5 type (arrays where C takes pointers, string for text in,
    ushort array for text out), same return types;
 3. every .mq5/.mqh: balanced (), [], {} outside strings and comments; every mqlcl_*
    call and MQLCL_* constant exists; #property lines; no #import of another DLL;
 4. every script has a host twin, and each twin's log (on PoCL, small sizes) has the
    lines the script prints, with correct results.
Usage: check_mql5.py ROOT NATIVE_BUILD"""
import re
import sys
from pathlib import Path

from common import expect, finish, run

MQL_OF_C = {"int": "int", "long long": "long", "float": "float", "double": "double"}


def c_functions(header):
    out = {}
    for m in re.finditer(r"^MQLCL_API\s+(.+?)\s*\b(mqlcl_\w+)\s*\((.*?)\);", header, re.M | re.S):
        params = " ".join(m.group(3).split())
        args = [] if params == "void" else [re.match(r"(.*?)\s*(\w+)$", p.strip()).groups() for p in params.split(",")]
        out[m.group(2)] = (m.group(1).strip(), [(t.replace(" *", "*").strip(), n) for t, n in args])
    return out


def mql_functions(mqh):
    block = re.search(r'#import "mqlcl\.dll"(.*?)#import', mqh, re.S)
    out = {}
    for m in re.finditer(r"^\s*(\w+)\s+(mqlcl_\w+)\s*\((.*?)\);", block.group(1) if block else "", re.M):
        params = [p.strip() for p in m.group(3).split(",")] if m.group(3).strip() else []
        out[m.group(2)] = (m.group(1), params)
    return out


def expected_mql(ctype):
    """The MQL5 parameter pattern for a C parameter type."""
    if ctype == "const mqlcl_char*":
        return r"string \w+"
    if ctype == "mqlcl_char*":
        return r"ushort &\w+\[\]"
    m = re.match(r"(const )?(\w+(?: \w+)?)\*$", ctype)
    if m:
        return (r"const " if m.group(1) else "") + MQL_OF_C[m.group(2)] + r" &\w+\[\]"
    return MQL_OF_C[ctype] + r" \w+"


def strip_code(text):
    """Text without comments and string/char literals, for bracket counting."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\])*'", "''", text)


def balanced(code):
    stack, pairs = [], {")": "(", "]": "[", "}": "{"}
    for ch in code:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack


def main():
    root, build = Path(sys.argv[1]), Path(sys.argv[2])
    rc, out, err = run([sys.executable, str(root / "mql5/generate_api.py"), "--check"])
    expect(rc == 0, "mqlcl_api.mqh is generated from the current mqlcl.h", out + err)

    header = (root / "dll/include/mqlcl.h").read_text()
    api = (root / "mql5/Include/mqlcl/mqlcl_api.mqh").read_text()
    cf, mf = c_functions(header), mql_functions(api)
    expect(len(cf) >= 30 and set(cf) == set(mf), f"#import declares exactly the {len(cf)} functions of mqlcl.h",
           f"missing: {sorted(set(cf) - set(mf))}; extra: {sorted(set(mf) - set(cf))}")
    for name, (ret, args) in sorted(cf.items()):
        if name not in mf:
            continue
        mret, margs = mf[name]
        ok = mret == MQL_OF_C[ret] and len(margs) == len(args)
        ok = ok and all(re.fullmatch(expected_mql(t), p) for (t, _), p in zip(args, margs))
        expect(ok, f"{name}: return type, arity and parameter types match", f"C {ret} {args} vs MQL5 {mret} {margs}")

    constants = set(re.findall(r"^#define (MQLCL_\w+)", api, re.M))
    c_constants = set(re.findall(r"^#define (MQLCL_\w+)\s+-?\d+", header, re.M))
    expect(c_constants <= constants, f"all {len(c_constants)} constants of mqlcl.h exist in MQL5",
           f"missing: {sorted(c_constants - constants)}")
    files = sorted((root / "mql5").rglob("*.mq[5h]"))
    expect(len(files) >= 15, f"{len(files)} MQL5 files found")
    for f in files:
        text = f.read_text()
        code = strip_code(text)
        problems = []
        if not balanced(code):
            problems.append("unbalanced (), [] or {}")
        for call in set(re.findall(r"\b(mqlcl_\w+)\s*\(", code)):
            if call not in mf:
                problems.append(f"calls {call}, not in the import block")
        for const in set(re.findall(r"\b(MQLCL_\w+)\b", code)):
            if const not in constants and not re.search(rf"#define {const}\b", text):
                problems.append(f"uses {const}, not defined")
        for imp in re.findall(r'#import\s+"([^"]+)"', text):
            if imp.lower() != "mqlcl.dll":
                problems.append(f"imports {imp}")
        if f.suffix == ".mq5" and not re.search(r"^#property\s+\w+", text, re.M):
            problems.append("no #property line")
        if f.suffix == ".mq5" and "void OnStart()" not in text:
            problems.append("no OnStart()")
        expect(not problems, f"{f.relative_to(root)}: well-formed and consistent with the ABI", "; ".join(problems))

    host = str(build / "host/mqlcl-host")
    rc, out, err = run([host, "script", "--list"])
    twins = set(re.findall(r"^(\w+)\s", out, re.M))
    scripts = {f.stem for f in (root / "mql5/Scripts/mqlcl").glob("*.mq5")}
    expect(scripts == twins, f"every one of the {len(scripts)} scripts has a host twin",
           f"no twin: {sorted(scripts - twins)}; twin without script: {sorted(twins - scripts)}")
    small = {"matr_mul_2dim": ["--size", "40"], "report_kernels": ["--sizes", "17,32"], "lab_tiles": ["--size", "64"],
             "transpose_local": ["--size", "65,33", "--megabytes", "1"], "dia_spmv": ["--rows", "4096", "--megabytes", "1"]}
    for name in sorted(scripts & twins):
        args = small.get(name, ["--size", "37,41,29"] if name.startswith("matr_mul") else [])
        rc, log, err = run([host, "script", name, *args])
        checks = [rc == 0, "WRONG" not in log]
        if name.startswith("matr_mul") and name != "matr_mul_2dim":
            checks += [re.search(r"^CPUTime = \d+\.\d{3}$", log, re.M), re.search(r"^OpenCL total: time = \d+\.\d{3} sec\.$", log, re.M),
                       re.search(r"^read = 1073 elements$", log, re.M), re.search(r"^CPUTime / GPUTotalTime = ", log, re.M),
                       len(re.findall(r"^sum\( \d+,\d+ \) = ", log, re.M)) == 10, "-> OK" in log]
        if name == "matr_mul_2dim":
            checks.append(len(re.findall(r"^CPU: loop order", log, re.M)) == 6)
        expect(all(bool(c) for c in checks), f"twin of {name}.mq5 prints the script's log with correct results",
               (log + err)[-600:])
    return finish("mql5")


if __name__ == "__main__":
    raise SystemExit(main())
