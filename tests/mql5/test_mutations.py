#!/usr/bin/env python3
"""The harness must fail on what MetaEditor or the terminal would refuse: copies of the MQL5
sources with one injected fault each (the faults a new user tried, and more) must each fail
the lint, the compilation, the run or the stop test (stop_test.py), and the message must name the
file and line of the fault (the stop test: the script).
The faults are inserted at stable places (the start of a script's OnStart, a member of CMqlcl,
a declaration of the #import block), found by pattern, so that edits of the sources elsewhere
do not break this test; a place that cannot be found any more is reported as a failure.
Usage: test_mutations.py ROOT --native BUILD [--work DIR]  (also run by run_scripts.py)"""
import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "checks"))
from common import expect, finish  # noqa: E402
import run_scripts  # noqa: E402
import stop_test  # noqa: E402

SCRIPT = "mql5/Scripts/mqlcl/lab/matr_mul_1dim.mq5"
GEMM_SCRIPT = "mql5/Scripts/mqlcl/gemm_matrix.mq5"
MQLCL = "mql5/Include/mqlcl/mqlcl.mqh"
EXPERIMENTS = "mql5/Include/mqlcl/experiments.mqh"
API = "mql5/Include/mqlcl/mqlcl_api.mqh"


def in_onstart(*lines):
    """Inserts lines at the start of the script's OnStart body."""
    def apply(text):
        m = re.search(r"void OnStart\(\)\s*\{[^\n]*\n", text)
        return (m.end(), "".join(f"   {line}\n" for line in lines)) if m else None
    return apply


def before_onstart(*lines):
    def apply(text):
        m = re.search(r"^void OnStart\(\)", text, re.M)
        return (m.start(), "".join(f"{line}\n" for line in lines)) if m else None
    return apply


def before_and_in_onstart(before, inside):
    """Lines before OnStart and lines at the start of its body; the fault is the first inside."""
    def apply(text):
        m = re.search(r"^void OnStart\(\)\s*\{[^\n]*\n", text, re.M)
        if not m:
            return None
        head = "".join(f"{line}\n" for line in before)
        new = text[:m.start()] + head + text[m.start():m.end()]
        at = len(new)
        new += "".join(f"   {line}\n" for line in inside) + text[m.end():]
        return 0, len(text), new, at
    return apply


def at_top(line):
    return lambda text: (0, line + "\n")


def replace(pattern, new):
    """Replaces the first match of pattern; the fault's line is the match's."""
    def apply(text):
        m = re.search(pattern, text, re.M)
        return (m.start(), m.end(), m.expand(new), m.end() - 1) if m else None
    return apply


def replace_all(pattern, new):
    """Replaces every match of pattern; the fault's line is the first match's."""
    def apply(text):
        matches = list(re.finditer(pattern, text, re.M))
        if not matches:
            return None
        changed = re.sub(pattern, new, text, flags=re.M)
        return 0, len(text), changed, matches[0].start()
    return apply


