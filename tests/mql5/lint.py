#!/usr/bin/env python3
"""What C++ accepts and MetaEditor does not: the translated code is compiled by g++, so each
construct g++ would compile and MetaEditor refuses must be refused here, before translation; and
nothing MetaEditor compiles may be refused. The lint reads the program as MetaEditor does: after
the preprocessor (mql5_preprocess.py: only the active branches, the program's own macros
expanded, so `#define nullptr NULL` leaves no nullptr), through the model of the program
(mql5_model.py: what each name declares).

Every rule cites its evidence (EVIDENCE): the MQL5 reference page that says so, or public code
that MetaEditor compiled (docs/mql5-harness.md, "Evidence", names the programs). Words that
public compiled code uses are taken: `unsigned int` / `unsigned char` (C's spellings of uint,
uchar), `inline`; a C++ keyword that MQL5 does not reserve is a plain name there (`bool auto`),
refused only where it is used as C++ uses it.
Usage: lint.py SCRIPT.mq5 --include-dir DIR  (prints FILE:LINE: error: ..., exit 1 when any)"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mql5_tokens import SourceError  # noqa: E402
import reference  # noqa: E402

DOCS = "https://www.mql5.com/en/docs"
EVIDENCE = {
    "reserved": f"{DOCS}/basis/syntax/reserved: MQL5's reserved words",
    "pointers": f"{DOCS}/common/getpointer: only class objects have pointers; structures and simple types do not",
    "new": f"{DOCS}/basis/operators/newoperator: new creates class objects",
    "templates": f"{DOCS}/basis/oop/templates: template parameters are 'typename T'",
    "references": f"{DOCS}/basis/variables/formal: '&' marks parameters passed by reference",
    "arrays_by_ref": f"{DOCS}/basis/variables/formal: arrays are passed by reference only, declared 'T &a[]'",
    "for": f"{DOCS}/basis/operators/for: for(expression1; expression2; expression3)",
    "scope": f"{DOCS}/basis/operations/other: '::' names a class member or, alone, the global scope",
    "indexing": f"{DOCS}/basis/operations/other: '[]' indexes arrays",
    "members": f"{DOCS}/basis/types/object_pointers: members are reached with '.' through object pointers too",
    "init": f"{DOCS}/basis/variables/initialization: 'type name = value'",
    "strings": f"{DOCS}/basis/types/stringconst: string literals are Unicode already",
    "characters": f"{DOCS}/basis/syntax: the characters of MQL5's tokens",
    "pack": f"{DOCS}/basis/types/classes: pack([n]), n one of 1, 2, 4, 8 or 16",
}
# C++ keywords that MQL5 does not reserve (its Reserved Words page lists none of them): used as C++
# uses them (not declared by the program as names), MetaEditor refuses the code. Not here, because
# public programs MetaEditor compiled use them: `unsigned`/`signed` before an integer type and
# `inline` (EA31337-classes, whose CI compiles every file with MetaEditor: Convert.basic.h,
# Std.h); `interface`, `final`, `sinput`, `typedef` (the terminal's own standard library).
CPP_ONLY_KEYWORDS = {
    "auto", "nullptr", "static_cast", "const_cast", "reinterpret_cast", "constexpr", "consteval", "constinit",
    "decltype", "using", "mutable", "explicit", "noexcept", "throw", "try", "catch", "typeid", "thread_local",
    "alignas", "alignof", "volatile", "register", "goto", "concept", "requires", "co_await", "co_return", "co_yield",
    "asm", "static_assert", "wchar_t", "char8_t", "char16_t", "char32_t", "friend", "nullptr_t"}
# The built-in types with static members (docs: Matrix and Vector Methods: matrix::Eye, vector::Zeros ...).
STATIC_TYPES = {"matrix", "matrixf", "vector", "vectorf", "complex"}


def check(model):
    """[(file:line, message)] for the program the model holds."""
    toks = model.toks
    errors = []

    def err(t, message, evidence):
        errors.append((t.where(), f"{message} [{EVIDENCE[evidence]}]"))

    # what a pointer may point to: a class or interface object, and `void *` (any object: the
    # terminal's Graphics/Curve.mqh keeps one, compiled into its Wavelet sample's .ex5)
    pointees = model.pointer_types | {"void"}
    declared = [*model.variables, *model.parameters(), *model.functions]
    names = {d.name for d in declared} | set(model.types)
    for d in declared:
        if d.name in ("input", "sinput"):
            err(toks[d.name_at], f"'{d.name}' is a reserved word, not a name", "reserved")
    for v in model.variables:
        if v.ref and v.scope.kind not in ("class",):
            err(toks[v.name_at - 1], f"reference variable '{v.name}' (MQL5 has references only as parameters)", "references")
        if v.pointer and toks[v.type_start].text not in pointees and v.type_end == v.type_start + 1:
            err(toks[v.name_at - 1], f"pointer to '{toks[v.type_start].text}'", "pointers")
    for p in model.parameters():
        if p.dims and not p.ref:
            err(toks[p.dims[0][0]], f"array parameter '{p.name}[]' without '&'", "arrays_by_ref")
        if p.pointer and p.type_start + 1 < p.end and toks[p.type_start].text not in pointees \
                and toks[p.type_start + 1].text == "*":
            err(toks[p.type_start + 1], f"pointer to '{toks[p.type_start].text}'", "pointers")
    for fn in model.functions:
        at = fn.qualified if fn.qualified >= 0 else fn.name_at
        if fn.kind == "function" and at >= 2 and toks[at - 1].text == "*" and toks[at - 2].kind == "id" \
                and model.is_type(toks[at - 2].text) and toks[at - 2].text not in pointees:
            err(toks[at - 1], f"pointer to '{toks[at - 2].text}'", "pointers")
    # a matrix or vector method the reference documents and the harness refuses (reference.py
    # REFUSED: the reason), where the program declares no method of that name
    refused_methods = reference.refused()[1]
    own_methods = {fn.name for fn in model.functions}
    for i, t in enumerate(toks):
        if t.kind == "id" and t.text in refused_methods and t.text not in own_methods and i and toks[i - 1].text == "." \
                and i + 1 < len(toks) and toks[i + 1].text == "(":
            why, page = refused_methods[t.text]
            errors.append((t.where(), f"'{t.text}' is refused by the harness: {why} [{page}]"))
    def in_template(i):
        """Whether token i is in the body of a function template or of a class template's member:
        MetaEditor reads such a body when the template is used (EA31337-classes, whose CI compiles
        every file with MetaEditor, has `throw NotImplementedException();` in the body of a function
        template no program calls: Array.mqh, ArrayCopy)."""
        fn, cls = model.function_at(i), model.class_at(i)
        return bool((fn is not None and fn.template) or (cls is not None and cls.template))

    member_heads = {fn.template_at for fn in model.functions if fn.template == [] and fn.owner is not None}

    def member_template_head(i):
        """`template <>` before a member function of a class: MetaEditor compiles it as the plain
        member (EA31337-classes, its CI compiling with MetaEditor: Dict.mqh, DictObject.mqh)."""
        return i in member_heads

    for i, t in enumerate(toks):
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.kind == "bad":
            err(t, f"unexpected character '{t.text}'", "characters")
        elif t.kind == "id" and t.text in CPP_ONLY_KEYWORDS and t.text not in names \
                and not (t.text == "throw" and in_template(i)):
            err(t, f"'{t.text}' is C++, not an MQL5 keyword", "reserved")
        elif t.kind == "str" and prev is not None and prev.kind == "id" and prev.text in ("u", "U", "L", "u8", "R") \
                and not prev.ws and t.ws == "" and prev.origin is None:
            err(prev, f"C++ string prefix {prev.text}\"...\" (MQL5 strings are already Unicode)", "strings")
        elif t.text == "::" and t.kind == "op":
            if prev is not None and prev.kind == "id" and prev.text not in ("return", "else", "case") \
                    and not model.is_type(prev.text) and prev.text not in model.namespaces and prev.text not in STATIC_TYPES:
                err(t, f"'{prev.text}::' names no class, struct, enum or namespace of this program", "scope")
        elif t.text == "pack" and nxt is not None and nxt.text == "(" and i >= 2 and \
                (toks[i - 1].text in ("struct", "class") or toks[i - 2].text in ("struct", "class")) and \
                toks[i + 2].kind == "num" and toks[i + 3].text == ")" and toks[i + 2].text not in ("1", "2", "4", "8", "16"):
            err(t, f"pack({toks[i + 2].text}): a structure's alignment is 1, 2, 4, 8 or 16", "pack")
        elif t.text == "->" and t.kind == "op":
            err(t, "'->' is C++: MQL5 reaches members through pointers with '.'", "members")
        elif t.text == "[" and t.kind == "op" and prev is not None and not (
                (prev.kind == "id" and prev.text != "return") or prev.kind == "str" or prev.text in ("]", ")")):
            err(t, "'[' that is neither an index nor an array declaration (a C++ lambda?)", "indexing")
        elif t.text == "(" and nxt is not None and nxt.kind == "id" and model.is_type(nxt.text) \
                and nxt.text not in pointees and i + 3 < len(toks) and toks[i + 2].text == "*" \
                and toks[i + 3].text == ")":
            err(toks[i + 2], f"pointer to '{nxt.text}'", "pointers")  # a cast (int*)x
        elif t.text == "new" and nxt is not None and (
                (nxt.kind == "id" and model.is_type(nxt.text) and nxt.text not in pointees)
                or (nxt.kind == "id" and i + 2 < len(toks) and toks[i + 2].text == "[")):
            err(t, f"new of '{nxt.text}' (not a class object)", "new")
        elif t.text == "delete" and nxt is not None and nxt.text == "[":
            err(t, "delete[]", "new")
        elif t.text == "template" and nxt is not None and nxt.text == "<":
            j = i + 2
            params = []
            while j < len(toks) and toks[j].text != ">":
                params.append(toks[j].text)
                j += 1
            groups = " ".join(params).split(",")
            if not params and member_template_head(i):
                continue
            if not params or any(not re.fullmatch(r"\s*typename \w+\s*", g) for g in groups):
                err(t, f"template<{' '.join(params)}>: MQL5 takes only 'typename T' parameters", "templates")
        elif t.text == "for" and nxt is not None and nxt.text == "(":
            depth, j, colon, semi = 0, i + 1, False, False
            while j < len(toks):
                depth += (toks[j].text in "([{") - (toks[j].text in ")]}")
                if depth == 1 and toks[j].text == ";":
                    semi = True
                if depth == 1 and toks[j].text == ":" and not any(toks[k].text == "?" for k in range(i, j)):
                    colon = True
                if depth == 0:
                    break
                j += 1
            if colon and not semi:
                err(t, "range-based for", "for")
        elif t.kind == "id" and model.is_type(t.text) and nxt is not None and nxt.kind == "id" and i + 2 < len(toks) \
                and toks[i + 2].text == "{" and not (prev is not None and prev.text in ("class", "struct", "interface", "enum")) \
                and model.scope_at(i).kind in ("function", "block", "for", "file", "namespace", "class"):
            err(toks[i + 2], f"brace initialisation of '{nxt.text}'", "init")
    return sorted(set(errors), key=lambda e: errors.index(e))


def main():
    import translate
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("script", type=Path)
    ap.add_argument("--include-dir", type=Path, required=True)
    a = ap.parse_args()
    try:
        model = translate.program_model(a.script, a.include_dir, translate.MQLCL_INCLUDE)[0]
    except SourceError as e:
        print(e)
        return 1
    for where, message in check(model):
        print(f"{where}: error: {message}")
    return 1 if check(model) else 0


if __name__ == "__main__":
    raise SystemExit(main())
