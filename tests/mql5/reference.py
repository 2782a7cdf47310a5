#!/usr/bin/env python3
"""The MQL5 reference against the harness: every name of reference/mql5_reference.json (reserved
words, operators, statements, preprocessor directives, predefined macros and variables, functions,
matrix and vector methods) is either supported — a program using it (a function: each of its
documented call forms) translates and compiles against the runtime — or refused with the reason
(REFUSED). The probe programs are generated here; the table docs/mql5-reference.md is generated
from the verdicts (--write) and checked against them (--check): a row that says supported of a
name that no longer compiles, or a name neither supported nor refused, fails.
Usage: reference.py ROOT --native BUILD [--write | --check] [--work DIR]"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "checks"))
from common import expect, finish  # noqa: E402

REFERENCE = HERE / "reference/mql5_reference.json"
TABLE = "docs/mql5-reference.md"

# What needs a live terminal and no computation of a program uses: refused at translation (the
# lint names the function and the reason), by the reference's category, or by name.
LIVE = "needs a live terminal"
REFUSED_CATEGORIES = {
    "network": f"{LIVE}: the harness has no network (sockets, HTTP, mail, FTP, push notifications)",
    "database": f"{LIVE}: the terminal's SQLite databases are not part of the harness",
    "directx": f"{LIVE}: DirectX draws on a chart; the harness has no display",
    "python": "the MetaTrader5 package for Python, not MQL5",
    "onnx": "ONNX Runtime models are not part of the harness",
    "working_with_economic_calendar": f"{LIVE}: the economic calendar comes from the trade server",
    "trade_signals": f"{LIVE}: trading signals are a service of the trade server",
    "symbols": f"{LIVE}: custom symbols are the terminal's database of quotes",
    "depth_of_market": f"{LIVE}: the depth of market comes from the trade server",
    "optimization_frames": "frames pass results between the strategy tester's agents and the terminal during an optimization",
}
REFUSED_NAMES = {
    "ChartScreenShot": f"{LIVE}: a screenshot of a chart the harness does not have",
    "ChartApplyTemplate": f"{LIVE}: chart templates are the terminal's files",
    "ChartSaveTemplate": f"{LIVE}: chart templates are the terminal's files",
    "ChartOpen": f"{LIVE}: the harness has one chart, its bars'",
    "ChartClose": f"{LIVE}: the harness has one chart, its bars'",
    "iCustom": "runs another program (a custom indicator): the harness runs one program at a time",
    "IndicatorCreate": "runs another program (a custom indicator): the harness runs one program at a time",
    "TerminalClose": f"{LIVE}: closes the terminal",
    "PlaySound": f"{LIVE}: the harness has no sound",
    "SendFTP": f"{LIVE}: the harness has no network",
    "SendMail": f"{LIVE}: the harness has no network",
    "SendNotification": f"{LIVE}: the harness has no network",
    "WebRequest": f"{LIVE}: the harness has no network",
    "__MQL4BUILD__": "MQL4's: MetaEditor defines it in an .mq4 program only",
    "__MQL4__": "MQL4's: MetaEditor defines it in an .mq4 program only (an .mq5 program tests it with #ifdef)",
    "_DEBUG": "defined in a debug build only; the harness compiles a program as a release build (_RELEASE)",
}


def refusal(entry):
    """The reason an entry is refused, or None."""
    return REFUSED_NAMES.get(entry["name"]) or REFUSED_CATEGORIES.get(entry["category"])


def load():
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["entries"]


#---------------------------------------------------------------------------------------------
# Probes: one function per documented call form, each a call with arguments of the parameters'
# types (declared variables where the parameter is an array or a reference).
SCALARS = {"bool": "true", "char": "(char)1", "uchar": "(uchar)1", "short": "(short)1", "ushort": "(ushort)1",
           "int": "1", "uint": "1", "long": "1", "ulong": "1", "float": "1.0f", "double": "1.0", "string": '"a"',
           "datetime": "D'2024.01.02'", "color": "clrRed", "any": "1", "T": "1.0", "sub_window": "0"}
OBJECTS = {"matrix": "matrix", "matrixf": "matrixf", "vector": "vector", "vectorf": "vectorf", "matrix<T>": "matrix",
           "vector<T>": "vector", "complex": "complex"}
PARAM = re.compile(r"^(const\s+)?(?P<type>[\w:<>]+?)\s*(?P<ref>&)?\s*(?P<name>\w+)?(?P<dims>(\[\w*\])*)(\s*=\s*(?P<default>.+))?$")


def split_form(form):
    """'int F(int a, double &b[])' -> (static?, return type, name, [parameter texts])."""
    m = re.match(r"^(static\s+)?([\w:<>]+)\s+([\w:<>]+)\((.*)\)$", form)
    if not m:
        return None
    params, depth, cur = [], 0, ""
    for c in m.group(4):
        depth += (c in "(<[") - (c in ")>]")
        if c == "," and depth == 0:
            params.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        params.append(cur.strip())
    return bool(m.group(1)), m.group(2), m.group(3), params


def argument(param, k, decls):
    """The argument expression for one parameter (declaring what it needs into decls); None where
    the parameter's type is none the probe can make."""
    m = PARAM.match(param)
    if not m:
        return None
    t = m.group("type")
    t = {"void": "double"}.get(t, t)  # `void &array[]`: any array
    dims = m.group("dims")
    if dims or m.group("ref"):
        base = OBJECTS.get(t, t if t in SCALARS or t.startswith(("Mql", "ENUM_")) else None)
        if base is None or base in ("any", "T", "sub_window"):
            base = {"any": "double", "T": "double", "sub_window": "int"}.get(t)
            if base is None:
                return None
        decls.append(f"{base} v{k}{'[]' if dims else ''};")
        return f"v{k}"
    if t in SCALARS:  # of the parameter's own type, so that overloads by type are told apart
        return SCALARS[t] if t in ("string", "datetime", "color", "any", "T", "sub_window", "bool") else f"({t}){SCALARS[t]}"
    if t in OBJECTS:
        decls.append(f"{OBJECTS[t]} v{k};")
        return f"v{k}"
    if t.startswith("ENUM_"):
        return f"({t})0"
    if t.startswith("Mql"):
        decls.append(f"{t} v{k};")
        return f"v{k}"
    return None