# (what, file, mutation, stage that must refuse it: lint | compile | run | stop, text the message has
#  [, the script run: SCRIPT unless given])
MUTATIONS = [
    ("C++ auto declaration without its semicolon", SCRIPT, in_onstart("auto x = 5"), "lint", "'auto' is C++"),
    ("std::vector<int>", SCRIPT, in_onstart("std::vector<int> v;"), "lint", "'std::'"),
    ("pointer to an int", SCRIPT, in_onstart("int *p;"), "lint", "pointer to 'int'"),
    ("a variable named with the reserved word input", SCRIPT, in_onstart("int input = 1;"), "lint", "reserved word"),
    ("lambda", SCRIPT, in_onstart("int y = [](int a) { return a; }(2);"), "lint", "a C++ lambda"),
    ("call of an undeclared function", SCRIPT, in_onstart("UndeclaredFunction(1);"), "compile", "not declared"),
    ("string multiplied by a number", SCRIPT, in_onstart('string s = "a";', "s = s * 2;"), "compile", "operator*"),
    ("imported function called with too many arguments", SCRIPT, in_onstart("mqlcl_version(1);"), "compile",
     "too many arguments"),
    ("imported function called with too few arguments", SCRIPT, in_onstart("mqlcl_free();"), "compile",
     "too few arguments"),
    ("';' deleted in CMqlcl", MQLCL, replace(r"(class CMqlcl[^;]*?\n\s*\w+\s+m_\w+);", r"\1"), "compile",
     "expected ';'"),
    ("wrong parameter type in the #import block (int -> double)", API,
     replace(r"^(int mqlcl_create\()int( \w+\);)", r"\1double\2"), "compile", "declared with other types"),
    ("wrong return type in the #import block (int -> long)", API,
     replace(r"^int( mqlcl_device_count\(\);)", r"long\1"), "compile", "declared with other types"),
    ("function missing from the header in the #import block", API,
     replace(r"^(int mqlcl_version\(\);)", r"\1\nint mqlcl_no_such_function(int x);"), "compile", "mqlcl_no_such_function"),
    ("nullptr", SCRIPT, in_onstart("CMqlcl *c = nullptr;"), "lint", "'nullptr' is C++"),
    ("static_cast", SCRIPT, in_onstart("int i = static_cast<int>(1.5);"), "lint", "'static_cast' is C++"),
    ("range-based for", SCRIPT, in_onstart("int arr[3] = {1, 2, 3};", "for(int v : arr) Print(v);"), "lint",
     "range-based for"),
    ("#if with an expression (C's, not MQL5's)", SCRIPT, at_top("#if 1\n#endif"), "lint",
     "#if is not an MQL5 preprocessor directive"),
    ("a parametric macro given too few arguments", SCRIPT, before_and_in_onstart(["#define FAULT_TWO(a,b) ((a)+(b))"],
                                                                                 ["Print(FAULT_TWO(1));"]), "lint",
     "takes 2 arguments, given 1"),
    ("reference variable", SCRIPT, in_onstart("int a = 1;", "int &r = a;"), "lint", "reference variable"),
    # docs (Color Type): a color literal is C'r,g,b', three parts.
    ("color literal of two parts", SCRIPT, in_onstart("color c = C'128,0';", "Print(c);"), "lint",
     "a color literal is C'r,g,b'"),
    ("new of a simple type", SCRIPT, in_onstart("Print(new int);"), "lint", "new of 'int'"),
    ("C++ standard header", SCRIPT, at_top("#include <vector>"), "lint", "cannot open include file 'vector'"),
    ("array parameter without &", SCRIPT, before_onstart("void Fill(float m[]) { }"), "lint", "without '&'"),
    ("using namespace", SCRIPT, at_top("using namespace std;"), "lint", "'using' is C++"),
    ("template with a class parameter", SCRIPT, before_onstart("template<class T> T Twice(T v) { return(v*2); }"),
     "lint", "only 'typename T'"),
    ("brace initialisation", SCRIPT, in_onstart("int b{3};"), "lint", "brace initialisation"),
    ("'->' on an object pointer", SCRIPT, in_onstart("CMqlcl *c = new CMqlcl;", "c->Free();"), "lint", "'->' is C++"),
    ("#pragma", SCRIPT, at_top("#pragma once"), "lint", "#pragma is not an MQL5"),
    # Objects and their pointers (docs: Object Pointers, new, delete, Virtual Functions, Interfaces).
    ("pointer to a structure", SCRIPT, before_onstart("struct SFault { int a; };", "int FaultA(SFault *p) { return(0); }"),
     "lint", "pointer to 'SFault'"),
    ("new of a structure", SCRIPT, before_and_in_onstart(["struct SFault { int a; };"], ["Print(new SFault);"]), "lint",
     "new of 'SFault'"),
    ("GetPointer of a structure", SCRIPT, before_and_in_onstart(["struct SFault { int a; };"], ["SFault s;", "Print(GetPointer(s)==NULL);"]),
     "compile", "only class objects have pointers"),
    ("undeclared method called through a pointer", SCRIPT, in_onstart("CMqlcl *c = new CMqlcl;", "c.NoSuchMethod();"),
     "compile", "has no member named 'NoSuchMethod'"),
    ("class with a pure virtual method instantiated", SCRIPT,
     before_and_in_onstart(["class CFaultAbstract { public: virtual int F(void) = 0; };"], ["CFaultAbstract *a = new CFaultAbstract;"]),
     "compile", "abstract"),
    ("pure virtual method not overridden", SCRIPT,
     before_and_in_onstart(["class CFaultBase { public: virtual int F(void) = 0; };",
                            "class CFaultImpl : public CFaultBase { public: int G(void) { return(1); } };"], ["CFaultImpl x;"]),
     "compile", "abstract"),
    ("interface method not implemented", SCRIPT,
     before_and_in_onstart(["interface IFault { int F(void); };", "class CFaultImpl : public IFault { public: int G(void) { return(1); } };"],
                           ["IFault *f = new CFaultImpl;"]), "compile", "abstract"),
    ("delete of an object, not a pointer", SCRIPT, in_onstart("CMqlcl c;", "delete c;"), "compile", "destroy"),
    ("method called through a NULL pointer", SCRIPT, in_onstart("CMqlcl *c = NULL;", "c.Free();"), "run",
     "invalid pointer access"),
    ("virtual method called through a deleted object's pointer", SCRIPT,
     before_and_in_onstart(["class CFaultV { public: virtual int F(void) { return(1); } };"],
                           ["CFaultV *v = new CFaultV;", "delete v;", "Print(v.F());"]), "run", "invalid pointer access"),
    ("private member used outside its class", SCRIPT,
     before_and_in_onstart(["class CFaultH { private: int m_hidden; public: CFaultH(void) : m_hidden(1) {} };"],
                           ["CFaultH h;", "Print(h.m_hidden);"]), "compile", "private within this context"),
    ("method reading no member called through a deleted object's pointer", SCRIPT,
     before_and_in_onstart(["class CFaultP { public: int F(void) const { return(1); } };"],
                           ["CFaultP *p = new CFaultP;", "delete p;", "Print(p.F());"]), "run", "invalid pointer access"),
    ("pointer cast to a class the object is not", SCRIPT,
     before_and_in_onstart(["class CFaultA { public: virtual int F(void) { return(1); } };", "class CFaultB : public CFaultA { };"],
                           ["CFaultA *a = new CFaultA;", "CFaultB *b = (CFaultB*)a;", "delete a;"]), "run",
     "incorrect casting of pointers"),
    ("base pointer given to a derived pointer, the object of another class", SCRIPT,
     before_and_in_onstart(["class CFaultA { public: virtual int F(void) { return(1); } };", "class CFaultB : public CFaultA { };"],
                           ["CFaultA *a = new CFaultA;", "CFaultB *b = a;", "delete a;"]), "run", "incorrect casting of pointers"),
    ("array assigned to an array", SCRIPT, in_onstart("float a1[], a2[];", "a1 = a2;"), "compile", "deleted"),
    ("input variable modified", SCRIPT, in_onstart("InpRows1 = 5;"), "compile", "read-only"),
    ("a function the MQL5 reference does not have", SCRIPT, in_onstart('PrintLine("s");'), "compile", "not declared"),
    ("C library function leaking in", SCRIPT, in_onstart("double r = hypot(3.0, 4.0);"), "compile", "not declared"),
    # A const array stays read only: MetaEditor refuses both (T deduced const in the template).
    ("const array passed to a non-const array parameter", SCRIPT,
     before_onstart("void ZeroAll(float &a[]) { ArrayInitialize(a,0); }", "void ZeroConst(const float &b[]) { ZeroAll(b); }"),
     "compile", "invalid initialization of reference"),
    ("template writes into a const array given to its T &a[]", SCRIPT,
     before_onstart("template<typename T> void ZeroFirst(T &a[]) { a[0]=0; }",
                    "void ZeroConst(const float &b[]) { ZeroFirst(b); }"), "compile", "read-only"),
    ("#resource path with '..'", SCRIPT, at_top('#resource "..\\\\outside.txt" as string s_outside'), "lint", "no '..'"),
    ("#resource of a file that is not there", SCRIPT, at_top('#resource "kernels\\\\missing.cl" as string s_missing'), "lint",
     "cannot open"),
    ("#resource of a compiled indicator without its source beside it", SCRIPT,
     at_top('#resource "kernels\\\\no_source.ex5"'), "lint", "finds no"),
    ("index past the end of a static array", SCRIPT, in_onstart("int z[2];", "z[2] = 1;"), "run", "array out of range"),
    ("DLL given a buffer smaller than the count", SCRIPT,
     in_onstart("ushort small[];", "ArrayResize(small, 4);", "mqlcl_device_text(0, MQLCL_TEXT_NAME, small, 64);"),
     "run", "DLL wrote past the end of an array"),
    ("result read from the wrong slot", EXPERIMENTS, replace(r"Read\(MQLCL_SLOT_C,gpu", "Read(MQLCL_SLOT_A,gpu"),
     "run", "element ("),
    ("stage number of another script", SCRIPT, replace(r"MQLCL_STAGE_1DIM,", "MQLCL_STAGE_1DIM_COALESCED,"), "run",
     "the stage run is matr_mul_1dim_coalesced"),
    # Matrices: the harness guards them as it guards arrays, and CMqlcl's GEMM passes real counts.
    ("DLL given a matrix smaller than the count", GEMM_SCRIPT,
     in_onstart("CMqlcl g;", "g.Create(0);", "matrixf a(3,3),b(3,3),small(2,2);", "a.Fill(1);", "b.Fill(1);",
                "mqlcl_sgemm(g.Handle(),0,3,3,3,1,a,9,3,b,9,3,0,small,9,3);"),
     "run", "DLL wrote past the end of an array", GEMM_SCRIPT),
    ("matrix of the wrong element type in the #import block (matrixf -> matrix)", API,
     replace(r"^(int mqlcl_sgemm\(.*const )matrixf( &a, int a_count)", r"\1matrix\2"), "compile",
     "declared with other types", GEMM_SCRIPT),
    ("CMqlcl::Sgemm resizes C one row short", MQLCL,
     replace(r"!c\.Resize\(m,n\) \|\| c\.Rows\(\)!=\(ulong\)m", "!c.Resize(m-1,n)"),
     "run", "mqlcl_sgemm failed (-3)", GEMM_SCRIPT),
    ("CMqlcl::Sgemm doubles alpha", MQLCL,
     replace(r"mqlcl_sgemm\(m_ctx,\(flags&~MQLCL_GEMM_ON_HOST\)\|place,m,n,k,alpha,",
             "mqlcl_sgemm(m_ctx,(flags&~MQLCL_GEMM_ON_HOST)|place,m,n,k,alpha+alpha,"),
     "run", "| WRONG", GEMM_SCRIPT),
    ("CMqlcl::Dgemm negates alpha", MQLCL,
     replace(r"mqlcl_dgemm\(m_ctx,\(flags&~MQLCL_GEMM_ON_HOST\)\|place,m,n,k,alpha,",
             "mqlcl_dgemm(m_ctx,(flags&~MQLCL_GEMM_ON_HOST)|place,m,n,k,-alpha,"),
     "run", "| WRONG", GEMM_SCRIPT),
    # The matrix and vector methods: what the reference does not document, or the harness does not
    # offer (the decompositions), fails to compile; misuse MQL5 stops at run time stops the script.
    ("matrix method that does not exist", SCRIPT, in_onstart("matrix m1(2,2);", "m1.Foo();"), "compile",
     "has no member named 'Foo'"),
    ("matrix method with a wrong letter case", SCRIPT, in_onstart("matrix m2=matrix::zeros(2,2);"), "compile",
     "'zeros' is not a member"),
    ("matrix method of the OpenBLAS interface, which the harness refuses", SCRIPT, in_onstart("matrix m3=matrix::Eye(2,2);",
     "m3.FactorizationLDL(m3,m3);"), "lint", "'FactorizationLDL' is refused by the harness"),
    ("matrix method called with too many arguments", SCRIPT, in_onstart("matrix m5(2,3);", "matrix m6=m5.Transpose(1);"),
     "compile", "no matching function"),
    ("vector given where a matrix is expected", SCRIPT, in_onstart("matrix m11=vector::Zeros(3);"), "compile",
     "conversion from"),
    ("matrices of different shapes added", SCRIPT,
     in_onstart("matrix m7=matrix::Ones(2,2),m8=matrix::Ones(3,3);", "matrix m9=m7+m8;"), "run",
     "matrix operation on matrices of different shapes"),
    ("index past the end of an array of matrix<float>", SCRIPT,
     in_onstart("matrix<float> m14[];", "ArrayResize(m14,2);", "Print(m14[2].Rows());"), "run", "array out of range"),
    ("@ product of matrices that do not chain", SCRIPT,
     in_onstart("matrix m12=matrix::Ones(2,3);", "matrix m13=m12@m12;"), "run", "MatMul"),
    ("matrix row index past the end", SCRIPT, in_onstart("matrix m10=matrix::Ones(2,2);", "vector v10=m10.Row(2);"),
     "run", "array out of range"),
    # The checks' answers ignored, the code still valid MQL5 and still asking IsStopped() (a script
    # that never asks is not stop-tested): the script runs to its end, whatever the user does; the
    # stop test (stop_test.py, --stop-after) must name the script.
    ("IsStopped() answers ignored", EXPERIMENTS, replace_all(r"(if\(!?)IsStopped\(\)\)", r"\1(IsStopped() && false))"),
     "stop", "no 'stopped by the user ...' line"),
    ("IsStopped() checks removed from gemm_matrix", GEMM_SCRIPT, replace_all(r"ScriptStopped\(", "false && ScriptStopped("),
     "stop", "no 'stopped by the user ...' line", GEMM_SCRIPT),
    # Only the check in the CPU product's row loop taken out: the script still stops between its
    # steps, but a stop in the middle of a 2000^3 product waits for the whole product.
    ("IsStopped() check removed from the CPU product's loop", EXPERIMENTS,
     replace(r"^[ \t]*if\(IsStopped\(\)\)\n[ \t]*return\(-1\);\n", ""), "stop", "the script does not stop"),
]

