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

REFERENCE = HERE / "reference/mql5_reference.json"
TABLE = "docs/mql5-reference.md"

# What needs a live terminal and no computation of a program uses: refused at translation (the
# lint names the function and the reason), by the reference's category, or by name.
LIVE = "needs a live terminal"
NOT_YET = "not in the harness yet"
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
    "ChartApplyTemplate": f"{LIVE}: chart templates are the terminal's files",
    "ChartSaveTemplate": f"{LIVE}: chart templates are the terminal's files",
    "ChartOpen": f"{LIVE}: the harness has one chart, its bars'",
    "ChartClose": f"{LIVE}: the harness has one chart, its bars'",
    "TerminalClose": f"{LIVE}: closes the terminal",
    "PlaySound": f"{LIVE}: the harness has no sound",
    "SendFTP": f"{LIVE}: the harness has no network",
    "SendMail": f"{LIVE}: the harness has no network",
    "SendNotification": f"{LIVE}: the harness has no network",
    "WebRequest": f"{LIVE}: the harness has no network",
    "__MQL4BUILD__": "MQL4's: MetaEditor defines it in an .mq4 program only",
    "__MQL4__": "MQL4's: MetaEditor defines it in an .mq4 program only (an .mq5 program tests it with #ifdef)",
    "_DEBUG": "defined in a debug build only; the harness compiles a program as a release build (_RELEASE)",
    "TranslateKey": f"{LIVE}: a key pressed on the keyboard",
    "FileSelectDialog": f"{LIVE}: a dialog for a person to answer",
    "ResourceSave": f"{NOT_YET}: a resource written back to a file",
    "CryptEncode": f"{NOT_YET}: the terminal's encryption, hashes and compression (ENUM_CRYPT_METHOD)",
    "CryptDecode": f"{NOT_YET}: the terminal's encryption, hashes and compression (ENUM_CRYPT_METHOD)",
    **{n: f"{NOT_YET}: 16- and 8-bit floating point formats (ENUM_FLOAT16_FORMAT, ENUM_FLOAT8_FORMAT)"
       for n in ("ArrayToFP16", "ArrayToFP8", "ArrayFromFP16", "ArrayFromFP8")},
    "IndicatorParameters": f"{NOT_YET}: an indicator's parameters read back from its handle",
    "CopySeries": f"{NOT_YET}: several series at once by a mask (CopyRates, CopyClose ... each are supported)",
    "matrix::CopyTicks": "the bars file has no ticks (CopyTicks answers with none)",
    "matrix::CopyTicksRange": "the bars file has no ticks (CopyTicksRange answers with none)",
    **{n: f"{NOT_YET}: the classification metrics of the machine learning methods (Activation, Loss, "
          "RegressionMetric, ConfusionMatrix ... are supported)"
       for n in ("vector::ConfusionMatrixMultiLabel", "vector::ClassificationMetric",
                 "vector::ClassificationScore", "vector::PrecisionRecall", "vector::ReceiverOperatingCharacteristic")},
    **{n: f"{NOT_YET}: complex matrices and vectors (matrixc, vectorc)"
       for n in ("matrix::TransposeConjugate", "matrix::Conjugate", "matrix::IsHermitian")},
}
# Sections of the reference by their pages' address.
REFUSED_PAGES = {
    "/matrix/openblas/": f"{NOT_YET}: the terminal's OpenBLAS interface, LAPACK and BLAS routines by their own names "
                         "(the decompositions and solvers SVD, Eig, EigVals, Cholesky, QR, LU, LUP, Solve, LstSq, Inv, "
                         "PInv, Det, Rank, Cond are supported, on LAPACK)",
}


# The language's own words, each in a program that uses it (docs: Language Basics): (file-scope
# text, a function body's text). The probe compiles them all.
CLASSES = ("class CProbeBase { private: int m_a; protected: int m_b; public: CProbeBase(void) : m_a(0), m_b(0) {} "
           "virtual int F(void) { return(m_a + m_b); } };\n"
           "class CProbeDerived : public CProbeBase { public: virtual int F(void) override { return(2); } "
           "CProbeDerived *Self(void) { return(GetPointer(this)); } };\n"
           "struct SProbe { int m; double d; };\n")
