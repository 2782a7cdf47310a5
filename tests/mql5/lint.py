#!/usr/bin/env python3
"""What C++ accepts and MQL5 does not: the translated code is compiled by g++, so each C++-only
construct that would compile there must be refused here, before translation. Each rule names
the MQL5 documentation page that says so (the MQL4 reference documents the same language as
MQL5's since build 600; the mql5.com page of the same path says the same).
Usage: lint.py FILE.mq5|FILE.mqh...   (prints FILE:LINE: error: ..., exit 1 when any)"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mql5_tokens import BUILTIN_TYPES, class_names, declared_types, read_source, tokenize  # noqa: E402

RESERVED = "https://docs.mql4.com/basis/syntax/reserved (MQL5: /en/docs/basis/syntax/reserved)"
# C++ keywords that are not MQL5 reserved words: MQL5's complete list (Reserved Words) has
# none of them, so in MQL5 code they are C++ leaking in.
CPP_ONLY_KEYWORDS = {
    "auto", "nullptr", "static_cast", "const_cast", "reinterpret_cast", "constexpr", "consteval", "constinit",
    "decltype", "using", "unsigned", "signed", "mutable", "explicit", "noexcept", "throw", "try",
    "catch", "typeid", "thread_local", "alignas", "alignof", "volatile", "register", "goto", "concept",
    "requires", "co_await", "co_return", "co_yield", "asm", "static_assert", "wchar_t", "char8_t", "char16_t",
    "char32_t", "friend", "inline", "nullptr_t"}
# The directives MQL5's preprocessor has.
PREPROCESSOR = "https://docs.mql4.com/basis/preprosessor (MQL5: /en/docs/basis/preprosessor)"
DIRECTIVES = {"define", "undef", "include", "import", "property", "ifdef", "ifndef", "else", "endif", "resource"}
POINTERS = ("https://docs.mql4.com/common/getpointer: only class objects have pointers; structures and "
            "simple types do not (MQL5: /en/docs/common/getpointer)")
NEW = "https://docs.mql4.com/basis/operators/newoperator: new creates class objects (MQL5: /en/docs/basis/operators/newoperator)"
TEMPLATES = ("https://docs.mql4.com/basis/oop/class_templates: template parameters are 'typename' names "
             "(MQL5: /en/docs/basis/oop/class_templates)")
REFERENCES = ("https://docs.mql4.com/basis/types/this: '&' marks parameters passed by reference "
              "(MQL5: /en/docs/basis/types/this)")
ARRAYS_BY_REF = ("https://docs.mql4.com/basis/variables/formal: arrays are always passed by reference, "
                 "declared 'T &a[]' (MQL5: /en/docs/basis/variables/formal)")
FOR = "https://docs.mql4.com/basis/operators/for: for(expression1; expression2; expression3) (MQL5: /en/docs/basis/operators/for)"
SCOPE = ("https://docs.mql4.com/basis/operations/other: '::' names a class member or, alone, the global "
         "scope (MQL5: /en/docs/basis/operations/other)")
INDEXING = "https://docs.mql4.com/basis/operations/other: '[]' indexes arrays (MQL5: /en/docs/basis/operations/other)"
MEMBERS = ("https://docs.mql4.com/basis/types/object_pointers: members are reached with '.' through object "
           "pointers too (MQL5: /en/docs/basis/types/object_pointers)")
# The built-in types with static members (docs: Matrix and Vector Methods: matrix::Eye, vector::Zeros ...).
STATIC_TYPES = {"matrix", "matrixf", "vector", "vectorf"}
INIT = "https://docs.mql4.com/basis/variables/initialization: 'type name = value' (MQL5: /en/docs/basis/variables/initialization)"


def cpp_words_declared(toks, is_type):
    """The C++-only keywords the program declares as names: MQL5 does not reserve them, so
    `void AutoScale(const bool auto)` is MQL5 (the translator renames them, cpp_word_names)."""
    names = set()
    for i in range(1, len(toks) - 1):
        t, prev = toks[i], toks[i - 1]
        if t.kind == "id" and t.text in CPP_ONLY_KEYWORDS and toks[i + 1].text in (")", ",", "=", ";", "[") \
                and (is_type(prev) or (prev.text in ("&", "*") and i > 1 and is_type(toks[i - 2]))):
            names.add(t.text)
    return names


def check(toks, types=None):
    """[(file:line, message)] for the significant tokens of a translation unit (or one file)."""
    types = declared_types(toks) if types is None else types
    classes = class_names(toks)
    errors = []

    def err(t, message, doc):
        errors.append((t.where(), f"{message} [{doc}]"))

    def is_type(t):
        return t.kind == "id" and (t.text in BUILTIN_TYPES or t.text in types)

    names = cpp_words_declared(toks, is_type)
    paren = 0
    for i, t in enumerate(toks):
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        paren += (t.text == "(") - (t.text == ")")
        if t.kind == "bad":
            err(t, f"unexpected character '{t.text}'", RESERVED)
        elif t.kind == "pp":
            m = re.match(r"#\s*(\w*)", t.text)
            if m.group(1) not in DIRECTIVES:
                err(t, f"#{m.group(1)} is not an MQL5 preprocessor directive", PREPROCESSOR)
        elif t.kind == "id" and t.text in CPP_ONLY_KEYWORDS and t.text not in names:
            err(t, f"'{t.text}' is C++, not an MQL5 keyword", RESERVED)
        elif t.kind == "id" and t.text in ("input", "sinput") and prev is not None \
                and (is_type(prev) or prev.text in ("*", "&")):
            err(t, f"'{t.text}' is a reserved word, not a name", RESERVED)
        elif t.kind == "str" and prev is not None and prev.kind == "id" and prev.text in ("u", "U", "L", "u8", "R") \
                and not prev.ws and t.ws == "":
            err(prev, f"C++ string prefix {prev.text}\"...\" (MQL5 strings are already Unicode)", RESERVED)
        elif t.text == "::" and t.kind == "op" and prev is not None and prev.text in ("return", "else", "case"):
            pass  # `return ::f(x)`: the global scope
        elif t.text == "::" and t.kind == "op":
            if prev is not None and prev.kind == "id" and prev.text not in types and prev.text not in STATIC_TYPES:
                err(t, f"'{prev.text}::' names no class, struct or enum of this program", SCOPE)
        elif t.text == "->" and t.kind == "op":
            err(t, "'->' is C++: MQL5 reaches members through pointers with '.'", MEMBERS)
        elif t.text == "[" and t.kind == "op" and prev is not None and not (
                (prev.kind == "id" and prev.text != "return") or prev.kind == "str" or prev.text in ("]", ")")):
            err(t, "'[' that is neither an index nor an array declaration (a C++ lambda?)", INDEXING)
        elif t.text == "*" and prev is not None and is_type(prev) and prev.text not in classes \
                and nxt is not None and (nxt.kind == "id" or nxt.text in (")", ",", "&", "*", ">")):
            err(t, f"pointer to '{prev.text}'", POINTERS)
        elif t.text == "new" and nxt is not None and (
                (is_type(nxt) and nxt.text not in classes)
                or (nxt.kind == "id" and i + 2 < len(toks) and toks[i + 2].text == "[")):
            err(t, f"new of '{nxt.text}' (not a class object)", NEW)
        elif t.text == "delete" and nxt is not None and nxt.text == "[":
            err(t, "delete[]", NEW)
        elif t.text == "template" and nxt is not None and nxt.text == "<":
            j = i + 2
            params = []
            while j < len(toks) and toks[j].text != ">":
                params.append(toks[j].text)
                j += 1
            groups = " ".join(params).split(",")
            if not params or any(not re.fullmatch(r"\s*typename \w+\s*", g) for g in groups):
                err(t, f"template<{' '.join(params)}>: MQL5 takes only 'typename T' parameters", TEMPLATES)
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
                err(t, "range-based for", FOR)
        elif is_type(t) and nxt is not None and nxt.text == "&" and i + 2 < len(toks) \
                and toks[i + 2].kind == "id" and i + 3 < len(toks) and toks[i + 3].text in ("=", ";") and paren == 0:
            err(nxt, f"reference variable '{toks[i + 2].text}' (MQL5 has references only as parameters)", REFERENCES)
        elif is_type(t) and nxt is not None and nxt.kind == "id" and i + 2 < len(toks):
            after = toks[i + 2]
            if after.text == "[" and paren > 0 and prev is not None and prev.text in ("(", ",", "const"):
                err(after, f"array parameter '{nxt.text}[]' without '&'", ARRAYS_BY_REF)
            elif after.text == "{" and paren == 0 and not (prev is not None and prev.text in ("class", "struct")):
                err(after, f"brace initialisation of '{nxt.text}'", INIT)
    return errors


def main():
    failed = False
    for name in sys.argv[1:]:
        path = Path(name)
        toks = [t for t in tokenize(read_source(path), path) if t.kind not in ("comment", "eof")]
        for where, message in check(toks):
            print(f"{where}: error: {message}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