# The library functions (docs: String Functions, Math Functions): called as MetaEditor refuses.
MUTATIONS += [
    ("library function called with too few arguments", SCRIPT, in_onstart('string s1 = "a-b";', 'StringReplace(s1, "-");'),
     "compile", "too few arguments"),
    ("library function called with too many arguments", SCRIPT, in_onstart("int m1 = StringLen(\"ab\", 1);"),
     "compile", "too many arguments"),
    ("string literal given to a library function's string& parameter", SCRIPT, in_onstart('StringToLower("ABC");'),
     "compile", "cannot bind non-const lvalue reference"),
    ("C name MQL5 does not give a math function", SCRIPT, in_onstart("double c1 = cbrt(8.0);"), "compile", "not declared"),
    # A function of the reference the harness refuses (reference.py): named at translation, and
    # the program stops with the reason where it calls it.
    ("a function the harness refuses, called", SCRIPT, in_onstart("int fault_socket = SocketCreate();"), "run",
     "SocketCreate: needs a live terminal"),
    # docs (Structures): pack(n), n one of 1, 2, 4, 8, 16.
    ("a structure packed to 3 bytes", SCRIPT, before_onstart("struct SFault pack(3) { char c; int i; };"), "lint",
     "pack(3)"),
    # throw is read where MetaEditor reads a body: outside a template (lint.py in_template)
    ("a C++ throw in a function", SCRIPT, in_onstart("if(false) throw 1;"), "lint", "'throw' is C++"),
    # template <> only before a member function (lint.py member_template_head)
    ("template <> before a function of the file", SCRIPT, before_onstart("template <> int FaultSpecial(int x) { return(x); }"),
     "lint", "template<>"),
    # A function template no code names is left out (MetaEditor compiles it where used): one that is
    # called is compiled, an undeclared name in it refused.
    ("a called function template names an undeclared variable", SCRIPT,
     before_onstart("template <typename T> T FaultFirst(T x) { return(x + fault_undeclared); } "
                    "int FaultUse(void) { return(FaultFirst(1)); }"), "compile", "not declared"),
    # this given to a reference parameter is the object; to a pointer parameter the pointer: a pointer
    # parameter given this of an unrelated class stays refused.
    ("this given to a pointer of an unrelated class", SCRIPT,
     before_onstart("class CFaultOther { }; void FaultTake(CFaultOther *o) { } "
                    "class CFaultSelf { public: void Go(void) { FaultTake(this); } };"), "compile", "cannot convert"),
    # a number or false returned as an enumeration is converted (MetaEditor does); a string is not
    ("a string returned as an enumeration", SCRIPT,
     before_onstart('enum EFault { FAULT_A }; EFault FaultName(void) { return("FAULT_A"); }'), "compile", "invalid cast"),
    # an integer variable reaches a reference of the other signedness and the same size only
    ("an int variable given to a long reference", SCRIPT,
     before_onstart("void FaultWiden(long &v) { v = 1; } void FaultCall(void) { int narrow = 0; FaultWiden(narrow); }"),
     "compile", "cannot bind"),
    # an ancestor's value is copied into a descendant; docs (Structures, Classes and Interfaces):
    # "you cannot copy objects of child structures (Dog != Cat)"
    ("a structure's value copied into its sibling", SCRIPT,
     before_onstart("struct SFaultAnimal { int legs; }; struct SFaultDog : SFaultAnimal { int d; }; "
                    "struct SFaultCat : SFaultAnimal { int c; }; void FaultCopy(void) { SFaultDog d; SFaultCat c; d = c; }"),
     "compile", "no match for 'operator='"),
    # a class pointer given to an object reference is the object; to a reference of an unrelated class
    # it stays refused
    ("a class pointer given to a reference of an unrelated class", SCRIPT,
     before_onstart("class CFaultA { }; class CFaultB { }; void FaultRef(CFaultB &b) { } "
                    "void FaultGo(void) { CFaultA *a = new CFaultA; FaultRef(a); delete a; }"),
     "compile", "CFaultB&"),
    # an operator through a pointer calls the object's; a class without that operator stays refused
    ("+ through a pointer to a class without operator+", SCRIPT,
     before_onstart("class CFaultPlus { public: CFaultPlus *operator-(const CFaultPlus &o) { return(NULL); } }; "
                    "void FaultAdd(void) { CFaultPlus *p = new CFaultPlus; CFaultPlus q; CFaultPlus *r = p + q; delete p; }"),
     "compile", "operator+"),
]


