#!/usr/bin/env python3
"""Translates one MQL5 script (.mq5 with its #includes) into one C++ translation unit for the
runtime in tests/mql5/runtime, mechanically, on tokens (comments and string literals are never
looked into), never on the meaning of the code:
  "text"                 -> string(u"text")             (MQL5 strings are UTF-16)
  char uchar ushort uint long ulong -> mql_char ... mql_ulong  (MQL5's sizes: long is 64-bit)
  T a[] / T a[N][M]      -> mql5::dynarray<T> / mql5::sarray<mql5::sarray<T,M>,N>
  T &a[] (parameter)     -> mql5::array<T> &a           (a dynamic or a static array)
  const T &a[]           -> const mql5::array<const T> &a (any array of T, read only)
  template<typename T> f(T &a[]) -> f, and beside it an overload of f for a const array, which
                            calls f<const T> (MQL5 deduces T as const T for a const array)
  matrix / matrixf       -> the runtime's matrix types (an imported function gets their elements)
  matrix<T> / vector<T>  -> mql5::matrix_of<T> / mql5::vector_of<T>
  a @ b                  -> a * mql5::matmul_op * b     (the matrix product, multiplication's priority)
  input T x=v;           -> const T x=mql5::input_value<T>("x",v);  (--x=value overrides)
  #property name value   -> a mql5::property record      (--properties prints them)
  #include <f> / "f"     -> the file, once, from mql5/Include or beside the includer
  #resource "f" as string s / as T a[] -> a const string / numeric array of the file's content
  a source in UTF-16 (its byte order mark), UTF-8 or ANSI, lines ending in CRLF or LF, as
  MetaEditor reads them (mql5_tokens.read_source)
  #import "d.dll" ... #import -> for each declaration a function bound by name at run time
                            (dlopen/LoadLibraryW, dlsym/GetProcAddress) whose C type is the
                            one the declaration says; a static_assert holds it against the
                            C header (--header), so a wrong type in the block fails to compile
  this.m                 -> this->m
#line directives keep every diagnostic on the .mq5/.mqh file and line. The lint (lint.py) runs
first on the same tokens. Usage: translate.py SCRIPT.mq5 --include-dir DIR --out FILE.cpp
[--header mqlcl.h]; errors are printed as FILE:LINE: error: ... and exit with 1."""
import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mql5_tokens import BUILTIN_TYPES, SourceError, Token, declared_types, read_source, read_text, tokenize  # noqa: E402
import lint  # noqa: E402

# The matrix types and the element type MQL5 passes a DLL a pointer to (docs: Matrix and vector types,
# https://www.mql5.com/en/docs/matrix/matrix_types).
MATRIX_ELEMENT = {"matrix": "double", "matrixf": "float", "vector": "double", "vectorf": "float"}
# matrix<T> / vector<T> (T double or float; docs: Matrix and vector types): the runtime's templates.
TEMPLATE_SPELLINGS = {"matrix": "mql5::matrix_of", "vector": "mql5::vector_of"}
TYPE_NAMES = {"char": "mql_char", "uchar": "mql_uchar", "ushort": "mql_ushort", "uint": "mql_uint",
              "long": "mql_long", "ulong": "mql_ulong"}
# The directives MQL5 has (docs: Language Basics / Preprocessor,
# https://docs.mql4.com/basis/preprosessor); #resource is translated by resource().
PASSED_DIRECTIVES = {"define", "undef", "ifdef", "ifndef", "else", "endif"}


def c_type(name):
    return TYPE_NAMES.get(name, name)


