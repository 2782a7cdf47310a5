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
  #include <f> / "f"     -> the file, once, from the terminal's Include folder (--include-dir) or
                            mqlcl's (mql5/Include), or beside the includer
  #resource "f" as string s / as T a[] -> a const string / numeric array of the file's content
  a source in UTF-16 (its byte order mark), UTF-8 or ANSI, lines ending in CRLF or LF, as
  MetaEditor reads them (mql5_tokens.read_source)
  #import "d.dll" ... #import -> for each declaration a function bound by name at run time
                            (dlopen/LoadLibraryW, dlsym/GetProcAddress) whose C type is the
                            one the declaration says; a static_assert holds it against the
                            C header (--header), so a wrong type in the block fails to compile
  a.m (objects and object pointers alike) -> a->m; every class and struct has an operator->
                            giving itself, every class mql5::object as first base (the registry
                            of live objects: CheckPointer, the undeleted-objects report)
  delete p / (CDerived*)p / a base pointer given to a derived one -> checked as the terminal
                            checks them (mql5::destroy, mql5::pointer_to, mql5::object_cast)
  interface I {...}      -> a struct of public pure virtual methods
  typename(x), __FUNCTION__, __FILE__ -> MQL5 strings
  member definitions outside their class -> after all classes (MQL5 compiles a file as a whole)
  enum E {...};          -> beside it EnumToString(E) (a friend in a class)
  D'2024.01.02 03:04'    -> its seconds since 1970, a datetime
  C'128,0,255'           -> its 0x00BBGGRR value, a color
  f(m.Col(i)) for f(vector &v) -> an overload of f taking the temporary (matrix/vector only)
  vector p = p(a,b)      -> the function p called (Class::p or ::p)
  auto, not, register ... declared as names -> renamed (C++ keywords MQL5 does not reserve)
  #include "x" in an #ifdef/#ifndef branch switched off -> not read; names matched without case
  a method of a class    -> begins with mql5::check_this(this) (NULL or deleted: the terminal's
                            "invalid pointer access")
#line directives keep every diagnostic on the .mq5/.mqh file and line. The lint (lint.py) runs
first on the same tokens. Usage: translate.py SCRIPT.mq5 --include-dir DIR [--mqlcl-include DIR] --out FILE.cpp
[--header mqlcl.h]; errors are printed as FILE:LINE: error: ... and exit with 1."""
import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mql5_tokens import BUILTIN_TYPES, SourceError, class_names, Token, declared_types, read_source, read_text, tokenize  # noqa: E402
import lint  # noqa: E402

# The matrix types and the element type MQL5 passes a DLL a pointer to (docs: Matrix and vector types,
# https://www.mql5.com/en/docs/matrix/matrix_types).
MATRIX_ELEMENT = {"matrix": "double", "matrixf": "float", "vector": "double", "vectorf": "float"}
MQLCL_INCLUDE = Path(__file__).resolve().parent.parent.parent / "mql5/Include"
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
def on_disk(folder, name):
    """folder/name, each part of name matched without regard to case where the exact spelling is
    not there: the terminal runs on Windows, whose file names ignore case (<arrays\\arrayobj.mqh>)."""
    path = Path(folder) / name
    if path.exists() or not Path(folder).is_dir():
        return path
    at = Path(folder)
    for part in Path(name).parts:
        if part in ("..", ".") or (at / part).exists():
            at = at / part
            continue
        found = [c for c in at.iterdir() if c.name.lower() == part.lower()] if at.is_dir() else []
        if len(found) != 1:
            return path
        at = found[0]
    return at


def include_target(name, angle, includer, include_dir, mqlcl_dir):
    """The file `#include <name>` / "name" names: "name" beside the includer; <name> in the
    terminal's Include folder, then in mqlcl's own (mqlcl/... in mqlcl's own first, so that the
    harness tests the project's copy, not one installed in the terminal's folder)."""
    if not angle:
        return on_disk(includer.parent, name), [includer.parent]
    dirs = [include_dir] + ([mqlcl_dir] if mqlcl_dir is not None and mqlcl_dir != include_dir else [])
    if name.lower().startswith("mqlcl/"):
        dirs.reverse()
    for d in dirs:
        if on_disk(d, name).is_file():
            return on_disk(d, name), dirs
    return dirs[0] / name, dirs


# The macros MQL5 defines itself (docs: Predefined Macro Substitutions; runtime/mql5_macros.hpp
# defines them for the C++ side): #ifdef __MQL5__ is on, as in a release build.
PREDEFINED_MACROS = {"__MQL5__", "__MQLBUILD__", "__MQL5BUILD__", "_RELEASE", "__DATE__", "__DATETIME__", "__LINE__",
                     "__FILE__", "__FUNCTION__", "__FUNCSIG__"}


def expand(path, include_dir, seen, out, mqlcl_dir=None, defined=None):
    """Tokens of path with each #include replaced by the included file's tokens (once each). An
    #include where #ifdef/#ifndef/#else have turned the code off is not read, as MetaEditor's
    preprocessor skips it (`#ifndef X #include "..." #endif`); the directives themselves stay for
    the C++ preprocessor. defined: the names #define'd so far (shared by the included files)."""
    defined = set(PREDEFINED_MACROS) if defined is None else defined
    tokens = tokenize(read_source(path), path)
    active = []  # per open #ifdef/#ifndef: whether its code is on
    for t in tokens:
        d = re.match(r"#\s*(ifdef|ifndef|else|endif|define|undef)\b\s*(\w*)", t.text) if t.kind == "pp" else None
        if d:
            on = all(active)
            if d.group(1) in ("ifdef", "ifndef"):
                active.append((d.group(2) in defined) == (d.group(1) == "ifdef"))
            elif d.group(1) == "else" and active:
                active[-1] = not active[-1]
            elif d.group(1) == "endif" and active:
                active.pop()
            elif d.group(1) == "define" and on:
                defined.add(d.group(2))
            elif d.group(1) == "undef" and on:
                defined.discard(d.group(2))
        m = re.match(r'#\s*include\s*([<"])([^>"]*)[>"]', t.text) if t.kind == "pp" else None
        if m and not all(active):
            out.append(Token("marker", "", path, t.line, t.ws, out=""))
            continue
        if not m:
            if t.kind != "eof":
                out.append(t)
            continue
        # MQL5 writes folders with backslashes (<Trade\Trade.mqh>, "sub\\x.mqh"); either separator here
        name = re.sub(r"[\\/]+", "/", m.group(2))
        target, looked = include_target(name, m.group(1) == "<", path, include_dir, mqlcl_dir)
        if not target.is_file():
            raise SourceError(t.where(), f"cannot open include file '{m.group(2)}'"
                              + (f" (looked in {', '.join(shown(d) for d in looked)})" if m.group(1) == "<" else ""))
        key = target.resolve()
        if key in seen:  # MQL5 includes a file once
            out.append(Token("marker", "", path, t.line, t.ws, out=""))
            continue
        seen.add(key)
        out.append(Token("marker", "", path, t.line, t.ws, out=line_marker(1, target, after="\n")))
        expand(target, include_dir, seen, out, mqlcl_dir, defined)
        out.append(Token("marker", "", path, t.line, "", out=line_marker(t.line + 1, path, before="\n")))
    return out


def significant(tokens):
    return [t for t in tokens if t.kind not in ("comment", "marker")]


def text_of(tokens):
    return "".join(t.ws + (t.out if t.out is not None else t.text) for t in tokens)


def opening(toks, k):
    """Index of the '(' that the ')' at toks[k] closes; -1 where none does."""
    depth = 0
    while k >= 0:
        depth += (toks[k].text == ")") - (toks[k].text == "(")
        if depth == 0:
            return k
        k -= 1
    return -1


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