def probe_call(entry, form, n):
    """(MQL5 text of a function that makes the call, or None with the reason)."""
    parsed = split_form(form)
    if parsed is None:
        return None, f"form not read: {form}"
    static, _, declared, params = parsed
    name = entry["name"]
    decls, args = [], []
    for k, p in enumerate(params):
        if p == "...":
            break
        a = argument(p, k, decls)
        if a is None:
            return None, f"a parameter the probe cannot make: {p}"
        args.append(a)
    if entry["kind"] == "method":
        cls, method = (declared if "::" in declared else name).split("::", 1)
        obj = OBJECTS.get(cls, cls)
        if static:
            call = f"{obj}::{method}({', '.join(args)})"
        else:
            decls.append(f"{obj} self(2,2);" if obj.startswith("matrix") else f"{obj} self(2);")
            call = f"self.{method}({', '.join(args)})"
    else:
        call = f"{name}({', '.join(args)})"
    body = " ".join(decls) + f" {call};"
    return f"void Probe{n}(void) {{ {body} }}", None


def probes(entries):
    """{probe number: (entry name, form)}, the probe program's text, {name: reason not probed}."""
    lines, index, skipped = [], {}, {}
    for e in entries:
        if e["kind"] not in ("function", "method") or refusal(e) or not e.get("forms"):
            continue
        for form in e["forms"]:
            n = len(index)
            text, why = probe_call(e, form, n)
            if text is None:
                skipped.setdefault(e["name"], why)
                continue
            index[n] = (e["name"], form)
            lines.append(text)
    head = ('#property script_show_inputs\n#include <mqlcl/OpenCLBuiltins.mqh>\n'
            "// generated by tests/mql5/reference.py: one function per documented call form\n")
    return index, head + "\n".join(lines) + "\nvoid OnStart() {}\n", skipped


def run(root, native, work):
    """{name: (status, detail)} for every entry of the reference."""
    import run_scripts
    entries = load()
    index, program, skipped = probes(entries)
    work.mkdir(parents=True, exist_ok=True)
    src = work / "reference_probe.mq5"
    src.write_text(program, encoding="utf-8")
    cpp = work / "reference_probe.cpp"
    rc, _, err = run_scripts.sh([sys.executable, str(HERE / "translate.py"), str(src), "--include-dir", str(root / "mql5/Include"),
                                 "--out", str(cpp), "--header", str(root / "dll/include/mqlcl.h")], cwd=root)
    failed = {}  # probe number -> the compiler's first error
    if rc != 0:
        for m in re.finditer(r"reference_probe\.mq5:(\d+): error: (.*)", err):
            failed.setdefault(int(m.group(1)) - 4, m.group(2))
    else:
        target = run_scripts.Target("native", run_scripts.NATIVE_CXX, (native / "dll").resolve(), "", run_scripts.NATIVE_LINK, [], {})
        cmd = target.cxx + run_scripts.CXX_FLAGS + ["-fsyntax-only", "-fmax-errors=100000",
                                                     f"-I{HERE / 'runtime'}", f"-I{root / 'dll/include'}", str(cpp)]
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=root, errors="replace")
        for m in re.finditer(r"reference_probe\.mq5:(\d+):\d+: error: (.*)", p.stderr):
            failed.setdefault(int(m.group(1)) - 4, m.group(2))
    verdicts = {}
    by_name = {}
    for n, (name, form) in index.items():
        by_name.setdefault(name, []).append((form, failed.get(n)))
    for e in entries:
        name = e["name"]
        why = refusal(e)
        if why:
            verdicts[name] = ("refused", why)
        elif name in by_name:
            bad = [(f, err) for f, err in by_name[name] if err]
            verdicts[name] = ("supported", f"{len(by_name[name])} call forms") if not bad else \
                ("missing", "; ".join(f"{f}: {err}" for f, err in bad[:2]))
        elif name in skipped:
            verdicts[name] = ("missing", skipped[name])
        else:
            verdicts[name] = ("language", "")
    return entries, verdicts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--work", type=Path)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    work = a.work or Path(tempfile.mkdtemp(prefix="mqlcl-reference."))
    entries, verdicts = run(a.root.resolve(), a.native.resolve(), work.resolve())
    counts = Counter((e["kind"], verdicts[e["name"]][0]) for e in entries)
    for (kind, status), n in sorted(counts.items()):
        print(f"{kind:20} {status:10} {n}")
    missing = [(e["name"], verdicts[e["name"]][1]) for e in entries if verdicts[e["name"]][0] == "missing"]
    for name, why in missing:
        print(f"missing: {name}: {why[:300]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