def shown(path):
    """A path as diagnostics show it: relative to the working directory where possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def line_marker(line, path, before="", after=""):
    return f'{before}#line {line} {json.dumps(shown(path))}{after}'


#---------------------------------------------------------------------------------------------
def expand(path, include_dir, seen, out):
    """Tokens of path with each #include replaced by the included file's tokens (once each)."""
    tokens = tokenize(read_source(path), path)
    for t in tokens:
        m = re.match(r'#\s*include\s*([<"])([^>"]*)[>"]', t.text) if t.kind == "pp" else None
        if not m:
            if t.kind != "eof":
                out.append(t)
            continue
        # MQL5 writes folders with backslashes (<Trade\Trade.mqh>, "sub\\x.mqh"); either separator here
        name = re.sub(r"[\\/]+", "/", m.group(2))
        target = (include_dir / name) if m.group(1) == "<" else (path.parent / name)
        if not target.is_file():
            raise SourceError(t.where(), f"cannot open include file '{m.group(2)}'"
                              + (f" (looked in {shown(include_dir)})" if m.group(1) == "<" else ""))
        key = target.resolve()
        if key in seen:  # MQL5 includes a file once
            out.append(Token("marker", "", path, t.line, t.ws, out=""))
            continue
        seen.add(key)
        out.append(Token("marker", "", path, t.line, t.ws, out=line_marker(1, target, after="\n")))
        expand(target, include_dir, seen, out)
        out.append(Token("marker", "", path, t.line, "", out=line_marker(t.line + 1, path, before="\n")))
    return out


def significant(tokens):
    return [t for t in tokens if t.kind not in ("comment", "marker")]


def text_of(tokens):
    return "".join(t.ws + (t.out if t.out is not None else t.text) for t in tokens)