TYPES = ["bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "color", "datetime"]
LANGUAGE = {
    **{t: ("", f"{t} v=({t})0; Print(v);") for t in TYPES},
    "string": ("", 'string v="a"; Print(v);'),
    "void": ("void ProbeVoid(void) {}", "ProbeVoid();"),
    "class": ("class CProbeClass { public: int m; };", "CProbeClass c; c.m=1;"),
    "struct": ("struct SProbeStruct { int m; };", "SProbeStruct s; s.m=1;"),
    "union": ("union UProbe { int i; float f; };", "UProbe u; u.i=1; Print(u.f);"),
    "enum": ("enum EProbe { PROBE_A, PROBE_B };", "EProbe e=PROBE_B; Print(EnumToString(e));"),
    "const": ("", "const int c=1; Print(c);"),
    "private": (CLASSES, ""), "protected": (CLASSES, ""), "public": (CLASSES, ""), "virtual": (CLASSES, ""),
    "override": (CLASSES, ""), "this": (CLASSES, "CProbeDerived d; Print(d.Self().F());"),
    "new": (CLASSES, "CProbeBase *p=new CProbeDerived; Print(p.F()); delete p;"),
    "delete": (CLASSES, "CProbeBase *p=new CProbeBase; delete p;"),
    "dynamic_cast": (CLASSES, "CProbeBase *b=new CProbeDerived; CProbeDerived *d=dynamic_cast<CProbeDerived *>(b); "
                              "Print(d!=NULL); delete b;"),
    "operator": ("struct SProbeOp { int v; SProbeOp operator+(const SProbeOp &o) const { SProbeOp r; r.v=v+o.v; return(r); } };",
                 "SProbeOp a,b; a.v=1; b.v=2; Print((a+b).v);"),
    "extern": ("extern int g_probe_extern=1;", "Print(g_probe_extern);"),
    "input": ("input int InpProbe=1;", "Print(InpProbe);"),
    "group": ('input group "probe"\ninput int InpProbeGrouped=2;', "Print(InpProbeGrouped);"),
    "static": ("", "static int s=0; s++; Print(s);"),
    "pack": ("struct pack(4) SProbePacked { char c; double d; };", "Print(sizeof(SProbePacked));"),
    "sizeof": ("", "Print(sizeof(int));"),
    "offsetof": ("struct SProbeOff { char c; int i; };", "Print(offsetof(SProbeOff,i));"),
    "true": ("", "bool t=true; Print(t);"), "false": ("", "bool f=false; Print(f);"),
    "template": ("template<typename T> T ProbeTwice(T v) { return(v*2); }", "Print(ProbeTwice(2));"),
    "typename": ("template<typename T> T ProbeTwice2(T v) { return(v*2); }", 'Print(typename(ProbeTwice2(2.0)));'),
    "namespace": ("namespace ProbeNs { int F(void) { return(3); } }", "Print(ProbeNs::F());"),
    "if": ("", "int a=1; if(a>0) Print(a); else Print(-a);"), "else": ("", "int a=1; if(a>0) Print(a); else Print(-a);"),
    "for": ("", "for(int i=0; i<2; i++) Print(i);"), "while": ("", "int i=0; while(i<2) i++; Print(i);"),
    "do": ("", "int i=0; do { i++; } while(i<2); Print(i);"),
    "break": ("", "for(int i=0; i<5; i++) { if(i==2) break; Print(i); }"),
    "continue": ("", "for(int i=0; i<5; i++) { if(i==2) continue; Print(i); }"),
    "switch": ("", "int k=1; switch(k) { case 1: Print(1); break; default: Print(0); }"),
    "case": ("", "int k=1; switch(k) { case 1: Print(1); break; default: Print(0); }"),
    "default": ("", "int k=1; switch(k) { case 1: Print(1); break; default: Print(0); }"),
    "return": ("int ProbeReturn(void) { return(1); }", "Print(ProbeReturn());"),
    # operators
    **{op: ("", f"int a=7,b=2; Print(a{op}b);") for op in ("+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "||",
                                                            "&&", ">>", "<<", "&", "|", "^")},
    **{op: ("", f"int a=7,b=2; a{op}b; Print(a);") for op in ("=", "+=", "-=", "*=", "/=", "%=", ">>=", "<<=", "&=", "|=", "^=")},
    "- (unary)": ("", "int a=7; Print(-a);"), "!": ("", "bool a=true; Print(!a);"), "~": ("", "int a=7; Print(~a);"),
    "++ (prefix)": ("", "int a=7; Print(++a);"), "++ (postfix)": ("", "int a=7; Print(a++);"),
    "-- (prefix)": ("", "int a=7; Print(--a);"), "-- (postfix)": ("", "int a=7; Print(a--);"),
    "[]": ("", "int arr[3]; arr[0]=1; Print(arr[0]);"), "()": ("", "Print(MathAbs(-1));"),
    ",": ("", "int i,j; for(i=0,j=3; i<j; i++,j--) Print(i,j);"), ".": ("", "SProbe s; s.m=1; Print(s.m);"),
    "::": ("", "Print(::MathAbs(-2));"), "(type)": ("", "int a=7; Print((double)a/2);"),
    "?:": ("", "int a=7,b=2; Print(a>b ? a : b);"), "@": ("", "matrix m=matrix::Ones(2,2); matrix p=m@m; Print(p[0][0]);"),
    "##": ("#define PROBE_PASTE(a,b) a##b", "int PROBE_PASTE(pa,ste)=1; Print(paste);"),
    # statements
    "compound {}": ("", "{ int a=1; Print(a); }"), "expression ;": ("", "int a; a=1; Print(a);"),
    "if-else": ("", "int a=1; if(a>0) Print(a); else Print(-a);"), "do-while": ("", "int i=0; do { i++; } while(i<2); Print(i);"),
    # directives
    "#define": ("#define PROBE_DEFINED 3", "Print(PROBE_DEFINED);"),
    "#undef": ("#define PROBE_UNDEF 1\n#undef PROBE_UNDEF", "#ifdef PROBE_UNDEF\nPrint(1);\n#endif"),
    "#property": ('#property version "1.00"', ""),
    "#include": ('#include "probe_include.mqh"', "Print(ProbeIncluded());"),
    "#import": ('#import "probe_library.dll"\nint ProbeImported(int value);\n#import', ""),
    "#ifdef": ("", "#ifdef __MQL5__\nPrint(5);\n#endif"), "#ifndef": ("", "#ifndef PROBE_NONE\nPrint(5);\n#endif"),
    "#else": ("", "#ifdef PROBE_NONE\nPrint(4);\n#else\nPrint(5);\n#endif"), "#endif": ("", "#ifdef __MQL5__\nPrint(5);\n#endif"),
    "#resource": ('#resource "probe_resource.txt" as string s_probe_resource', "Print(s_probe_resource);"),
    # predefined macros and variables
    **{m: ("", f"Print({m});") for m in ("__CPU_ARCHITECTURE__", "__DATE__", "__DATETIME__", "__LINE__", "__FILE__", "__PATH__",
                                         "__FUNCTION__", "__FUNCSIG__", "__MQLBUILD__", "__MQL5BUILD__", "__COUNTER__",
                                         "__RANDOM__")},
    "__MQL5__": ("", "#ifdef __MQL5__\nPrint(5);\n#endif"), "_RELEASE": ("", "#ifdef _RELEASE\nPrint(1);\n#endif"),
    **{v: ("", f"Print({v});") for v in ("_AppliedTo", "_Digits", "_Point", "_LastError", "_Period", "_RandomSeed",
                                         "_StopFlag", "_Symbol", "_UninitReason", "_IsX64")},
}
# Reserved words that are a directive's name (#define ...): the directive's row says it.
for _d in ("#define", "#import", "#ifdef", "#include", "#ifndef", "#property", "#else", "#endif"):
    LANGUAGE.setdefault(_d, LANGUAGE.get(_d))


def refusal(entry):
    """The reason an entry is refused, or None."""
    return REFUSED_NAMES.get(entry["name"]) or REFUSED_CATEGORIES.get(entry["category"]) or \
        next((why for page, why in REFUSED_PAGES.items() if page in entry.get("url", "")), None)


def load():
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["entries"]


_REFUSED = None


def refused():
    """({function name: (reason, page, return type)}, {method name: (reason, page)}) of the
    reference's refused functions and matrix and vector methods (the translator and the lint ask)."""
    global _REFUSED
    if _REFUSED is None:
        functions, methods = {}, {}
        for e in load():
            why = refusal(e)
            if not why or e["kind"] not in ("function", "method"):
                continue
            if e["kind"] == "function":
                forms = [split_form(f) for f in e.get("forms", [])]
                ret = next((f[1] for f in forms if f), "void")
                functions.setdefault(e["name"], (why, e["url"], ret))
            else:
                methods.setdefault(e["name"].split("::")[-1], (why, e["url"]))
        for e in load():  # a name that is also a supported method's is not refused by name
            if e["kind"] == "method" and not refusal(e):
                methods.pop(e["name"].split("::")[-1], None)
        _REFUSED = functions, methods
    return _REFUSED


#---------------------------------------------------------------------------------------------
# Probes: one function per documented call form, each a call with arguments of the parameters'
# types (declared variables where the parameter is an array or a reference).
SCALARS = {"bool": "true", "char": "(char)1", "uchar": "(uchar)1", "short": "(short)1", "ushort": "(ushort)1",
           "int": "1", "uint": "1", "long": "1", "ulong": "1", "float": "1.0f", "double": "1.0", "string": '"a"',
           "datetime": "D'2024.01.02'", "color": "clrRed", "any": "1", "T": "1.0", "sub_window": "0",
           "any_enum": "PERIOD_H1", "object*": "GetPointer(probe_object)", "any_class": "probe_object"}
OBJECTS = {"matrix": "matrix", "matrixf": "matrixf", "vector": "vector", "vectorf": "vectorf", "matrix<T>": "matrix",
           "vector<T>": "vector", "complex": "complex"}
PARAM = re.compile(r"^(const\s+)?(?P<type>[\w:<>]+?\*?)\s*(?P<ref>&)?\s*(?P<name>\w+)?(?P<dims>(\[\w*\])*)(\s*=\s*(?P<default>.+))?$")


def split_form(form):
    """'int F(int a, double &b[])' -> (static?, return type, name, [parameter texts])."""
    m = re.match(r"^(static\s+)?([\w:<>]+\*?)\s*([\w:<>]+)\((.*)\)$", form)
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
        return SCALARS[t] if t in ("string", "datetime", "color", "any", "T", "sub_window", "bool", "any_enum", "object*",
                                   "any_class") else f"({t}){SCALARS[t]}"
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
        if a is None and "=" in p:  # the rest left to their defaults
            break
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


# A form the page declares wrongly: the page of Concat titles its third form Split; its text and
# example are Concat's with an axis.
FORM_ERRATA = {"matrix matrix::Split(const matrix &second_part, const int axis)":
               "matrix matrix::Concat(const matrix &second_part, const int axis)"}
COMPLEX = re.compile(r"\b(matrixc|matrixcf|vectorc|vectorcf|complex|complexf)\b")
COMPLEX_FORMS = f"{NOT_YET}: the complex forms (matrixc, vectorc)"


complex_forms = set()  # the names whose complex forms the probe left out


def probes(entries):
    """{probe number: (entry name, form)}, the probe program's text, {name: reason not probed}."""
    lines, index, skipped = [], {}, {}
    complex_forms.clear()
    for e in entries:
        if e["kind"] not in ("function", "method") or refusal(e) or not e.get("forms") or e["category"] == "event_handlers":
            continue
        for form in e["forms"]:
            form = FORM_ERRATA.get(form, form)
            if COMPLEX.search(form):
                complex_forms.add(e["name"])
                continue
            n = len(index)
            text, why = probe_call(e, form, n)
            if text is None:
                skipped.setdefault(e["name"], why)
                continue
            index[n] = (e["name"], form)
            lines.append(text)
    head = ('#include <mqlcl/OpenCLBuiltins.mqh>\nclass CProbeObject { public: int m; };\nCProbeObject probe_object;\n'
            "// generated by tests/mql5/reference.py: one function per documented call form\n")
    return index, head + "\n".join(lines) + "\nvoid OnStart() {}\n", skipped


LANGUAGE_KINDS = ("reserved_word", "operator", "statement", "directive", "predefined_macro", "predefined_variable")


def language_probe(entries):
    """({name: [(first line, last line)] of the text that uses it}, the program, {name: why not probed})."""
    head = ["// generated by tests/mql5/reference.py: each word of the language in use"]
    spans, seen, skipped, bodies = {}, {}, {}, []
    for e in entries:
        name = e["name"]
        if e["kind"] not in LANGUAGE_KINDS or refusal(e) or name in spans:
            continue
        if LANGUAGE.get(name) is None:
            skipped[name] = "no use of it in the probe"
            continue
        scope, body = LANGUAGE[name]
        spans[name] = []
        if scope:
            if scope not in seen:
                first = len(head) + 1
                head += scope.split("\n")
                seen[scope] = (first, len(head))
            spans[name].append(seen[scope])
        if body:
            bodies.append((name, body))
    lines = list(head)
    for n, (name, body) in enumerate(bodies):
        first = len(lines) + 1
        lines += [f"void Lang{n}(void)", "  {"] + body.split("\n") + ["  }"]
        spans[name].append((first, len(lines)))
    lines.append("void OnStart() {}")
    return spans, "\n".join(lines) + "\n", skipped


def handler_probe(entries):
    """({handler name: its line}, a program that defines each event handler in its first form)."""
    lines, at = ["// generated by tests/mql5/reference.py: each event handler defined"], {}
    for e in entries:
        if e["category"] != "event_handlers" or refusal(e) or not e.get("forms"):
            continue
        ret = e["forms"][0].split()[0]
        value = {"void": "", "double": "(0.0)"}.get(ret, "(0)")
        at[e["name"]] = len(lines) + 1
        lines.append(f"{e['forms'][0]} {{ {'return' + value + ';' if value else ''} }}")
    return at, "\n".join(lines) + "\n"


def compile_errors(root, src, include_dir):
    """{line of src: the first error there} of translating and compiling src (natively, syntax only)."""
    import run_scripts
    cpp = src.with_suffix(".cpp")
    rc, _, err = run_scripts.sh([sys.executable, str(HERE / "translate.py"), str(src), "--include-dir", str(include_dir),
                                 "--out", str(cpp), "--header", str(root / "dll/include/mqlcl.h")], cwd=root)
    found = {}
    if rc != 0:
        for m in re.finditer(rf"{re.escape(src.name)}:(\d+): error: (.*)", err):
            found.setdefault(int(m.group(1)), m.group(2))
        return found or {0: err.strip()[:300]}
    cmd = run_scripts.NATIVE_CXX + run_scripts.CXX_FLAGS + ["-fsyntax-only", "-fmax-errors=100000", f"-I{HERE / 'runtime'}",
                                                             f"-I{root / 'dll/include'}", str(cpp)]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=root, errors="replace")
    for m in re.finditer(rf"{re.escape(src.name)}:(\d+):\d+: error: (.*)", p.stderr):
        found.setdefault(int(m.group(1)), m.group(2))
    if p.returncode and not found:
        found[0] = p.stderr.strip()[-300:]
    return found