# What public programs write, near what MetaEditor refuses (selftest program_idioms.mq5).
SWITCHED_ON = '#ifndef MQLCL_NO_SUCH_MACRO\n#include "no_such_file.mqh"\n#endif\n'
MUTATIONS += [
    ("C++ 'not' operator (a plain name in MQL5)", SCRIPT, in_onstart("bool n2 = not true;"), "compile", "not_mql5"),
    ("a function's int result given to an int& parameter", SCRIPT,
     before_and_in_onstart(["int FaultOne() { return(1); }", "void FaultBump(int &x) { x++; }"], ["FaultBump(FaultOne());"]),
     "compile", "cannot bind non-const lvalue reference"),
    ("an int array given to a const double array parameter", SCRIPT,
     before_and_in_onstart(["double FaultSum(const double &a[]) { return(a[0]); }"], ["int fault_ints[] = {1};", "FaultSum(fault_ints);"]),
     "compile", "FaultSum"),
    ("an #include left on by #ifndef names a missing file", SCRIPT,
     lambda text: (0, 0, SWITCHED_ON, SWITCHED_ON.index("#include")), "lint",
     "cannot open include file 'no_such_file.mqh'"),
]


def mutate(tree, rel, mutation):
    """Applies the mutation to tree/rel; returns the 1-based line of the fault, or None."""
    path = tree / rel
    text = path.read_text()
    where = mutation(text)
    if where is None:
        return None
    if len(where) == 2:
        at, new = where
        text = text[:at] + new + text[at:]
    else:
        start, end, new, at = where
        text = text[:start] + new + text[end:]
    path.write_text(text)
    return text.count("\n", 0, at) + 1