def matching(toks, i):
    """Index of the bracket closing toks[i]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    depth, open_, close = 0, toks[i].text, pairs[toks[i].text]
    for j in range(i, len(toks)):
        if toks[j].text == open_ and toks[j].kind == "op":
            depth += 1
        elif toks[j].text == close and toks[j].kind == "op":
            depth -= 1
            if depth == 0:
                return j
    raise SourceError(toks[i].where(), f"'{open_}' is never closed")


def array_type(base, dims):
    """MQL5 dims (token lists, [] for a dynamic first dimension) -> runtime array type."""
    t = base
    for d in reversed(dims):
        t = f"mql5::dynarray<{t}>" if not d else f"mql5::sarray<{t}, ({text_of(d).strip()})>"
    return t


def read_dims(toks, i):
    """Dimensions starting at toks[i] ('['...): (list of token lists, index after them)."""
    dims = []
    while i < len(toks) and toks[i].text == "[":
        j = matching(toks, i)
        dims.append(toks[i + 1:j])
        i = j + 1
    return dims, i


def initializer_count(toks, i):
    """Elements of the brace list at toks[i] ('{'), a trailing comma not counted."""
    end, depth, count, last = matching(toks, i), 0, 0, None
    for t in toks[i + 1:end]:
        depth += t.text in ("(", "[", "{")
        depth -= t.text in (")", "]", "}")
        if depth == 0 and t.text == ",":
            count += 1
        last = t
    return count + (1 if last is not None and last.text != "," else 0)


def blank(toks, a, b):
    for t in toks[a:b]:
        t.out = ""


#---------------------------------------------------------------------------------------------
def rewrite_inputs(toks):
    """input T x = v;  ->  const T x = mql5::input_value<T>("x", v);"""
    depth = 0
    for i, t in enumerate(toks):
        if t.text == "{":
            depth += 1
        elif t.text == "}":
            depth -= 1
        if depth or t.kind != "id" or t.text not in ("input", "sinput"):
            continue
        j = i + 1
        while toks[j].text == "const":
            j += 1
        type_tok, name = toks[j], toks[j + 1]
        if name.kind != "id":
            raise SourceError(t.where(), "input: expected a type and a name")
        t.out = "const"
        end = j + 2
        while toks[end].text != ";":
            end += 1
        call = f'mql5::input_value<{c_type(type_tok.text)}>("{name.text}", '
        if toks[j + 2].text == "=":
            toks[j + 2].out = "= " + call
            toks[end].out = ");"
        else:
            name.out = f"{name.text} = {call}{c_type(type_tok.text)}())"


def is_type(tok, types):
    return tok.kind == "id" and (tok.text in BUILTIN_TYPES or tok.text in types)


def is_array_parameter(toks, i, types):
    """toks[i] starts `T &a[`."""
    return i + 3 < len(toks) and is_type(toks[i], types) and toks[i + 1].text == "&" and toks[i + 2].kind == "id" \
        and toks[i + 3].text == "["


def rewrite_array_parameters(toks, types):
    """T &a[]...  ->  mql5::array<...> &a;  const T &a[]...  ->  const mql5::array<const ...> &a
    (the runtime's array<const T> is the base of array<T>: a const parameter takes any array of T)."""
    for i in range(len(toks) - 3):
        if is_array_parameter(toks, i, types):
            dims, end = read_dims(toks, i + 3)
            const = "const " if i and toks[i - 1].text == "const" else ""
            toks[i].out = f"mql5::array<{const}{array_type(c_type(toks[i].text), dims[1:])}>"
            blank(toks, i + 3, end)


def out_text(tokens):
    """The translated text of tokens on one line (an addition must not move the lines after it)."""
    return " ".join(t.out if t.out is not None else t.text for t in tokens if (t.out if t.out is not None else t.text)) \
        .replace("\n", " ")


def split_parameters(toks, open_i, close_i):
    """The parameters between toks[open_i] '(' and toks[close_i] ')': lists of tokens."""
    params, cur, depth = [], [], 0
    for t in toks[open_i + 1:close_i]:
        if t.text == "," and depth == 0:
            params.append(cur)
            cur = []
            continue
        depth += t.text in ("(", "[", "{")
        depth -= t.text in (")", "]", "}")
        cur.append(t)
    if cur:
        params.append(cur)
    return params


def parameter_name(param):
    """The name a parameter declares: `T &a[]` -> a; `const int n = 5` -> n; None if unnamed."""
    texts = [t.text for t in param]
    head = param[:texts.index("=")] if "=" in texts else param
    while head and head[-1].text == "]":  # array dimensions
        depth, k = 0, len(head) - 1
        while k >= 0:
            depth += (head[k].text == "]") - (head[k].text == "[")
            if depth == 0:
                break
            k -= 1
        head = head[:k]
    return head[-1].text if len(head) >= 2 and head[-1].kind == "id" else None


def const_array_overloads(toks, types):
    """MQL5 deduces T as `const X` where a template's `T &a[]` gets a const array (a `const X &x[]`
    parameter, a const array); C++ cannot bind the const array to mql5::array<T>&. So beside each
    function template with such a parameter (T one of its own typename parameters) goes an
    overload taking the const array, which calls the template with const X on a read-only view
    (mql5::const_elements): in the template, the array is read only, as in MQL5. The overload
    goes on the line where the template's declaration ends (in its class for a member; once for a
    free template declared before its definition); a member defined outside its class has it in
    the class."""
    depth, done = 0, set()
    for i, t in enumerate(toks):
        depth += (t.text == "{") - (t.text == "}")
        if not (t.text == "template" and i + 1 < len(toks) and toks[i + 1].text == "<"):
            continue
        close = i + 2
        while close < len(toks) and toks[close].text != ">":
            close += 1
        names = [toks[k].text for k in range(i + 3, close) if toks[k - 1].text == "typename"]
        j = close + 1
        while j < len(toks) and toks[j].text not in ("(", "{", ";"):
            j += 1
        if j >= len(toks) or toks[j].text != "(" or toks[j - 1].kind != "id" or j - 1 <= close:
            continue  # a class template, or nothing this can read
        name, prefix = toks[j - 1], toks[close + 1:j - 1]
        if any(p.text in ("class", "struct", "interface", "operator", "::") for p in prefix):
            continue  # a member defined outside its class (its class has the overload), an operator
        pclose = matching(toks, j)
        params = split_parameters(toks, j, pclose)
        const_names, new_params, args, key_types = set(), [], [], []
        for param in params:
            pname = parameter_name(param)
            if pname is None:
                break
            texts = [p.text for p in param]
            key_types.append(" ".join(x for x in texts[:texts.index("=") if "=" in texts else len(texts)] if x != pname))
            if param[0].text in names and is_array_parameter(param, 0, types):  # not `const T &a[]`
                const_names.add(param[0].text)
                new_params.append("const " + out_text(param))
                args.append(f"mql5::const_elements({pname})")
            else:
                new_params.append(out_text(param))
                args.append(pname)
        else:
            if not const_names:
                continue
            end = pclose + 1
            while end < len(toks) and toks[end].text not in (";", "{"):
                end += 1
            if end >= len(toks):
                continue
            trailing = out_text(toks[pclose + 1:end])
            if toks[end].text == "{":
                end = matching(toks, end)
            key = (name.text, tuple(key_types))  # a free template's declaration, then its definition
            if depth == 0 and key in done:
                continue
            done.add(key)
            targs = ", ".join(f"const {n}" if n in const_names else n for n in names)
            overload = (f" {out_text(toks[i:close + 1])} {out_text(prefix)} {name.text}({', '.join(new_params)}) {trailing} "
                        f"{{ return {name.text}<{targs}>({', '.join(args)}); }}")
            last = toks[end]
            last.out = (last.out if last.out is not None else last.text) + overload


def rewrite_array_declarations(toks, types):
    """T a[], b=1, c[N];  ->  mql5::dynarray<T> a; T b=1; mql5::sarray<T,(N)> c;"""
    i = 0
    while i < len(toks):
        start = i
        prev = toks[i - 1].text if i else ";"
        if prev not in (";", "{", "}", ":") and toks[i - 1].kind != "pp":
            i += 1
            continue
        quals = []
        while toks[i].kind == "id" and toks[i].text in ("static", "const"):
            quals.append(toks[i].text)
            i += 1
        if not (is_type(toks[i], types) and toks[i + 1].kind == "id" and toks[i + 2].text in ("[", "=", ",", ";")):
            i = start + 1
            continue
        type_tok, j = toks[i], i + 1
        declarators, ok = [], True  # (comma before it or None, name index, dims, dims end)
        comma = None
        while ok:
            if toks[j].kind != "id":
                ok = False
                break
            dims, k = read_dims(toks, j + 1)
            declarators.append((comma, j, dims, k))
            if toks[k].text == "=":
                depth = 0
                while depth or toks[k].text not in (",", ";"):
                    depth += toks[k].text in ("(", "[", "{")
                    depth -= toks[k].text in (")", "]", "}")
                    k += 1
                    if k >= len(toks):
                        raise SourceError(type_tok.where(), "declaration without ';'")
            if toks[k].text == ";":
                break
            if toks[k].text != ",":
                ok = False
                break
            comma, j = toks[k], k + 1
        if ok and any(d for _, _, d, _ in declarators):
            base = c_type(type_tok.text)
            prefix = " ".join(quals)
            for comma, name_i, dims, dims_end in declarators:
                if dims and not dims[0] and toks[dims_end].text == "=" and toks[dims_end + 1].text == "{":
                    # T a[]={...}: static, sized by the list (docs: Initialization of Variables,
                    # https://docs.mql4.com/basis/variables/initialization)
                    dims = [[Token("num", str(initializer_count(toks, dims_end + 1)), type_tok.file, type_tok.line)]] + dims[1:]
                decl_type = array_type(base, dims)
                if comma is None:
                    type_tok.out = decl_type
                else:
                    comma.out = f"; {prefix} {decl_type}".replace("  ", " ")
                blank(toks, name_i + 1, dims_end)
        i = start + 1


def strip_definition_defaults(toks):
    """MQL5 lets a member function's definition outside its class repeat the default arguments
    of its declaration (the standard library's OpenCL.mqh does); C++ does not: in
    `T Class::name(...)` followed by a body, each `= value` at the parameter list's top level goes."""
    for i in range(len(toks) - 3):
        if not (toks[i].kind == "id" and toks[i + 1].text == "::" and toks[i + 2].kind == "id" and toks[i + 3].text == "("):
            continue
        close = matching(toks, i + 3)
        after = close + 1
        while after < len(toks) and toks[after].text == "const":
            after += 1
        if after >= len(toks) or toks[after].text not in ("{", ":"):
            continue  # a call or a declaration, not a definition
        depth, j = 0, i + 4
        while j < close:
            t = toks[j]
            if t.text in ("(", "[", "{"):
                depth += 1
            elif t.text in (")", "]", "}"):
                depth -= 1
            elif t.text == "=" and depth == 0:
                k = j
                while k < close and not (toks[k].text == "," and depth == 0):
                    if toks[k].text in ("(", "[", "{"):
                        depth += 1
                    elif toks[k].text in (")", "]", "}"):
                        depth -= 1
                    toks[k].out = ""
                    k += 1
                j = k
                continue
            j += 1


def type_aliases(toks, types):
    """Names #defined as a type (`#define REALTYPE float`, as the seed article writes; `#define
    MATRIX matrix<TYPE>`, so that MATRIX::Zeros(r,c) names a type): types."""
    out = set()
    for t in toks:
        m = re.match(r"#\s*define\s+(\w+)\s+(\w+)\s*(<\s*\w+\s*>)?\s*$", t.text) if t.kind == "pp" else None
        if m and (m.group(2) in BUILTIN_TYPES or m.group(2) in types) \
                and (not m.group(3) or m.group(2) in TEMPLATE_SPELLINGS):
            out.add(m.group(1))
    return out


def forward_declarations(toks, script, types):
    """MQL5 calls a function defined further down the file; C++ needs it declared first. Each
    global function the script itself defines (not a member, template or one with default
    arguments, whose types are all known at that point) is declared before its first function
    definition; a #line keeps the diagnostics on the script's lines."""
    depth, first, protos = 0, None, []
    declared_at = {}
    script = script.resolve()
    for i, t in enumerate(toks):
        if t.kind == "id" and t.text in ("class", "struct", "enum", "interface") and i + 1 < len(toks):
            declared_at.setdefault(toks[i + 1].text, i)
        if t.text == "{":
            depth += 1
        elif t.text == "}":
            depth -= 1
        if depth or t.text != "(" or i < 2 or toks[i - 1].kind != "id" or t.file.resolve() != script:
            continue
        # type ... name ( ... ) {   at file scope
        close = matching(toks, i)
        if close + 1 >= len(toks) or toks[close + 1].text != "{":
            continue
        start = i - 1
        while start > 0 and toks[start - 1].kind == "id" and toks[start - 1].text not in ("return", "else"):
            start -= 1
        if start == i - 1 or (start > 0 and toks[start - 1].text not in (";", "}", "{") and toks[start - 1].kind != "pp"):
            continue  # no return type, or part of an expression / template / member definition
        sig = toks[start:close + 1]
        if any(s.text in ("=", "::", "template", "operator") for s in sig):
            continue
        if first is None:
            first = start
        if any(s.kind == "id" and s.text in declared_at and declared_at[s.text] > first for s in sig):
            continue
        protos.append(text_of(sig).strip() + ";")
    if first is None or not protos:
        return
    t = toks[first]
    t.ws = "\n" + "\n".join(protos) + "\n" + line_marker(t.line, t.file) + "\n" + t.ws.lstrip("\n")


def refuse_template_arrays(toks):
    """`matrix<T> a[]` / `const vector<T> &a[]`: arrays of the template spelling are not translated
    (an unchecked C++ array would be); the harness says so instead."""
    for i, t in enumerate(toks[:-5]):
        if t.kind == "id" and t.text in TEMPLATE_SPELLINGS and toks[i + 1].text == "<" and toks[i + 3].text == ">" and (
                (toks[i + 4].kind == "id" and toks[i + 5].text == "[")
                or (toks[i + 4].text == "&" and toks[i + 5].kind == "id" and i + 6 < len(toks) and toks[i + 6].text == "[")):
            raise SourceError(t.where(), f"an array of {t.text}<{toks[i + 2].text}> is not implemented by the harness: "
                              f"declare it with {t.text}/{t.text}f or a #define name for the type")


def rewrite_simple(toks):
    """Literals, MQL5's type names, this.member. Adjacent string literals are one string, as in C."""
    for i, t in enumerate(toks):
        if t.out is not None:
            continue
        if t.kind == "str":
            j = i
            while j + 1 < len(toks) and toks[j + 1].kind == "str":
                j += 1
            t.out = "string(" + " ".join(f"u{s.text}" for s in toks[i:j + 1]) + ")"
            for s in toks[i + 1:j + 1]:
                s.out = ""
        elif t.kind == "chr":
            t.out = f"((mql_ushort)u{t.text})"
        elif t.kind == "id" and t.text in TYPE_NAMES:
            t.out = TYPE_NAMES[t.text]
        elif t.kind == "id" and t.text in TEMPLATE_SPELLINGS and i + 1 < len(toks) and toks[i + 1].text == "<":
            t.out = TEMPLATE_SPELLINGS[t.text]
        elif t.kind == "op" and t.text == "@":  # the matrix product, with multiplication's priority
            t.out = "* mql5::matmul_op *"
        elif t.kind == "op" and t.text == "." and i and toks[i - 1].text == "this":
            t.out = "->"


#---------------------------------------------------------------------------------------------
# `#resource "file" as T name[]`: the file's bytes as an array of T (little-endian, as on the
# terminal's x86-64), for the numeric types.
RESOURCE_ELEMENTS = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "long": 8, "ulong": 8,
                     "float": 4, "double": 8}