def run(root, native, work):
    """{name: (status, detail)} for every entry of the reference."""
    entries = load()
    work.mkdir(parents=True, exist_ok=True)
    (work / "probe_include.mqh").write_text("int ProbeIncluded(void) { return(7); }\n")
    (work / "probe_resource.txt").write_text("a resource\n")
    index, program, skipped = probes(entries)
    src = work / "reference_probe.mq5"
    src.write_text(program, encoding="utf-8")
    failed = compile_errors(root, src, root / "mql5/Include")
    failed = {line - 5: err for line, err in failed.items()}  # probe n is on line n + 5
    spans, lang_program, lang_skipped = language_probe(entries)
    lang_src = work / "language_probe.mq5"
    lang_src.write_text(lang_program, encoding="utf-8")
    lang_failed = compile_errors(root, lang_src, root / "mql5/Include")
    handlers, handler_program = handler_probe(entries)
    handler_src = work / "handler_probe.mq5"
    handler_src.write_text(handler_program, encoding="utf-8")
    handler_failed = compile_errors(root, handler_src, root / "mql5/Include")
    verdicts, by_name = {}, {}
    for n, (name, form) in index.items():
        by_name.setdefault(name, []).append((form, failed.get(n) or failed.get(-5)))
    for e in entries:
        name = e["name"]
        why = refusal(e)
        if why:
            verdicts[name] = ("refused", why)
        elif name in by_name:
            bad = [(f, err) for f, err in by_name[name] if err]
            forms = f"{len(by_name[name])} call form{'s' if len(by_name[name]) > 1 else ''}"
            if name in complex_forms:
                forms += f"; {COMPLEX_FORMS}"
            verdicts[name] = ("supported", forms) if not bad \
                else ("missing", "; ".join(f"{f}: {err}" for f, err in bad[:2]))
        elif name in handlers:
            err = handler_failed.get(handlers[name]) or handler_failed.get(0)
            verdicts[name] = ("supported", "defined by the program, called by the harness") if not err else ("missing", err)
        elif name in spans:
            errs = [err for line, err in lang_failed.items() for a, b in spans[name] if a <= line <= b or line == 0]
            verdicts[name] = ("supported", "in use in the language probe") if not errs else ("missing", errs[0])
        elif e["kind"] == "constant_group":
            verdicts[name] = ("constants", "")
        else:
            verdicts[name] = ("missing", skipped.get(name) or lang_skipped.get(name) or "not probed")
    return entries, verdicts