def rvalue_matrix_overloads(toks):
    """MQL5 passes a matrix or vector result to a non-const `matrix &m` / `vector &v` parameter
    (`Sign(x.Col(i))` for `vector Sign(vector &x)`); C++ binds no temporary to it. So beside each
    function (a member in its class, a free one where it is defined) with such a parameter goes,
    per parameter, an overload taking it as `&&`, which calls the function with it (then an
    lvalue). Simple types keep MQL5's refusal ("parameter passed as reference, variable expected")."""
    aliases = {m.group(1) for t in toks if t.kind == "pp"
               for m in [re.match(r"#\s*define\s+(\w+)\s+(?:matrix|vector)\w*\b", t.text)] if m}

    def matrix_type(tt):
        texts = [x.text for x in tt]
        if len(texts) == 1:
            return texts[0] in MATRIX_ELEMENT or texts[0] in aliases
        return len(texts) >= 4 and texts[0] in TEMPLATE_SPELLINGS and texts[1] == "<" and texts[-1] == ">"

    # a function whose name the program passes as a value (m.Init(3,2,Fill)): no overload, so
    # that the name keeps naming one function
    valued = {t.text for k, t in enumerate(toks[:-1]) if t.kind == "id" and toks[k + 1].text != "("}
    done = set()
    for j, t in enumerate(toks):
        if not (t.text == "(" and j and toks[j - 1].kind == "id") or toks[j - 1].text in valued:
            continue
        start = j - 1
        while start > 0 and (toks[start - 1].kind == "id" or toks[start - 1].text in ("<", ">", ",", "*", "&")) \
                and toks[start - 1].text not in ("return", "else", "new", "delete"):
            start -= 1
        if start == j - 1 or not (start == 0 or toks[start - 1].text in (";", "}", "{", ":") or toks[start - 1].kind == "pp"):
            continue
        prefix = toks[start:j - 1]
        if any(x.text in ("class", "struct", "operator", "::", "typedef") for x in prefix) \
                or any(x.text == "template" for x in prefix[1:]):
            continue
        pclose = matching(toks, j)
        end = pclose + 1
        while end < len(toks) and toks[end].text not in (";", "{", "}", "("):
            end += 1
        if end >= len(toks) or toks[end].text not in (";", "{"):
            continue
        params = split_parameters(toks, j, pclose)
        names = [parameter_name(q) for q in params]
        if None in names:
            continue
        targets = [n for n, q in enumerate(params) if len(q) >= 3 and q[0].text != "const" and q[-2].text == "&"
                   and matrix_type(q[:-2])]
        if not targets:
            continue
        qualifier = " const" if any(x.text == "const" for x in toks[pclose + 1:end]) else ""
        key = (t.text, start, pclose)
        depth = sum((x.text == "{") - (x.text == "}") for x in toks[:start] if x.kind == "op")
        sig_key = (toks[j - 1].text, tuple(out_text(q) for q in params))
        if depth == 0 and sig_key in done:
            continue
        done.add(sig_key)
        head = out_text([x for x in prefix if x.text not in ("virtual",)])
        overloads = []
        for n in targets:
            q = params[n]
            ps = [out_text(r) if k != n else f"{out_text(q[:-2])} &&{q[-1].text}" for k, r in enumerate(params)]
            overloads.append(f" {head} {toks[j - 1].text}({', '.join(ps)}){qualifier} "
                             f"{{ return {toks[j - 1].text}({', '.join(names)}); }}")
        last = matching(toks, end) if toks[end].text == "{" else end
        tail = toks[last]
        tail.out = (tail.out if tail.out is not None else tail.text) + "".join(overloads)


def static_member_arrays(toks):
    """`static const int s_table[];` in a class, `const int C::s_table[]={...};` outside: both
    become the static array the list sizes (docs: Static Class Members)."""
    depth = 0
    for i, t in enumerate(toks):
        depth += (t.text == "{") - (t.text == "}")
        if not (depth == 0 and t.kind == "id" and i + 6 < len(toks) and toks[i + 1].text == "::" and toks[i + 2].kind == "id"
                and toks[i + 3].text == "[" and toks[i + 4].text == "]" and toks[i + 5].text == "="
                and toks[i + 6].text == "{" and toks[i - 1].kind == "id"):
            continue
        cls, member, type_tok = t.text, toks[i + 2].text, toks[i - 1]
        decl = f"mql5::sarray<{c_type(type_tok.text)}, {initializer_count(toks, i + 6)}>"
        type_tok.out = decl
        blank(toks, i + 3, i + 5)
        for k in range(len(toks) - 3):  # the declaration in the class: the same type
            if toks[k].text == member and toks[k + 1].text == "[" and toks[k + 2].text == "]" and toks[k + 3].text == ";" \
                    and toks[k - 1].text == type_tok.text and k < i and in_class_body(toks, k) and class_of(toks, k) == cls:
                toks[k - 1].out = decl
                blank(toks, k + 1, k + 3)


def class_of(toks, i):
    """The name of the class whose body holds toks[i] (None outside one)."""
    depth, k = 0, i
    while k > 0:
        k -= 1
        depth += (toks[k].text == "}") - (toks[k].text == "{")
        if depth < 0:
            j = k - 1
            while j >= 0 and toks[j].text not in (";", "{", "}", ")"):
                if toks[j].text in ("class", "struct", "interface", "union") and toks[j + 1].kind == "id":
                    return toks[j + 1].text
                j -= 1
            return None
    return None


def template_array_declarations(toks, types):
    """X<A,B> a[] / X<A,B> *a[] (a class template's type): -> mql5::dynarray<X<A,B>> a (one
    declarator; a parameter `X<A,B> *&a[]` likewise, as a reference to an array)."""
    for i in range(1, len(toks) - 4):
        t = toks[i]
        if not (is_type(t, types) and toks[i + 1].text == "<" and t.out is None
                and (toks[i - 1].text in (";", "{", "}", ":", "(", ",", "const", "static") or toks[i - 1].kind == "pp")):
            continue
        depth, m = 0, i + 1
        while m < len(toks):
            depth += (toks[m].text == "<") - (toks[m].text == ">")
            if depth == 0:
                break
            m += 1
        k = m + 1
        star = k < len(toks) and toks[k].text == "*"
        k += star
        ref = k < len(toks) and toks[k].text == "&"
        k += ref
        if not (k + 1 < len(toks) and toks[k].kind == "id" and toks[k + 1].text == "["):
            continue
        dims, end = read_dims(toks, k + 1)
        inner = "".join(c_type(x.text) if x.kind == "id" else x.text for x in toks[i:m + 1]) + ("*" if star else "")
        if ref:  # a parameter: any array of that type
            t.out = ("mql5::array<" + ("const " if toks[i - 1].text == "const" else "") +
                     array_type(inner, dims[1:]) + "> &")
        else:
            t.out = array_type(inner, dims)
        blank(toks, i + 1, k)
        blank(toks, k + 1, end)