def utf16_literal(text):
    """text as one C++ UTF-16 literal: each character escaped, so no text of the file is read as C++."""
    def escaped(c):
        o = ord(c)
        if c.isascii() and c.isprintable() and c not in '"\\?':
            return c
        if o < 0x80:
            return f"\\{o:03o}"  # octal: at most three digits, so the next character stays itself
        return f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}"
    return 'u"' + "".join(escaped(c) for c in text) + '"'


def resource(t, rest, include_dir):
    """#resource "path" [as string name | as T name[]] (docs: Resources). The path is relative to
    the file that names it, or, with a leading backslash, to the MQL5 folder (the include
    folder's parent); backslashes (written \\\\ in the literal) or slashes as separators; at most
    63 characters, no ".." or ":" (MetaEditor refuses those). `as string`: the file's text as a
    const string, its encoding (UTF-16 with its byte order mark, UTF-8, ANSI: the documented
    ones) read as MetaEditor reads a source, its line ends kept; `as T name[]` (T numeric): the
    file's bytes as a const array of T. Without `as`, the file must exist (an image or a sound
    the program names as "::path"); nothing is declared. Images as arrays (`as bitmap`) are
    refused."""
    rm = re.fullmatch(r'"((?:\\.|[^"\\])*)"\s*(?:as\s+(\w+)\s+(\w+)\s*(\[\s*\])?)?\s*;?\s*(//.*|/\*.*\*/)?', rest.strip())
    if not rm:
        raise SourceError(t.where(), '#resource: expected "file", "file" as string name or "file" as type name[]')
    value = rm.group(1).replace("\\\\", "\\")
    if len(value) > 63 or ".." in value or ":" in value:
        raise SourceError(t.where(), f"#resource: '{value}': a resource path has at most 63 characters, no '..' and no ':'")
    rel = value.replace("\\", "/")
    base = include_dir.resolve().parent if rel.startswith("/") else Path(t.file).parent
    path = (base / rel.lstrip("/")).resolve()
    if not path.is_file():
        raise SourceError(t.where(), f"#resource: cannot open '{value}' ({shown(path)})")
    kind, name, brackets = rm.group(2), rm.group(3), rm.group(4)
    if kind is None:
        return f"/* #resource {json.dumps(value)}: a file the program names as \"::...\" */"
    if kind == "string" and not brackets:
        return f"static const string {name} = string({utf16_literal(read_text(path, t.where()))});"
    if kind in RESOURCE_ELEMENTS and brackets:
        data, size = path.read_bytes(), RESOURCE_ELEMENTS[kind]
        if not data or len(data) % size:
            raise SourceError(t.where(), f"#resource: '{value}' has {len(data)} bytes, not a whole number (1 or more) "
                              f"of {kind} elements of {size} bytes")
        octal = "".join(f"\\{b:03o}" for b in data)
        return (f"static const mql5::sarray<{c_type(kind)}, {len(data) // size}> {name} = "
                f'mql5::resource_elements<{c_type(kind)}, {len(data) // size}>("{octal}");')
    raise SourceError(t.where(), f"#resource ... as {kind} {name}{brackets or ''}: the harness translates 'as string name' "
                      "and 'as T name[]' for a numeric T")