def run(root, native, work):
    work.mkdir(parents=True, exist_ok=True)
    target = run_scripts.Target("native", run_scripts.NATIVE_CXX, (native / "dll").resolve(), "", run_scripts.NATIVE_LINK, [],
                                dict(run_scripts.os.environ, LD_LIBRARY_PATH=str((native / "dll").resolve())))
    objs = run_scripts.runtime_objects(target, native)
    for what, rel, mutation, stage, message, *run_script in MUTATIONS:
        script = run_script[0] if run_script else SCRIPT
        script_name = Path(script).stem
        tree = Path(tempfile.mkdtemp(prefix="mqlcl-mutation.", dir=work))
        shutil.copytree(root / "mql5/Include", tree / "mql5/Include")
        (tree / script).parent.mkdir(parents=True)
        shutil.copy2(root / script, tree / script)
        line = mutate(tree, rel, mutation)
        if not expect(line is not None, f"mutation '{what}': its place is found in {rel}",
                      "the pattern no longer matches the source: update the mutation"):
            continue
        cpp = tree / "script.cpp"
        rc, out, err = run_scripts.sh([sys.executable, str(HERE / "translate.py"), script, "--include-dir",
                                       "mql5/Include", "--mqlcl-include", "mql5/Include", "--out", str(cpp), "--header", str(root / "dll/include/mqlcl.h")],
                                      cwd=tree)
        refused_by, log = ("lint", err) if rc else (None, "")
        if not refused_by:
            rc, log = run_scripts.compile_one(target, cpp, tree / "script", objs,
                                              [HERE / "runtime", root / "dll/include"], tree)
            refused_by = "compile" if rc else None
            log = log.replace(str(tree) + "/", "")
        if not refused_by:
            inputs = run_scripts.query(target, tree / "script", "--inputs") or ""
            args = [f"--{k}={run_scripts.SMALL[k]}" for k in re.findall(r"^--(\w+)=", inputs, re.M)
                    if k in run_scripts.SMALL]
            rc, log, err = run_scripts.sh([str(tree / "script")] + args, env=target.env)
            problems = run_scripts.generic(log, rc) + (run_scripts.expectations(script_name, log) or [])
            refused_by = "run" if problems else None
            if not refused_by and stage == "stop":
                declared = re.findall(r"^--(\w+)=", inputs, re.M)
                stopped = lambda more, timeout: run_scripts.sh([str(tree / "script")] + more, env=target.env,
                                                               timeout=timeout)
                _, outcomes = stop_test.check_script(script_name, tree / script, tree / "mql5/Include", stopped,
                                                     log, err, declared)
                failed = [f"{what}: {'; '.join(p)}" for what, p, _ in outcomes if p]
                refused_by = "stop" if failed else None
                problems += failed
                err += "".join(f"\n{out}" for _, p, out in outcomes if p)  # the stopped run's own log
            log = log + err + "\n" + "; ".join(problems)
        if stage == "stop":  # the stop test names the script it stopped
            named = f"{script_name}.mq5 stopped at " in log
        else:
            named = f"{rel}:{line}" in log or f"{rel}:{line + 1}:" in log if stage != "run" else True
        ok = refused_by == stage and message in log and named
        expect(ok, f"mutation '{what}' ({rel}:{line}) is refused by the {stage} step, naming it",
               f"refused by: {refused_by}; looked for '{message}' and '{rel}:{line}' in:\n" + log[-2500:])
        shutil.rmtree(tree, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("--native", type=Path, required=True)
    ap.add_argument("--work", type=Path)
    a = ap.parse_args()
    run(a.root.resolve(), a.native, (a.work or a.native / "mql5-mutations").resolve())
    return finish("mql5 mutations")


if __name__ == "__main__":
    raise SystemExit(main())