def rewrite_array_declarations(toks, types):
    """T a[], b=1, c[N];  ->  mql5::dynarray<T> a; T b=1; mql5::sarray<T,(N)> c;"""
    i, classes = 0, class_names(toks)
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
        # T *a[]: an array of object pointers
        star = toks[i + 1] if i + 2 < len(toks) and toks[i + 1].text == "*" and toks[i].text in classes else None
        at = i + 1 + (star is not None)
        if not (is_type(toks[i], types) and toks[i].out is None and toks[at].kind == "id"
                and toks[at + 1].text in ("[", "=", ",", ";")):
            i = start + 1
            continue
        type_tok, j = toks[i], at
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
            base = c_type(type_tok.text) + ("*" if star is not None else "")
            if star is not None:
                star.out = ""
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
                    comma.out = f"; {prefix} {decl_type} ".replace("  ", " ")  # `T a[],b;`: b may follow the comma unspaced
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
        # `static T *Class::name(...) {`: MQL5 lets the definition repeat `static` (the standard
        # library's Fuzzy/ruleparser.mqh does); C++ says it once, in the class
        k = i - 1
        while k >= 0 and (toks[k].kind == "id" or toks[k].text in ("*", "&", "<", ">", ",")) and toks[k].kind != "pp":
            if toks[k].text == "static" and toks[k].out is None:
                toks[k].out = ""
            k -= 1
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
    global function the program defines, in the script or an included file (not a member, template
    or one with default arguments) is declared before the first file-scope function definition that
    follows every type and macro it names; a #line keeps the diagnostics on the script's lines."""
    depth, starts, protos = 0, [], []
    declared_at = {}
    # namespace Name { ... } (e.g. around an #include): its functions are declared at its start
    opened, in_namespace = [], {}  # the open braces; namespace brace index -> its prototypes
    script = script.resolve()
    for i, t in enumerate(toks):
        if t.kind == "id" and t.text in ("class", "struct", "enum", "interface") and i + 1 < len(toks):
            declared_at.setdefault(toks[i + 1].text, i)
        m = re.match(r"#\s*define\s+(\w+)", t.text) if t.kind == "pp" else None
        if m:  # a type or a constant by #define: the prototype must come after it
            declared_at.setdefault(m.group(1), i)
        if t.text == "typedef":  # typedef T name; typedef R (*name)(...);
            k = i + 1
            while k < len(toks) and toks[k].text != ";":
                if toks[k].kind == "id" and (toks[k - 1].text == "*" or toks[k + 1].text == ";"):
                    declared_at.setdefault(toks[k].text, i)
                k += 1
        if t.text == "{":
            depth += 1
            opened.append(i)
            if i >= 2 and toks[i - 2].text == "namespace":
                in_namespace[i] = []
        elif t.text == "}":
            depth -= 1
            if opened:
                opened.pop()
        if t.text != "(" or i < 2 or toks[i - 1].kind != "id":
            continue
        if depth and not all(o in in_namespace for o in opened):
            continue
        # type ... name ( ... ) {   at file scope
        close = matching(toks, i)
        if close + 1 >= len(toks) or toks[close + 1].text != "{":
            continue
        start = i - 1
        while start > 0 and toks[start - 1].kind == "id" and toks[start - 1].text not in ("return", "else"):
            start -= 1
        template = start > 2 and start < i - 1 and toks[start - 1].text == ">"
        if template:  # template<typename T> T name(...) {: declared with its template head
            k, level = start - 1, 0
            while k > 0:
                level += (toks[k].text == ">") - (toks[k].text == "<")
                if level == 0:
                    break
                k -= 1
            if k > 0 and toks[k - 1].text == "template":
                start = k - 1
            else:
                continue
        if start == i - 1 or (start > 0 and toks[start - 1].text not in (";", "}", "{") and toks[start - 1].kind != "pp"):
            continue  # no return type, or part of an expression / template / member definition
        sig = toks[start:close + 1]
        if any(s.text in ("=", "::", "operator") or (s.text == "template" and not template) for s in sig):
            continue
        if depth:
            if any(s.kind == "id" and s.text in declared_at and declared_at[s.text] > opened[-1] for s in sig):
                continue
            in_namespace[opened[-1]].append(text_of(sig).strip() + ";")
            continue
        starts.append(start)
        # declared before the first file-scope definition that follows every name it uses (a type
        # #defined in the script after an included file's functions: after that #define)
        needed = max((declared_at[s.text] for s in sig if s.kind == "id" and s.text in declared_at), default=-1)
        protos.append((needed, text_of(sig).strip() + ";"))
    for brace, names in in_namespace.items():
        if names:
            after = toks[brace + 1]
            after.ws = "\n" + "\n".join(names) + "\n" + line_marker(after.line, after.file) + "\n" + after.ws.lstrip("\n")
    at = {}  # a definition's start -> the prototypes declared before it
    for needed, proto in protos:
        start = next((k for k in starts if k > needed), None)
        if start is not None:
            at.setdefault(start, []).append(proto)
    for start, names in at.items():
        t = toks[start]
        t.ws = "\n" + "\n".join(names) + "\n" + line_marker(t.line, t.file) + "\n" + t.ws.lstrip("\n")


def refuse_template_arrays(toks):
    """`matrix<T> a[]` / `const vector<T> &a[]`: arrays of the template spelling are not translated
    (an unchecked C++ array would be); the harness says so instead."""
    for i, t in enumerate(toks[:-5]):
        if t.kind == "id" and t.text in TEMPLATE_SPELLINGS and toks[i + 1].text == "<" and toks[i + 3].text == ">" and (
                (toks[i + 4].kind == "id" and toks[i + 5].text == "[")
                or (toks[i + 4].text == "&" and toks[i + 5].kind == "id" and i + 6 < len(toks) and toks[i + 6].text == "[")):
            raise SourceError(t.where(), f"an array of {t.text}<{toks[i + 2].text}> is not implemented by the harness: "
                              f"declare it with {t.text}/{t.text}f or a #define name for the type")


def datetime_literal(t):
    """D'yyyy.mm.dd [hh[:mi[:ss]]]' or D'dd.mm.yyyy [...]': its seconds since 1970 (docs: Datetime
    Type). The forms without a date (the compilation day's) are refused: a test must not
    depend on the day it is built."""
    import calendar
    text = t.text[1:-1].strip()
    m = re.fullmatch(r"(\d{4})\.(\d{1,2})\.(\d{1,2})(?:\s+(\d{1,2})(?::(\d{1,2})(?::(\d{1,2}))?)?)?", text)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
    else:
        m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2})(?::(\d{1,2})(?::(\d{1,2}))?)?)?", text)
        if not m:
            raise SourceError(t.where(), f"D{t.text}: the harness reads D'yyyy.mm.dd [hh:mi[:ss]]' and D'dd.mm.yyyy [hh:mi[:ss]]'")
        d, mo, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hh, mi, ss = (int(g) if g else 0 for g in m.groups()[3:])
    return calendar.timegm((y, mo, d, hh, mi, ss))