def translate_directive(t, counter, include_dir):
    """#property / #define & co. as C++ (a #define's body is translated like code)."""
    m = re.match(r"#\s*(\w+)\s*(.*)", t.text, re.S)
    name, rest = (m.group(1), m.group(2)) if m else ("", "")
    if name == "property":
        pm = re.match(r"(\w+)\s*(.*?)\s*(//.*)?$", rest, re.S)
        value = pm.group(2)
        if value.startswith('"') and value.endswith('"'):
            value = json.loads(value)
        counter[0] += 1
        return (f"static const mql5::property mql5_property_{counter[0]}("
                f"{json.dumps(pm.group(1))}, {json.dumps(value)});")
    if name == "resource":
        return resource(t, rest, include_dir)
    if name in PASSED_DIRECTIVES:
        body = tokenize(t.text[1:], t.file)[:-1]
        if name == "define" and len(body) > 2:
            rewrite_simple(body[2:])
        return "#" + text_of(body)
    raise SourceError(t.where(), f"#{name} is not implemented by the harness")


def import_block(decl_toks, dll, header_ok):
    """The wrappers of one #import block; returns (code, checks against the header)."""
    wrappers, checks = [], []
    toks = significant(decl_toks)
    i = 0
    while i < len(toks):
        start = toks[i]
        ret, name = toks[i], toks[i + 1]
        if ret.kind != "id" or name.kind != "id" or toks[i + 2].text != "(":
            raise SourceError(start.where(), "#import: expected 'type name(parameters);'")
        close = matching(toks, i + 2)
        if toks[close + 1].text != ";":
            raise SourceError(toks[close].where(), "#import: expected ';' after the declaration")
        params, cur, depth = [], [], 0
        for t in toks[i + 3:close]:
            if t.text == "," and depth == 0:
                params.append(cur)
                cur = []
                continue
            depth += t.text in ("(", "[")
            depth -= t.text in (")", "]")
            cur.append(t)
        if cur and not (len(cur) == 1 and cur[0].text == "void"):
            params.append(cur)
        c_params, w_params, args, guards = [], [], [], []
        for p in params:
            const = p[0].text == "const"
            q = p[1:] if const else p
            default = ""
            if "=" in [t.text for t in q]:
                at = [t.text for t in q].index("=")
                rewrite_simple(q[at + 1:])
                default = " = " + text_of(q[at + 1:]).strip()
                q = q[:at]
            texts = [t.text for t in q]
            if len(q) < 2 or q[0].kind != "id":
                raise SourceError(p[0].where(), f"#import {name.text}: cannot read parameter '{' '.join(texts)}'")
            tname, ref, array = c_type(q[0].text), "&" in texts, "[" in texts
            pname = [t.text for t in q if t.kind == "id"][-1]
            if q[0].text in TEMPLATE_SPELLINGS and len(q) > 3 and q[1].text == "<" and q[3].text == ">":
                # matrix<float> &C (docs: Matrix and vector types: the #import example)
                spelled = {"double": q[0].text, "float": q[0].text + "f"}
                if q[2].text not in spelled:
                    raise SourceError(q[2].where(), f"#import {name.text}: {q[0].text}<{q[2].text}>: the harness passes "
                                      f"{q[0].text}<double> and {q[0].text}<float> to a DLL")
                tname = spelled[q[2].text]
            cq = "const " if const else ""
            # An array, or a matrix (docs: Matrix and vector types: "passed to a DLL as a
            # pointer to a buffer"): the DLL gets the elements' address, and the guard checks
            # after the call that it wrote nothing past them.
            elements = f"mql5::array<{cq}{tname}>" if array else tname if tname in MATRIX_ELEMENT else None
            if elements and (array or ref):
                c_params.append(f"{cq}{MATRIX_ELEMENT.get(tname, tname)}*")
                w_params.append(f"{cq}{elements}& {pname}")
                args.append(f"{pname}.dll_data()")
                guards.append(f'mql5::dll_guard<{elements}> guard_{pname}{{{pname}, "{name.text}", "{pname}", '
                              f'"{shown(start.file)}:{start.line}"}};')
            elif elements:
                raise SourceError(p[0].where(), f"#import {name.text}: matrix parameter '{pname}' without '&' "
                                  "(a DLL gets a matrix by reference, as the address of its elements)")
            elif q[0].text == "string":
                c_params.append("const char16_t*")
                w_params.append(f"const string& {pname}{default}")
                args.append(f"{pname}.c_str()")
            elif ref:
                c_params.append(f"{tname}*")
                w_params.append(f"{cq}{tname}& {pname}")
                args.append(f"&{pname}")
            else:
                c_params.append(f"{cq}{tname}")
                w_params.append(f"{cq}{tname} {pname}{default}")
                args.append(pname)
        r = c_type(ret.text)
        # One type per declaration: a function declared twice (arrays, then matrices) has two.
        fn_t = f"mql5_import_{name.text}_{start.line}"
        wrappers.append(line_marker(start.line, start.file, before="\n", after="\n") +
                        f"typedef {r} (*{fn_t})({', '.join(c_params)}); "
                        f"inline {r} {name.text}({', '.join(w_params)}) {{ "
                        f'static const {fn_t} f = ({fn_t})mql5::import_bind("{dll}", "{name.text}", '
                        f'"{shown(start.file)}:{start.line}"); {" ".join(guards)} return f({", ".join(args)}); }}')
        if header_ok:
            checks.append(line_marker(start.line, start.file, before="\n", after="\n") +
                          f"static_assert(mql5::same_abi<decltype(&mql5_header::{name.text}), {fn_t}>::value, "
                          f'"#import: {name.text} is declared with other types than in {header_ok}");')
        i = close + 2
    return "".join(wrappers), checks