KIND_TITLES = {"reserved_word": "Reserved words", "operator": "Operators", "statement": "Statements",
               "directive": "Preprocessor directives", "predefined_macro": "Predefined macros",
               "predefined_variable": "Predefined variables", "function": "Functions", "method": "Matrix and vector methods"}


def table(entries, verdicts):
    """docs/mql5-reference.md's text: the counts, then a row per name, by kind and the reference's section."""
    rows, seen = {}, set()
    for e in entries:
        if e["kind"] not in KIND_TITLES or (e["kind"], e["name"]) in seen:
            continue
        seen.add((e["kind"], e["name"]))
        rows.setdefault(e["kind"], []).append(e)
    counts = Counter((kind, verdicts[e["name"]][0]) for kind, es in rows.items() for e in es)
    out = ["# The MQL5 reference in the harness", "",
           "Every reserved word, operator, statement, preprocessor directive, predefined macro and variable,",
           "function and matrix or vector method of the MQL5 reference (`tests/mql5/reference/mql5_reference.json`,",
           "the reference's pages of 2026-06-22) and what the harness (`tests/mql5/`) does with it: **supported**",
           "(a program that uses it, each documented call form of a function, is translated and compiled against",
           "the harness's runtime; what each does is checked by the self-tests of `tests/mql5/selftest/`) or",
           "**refused** with the reason: the translator names a refused function and its reason when a program",
           "calls it, and the program stops with the reason if it runs the call; the lint refuses a refused",
           "method. The pages of constants are not rows: their names are checked where the functions take them.",
           "", "Generated by `python3 tests/mql5/reference.py . --native build/native --write`; the test command",
           "runs it with `--check`, which fails where a row differs from what the harness does.", "",
           "| | supported | refused |", "| --- | ---: | ---: |"]
    for kind, title in KIND_TITLES.items():
        out.append(f"| {title} | {counts[(kind, 'supported')]} | {counts[(kind, 'refused')]} |")
    total = lambda status: sum(n for (k, st), n in counts.items() if st == status)  # noqa: E731
    out.append(f"| **all** | **{total('supported')}** | **{total('refused')}** |")
    if total("missing"):
        out += ["", f"**{total('missing')} names neither supported nor refused.**"]
    for kind, title in KIND_TITLES.items():
        out += ["", f"## {title}", "", "| name | section | | why / what |", "| --- | --- | --- | --- |"]
        for e in sorted(rows.get(kind, []), key=lambda e: (e["category"], e["name"].lower())):
            status, detail = verdicts[e["name"]]
            detail = re.sub(r"\s+", " ", detail).replace("|", "\\|")[:300]
            out.append(f"| [`{e['name'].replace('|', '&#124;')}`]({e['url']}) | {e['category']} | {status} | {detail} |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--work", type=Path)
    ap.add_argument("--write", action="store_true", help=f"write {TABLE}")
    ap.add_argument("--check", action="store_true", help=f"fail where {TABLE} differs from the harness")
    a = ap.parse_args()
    root = a.root.resolve()
    work = a.work or Path(tempfile.mkdtemp(prefix="mqlcl-reference."))
    entries, verdicts = run(root, a.native.resolve(), work.resolve())
    text = table(entries, verdicts)
    missing = sorted({(e["name"], verdicts[e["name"]][1]) for e in entries
                      if e["kind"] in KIND_TITLES and verdicts[e["name"]][0] == "missing"})
    for name, why in missing:
        print(f"[FAIL] {name}: neither supported nor refused: {why[:300]}")
    for line in text.split("\n")[14:25]:
        print(line)
    if a.write:
        (root / TABLE).write_text(text, encoding="utf-8")
        print(f"wrote {TABLE}")
    if a.check:
        old = (root / TABLE).read_text(encoding="utf-8").split("\n") if (root / TABLE).exists() else []
        new = text.split("\n")
        wrong = [f"  {TABLE} says: {o}\n  the harness:  {n}" for o, n in zip(old, new) if o != n]
        if len(old) != len(new) or wrong:
            print(f"[FAIL] {TABLE} differs from what the harness does ({len(wrong)} rows):")
            print("\n".join(wrong[:20]))
            return 1
        print(f"[PASS] {TABLE}: every row as the harness does")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