def color_literal(t):
    """C'r,g,b' with decimal or 0x parts: 0x00BBGGRR (docs: Color Type)."""
    parts = [p.strip() for p in t.text[1:-1].split(",")]
    if len(parts) != 3 or not all(re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", p) for p in parts):
        raise SourceError(t.where(), f"C{t.text}: a color literal is C'r,g,b' (three numbers 0 to 255)")
    r, g, b = (int(p, 0) if p[:2].lower() == "0x" else int(p) for p in parts)
    if max(r, g, b) > 255:
        raise SourceError(t.where(), f"C{t.text}: each part of a color is 0 to 255")
    return r | g << 8 | b << 16


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
        elif t.kind == "chr" and i and toks[i - 1].text == "D" and toks[i - 1].kind == "id" and not t.ws:
            toks[i - 1].out = ""
            t.out = f"((datetime){datetime_literal(t)})"
        elif t.kind == "chr" and i and toks[i - 1].text == "C" and toks[i - 1].kind == "id" and not t.ws:
            toks[i - 1].out = ""
            t.out = f"((color)0x{color_literal(t):06X})"
        elif t.kind == "chr":
            t.out = f"((mql_ushort)u{t.text})"
        elif t.kind == "id" and t.text in TYPE_NAMES:
            t.out = TYPE_NAMES[t.text]
        elif t.kind == "id" and t.text in TEMPLATE_SPELLINGS and i + 1 < len(toks) and toks[i + 1].text == "<":
            t.out = TEMPLATE_SPELLINGS[t.text]
        elif t.kind == "op" and t.text == "@":  # the matrix product, with multiplication's priority
            t.out = "* mql5::matmul_op *"
        elif t.kind == "op" and t.text == ".":
            # MQL5 reaches members with '.' on objects and object pointers alike (docs: Object
            # Pointers); every class and struct has an operator-> that gives itself (class_bodies)
            t.out = "->"
        elif t.kind == "id" and t.text == "__FILE__":  # docs: Predefined Macro Substitutions
            t.out = f"string(u{json.dumps(Path(t.file).name)})"


def bases_of(toks, colon, brace):
    """Base names of a class head `: public A, B<int>` (tokens colon..brace)."""
    names, depth, last = [], 0, None
    for t in toks[colon + 1:brace] + [Token("op", ",", None, 0)]:
        if t.text == "<":
            depth += 1
        elif t.text == ">":
            depth -= 1
        elif depth == 0 and t.text == ",":
            names.append(last)
            last = None
        elif depth == 0 and t.kind == "id" and t.text not in ("public", "protected", "private", "virtual"):
            last = t.text
    return names


def base_heads(toks, colon, brace):
    """[(name, text)] of the bases in `: public A, B<T>` (tokens colon..brace)."""
    out, depth, cur = [], 0, []
    for t in toks[colon + 1:brace] + [Token("op", ",", None, 0)]:
        depth += (t.text == "<") - (t.text == ">")
        if depth == 0 and t.text == ",":
            words = [c for c in cur if c.text not in ("public", "protected", "private", "virtual")]
            names = [c.text for c in words if c.kind == "id"]
            if names:
                out.append((names[0], "".join(c.text if c.kind != "id" else " " + c.text + " " for c in words).strip()))
            cur = []
        else:
            cur.append(t)
    return out


def member_functions(toks, open_i, default):
    """{name: access} of the methods a class body declares (not constructors, operators)."""
    close, depth, access, out = matching(toks, open_i), 0, default, {}
    for k in range(open_i + 1, close):
        t = toks[k]
        depth += (t.text in ("(", "[", "{")) - (t.text in (")", "]", "}"))
        if depth == 0 and t.text in ("public", "protected", "private") and toks[k + 1].text == ":":
            access = t.text
        elif depth == 0 and t.kind == "id" and toks[k + 1].text == "(" and toks[k - 1].text not in ("~", "operator") \
                and toks[k - 1].kind == "id" or (depth == 0 and t.kind == "id" and toks[k + 1].text == "("
                                                  and toks[k - 1].text in ("*", "&")):
            out.setdefault(t.text, access)
    return out


def class_bodies(toks, types):
    """Each class, struct and interface the program defines gets, at the start of its body: an
    operator-> giving itself (MQL5 writes '.' for members through pointers and objects alike: the
    translator writes '->' for every '.'), and its name for typename(). A class whose bases are
    no class of the program gets mql5::object as its first base: the registry of live objects
    behind CheckPointer (docs: Object Pointers). An interface is a struct of public pure virtual
    methods with a virtual destructor (docs: Interfaces)."""
    kinds = {}
    for a, b in zip(toks, toks[1:]):
        if a.kind == "id" and a.text in ("class", "struct", "interface", "union") and b.kind == "id":
            kinds.setdefault(b.text, a.text)
    heads = []  # (keyword index, name, colon, brace)
    for i, t in enumerate(toks):
        if not (t.kind == "id" and t.text in ("class", "struct", "interface", "union") and i + 1 < len(toks)
                and toks[i + 1].kind == "id") or (i and toks[i - 1].text == "enum"):
            continue
        j, colon = i + 2, None
        while j < len(toks) and toks[j].text not in ("{", ";", "(", ")", "="):
            if toks[j].text == ":" and colon is None:
                colon = j
            j += 1
        if j < len(toks) and toks[j].text == "{":
            heads.append((i, toks[i + 1].text, colon, j))
    methods, parents = {}, {}
    for i, name, colon, j in heads:
        methods.setdefault(name, {}).update(member_functions(toks, j, "private" if toks[i].text == "class" else "public"))
        parents[name] = base_heads(toks, colon, j) if colon is not None else []

    def inherited(cls, seen=()):
        """Names of the public and protected methods of cls and its ancestors."""
        out = {n for n, a in methods.get(cls, {}).items() if a != "private"}
        for b, _ in parents.get(cls, []):
            if b not in seen:
                out |= inherited(b, seen + (cls,))
        return out
    template_params = {}
    for i, name, colon, j in heads:
        if i >= 2 and toks[i - 1].text == ">":
            k = i - 1
            while k > 0 and toks[k].text != "template":
                k -= 1
            template_params[name] = sum(1 for x in toks[k:i] if x.text == "typename")

    def descendants(cls):
        out = set()
        for d, bases in parents.items():
            if any(b == cls for b, _ in bases) and d != cls:
                out |= {d} | descendants(d)
        return out
    for i, t in enumerate(toks):
        if not (t.kind == "id" and t.text in ("class", "struct", "interface", "union") and i + 1 < len(toks)
                and toks[i + 1].kind == "id") or (i and toks[i - 1].text == "enum"):
            continue
        name, j, colon = toks[i + 1].text, i + 2, None
        while j < len(toks) and toks[j].text not in ("{", ";", "(", ")", "="):
            if toks[j].text == ":" and colon is None:
                colon = j
            j += 1
        if j >= len(toks) or toks[j].text != "{":
            continue  # a declaration, not a definition
        brace = toks[j]
        default = "private" if t.text == "class" else "public"  # docs: Structures, Classes and Interfaces
        inject = (f" public: {name}* operator->() {{ return this; }} const {name}* operator->() const {{ return this; }}"
                  f' static const char16_t* mql5_type_name() {{ return u"{"class" if t.text == "interface" else t.text} {name}"; }}')
        if t.text == "interface":
            t.out = "struct"
            inject += f" virtual ~{name}() {{}}"
            pure_virtual_members(toks, j)
        elif t.text == "class":
            bases = bases_of(toks, colon, j) if colon is not None else []
            if not any(kinds.get(b) == "class" or (b in types and b not in kinds) for b in bases):
                if colon is None and toks[i + 2].text == "final":  # class X final {
                    toks[i + 2].out = "final : public mql5::object"
                elif colon is None:
                    toks[i + 1].out = f"{name} : public mql5::object"
                else:
                    toks[colon].out = ": public mql5::object,"
            # The terminal converts a pointer to any base, whatever the inheritance's access
            # (class X : protected CBase, then CBase *p = x): the bases are public here.
            if colon is not None:
                depth = 0
                for k in range(colon + 1, j):
                    depth += (toks[k].text == "<") - (toks[k].text == ">")
                    if depth == 0 and toks[k].text in ("private", "protected"):
                        toks[k].out = "public"
                    elif depth == 0 and toks[k].kind == "id" and toks[k - 1].text in (":", ",") \
                            and toks[k].text not in ("public", "private", "protected", "virtual"):
                        toks[k].out = "public " + toks[k].text
            # each class allocates through the registry itself (a base reached through a
            # protected one would hide mql5::object's operator new)
            inject += (" static void* operator new(decltype(sizeof 0) n) { return mql5::object_allocate(n); }"
                       " static void* operator new(decltype(sizeof 0), void* at) { return at; }"
                       " static void operator delete(void* at, decltype(sizeof 0) n) { mql5::object_release(at, n); }"
                       " static void operator delete(void*, void*) {}")
        # MQL5 finds a method among the base's overloads too, where C++ hides them behind the
        # derived class's method of the same name (CArrayInt::Minimum and CArray::Minimum<T>)
        for base, text in (base_heads(toks, colon, j) if colon is not None else []):
            for m in sorted(set(methods.get(name, {})) & inherited(base)):
                inject += f" using {text}::{m};"
        # MQL5 lets a derived class reach the protected members of its base through any pointer
        # to the base (CNeuronBase *n; n.Connections), C++ only through its own type: friends
        if t.text == "class":
            for d in sorted(descendants(name)):
                n = template_params.get(d)
                inject += f" template <{', '.join(['typename'] * n)}> friend class {d};" if n else f" friend class {d};"
        brace.out = (brace.out if brace.out is not None else brace.text) + inject + f" {default}:"


def pure_virtual_members(toks, open_i):
    """The methods declared in an interface's body: `virtual ... = 0;`."""
    close, depth, start = matching(toks, open_i), 0, open_i + 1
    for k in range(open_i + 1, close):
        depth += (toks[k].text in ("(", "[", "{")) - (toks[k].text in (")", "]", "}"))
        if depth == 0 and toks[k].text == ";":
            stmt = toks[start:k]
            if any(s.text == "(" for s in stmt) and stmt:
                if stmt[0].text != "virtual":
                    stmt[0].out = "virtual " + (stmt[0].out if stmt[0].out is not None else stmt[0].text)
                if not (len(stmt) >= 2 and stmt[-2].text == "=" and stmt[-1].text == "0"):
                    toks[k].out = " = 0;"
            start = k + 1


def rewrite_objects(toks, types):
    """delete p -> mql5::destroy(p) (checks the pointer as the terminal does); a cast to a class
    pointer (CDerived*)p -> (mql5::pointer_to<CDerived>)p (the terminal checks the object's type);
    typename(x) -> the name of x's type (docs: Function Templates)."""
    classes = class_names(toks)
    for i, t in enumerate(toks):
        if t.out is not None:
            continue
        if t.kind == "id" and t.text == "delete":
            depth, k = 0, i + 1
            while k < len(toks) and not (depth == 0 and toks[k].text == ";"):
                depth += (toks[k].text in ("(", "[")) - (toks[k].text in (")", "]"))
                k += 1
            if k < len(toks):
                t.out = "mql5::destroy("
                toks[k].out = ");"
        elif t.kind == "id" and t.text == "typename" and i + 1 < len(toks) and toks[i + 1].text == "(":
            close = matching(toks, i + 1)
            inner = toks[i + 2:close]
            if len(inner) == 1 and is_type(inner[0], types):
                t.out = f"string(mql5::type_name_of<{c_type(inner[0].text)}>::get()"
                toks[i + 1].out = ""
                inner[0].out = ""
            else:
                t.out = "string(mql5::type_name_of<std::remove_cv_t<std::remove_reference_t<decltype"
                toks[close].out = ")>>>::get())"
        elif t.text == "(" and t.kind == "op" and not (i and toks[i - 1].kind == "id" and toks[i - 1].text != "return"):
            k = i + 1
            if k < len(toks) and toks[k].text == "const":
                k += 1
            if not (k < len(toks) and toks[k].kind == "id" and toks[k].text in classes):
                continue
            k += 1
            if k < len(toks) and toks[k].text == "<":
                depth = 0
                while k < len(toks):
                    depth += (toks[k].text == "<") - (toks[k].text == ">")
                    k += 1
                    if depth == 0:
                        break
            if k + 1 < len(toks) and toks[k].text == "*" and toks[k + 1].text == ")":
                t.out = "(mql5::pointer_to<"
                toks[k].out = ">"


def pointer_conversions(toks, types=frozenset()):
    """MQL5 converts a base class pointer to a derived one implicitly, checking the object's type
    at run time (docs: Object Pointers; the terminal stops on a wrong type), C++ only explicitly:
    the value given to a name declared as an object pointer (`C *p = e`, `p = e`) and the value a
    function returning an object pointer returns go through mql5::object_cast, which converts to
    whichever pointer the destination is."""
    classes = class_names(toks)
    typenames = set(types) | BUILTIN_TYPES | classes
    names = set()
    for i in range(1, len(toks) - 1):
        if toks[i].text == "*" and toks[i - 1].text in classes and toks[i + 1].kind == "id" \
                and (i + 2 >= len(toks) or toks[i + 2].text != "("):
            names.add(toks[i + 1].text)
        elif toks[i].text == "*" and toks[i - 1].text in classes and toks[i + 1].text == "&" and i + 2 < len(toks) \
                and toks[i + 2].kind == "id":  # C *&p: a pointer passed by reference
            names.add(toks[i + 2].text)
        elif toks[i].text == "*" and toks[i - 1].text == "," and toks[i + 1].kind == "id":
            k = i  # C *a=NULL, *b: the statement starts with a class pointer declaration
            while k > 0 and toks[k - 1].text not in (";", "{", "}", "(") and toks[k - 1].kind != "pp":
                k -= 1
            while toks[k].text in ("const", "static"):
                k += 1
            if toks[k].text in classes and toks[k + 1].text == "*":
                names.add(toks[i + 1].text)

    def wrap(start, stops):
        """Wraps toks[start:end] (end: the first of stops at depth 0, or a closing bracket)."""
        depth, k = 0, start
        while k < len(toks):
            x = toks[k].text
            if depth == 0 and (x in stops or x in (")", "]", "}")):
                break
            depth += (x in ("(", "[", "{")) - (x in (")", "]", "}"))
            k += 1
        if k >= len(toks) or k == start or [x.text for x in toks[start:k] if x.text not in "()"] in (["NULL"], ["this"], ["0"]):
            return  # NULL stays a null pointer constant
        first, last = toks[start], toks[k]
        first.ws = first.ws + " mql5::object_cast("
        last.out = ")" + (last.out if last.out is not None else last.text)

    for i in range(len(toks) - 2):
        if toks[i].kind == "id" and toks[i].text in names and toks[i + 1].text == "=" and toks[i + 1].kind == "op" \
                and toks[i + 1].out is None:
            wrap(i + 2, (";", ","))
    # p[i] on an object pointer is the object's operator[] (a pointer is no array in MQL5); a
    # name's kind is the one its function declares, else the one of the whole program
    def kinds(a, b, skip=()):
        """(pointers, arrays, other names) declared in toks[a:b], outside the ranges of skip."""
        ptrs, arrs, others = set(), set(), set()
        for i in range(max(a, 1), min(b, len(toks) - 1)):
            t = toks[i]
            if t.kind != "id" or any(o <= i < e for o, e in skip):
                continue
            if toks[i - 1].text == "*" and i >= 2 and toks[i - 2].text in classes and toks[i + 1].text != "[":
                ptrs.add(t.text)
            elif toks[i + 1].text == "[" and (toks[i - 1].text in typenames or toks[i - 1].text in ("*", "&")
                                              and i >= 2 and toks[i - 2].text in typenames):
                arrs.add(t.text)
            elif toks[i + 1].text in (";", ",", "=", ")", "(") and (
                    toks[i - 1].kind == "id" and toks[i - 1].text in typenames
                    or toks[i - 1].text == "&" and i >= 2 and toks[i - 2].text in typenames):
                others.add(t.text)  # `T name` / `T &name`: an object, never a pointer to index
        return ptrs, arrs, others
    bodies = []
    for i, t in enumerate(toks):
        if t.text != "{" or i < 1:
            continue
        k = i - 1
        while k > 0 and toks[k].text == "const":
            k -= 1
        if toks[k].text != ")":
            continue
        o = opening(toks, k)
        if o > 0 and toks[o - 1].kind == "id" and toks[o - 1].text not in ("if", "for", "while", "switch", "return"):
            bodies.append((o, matching(toks, i)))
    # the program's names: those declared outside every function body (members, globals)
    g_ptrs, g_arrs, _ = kinds(0, len(toks), bodies)
    scope_of = {}
    for o, e in bodies:
        local = kinds(o, e)
        for k in range(o, e):
            scope_of[k] = local
    for i in range(1, len(toks) - 1):
        t = toks[i]
        if not (t.kind == "id" and toks[i + 1].text == "[" and t.out is None and toks[i + 1].out is None
                and toks[i - 1].text not in (".", "::") and not (toks[i - 1].text == "*" and toks[i - 2].text in typenames)):
            continue
        ptrs, arrs, others = scope_of.get(i, (set(), set(), set()))
        is_ptr = t.text in ptrs or (t.text not in arrs and t.text not in others and t.text in g_ptrs
                                    and t.text not in g_arrs)
        if is_ptr:
            t.out = f"(*{t.text})"
    # functions returning an object pointer: C *name(...) [const] { ... return e; ... }
    for i in range(1, len(toks) - 3):
        if not (toks[i].text == "*" and toks[i - 1].text in classes and toks[i + 1].kind == "id"):
            continue
        k = i + 1
        while k + 2 < len(toks) and toks[k + 1].text == "::" and toks[k + 2].kind == "id":
            k += 2
        if k + 1 >= len(toks) or toks[k + 1].text != "(":
            continue
        close = matching(toks, k + 1)
        b = close + 1
        while b < len(toks) and toks[b].text == "const":
            b += 1
        if b >= len(toks) or toks[b].text != "{":
            continue
        for r in range(b, matching(toks, b)):
            if toks[r].text == "return" and toks[r + 1].text != ";":
                wrap(r + 1, (";",))


def struct_casts(toks):
    """(S)x between simple structures copies the bytes (docs: Typecasting, simple structures):
    -> (mql5::struct_bits<S>)x."""
    structs = {b.text for a, b in zip(toks, toks[1:]) if a.text == "struct" and b.kind == "id"}
    for i in range(len(toks) - 3):
        t = toks[i]
        if t.text == "(" and t.out is None and toks[i + 1].text in structs and toks[i + 2].text == ")" \
                and not (i and toks[i - 1].kind == "id" and toks[i - 1].text != "return") \
                and (toks[i + 3].kind == "id" or toks[i + 3].text == "("):
            toks[i + 1].out = f"mql5::struct_bits<{toks[i + 1].text}>"


def shadowed_overloads(toks):
    """f(a, b = 1) beside f(a): MQL5 calls f(x) the one without defaults, C++ finds the call
    ambiguous; the one with defaults becomes a template (C++ prefers a non-template)."""
    depth, found = 0, []  # (name, key types, defaults, start index)
    for i, t in enumerate(toks):
        depth += (t.text == "{") - (t.text == "}")
        if depth or t.text != "(" or i < 2 or toks[i - 1].kind != "id":
            continue
        start = i - 1
        while start > 0 and (toks[start - 1].kind == "id" or toks[start - 1].text in ("*", "&", "::")) \
                and toks[start - 1].text not in ("return", "else"):
            start -= 1
        if start == i - 1 or (start > 0 and toks[start - 1].text not in (";", "}", "{") and toks[start - 1].kind != "pp"):
            continue
        if any(x.text in ("::", "template", "operator", "=") for x in toks[start:i]):
            continue
        close = matching(toks, i)
        if close + 1 >= len(toks) or toks[close + 1].text not in ("{", ";"):
            continue
        keys, defaults = [], 0
        for param in split_parameters(toks, i, close):
            texts = [x.text for x in param]
            head = texts[:texts.index("=")] if "=" in texts else texts
            defaults += "=" in texts
            name = parameter_name(param)
            keys.append(" ".join(x for x in head if x != name))
        found.append((toks[i - 1].text, keys, defaults, start))
    plain = {(n, tuple(k)) for n, k, d, _ in found}
    for name, keys, defaults, start in found:
        if defaults and any((name, tuple(keys[:len(keys) - c])) in plain for c in range(1, defaults + 1)):
            toks[start].ws = toks[start].ws + "template <int = 0> "


def template_member_definitions(toks):
    """A member of a class template defined outside it: MQL5 writes `template<typename T>
    CList::Add(...)`, C++ `CList<T>::Add`: the header's parameters are added to the class name."""
    templates, depth = set(), 0
    for i, t in enumerate(toks):
        if t.text == "template" and i + 1 < len(toks) and toks[i + 1].text == "<":
            close = i + 1
            while toks[close].text != ">":
                close += 1
            if close + 2 < len(toks) and toks[close + 1].text in ("class", "struct") and toks[close + 2].kind == "id":
                templates.add(toks[close + 2].text)
    params = None
    for i, t in enumerate(toks):
        depth += (t.text == "{") - (t.text == "}")
        if depth:
            continue
        if t.text == "template" and i + 1 < len(toks) and toks[i + 1].text == "<":
            close = i + 1
            while toks[close].text != ">":
                close += 1
            params = [toks[k].text for k in range(i + 3, close) if toks[k - 1].text == "typename"]
        elif t.text in (";", "}"):
            params = None
        elif params and t.kind == "id" and t.text in templates and i + 1 < len(toks) and toks[i + 1].text == "::" \
                and t.out is None:
            t.out = f"{t.text}<{', '.join(params)}>"


def pointer_arguments(toks):
    """The same implicit base-to-derived conversion for an argument given to a parameter that
    every declaration of the function declares `C *name` of one class C: the argument goes
    through mql5::object_cast."""
    classes = class_names(toks)
    decls = {}  # name -> [parameter classes (None: not a class pointer)]
    for i in range(1, len(toks) - 1):
        t = toks[i]
        if not (t.kind == "id" and toks[i + 1].text == "(" and (toks[i - 1].kind == "id" or toks[i - 1].text in ("*", "&", "::"))
                and toks[i - 1].text not in ("return", "new", "else", "delete", "case")):
            continue
        close = matching(toks, i + 1)
        if close + 1 >= len(toks) or toks[close + 1].text not in (";", "{", "const", ":"):
            continue
        kinds = []
        for param in split_parameters(toks, i + 1, close):
            texts = [x.text for x in param]
            head = texts[:texts.index("=")] if "=" in texts else texts
            if head and head[0] == "const":
                head = head[1:]
            kinds.append(head[0] if len(head) == 3 and head[0] in classes and head[1] == "*" else None)
        decls.setdefault(t.text, []).append(kinds)
    for i in range(1, len(toks) - 1):
        t = toks[i]
        if not (t.kind == "id" and t.text in decls and toks[i + 1].text == "(") or toks[i - 1].kind == "id" \
                and toks[i - 1].text not in ("return", "else", "case") or toks[i - 1].text in ("*", "&", "::", "~"):
            continue
        close = matching(toks, i + 1)
        args = split_parameters(toks, i + 1, close)
        if any(len(a) >= 2 and (a[0].text == "const" or a[0].text in classes and a[1].text in ("*", "&")
                                or a[0].text in BUILTIN_TYPES and a[1].kind == "id") for a in args):
            continue  # a declaration (a constructor's), not a call
        for n, arg in enumerate(args):
            targets = {d[n] if n < len(d) else None for d in decls[t.text] if len(d) >= len(args)}
            if len(targets) != 1 or None in targets or not arg:
                continue
            if [x.text for x in arg if x.text not in "()"] in (["NULL"], ["this"], ["0"]):
                continue
            arg[0].ws = arg[0].ws + " mql5::object_cast("
            arg[-1].out = (arg[-1].out if arg[-1].out is not None else arg[-1].text) + ")"


def hoisted_member_definitions(toks):
    """MQL5 compiles a file as a whole: a member function defined outside its class may use a
    class defined further down (new CLater, its members); C++ needs that class complete. Such
    definitions (at file scope, outside #if blocks) move to the end of the translation unit,
    each with its #line. Returns the token ranges moved."""
    ranges, depth, cond, i = [], 0, 0, 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "pp":
            d = re.match(r"#\s*(\w+)", t.text)
            d = d.group(1) if d else ""
            cond += (d in ("ifdef", "ifndef", "if")) - (d == "endif")
        depth += (t.text == "{") - (t.text == "}")
        if depth or cond or not (t.kind == "id" and i + 3 < len(toks) and toks[i + 1].text == "::"
                                 and toks[i + 2].kind == "id" or (t.kind == "id" and toks[i + 1].text == "<")):
            i += 1
            continue
        # Class[<T>]::name( or Class::~Class(
        k = past_template_arguments(toks, i + 1)
        if not (k + 2 < len(toks) and toks[k].text == "::" and (toks[k + 1].kind == "id" or toks[k + 1].text == "~")):
            i += 1
            continue
        n = k + 1 + (toks[k + 1].text == "~")
        if n + 1 >= len(toks) or toks[n + 1].text != "(":
            i += 1
            continue
        close = matching(toks, n + 1)
        b = close + 1
        while b < len(toks) and toks[b].text == "const":
            b += 1
        if b < len(toks) and toks[b].text == ":":  # a constructor's initializer list
            while b < len(toks) and toks[b].text != "{":
                if toks[b].text in ("(", "["):
                    b = matching(toks, b)
                b += 1
        if b >= len(toks) or toks[b].text != "{":
            i += 1
            continue
        start = i  # back over the return type and a template header
        while start > 0 and toks[start - 1].text not in (";", "}", "{") and toks[start - 1].kind != "pp":
            start -= 1
        end = matching(toks, b)
        ranges.append((start, end))
        i = end + 1
    return ranges


def past_template_arguments(toks, k):
    """The index after a template argument list `<...>` starting at toks[k]; k where none starts."""
    if toks[k].text != "<":
        return k
    depth = 0
    while k < len(toks):
        depth += (toks[k].text == "<") - (toks[k].text == ">")
        k += 1
        if depth == 0:
            break
    return k


def default_constructed_locals(toks):
    """`CFoo obj();` in a function's body: MQL5 makes an object with the default constructor
    (the standard library's generic containers write it), C++ would declare a function."""
    depth_fn = 0
    for i in range(1, len(toks) - 4):
        depth_fn += (toks[i].text == "{") - (toks[i].text == "}")
        t = toks[i]
        if depth_fn < 1 or t.kind != "id" or toks[i - 1].text not in (";", "{", "}") \
                or t.text in ("return", "else", "case", "delete", "new", "do", "public", "private", "protected", "virtual", "static"):
            continue
        k = past_template_arguments(toks, i + 1)
        if k + 3 < len(toks) and toks[k].kind == "id" and toks[k + 1].text == "(" and toks[k + 2].text == ")" \
                and toks[k + 3].text == ";" and not in_class_body(toks, i):
            toks[k + 1].out, toks[k + 2].out = "", ""


def in_class_body(toks, i):
    """Whether toks[i] is directly in a class, struct or interface body (a method declaration)."""
    depth, k = 0, i
    while k > 0:
        k -= 1
        depth += (toks[k].text == "}") - (toks[k].text == "{")
        if depth < 0:  # the brace that opens i's block
            j = k - 1
            while j >= 0 and toks[j].text not in (";", "{", "}", ")"):
                if toks[j].text in ("class", "struct", "interface", "union"):
                    return True
                j -= 1
            return False
    return False


def method_checks(toks):
    """Every method of a class (not a static one, a constructor or a destructor) starts with
    mql5::check_this(this): a call through a NULL or deleted object's pointer stops the program
    with "invalid pointer access", as in the terminal, even where the method reads no member."""
    classes = {b.text for a, b in zip(toks, toks[1:]) if a.text == "class" and b.kind == "id"}
    statics = set()  # (class, method) declared static
    for i, t in enumerate(toks):
        if t.kind == "id" and i + 1 < len(toks) and toks[i + 1].text == "(" and in_class_body(toks, i):
            k = i - 1
            while k > 0 and toks[k].text not in (";", "{", "}", ":"):
                if toks[k].text == "static":
                    statics.add((class_of(toks, i), t.text))
                k -= 1
    for i, t in enumerate(toks):
        if t.text != "{" or i < 2:
            continue
        k = i - 1
        while k > 0 and toks[k].text in ("const", "override", "final"):
            k -= 1
        if toks[k].text != ")":
            continue
        o = opening(toks, k)
        if o < 1:
            continue
        name = toks[o - 1]
        if name.text in ("if", "for", "while", "switch", "return", "catch") or toks[o - 2].text == "~":
            continue
        if toks[o - 2].text == "operator" or name.kind == "op" and toks[o - 2].text == "operator":
            pass
        elif name.kind != "id":
            continue
        if o >= 3 and toks[o - 2].text == "::" and toks[o - 3].kind == "id" or (o >= 4 and toks[o - 2].text == "operator"
                                                                                and toks[o - 3].text == "::"):
            cls = toks[o - 3].text if toks[o - 2].text == "::" else toks[o - 4].text
            if toks[o - 3].text == ">":  # C<T>::name: the class name before its arguments
                m = o - 3
                while m > 0 and toks[m].text != "<":
                    m -= 1
                cls = toks[m - 1].text
        elif in_class_body(toks, o - 1):
            cls = class_of(toks, o - 1)
        else:
            continue
        if cls not in classes or name.text == cls or (cls, name.text) in statics:
            continue
        t.out = (t.out if t.out is not None else t.text) + " mql5::check_this(this);"


def method_spellings(toks):
    """What MetaEditor accepts in a method's head and C++ does not: `f(void) override const`
    (C++: const override), `void C::~C(void)` (a destructor has no return type); and namespaces,
    whose functions MQL5 finds beside the global ones of the same name (a namespace's MathExp(a[])
    does not hide MathExp(x)): a namespace's content is global here, N::name is ::name."""
    spaces = set()
    for i, t in enumerate(toks):
        if t.text in ("override", "final") and i + 1 < len(toks) and toks[i + 1].text == "const" and t.out is None:
            t.out, toks[i + 1].out = "const", t.text
        elif t.text == "~" and i >= 3 and toks[i - 1].text == "::" and toks[i - 3].text == "void" and toks[i - 3].out is None:
            toks[i - 3].out = ""
        elif t.text == "::" and 2 <= i < len(toks) - 2 and toks[i - 2].text == "void" and toks[i - 1].text == toks[i + 1].text \
                and toks[i + 2].text == "(" and toks[i - 2].out is None:  # void C::C(...): a constructor
            toks[i - 2].out = ""
        elif t.text == "namespace" and i + 2 < len(toks) and toks[i + 1].kind == "id" and toks[i + 2].text == "{":
            spaces.add(toks[i + 1].text)
            t.out, toks[i + 1].out, toks[i + 2].out = "", "", ""
            toks[matching(toks, i + 2)].out = ""
    for i in range(len(toks) - 1):
        if toks[i].text in spaces and toks[i + 1].text == "::" and toks[i].out is None:
            toks[i].out = ""
    depth = 0
    for i, t in enumerate(toks):
        depth += (t.text == "{") - (t.text == "}")
        if t.text == "dynamic_cast" and t.out is None:  # of a value that is no pointer: NULL
            t.out = "mql5::dynamic_pointer"
        elif depth == 0 and t.text == "static" and t.out is None:
            # `const static int C::x=1;`: a static member's definition repeats `static`
            k = i + 1
            while k + 1 < len(toks) and toks[k].kind == "id" and toks[k + 1].kind == "id":  # const, the type
                k += 1
            if k + 2 < len(toks) and toks[k].kind == "id" and toks[k + 1].text == "::" and toks[k + 2].kind == "id" \
                    and k + 3 < len(toks) and toks[k + 3].text in ("=", ";", "["):
                t.out = ""


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
    path = on_disk(base, rel.lstrip("/")).resolve()
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


# C++'s alternative operator spellings: plain names in MQL5 (`bool not` in the standard library's
# Fuzzy classes), never operators there; renamed, a C++-style `not x` stays refused.
CPP_OPERATOR_NAMES = {"and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq"}


def pure_null_specifiers(toks):
    """`virtual double GetValue(const double x)=NULL;`: MQL5 takes NULL as the pure specifier."""
    for i in range(2, len(toks) - 1):
        if toks[i].text == "NULL" and toks[i - 1].text == "=" and toks[i + 1].text == ";" \
                and toks[i - 2].text in (")", "const") and toks[i].out is None and in_class_body(toks, i):
            toks[i].out = "0"


def cpp_word_names(toks, types):
    """A C++ keyword MQL5 does not reserve, declared as a name (lint.cpp_words_declared), is
    renamed: `const bool auto` -> `const bool auto_mql5`."""
    known = types | BUILTIN_TYPES
    names = lint.cpp_words_declared(toks, lambda t: t.kind == "id" and t.text in known) | CPP_OPERATOR_NAMES
    for t in toks:
        if t.kind == "id" and t.text in names and t.out is None:
            t.out = t.text + "_mql5"


def types_named_like_methods(toks):
    """`OrMethod OrMethod(void)` beside `enum OrMethod` (the standard library's Fuzzy classes): in
    MQL5 the type keeps its name in the class; in C++ the method hides it. Where such a type is
    used as one (before a name, & or *, or in a cast), it is written ::Type."""
    globals_ = set()
    depth = 0
    for i, t in enumerate(toks[:-1]):
        depth += (t.text == "{") - (t.text == "}")
        if depth == 0 and t.text in ("enum", "class", "struct") and toks[i + 1].kind == "id":
            globals_.add(toks[i + 1].text)
    methods = {t.text for i, t in enumerate(toks[1:-1], 1)
               if t.text in globals_ and toks[i + 1].text == "(" and (toks[i - 1].kind == "id" or toks[i - 1].text in ("&", "*"))
               and toks[i - 1].text not in ("return", "new", "else", "case") and in_class_body(toks, i)}
    for i, t in enumerate(toks[1:-2], 1):
        if t.text not in methods or t.kind != "id" or t.out is not None \
                or toks[i - 1].text in ("enum", "class", "struct", "::", ".", "->", "~"):
            continue
        nxt = toks[i + 1]
        if nxt.kind == "id" or (nxt.text in ("&", "*") and toks[i + 2].kind == "id") \
                or (toks[i - 1].text == "(" and nxt.text == ")"):
            t.out = "::" + t.text


def enum_nulls(toks):
    """`OperatorType op=NULL;`: MQL5 gives an enumeration NULL (0) (the standard library's Fuzzy
    code does); C++ converts no integer to an enumeration, so the NULL is written (Type)0."""
    enums = {toks[i + 1].text for i in range(len(toks) - 2)
             if toks[i].text == "enum" and toks[i + 1].kind == "id" and toks[i + 2].text == "{"}
    for i in range(len(toks) - 3):
        if toks[i].text in enums and toks[i + 1].kind == "id" and toks[i + 2].text == "=" \
                and toks[i + 3].text == "NULL" and toks[i + 3].out is None:
            toks[i + 3].out = f"({toks[i].text})0"


def enclosing_class(toks, i):
    """The class toks[i] is in: a class body around it, or the Class:: of the member function
    definition whose body holds it (None: neither)."""
    depth, k = 0, i
    while k > 0:
        k -= 1
        depth += (toks[k].text == "}") - (toks[k].text == "{")
        if depth < 0:
            j = k - 1
            while j >= 0 and toks[j].text not in (";", "{", "}"):
                if toks[j].text in ("class", "struct", "interface", "union") and toks[j + 1].kind == "id":
                    return toks[j + 1].text
                if toks[j].text == "::" and j and toks[j - 1].kind == "id" and toks[j + 1].kind == "id" \
                        and j + 2 < len(toks) and toks[j + 2].text == "(":
                    return toks[j - 1].text
                j -= 1
            depth = 0
    return None


def self_named_initialisers(toks, types):
    """`vector precision = precision(a, b);`: MQL5 calls the function precision; in C++ the new
    variable hides it from its own initialiser, so the call is qualified (Class:: in a member of a
    class that declares the function, else ::)."""
    known = types | BUILTIN_TYPES
    for i, t in enumerate(toks[:-3]):
        if not (t.kind == "id" and i and (toks[i - 1].text in known or toks[i - 1].text == ">")
                and toks[i + 1].text == "=" and toks[i + 2].text == t.text and toks[i + 3].text == "("
                and toks[i + 2].out is None):
            continue
        cls = enclosing_class(toks, i)
        owner = None
        if cls is not None:
            for k in range(len(toks) - 2):
                if toks[k].text in ("class", "struct") and toks[k + 1].text == cls and toks[k + 2].text in (":", "{"):
                    o = k + 2
                    while toks[o].text != "{":
                        o += 1
                    body = toks[o:matching(toks, o) + 1]
                    if any(b.text == t.text and b2.text == "(" for b, b2 in zip(body, body[1:])):
                        owner = cls
                    break
        toks[i + 2].out = f"{owner}::{t.text}" if owner else f"::{t.text}"


def at_namespace_scope(toks, i):
    """Whether toks[i] is outside every block but namespace ones."""
    opened = []
    for k in range(i):
        if toks[k].text == "{" and toks[k].kind == "op":
            opened.append(k >= 2 and toks[k - 2].text == "namespace")
        elif toks[k].text == "}" and toks[k].kind == "op" and opened:
            opened.pop()
    return all(opened)


def enum_strings(toks):
    """After each named enumeration, its EnumToString (docs: EnumToString: the member's name; a value
    no member has gives "TYPE::value"); in a class a friend, found by argument-dependent lookup.
    Members with the same value: the first one's name."""
    for i, t in enumerate(toks):
        if not (t.kind == "id" and t.text == "enum" and i + 2 < len(toks) and toks[i + 1].kind == "id"
                and toks[i + 2].text == "{"):
            continue
        name, close = toks[i + 1].text, matching(toks, i + 2)
        members, depth, expect = [], 0, True
        for u in toks[i + 3:close]:
            if u.text in ("(", "[", "{"):
                depth += 1
            elif u.text in (")", "]", "}"):
                depth -= 1
            elif depth == 0 and u.text == ",":
                expect = True
                continue
            if expect and depth == 0 and u.kind == "id":
                members.append(u.text)
            expect = False
        if close + 1 >= len(toks) or toks[close + 1].text != ";":
            continue
        tests = "".join(f"if (v == {m}) return string(u{json.dumps(m)}); " for m in members)
        if in_class_body(toks, i):
            head = "friend string"
        elif at_namespace_scope(toks, i):
            head = "inline string"
        else:
            continue  # an enumeration local to a function: no function can be defined there
        semi = toks[close + 1]
        semi.out = (semi.out if semi.out is not None else semi.text) + (
            f" {head} EnumToString({name} v) {{ {tests}return mql5::enum_unknown(u{json.dumps(name)}, (int)v); }}")


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


def translate(script, include_dir, header=None, mqlcl_dir=None):
    """The C++ text of script; raises SourceError."""
    tokens = expand(script, include_dir, {script.resolve()}, [], mqlcl_dir)
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
    static_member_arrays(sig)
    template_array_declarations(sig, types)
    rewrite_array_parameters(sig, types)
    rewrite_array_declarations(sig, types)
    method_spellings(sig)
    default_constructed_locals(sig)
    class_bodies(sig, types)
    method_checks(sig)
    template_member_definitions(sig)
    rewrite_objects(sig, types)
    pointer_conversions(sig, types)
    pointer_arguments(sig)
    struct_casts(sig)
    shadowed_overloads(sig)
    self_named_initialisers(sig, types)
    enum_nulls(sig)
    types_named_like_methods(sig)
    cpp_word_names(sig, types)
    pure_null_specifiers(sig)
    rewrite_simple(sig)
    rvalue_matrix_overloads(sig)
    const_array_overloads(sig, types)
    forward_declarations(sig, script, types)
    enum_strings(sig)
    counter, checks = [0], []
    for t in body:
        if t.kind == "pp" and t.out is None:
            t.out = translate_directive(t, counter, include_dir)
    for at, opening, decls, dll, closing in blocks:
        header_ok = header.name if header and dll.lower() == "mqlcl.dll" else None
        code_text, block_checks = import_block(decls, dll, header_ok)
        body[at].out = code_text + line_marker(closing.line, closing.file, before="\n")
        checks += block_checks
    moved, at = [], {id(t): n for n, t in enumerate(body)}
    for a, b in hoisted_member_definitions(sig):
        part = body[at[id(sig[a])]:at[id(sig[b])] + 1]  # with the comments between
        moved.append(line_marker(sig[a].line, sig[a].file, before="\n", after="\n") + text_of(part).lstrip())
        for t in part:
            t.out, t.ws = "", "\n" * t.ws.count("\n")
    out = ['#include "mql5_runtime.hpp"\n', line_marker(1, script, after="\n"), text_of(body), "\n"] + moved
    if checks:  # after all MQL5 code, so that the header's macros cannot stand in for missing ones
        out += [f'\nnamespace mql5_header {{\n#include "{header.name}"\n}}\n'] + checks + ["\n"]
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("script", type=Path)
    ap.add_argument("--include-dir", type=Path, required=True, help="the terminal's MQL5/Include folder")
    ap.add_argument("--mqlcl-include", type=Path, default=MQLCL_INCLUDE,
                    help="mqlcl's own Include folder, searched after --include-dir (first for mqlcl/...)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--header", type=Path, help="the C header the #import blocks of mqlcl.dll must match")
    a = ap.parse_args()
    try:
        a.out.write_text(translate(a.script, a.include_dir, a.header, a.mqlcl_include), encoding="utf-8")
    except SourceError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