def translate(script, include_dir, header=None):
    """The C++ text of script; raises SourceError."""
    tokens = expand(script, include_dir, {script.resolve()}, [])
    sig = significant(tokens)
    types = declared_types(sig)
    types |= type_aliases(sig, types)
    errors = lint.check(sig, types)
    if errors:
        raise SourceError(errors[0][0], errors[0][1] + "".join(f"\n{w}: error: {m}" for w, m in errors[1:]))
    # The #import blocks are cut out of the token stream before the code is rewritten.
    body, blocks, i = [], [], 0
    while i < len(tokens):
        t = tokens[i]
        m = re.match(r'#\s*import\s*(?:"([^"]*)")?', t.text) if t.kind == "pp" else None
        if m and m.group(1):
            j = i + 1
            while j < len(tokens) and not (tokens[j].kind == "pp" and re.match(r"#\s*import\s*$", tokens[j].text.strip())):
                j += 1
            if j == len(tokens):
                raise SourceError(t.where(), "#import block without its closing #import")
            blocks.append((len(body), t, tokens[i + 1:j], m.group(1), tokens[j]))
            body.append(Token("marker", "", t.file, t.line, t.ws, out=""))
            i = j + 1
            continue
        if m:
            raise SourceError(t.where(), "#import without a library name")
        body.append(t)
        i += 1
    sig = significant(body)
    refuse_template_arrays(sig)
    rewrite_inputs(sig)
    strip_definition_defaults(sig)
    rewrite_array_parameters(sig, types)
    rewrite_array_declarations(sig, types)
    rewrite_simple(sig)
    const_array_overloads(sig, types)
    forward_declarations(sig, script, types)
    counter, checks = [0], []
    for t in body:
        if t.kind == "pp" and t.out is None:
            t.out = translate_directive(t, counter, include_dir)
    for at, opening, decls, dll, closing in blocks:
        header_ok = header.name if header and dll.lower() == "mqlcl.dll" else None
        code_text, block_checks = import_block(decls, dll, header_ok)
        body[at].out = code_text + line_marker(closing.line, closing.file, before="\n")
        checks += block_checks
    out = ['#include "mql5_runtime.hpp"\n', line_marker(1, script, after="\n"), text_of(body), "\n"]
    if checks:  # after all MQL5 code, so that the header's macros cannot stand in for missing ones
        out += [f'\nnamespace mql5_header {{\n#include "{header.name}"\n}}\n'] + checks + ["\n"]
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("script", type=Path)
    ap.add_argument("--include-dir", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--header", type=Path, help="the C header the #import blocks of mqlcl.dll must match")
    a = ap.parse_args()
    try:
        a.out.write_text(translate(a.script, a.include_dir, a.header), encoding="utf-8")
    except SourceError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
