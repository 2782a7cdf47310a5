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
from mql5_preprocess import preprocess  # noqa: E402
import mql5_model  # noqa: E402
from mql5_tokens import SourceError, Token, read_text  # noqa: E402
import lint  # noqa: E402
import reference  # noqa: E402

# The matrix types and the element type MQL5 passes a DLL a pointer to (docs: Matrix and vector types,
# https://www.mql5.com/en/docs/matrix/matrix_types).
MATRIX_ELEMENT = {"matrix": "double", "matrixf": "float", "vector": "double", "vectorf": "float"}
MQLCL_INCLUDE = Path(__file__).resolve().parent.parent.parent / "mql5/Include"
# matrix<T> / vector<T> (T double or float; docs: Matrix and vector types): the runtime's templates.
TEMPLATE_SPELLINGS = {"matrix": "mql5::matrix_of", "vector": "mql5::vector_of"}
# C's spellings of MQL5's integer types, which MetaEditor compiles (lint.py cites the evidence):
# `unsigned int` is uint, `unsigned long` MQL5's 64-bit ulong, `unsigned` alone uint.
SIGNED_SPELLINGS = {
    "unsigned": {"char": "mql_uchar", "short": "mql_ushort", "int": "mql_uint", "long": "mql_ulong", "": "mql_uint"},
    "signed": {"char": "mql_char", "short": "short", "int": "int", "long": "mql_long", "": "int"}}
TYPE_NAMES = {"char": "mql_char", "uchar": "mql_uchar", "ushort": "mql_ushort", "uint": "mql_uint",
              "long": "mql_long", "ulong": "mql_ulong"}


def signed_spelling(word, following):
    """C's spelling at `word` (unsigned, signed) with the word after it: (MQL5's type, words taken)."""
    spelled = SIGNED_SPELLINGS[word]
    return (spelled[following], 2) if following and following in spelled else (spelled[""], 1)


def value_end(model, start, stops):
    """The end of the value starting at toks[start]: the first of stops at depth 0, or a closing
    bracket it did not open (a template's `C<A, B>` read whole: its comma is no end)."""
    toks = model.toks
    depth, k = 0, start
    while k < len(toks):
        x = toks[k].text
        if toks[k].kind == "id" and k + 1 < len(toks) and toks[k + 1].text == "<" and model.is_type(x):
            k = mql5_model.angle_end(toks, k + 1)
            continue
        if depth == 0 and (x in stops or x in (")", "]", "}")):
            break
        depth += (x in ("(", "[", "{")) - (x in (")", "]", "}"))
        k += 1
    return k


def return_type(toks, fn):
    """The tokens of a function's result type (its specifiers left out)."""
    return [x for x in toks[fn.start:fn.qualified if fn.qualified >= 0 else fn.name_at]
            if x.text not in ("virtual", "static", "inline", "const")]


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


def program_tokens(script, include_dir, mqlcl_dir=None):
    """The tokens of script as MetaEditor compiles it (mql5_preprocess): its #includes read, only
    the branches #ifdef/#ifndef leave on, its macros expanded; #line markers at file changes."""
    def target(name, angle, includer):
        path, looked = include_target(name, angle, includer, include_dir, mqlcl_dir)
        return path, [shown(d) for d in looked]
    return preprocess(script, target, line_marker)


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


def dim_tokens(toks, dims):
    """The token lists inside the brackets [(open, close)] of a declaration's dimensions."""
    return [toks[o + 1:c] for o, c in dims]


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
def rewrite_inputs(model):
    """input T x = v, y;  ->  const T x = mql5::input_value<T>("x", v), y = mql5::input_value<T>("y", T());
    `input group "name";` (docs: Input Variables: a group of inputs in the terminal's dialog) -> nothing."""
    toks = model.toks
    for i, t in enumerate(toks):
        if t.text in ("input", "sinput") and model.at_namespace_scope(i) and i + 2 < len(toks) and toks[i + 1].text == "group" \
                and toks[i + 2].kind == "str":
            blank(toks, i, i + 3 + (i + 3 < len(toks) and toks[i + 3].text == ";"))
    for v in model.variables:
        if not v.specifiers & {"input", "sinput"} or v.scope.kind not in ("file", "namespace"):
            continue
        for k in range(v.start, v.type_start):
            if toks[k].text in ("input", "sinput"):
                toks[k].out = "const"
        type_name = c_type(toks[v.type_start].text)
        call = f'mql5::input_value<{type_name}>("{v.name}", '
        if v.init:
            toks[v.init[0] - 1].out = "= " + call
            toks[v.end].out = ")" + toks[v.end].text
        else:
            toks[v.name_at].out = f"{v.name} = {call}{type_name}())"


def is_array_parameter(toks, i, model):
    """toks[i] starts `T &a[` (T a type of the program's)."""
    return i + 3 < len(toks) and toks[i].kind == "id" and model.is_type(toks[i].text) and toks[i + 1].text == "&" \
        and toks[i + 2].kind == "id" and toks[i + 3].text == "["


def rewrite_array_parameters(model):
    """T &a[]...  ->  mql5::array<...> &a;  const T &a[]...  ->  const mql5::array<const ...> &a
    (the runtime's array<const T> is the base of array<T>: a const parameter takes any array of T)."""
    toks = model.toks
    for p in model.parameters():
        i = p.type_start
        c_name, words = c_type(toks[i].text), 1
        if toks[i].text in SIGNED_SPELLINGS:  # unsigned char &a[]
            c_name, words = signed_spelling(toks[i].text, toks[i + 1].text if i + 1 < p.end else "")
        if p.dims and p.ref and i + words + 2 < p.end and toks[i + words].text == "&" and i + words + 1 == p.name_at \
                and (model.is_type(toks[i].text) or toks[i].text in SIGNED_SPELLINGS):
            const = "const " if p.const else ""
            toks[i].out = f"mql5::array<{const}{array_type(c_name, dim_tokens(toks, p.dims)[1:])}>"
            if words == 2:
                toks[i + 1].out = ""
            blank(toks, p.dims[0][0], p.dims[-1][1] + 1)


def out_text(tokens):
    """The translated text of tokens on one line (an addition must not move the lines after it)."""
    return " ".join(t.out if t.out is not None else t.text for t in tokens if (t.out if t.out is not None else t.text)) \
        .replace("\n", " ")


def split_parameters(toks, open_i, close_i, model=None):
    """The arguments between toks[open_i] '(' and toks[close_i] ')': lists of tokens (a comma of a
    template's arguments, C<A,B>, where model says C is a type, does not split)."""
    params, cur, depth, k = [], [], 0, open_i + 1
    while k < close_i:
        t = toks[k]
        if model is not None and t.kind == "id" and toks[k + 1].text == "<" and model.is_type(t.text):
            end = mql5_model.angle_end(toks, k + 1)
            cur += toks[k:end]
            k = end
            continue
        if t.text == "," and depth == 0:
            params.append(cur)
            cur = []
            k += 1
            continue
        depth += t.text in ("(", "[", "{")
        depth -= t.text in (")", "]", "}")
        cur.append(t)
        k += 1
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


def undefined_virtual_members(model):
    """A virtual method a class declares and nothing defines: MetaEditor compiles the program
    (the MetaQuotes book's CNet declares GetGPTUnits and leaves its definition commented out;
    its .ex5 beside it, venakaj/MQVenAkajL5); C++ would not link it (the class's table of virtual
    functions names it). Given a body that stops the program, named, if it is ever called."""
    toks = model.toks
    defined = {(fn.owner, fn.name) for fn in model.functions if fn.is_definition}

    def is_virtual(cls_name, name, seen=()):
        cls = model.classes.get(cls_name)
        if cls is None or cls_name in seen:
            return False
        if any("virtual" in f.specifiers or toks[f.start].text == "virtual" for f in cls.methods.get(name, ())):
            return True
        return any(is_virtual(b.name, name, seen + (cls_name,)) for b in cls.bases)

    for cls in model.class_decls:
        if cls.open < 0 or cls.keyword == "interface" or cls.template is not None:
            continue
        for name, fns in cls.methods.items():
            for fn in fns:
                if fn.is_definition or fn.pure >= 0 or fn.kind != "function" or (cls.name, name) in defined \
                        or not is_virtual(cls.name, name) or toks[fn.end].text != ";":
                    continue
                what = json.dumps(f"{cls.name}::{name}")
                toks[fn.end].out = f" {{ mql5::critical(\"a function declared and never defined was called\", {what}); }}"


def template_body_forms(model):
    """What MetaEditor leaves unread in a template's body until the template is used (lint.py
    in_template, member_template_head cite the evidence), written so that g++ reads it too:
    `template <>` before a member function is dropped (the plain member), and a `throw ...;`
    statement stops the program, named, if it is ever reached."""
    toks = model.toks
    for fn in model.functions:
        if fn.template == [] and fn.owner is not None and fn.template_at >= 0:
            k = fn.template_at
            while k < len(toks) and toks[k].text != ">":
                toks[k].out = ""
                k += 1
            toks[k].out = ""
    for i, t in enumerate(toks):
        if t.kind == "id" and t.text == "throw" and (model.function_at(i) is not None):
            k = i + 1
            while k < len(toks) and toks[k].text != ";":
                toks[k].out = ""
                k += 1
            t.out = 'mql5::critical("a template\'s body reached a C++ throw", "throw")'


def this_references(model):
    """docs (References: Modifier & and Keyword this): `this` is "the reference of the object to
    itself"; C++'s is a pointer. In a structure (which has no pointers) `this` alone is the object:
    `(*this)`; `&this` is the object's pointer, C++'s `this` (EA31337-classes, compiled by
    MetaEditor in its CI, passes `this` to TimeToStruct's MqlDateTime& and takes `&this`: Std.h)."""
    toks = model.toks
    for i, t in enumerate(toks):
        if t.text != "this" or t.kind != "id" or t.out is not None:
            continue
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if prev is not None and prev.text == "&" and (i < 2 or not (
                (toks[i - 2].kind == "id" and toks[i - 2].text not in ("return", "case")) or
                toks[i - 2].kind in ("num", "str", "chr") or toks[i - 2].text in (")", "]"))):
            prev.out = ""
            continue
        cls = model.class_at(i)
        if cls is not None and cls.keyword == "struct" and not (nxt is not None and nxt.text in (".", "->")):
            t.out = "(*this)"


def this_to_references(model, sites):
    """`this` of a class given to a parameter `C &name` is the object (EA31337-classes, compiled by
    MetaEditor in its CI: Serializer passes `this` to each value's Serialize(Serializer &s); the
    reference calls `this` the object's reference). Given to a pointer parameter it stays the
    pointer. Where every candidate declaration of the called name takes an object reference (of a
    class, or of the function template's type: `template <typename T> void Pass(T &self)`) at that
    place, `this` is written (*this); so is a pointer to a class of the program, a variable's or a
    member chain's (EA31337-classes' Matrix passes its `Matrix<X> *output` to MatMul(...,
    Matrix<X> &output), MatrixDimension an element of its `containers[]` of pointers to
    CopyFrom(MatrixDimension<X> &)): (*p)."""
    toks = model.toks
    at = {id(t): i for i, t in enumerate(toks)}

    def object_reference(fn, p):
        return p.ref and not p.pointer and not p.dims and (toks[p.type_start].text in model.classes or
                                                           toks[p.type_start].text in (fn.template or ()))
    for args, candidates in sites:
        for n, arg in enumerate(args):
            if not arg or arg[0].out is not None or argument_targets(candidates, n, object_reference) != {True}:
                continue
            i = at[id(arg[0])]
            cls = model.class_at(i)
            if len(arg) == 1 and arg[0].text == "this":
                if cls is not None and cls.keyword == "class":
                    arg[0].out = "(*this)"
            elif arg[0].kind == "id" and toks[i - 1].text not in (".", "->", "::") \
                    and member_chain(model, i)[::2] == (i + len(arg), True):
                arg[0].ws += "(*"
                arg[-1].out = (arg[-1].out if arg[-1].out is not None else arg[-1].text) + ")"


def dependent_base_members(model):
    """MQL5 finds a member of a class template's base by its name alone (EA31337-classes' Dict<K, V>
    calls DictBase<K, V>'s GetSlot), C++ only through this-> where the base depends on the
    template's parameters: such a name in a member's body is written this->name."""
    toks = model.toks
    for i, t in enumerate(toks):
        if t.kind != "id" or t.out is not None or not 0 < i < len(toks) - 1:
            continue
        if toks[i - 1].text in (".", "->", "::", "~") or toks[i + 1].text == "::":
            continue
        cls = model.class_at(i)
        if cls is None or cls.template is None or t.text in cls.fields or t.text in cls.methods:
            continue
        chain = model.scope_at(i).chain()
        if not any(sc.kind == "function" for sc in chain):
            continue
        found = model.lookup(t.text, i)
        if found is None:
            continue
        for b in cls.bases:
            base = model.classes.get(b.name)
            if base is not None and base.template is not None and model.member(base, t.text) is found:
                t.out = "this->" + t.text
                break
    # and a constructor initialises such a base by its name alone (Dict.mqh's DictIterator(...) :
    # DictIteratorBase(dict, slotIdx)); C++ wants its arguments, DictIteratorBase<K, V>(...)
    for fn in model.functions:
        cls = model.classes.get(fn.owner)
        if fn.kind != "constructor" or fn.init < 0 or not fn.is_definition or cls is None:
            continue
        named = {b.name: b.text for b in cls.bases if "<" in b.text}
        depth = 0
        for k in range(fn.init + 1, fn.body[0]):
            depth += (toks[k].text in "([{") - (toks[k].text in ")]}")
            if depth == 0 and toks[k].text in named and toks[k + 1].text == "(" and toks[k].out is None:
                toks[k].out = named[toks[k].text]


def member_chain(model, i):
    """(end, class, pointer, rvalue) of the member chain at toks[i] -- a name, `this`, a call, with
    `.member`, `.method(...)`, `[k]` of an array or of an object whose operator[] returns a pointer
    after it, `a.b[i].c` --: where it ends (exclusive), the class of its value, whether that value
    is a pointer to a class of the program (None: unknown) and whether it is a result (of a call
    or an operator[]), not a variable."""
    toks = model.toks

    def returns(fn):  # (type name, pointer) of a function's result
        head = [t.text for t in toks[fn.start:fn.qualified if fn.qualified >= 0 else fn.name_at]]
        names = [x for x in head if x not in ("virtual", "static", "const", "inline", "*", "&")]
        return (names[-1] if names else None), "*" in head

    def decl_type(d):  # (type name, pointer, array dimensions) of a declaration
        if isinstance(d, (mql5_model.VarDecl, mql5_model.Param)):
            return toks[d.type_start].text, d.pointer, len(d.dims)
        if isinstance(d, mql5_model.FunctionDecl):
            t, ptr = returns(d)
            return t, ptr, 0
        return None, False, 0

    def past_call(k):  # after a function's name: past its call's arguments; None where no call follows
        return matching(toks, k) + 1 if k < len(toks) and toks[k].text == "(" else None

    t = toks[i]
    if t.text == "this":
        cls = model.class_at(i)
        kind, ptr, dims, k = (cls.name if cls else None), True, 0, i + 1
        rvalue = True
    else:
        d = model.lookup(t.text, i)
        if d is None:
            return i + 1, None, None, False
        kind, ptr, dims = decl_type(d)
        k, rvalue = i + 1, isinstance(d, mql5_model.FunctionDecl)
        after = past_call(k) if rvalue else k
        if after is None:
            return k, None, None, False
        k = after
    while k < len(toks):
        x = toks[k].text
        indexed = index_result(model, kind) if x == "[" and not dims and kind in model.classes else None
        if x == "[" and dims:
            k, dims, rvalue = matching(toks, k) + 1, dims - 1, False
        elif indexed not in (None, ANY_CLASS):
            # an object's operator[], through its pointer too (indexed_object_pointers writes (*p)[)
            kind, ptr, k, rvalue = indexed, True, matching(toks, k) + 1, True
        elif x == "." and k + 1 < len(toks) and toks[k + 1].kind == "id":
            m = model.member(model.classes.get(kind), toks[k + 1].text)
            if m is None:
                return k, None, None, False
            kind, ptr, dims = decl_type(m)
            k, rvalue = k + 2, isinstance(m, mql5_model.FunctionDecl)
            after = past_call(k) if rvalue else k
            if after is None:
                return k, None, None, False
            k = after
        else:
            break
    return k, kind, (ptr and not dims and kind in model.pointer_types), rvalue



def pointer_operators(model):
    """An operator applied to a pointer to a class calls the object's operator (EA31337-classes'
    MatrixTest, compiled by MetaEditor in its CI: `Matrix<double> *p ...; p + bias` calls
    Matrix::operator+; JAson's `js["key"] = value` assigns through CJAVal::operator= the object
    CJAVal::operator[] returns a pointer of); C++ would do pointer arithmetic. A member chain holding
    such a pointer before an arithmetic operator its class (or a base) overloads -- before `=`, one
    that is a result, not a variable (a variable's `p = q` is the pointer's) -- is written (*p)."""
    toks = model.toks
    ops = ("+", "-", "*", "/", "%", "^", "+=", "-=", "*=", "/=", "=")

    if not any(toks[f.name_at + 1].text in ops for f in model.functions if f.name == "operator" and f.owner):
        return
    for i, t in enumerate(toks):
        if t.kind != "id" or (i and toks[i - 1].text in (".", "->", "::")):
            continue
        end, cls, pointer, rvalue = member_chain(model, i)
        if pointer and end < len(toks) and toks[end].text in ops and toks[end].kind == "op" \
                and nearest_methods(model, cls, "operator", toks[end].text) and (rvalue or toks[end].text != "="):
            t.ws += "(*"
            toks[end - 1].out = (toks[end - 1].out if toks[end - 1].out is not None else toks[end - 1].text) + ")"


def pointer_conditions(model):
    """docs (Object Pointers): `!ptr` checks the pointer "via an implicit call of the
    CheckPointer function", so a deleted object's pointer is invalid as a condition, as NULL is
    (the MetaQuotes book's layers test `if(m_cWeights)` after deleting it). A C++ pointer is true
    until NULL: a class pointer (a name, a member chain `a.b[i].c`, a call returning one) after
    `!`, or alone as a condition of if/while or an operand of && || ?:, is written
    mql5::valid(...)."""
    toks = model.toks

    for i, t in enumerate(toks):
        if (t.kind != "id" and t.text != "this") or (i and toks[i - 1].text in (".", "->", "::")) or t.origin is not None:
            continue
        prev = toks[i - 1].text if i else ""
        if prev not in ("!", "&&", "||", "=", "(", ",", "return", "?", ":"):
            continue
        end, _, pointer, _ = member_chain(model, i)
        if not pointer or end >= len(toks):
            continue
        nxt = toks[end].text
        if_while = prev == "(" and i >= 2 and toks[i - 2].text in ("if", "while")
        if prev == "!" or nxt in ("&&", "||", "?") or (prev in ("&&", "||") and nxt in (")", ";", ",")) \
                or (if_while and nxt == ")"):
            t.out = "mql5::valid(" + (t.out if t.out is not None else t.text)
            last = toks[end - 1]
            last.out = (last.out if last.out is not None else last.text) + ")"


def enum_assignments(model):
    """MetaEditor converts a number assigned to an enumeration variable (with a warning): the
    MetaQuotes book's layers write `m_eActivation = -1;` (their .ex5 beside them,
    venakaj/MQVenAkajL5). C++ does not: the value assigned to, or initialising, a variable or
    member of an enumeration type is cast to it: `e = (E)(-1);`; and an enumeration is an int
    (docs: Enumerations, 4 bytes): `enum E : int {`, so that -1 stays -1."""
    toks = model.toks
    enums = model.enum_types
    for e in model.enums:  # docs (Enumerations): 4 bytes, an int: `enum E : int {`
        if e.open >= 0 and toks[e.open - 1].kind == "id" and toks[e.open - 1].text != "enum":
            last = toks[e.open - 1]
            last.out = (last.out if last.out is not None else last.text) + " : int"
        elif e.open >= 0:
            toks[e.open].out = ": int " + (toks[e.open].out if toks[e.open].out is not None else toks[e.open].text)

    def enum_of(d):
        if not isinstance(d, (mql5_model.VarDecl, mql5_model.Param)) or d.pointer or d.dims or d.ref and \
                isinstance(d, mql5_model.Param):
            return None
        type_end = d.type_end if isinstance(d, mql5_model.VarDecl) else (d.name_at if d.name else d.end)
        return toks[d.type_start].text if type_end == d.type_start + 1 and toks[d.type_start].text in enums else None

    functions = {fn.name for fn in model.functions}

    def wrap(first, last, enum):  # toks[first:last] the value
        if enum in functions:  # a method named like the enumeration hides it in its class: C++'s `enum E`
            enum = "enum " + enum
        toks[first].out = f"({enum})(" + (toks[first].out if toks[first].out is not None else toks[first].text)
        toks[last - 1].out = (toks[last - 1].out if toks[last - 1].out is not None else toks[last - 1].text) + ")"

    for v in model.variables:
        enum = enum_of(v)
        if enum and v.init and toks[v.init[0] - 1].text == "=" and v.init[1] > v.init[0]:
            wrap(v.init[0], v.init[1], enum)
    for i, t in enumerate(toks):
        if t.kind != "id" or i + 2 >= len(toks) or toks[i + 1].text != "=" or (i and toks[i - 1].text in (".", "->", "::")):
            continue
        d = model.lookup(t.text, i)
        enum = enum_of(d) if d is not None and getattr(d, "name_at", -1) != i else None
        if not enum:
            continue
        k = value_end(model, i + 2, (";", ","))
        if i + 2 < k < len(toks):
            wrap(i + 2, k, enum)
    # a function returning an enumeration returns a number or false converted (the standard
    # library's CChartObjectEdit::TextAlign returns false, compiled into the terminal's
    # AccountInfoSample.ex5 beside it in venakaj/MQVenAkajL5)
    for fn in model.functions:
        if fn.body is None or fn.template is not None or fn.kind != "function":
            continue
        head = return_type(toks, fn)
        if len(head) != 1 or head[0].text not in enums:
            continue
        for r in range(fn.body[0] + 1, fn.body[1]):
            if toks[r].text != "return" or toks[r + 1].text == ";":
                continue
            k = value_end(model, r + 1, (";",))
            if k < fn.body[1]:
                wrap(r + 1, k, head[0].text)
    # a constructor's initializer list: `m_mode(0)` of an enumeration member (the standard
    # library's CSymbolInfo::CSymbolInfo, compiled into the terminal's samples)
    for fn in model.functions:
        if fn.kind != "constructor" or fn.init < 0 or fn.body is None:
            continue
        cls = model.classes.get(fn.owner)
        k = fn.init + 1
        while k < fn.body[0]:
            if toks[k].kind == "id" and k + 1 < fn.body[0] and toks[k + 1].text == "(":
                close = matching(toks, k + 1)
                m = model.member(cls, toks[k].text) if cls is not None else None
                enum = enum_of(m) if m is not None else None
                if enum and close > k + 2:
                    wrap(k + 2, close, enum)
                k = close + 1
            else:
                k += 1


def enum_int_overloads(model):
    """MetaEditor converts a number to an enumeration parameter (with a warning): the terminal's
    own examples call iMA(NULL,0,...) for ENUM_TIMEFRAMES. C++ does not: beside each function or
    constructor with enumeration parameters, an overload taking any number (mql5::enum_number)
    for each of them calls it with the numbers cast (defaults kept after the last one only, so a
    call never matches both)."""
    toks = model.toks
    enums = model.enum_types
    signatures = {}

    def signature(fn):  # the parameters' types as written
        return tuple(" ".join(x.text for x in toks[p.type_start:p.name_at if p.name else p.end]) for p in fn.params)
    for fn in model.functions:
        key = (fn.owner, fn.name)
        sig = signature(fn)
        arity = (sum(1 for p in fn.params if not p.default), len(fn.params))
        signatures.setdefault(key, {})[sig] = arity
    done = set()
    for fn in model.functions:
        if fn.qualified >= 0 or fn.kind not in ("function", "constructor") or fn.template is not None \
                or any(p.name is None for p in fn.params):
            continue
        targets = [n for n, p in enumerate(fn.params) if not p.ref and not p.pointer and not p.dims
                   and p.name_at == p.type_start + 1 and toks[p.type_start].text in enums]
        if not targets or (fn.owner, fn.name) in done:
            continue
        last = targets[-1]
        # the overload takes last+1 .. len(params) arguments; another signature of the name taking
        # as many could then be chosen otherwise than MetaEditor chooses: none is added
        low, high = max(last + 1, sum(1 for p in fn.params if not p.default)), len(fn.params)
        own = signature(fn)
        if any(sig != own and lo <= high and low <= hi for sig, (lo, hi) in signatures[(fn.owner, fn.name)].items()):
            continue
        done.add((fn.owner, fn.name))
        params, args = [], []
        for n, p in enumerate(fn.params):
            head = out_text(toks[p.start:p.default[0] - 1 if p.default else p.end])
            name = out_text([toks[p.name_at]])  # as translated (a C++ keyword renamed: `not`)
            if n in targets:
                head = f"{'const ' if p.const else ''}mql5::enum_number {name}"
                args.append(f"({out_text([toks[p.type_start]])})(int){name}")
            else:
                args.append(name)
            if p.default and n > last:
                head += " = " + out_text(toks[p.default[0]:p.default[1]])
            params.append(head)
        if fn.kind == "constructor":
            extra = f" {fn.name}({', '.join(params)}) : {fn.name}({', '.join(args)}) {{}}"
        else:
            head = out_text([x for x in toks[fn.start:fn.name_at] if x.text not in ("virtual",)])
            qualifier = " const" if "const_method" in fn.specifiers else ""
            extra = f" {head} {fn.name}({', '.join(params)}){qualifier} {{ return {fn.name}({', '.join(args)}); }}"
        tail = toks[fn.end]
        tail.out = (tail.out if tail.out is not None else tail.text) + extra


def const_array_overloads(model):
    """MQL5 deduces T as `const X` where a template's `T &a[]` gets a const array (a `const X &x[]`
    parameter, a const array); C++ cannot bind the const array to mql5::array<T>&. So beside each
    function template with such a parameter (T one of its own typename parameters) goes an
    overload taking the const array, which calls the template with const X on a read-only view
    (mql5::const_elements): in the template, the array is read only, as in MQL5. The overload
    goes where the template's declaration ends (in its class for a member; once for a free
    template declared before its definition); a member defined outside its class has it in the
    class."""
    toks = model.toks
    done = set()
    for fn in model.functions:
        if fn.template is None or fn.qualified >= 0 or fn.kind != "function" or any(p.name is None for p in fn.params):
            continue
        head_end = past_template_arguments(toks, fn.template_at + 1)
        const_names, new_params, args, key_types = set(), [], [], []
        for p in fn.params:
            param = toks[p.start:p.end]
            texts = [x.text for x in param]
            key_types.append(" ".join(x for x in texts[:texts.index("=") if "=" in texts else len(texts)] if x != p.name))
            if param[0].text in fn.template and is_array_parameter(param, 0, model):  # not `const T &a[]`
                const_names.add(param[0].text)
                new_params.append("const " + out_text(param))
                args.append(f"mql5::const_elements({p.name})")
            else:
                new_params.append(out_text(param))
                args.append(p.name)
        if not const_names:
            continue
        trailing = out_text(toks[fn.close + 1:fn.body[0] if fn.body else fn.end])
        key = (fn.name, tuple(key_types))  # a free template's declaration, then its definition
        if fn.scope.kind != "class" and key in done:
            continue
        done.add(key)
        targs = ", ".join(f"const {n}" if n in const_names else n for n in fn.template)
        overload = (f" {out_text(toks[fn.template_at:head_end])} {out_text(toks[head_end:fn.name_at])} {fn.name}"
                    f"({', '.join(new_params)}) {trailing} {{ return {fn.name}<{targs}>({', '.join(args)}); }}")
        last = toks[fn.end]
        last.out = (last.out if last.out is not None else last.text) + overload


def rvalue_matrix_overloads(model):
    """MQL5 passes a matrix or vector result to a non-const `matrix &m` / `vector &v` parameter
    (`Sign(x.Col(i))` for `vector Sign(vector &x)`); C++ binds no temporary to it. So beside each
    function (a member in its class, a free one where it is defined) with such a parameter goes,
    per parameter, an overload taking it as `&&`, which calls the function with it (then an
    lvalue). Simple types keep MQL5's refusal ("parameter passed as reference, variable expected")."""
    toks = model.toks

    def matrix_type(tt):
        texts = [x.text for x in tt]
        if len(texts) == 1:
            return texts[0] in MATRIX_ELEMENT
        return len(texts) >= 4 and texts[0] in TEMPLATE_SPELLINGS and texts[1] == "<" and texts[-1] == ">"

    # a function whose name the program passes as a value (m.Init(3,2,Fill)): no overload, so
    # that the name keeps naming one function
    valued = {t.text for k, t in enumerate(toks[:-1]) if t.kind == "id" and toks[k + 1].text != "("}
    done = set()
    for fn in model.functions:
        if fn.qualified >= 0 or fn.kind != "function" or fn.template is not None or fn.name in valued \
                or any(p.name is None for p in fn.params):
            continue
        targets = [n for n, p in enumerate(fn.params) if not p.const and not p.default and p.name_at == p.end - 1
                   and toks[p.end - 2].text == "&" and matrix_type(toks[p.type_start:p.end - 2])]
        if not targets:
            continue
        texts = [out_text(toks[p.start:p.end]) for p in fn.params]
        if fn.scope.kind == "file":
            if (fn.name, tuple(texts)) in done:
                continue
            done.add((fn.name, tuple(texts)))
        qualifier = " const" if "const_method" in fn.specifiers else ""
        head = out_text([x for x in toks[fn.start:fn.name_at] if x.text != "virtual"])
        names = ", ".join(p.name for p in fn.params)
        overloads = []
        for n in targets:
            q = fn.params[n]
            ps = [texts[k] if k != n else f"{out_text(toks[q.start:q.end - 2])} &&{q.name}"
                  for k in range(len(fn.params))]
            overloads.append(f" {head} {fn.name}({', '.join(ps)}){qualifier} {{ return {fn.name}({names}); }}")
        tail = toks[fn.end]
        tail.out = (tail.out if tail.out is not None else tail.text) + "".join(overloads)


def static_member_arrays(model):
    """`static const int s_table[];` (or [9]) in a class, `const int C::s_table[]={...};` outside:
    both become the static array the list (or the size) says (docs: Static Class Members)."""
    toks = model.toks
    for v in model.variables:
        if v.qualified < 0 or not v.dims or v.type_end != v.type_start + 1:
            continue
        dims = dim_tokens(toks, v.dims)
        if not dims[0] and v.init and toks[v.init[0]].text == "{":
            dims[0] = [Token("num", str(initializer_count(toks, v.init[0])), toks[v.name_at].file, toks[v.name_at].line)]
        if not dims[0]:
            continue
        decl = array_type(c_type(toks[v.type_start].text), dims)
        toks[v.type_start].out = decl
        blank(toks, v.dims[0][0], v.dims[-1][1] + 1)
        cls = model.classes.get(toks[v.qualified].text)
        field = cls.fields.get(v.name) if cls else None
        if field is not None and len(field.dims) == len(v.dims) and toks[field.type_start].text == toks[v.type_start].text:
            toks[field.type_start].out = decl
            blank(toks, field.dims[0][0], field.dims[-1][1] + 1)


def template_array_declarations(model):
    """X<A,B> a[] / X<A,B> *a[] (a class template's type, matrix<T> too): -> mql5::dynarray<X<A,B>> a
    (a parameter `X<A,B> *&a[]` likewise, as a reference to an array); in a list `X<A> a[], b[], c;`
    each declarator gets its own type."""
    toks = model.toks
    statements = {}
    for d in [*model.variables, *model.parameters()]:
        statements.setdefault((getattr(d, "start", d.type_start), d.type_start), []).append(d)
    for (_, i), group in statements.items():
        if not any(d.dims for d in group) or toks[i].out is not None or toks[i + 1].text != "<" \
                or not model.is_type(toks[i].text):
            continue
        m = past_template_arguments(toks, i + 1)
        if m > group[0].name_at:
            continue
        element = "".join(TEMPLATE_SPELLINGS[x.text] if x.text in TEMPLATE_SPELLINGS and y.text == "<" else
                          c_type(x.text) if x.kind == "id" else x.text
                          for x, y in zip(toks[i:m], toks[i + 1:m + 1]))
        for n, d in enumerate(group):
            first = i if n == 0 else group[n - 1].end + 1
            star = any(toks[k].text == "*" for k in range(m if n == 0 else first, d.name_at))
            inner = element + ("*" if star else "")
            dims = dim_tokens(toks, d.dims)
            if d.ref:  # a parameter: any array of that type
                const = "const " if isinstance(d, mql5_model.Param) and d.const else ""
                decl = "mql5::array<" + const + array_type(inner, dims[1:]) + "> &"
            else:
                decl = array_type(inner, dims) if dims else inner
            if n == 0:
                toks[i].out = decl
                blank(toks, i + 1, d.name_at)
            else:  # `X<A> a[], b;`: b's own type after the comma
                prefix = "".join(toks[k].text + " " for k in range(group[0].start, i) if toks[k].text in ("static", "const"))
                toks[group[n - 1].end].out = f"; {prefix}{decl} "
                blank(toks, first, d.name_at)
            if d.dims:
                blank(toks, d.dims[0][0], d.dims[-1][1] + 1)


def rewrite_array_declarations(model):
    """T a[], b=1, c[N];  ->  mql5::dynarray<T> a; T b=1; mql5::sarray<T,(N)> c;
    (T *a[]: an array of object pointers; T a[]={...}: static, sized by its list)."""
    toks = model.toks
    statements = {}
    for v in model.variables:
        words = v.type_end - v.type_start
        if v.qualified < 0 and (words == 1 or words == 2 and toks[v.type_start].text in SIGNED_SPELLINGS):
            statements.setdefault((v.start, v.type_start, words), []).append(v)
    for (start, type_start, words), group in statements.items():
        type_tok = toks[type_start]
        if type_tok.out is not None or not any(v.dims for v in group) or \
                not (model.is_type(type_tok.text) or type_tok.text in SIGNED_SPELLINGS):
            continue
        name = c_type(type_tok.text)
        if type_tok.text in SIGNED_SPELLINGS:  # unsigned char a[] (EA31337-classes' ARRAY macro)
            name, words = signed_spelling(type_tok.text, toks[type_start + 1].text if words == 2 else "")
            if words == 2:
                toks[type_start + 1].out = ""
        prefix = " ".join(toks[k].text for k in range(start, type_start) if toks[k].text in ("static", "const"))
        for n, v in enumerate(group):
            base = name + ("*" if v.pointer else "")
            dims = dim_tokens(toks, v.dims)
            if dims and not dims[0] and v.init and toks[v.init[0]].text == "{":
                # T a[]={...}: static, sized by the list (docs: Initialization of Variables,
                # https://docs.mql4.com/basis/variables/initialization)
                dims = [[Token("num", str(initializer_count(toks, v.init[0])), type_tok.file, type_tok.line)]] + dims[1:]
            decl_type = array_type(base, dims)
            if n == 0:
                type_tok.out = decl_type
            else:  # `T a[],b;`: b may follow the comma unspaced
                toks[group[n - 1].end].out = f"; {prefix} {decl_type} ".replace("  ", " ")
            for k in range(group[n - 1].end + 1 if n else type_start + 1, v.name_at):  # its * (now in the type)
                if toks[k].text == "*":
                    toks[k].out = ""
            if v.dims:
                blank(toks, v.dims[0][0], v.dims[-1][1] + 1)


def strip_definition_defaults(model):
    """MQL5 lets a member function's definition outside its class repeat the default arguments
    of its declaration (the standard library's OpenCL.mqh does) and `static` (its
    Fuzzy/ruleparser.mqh does); C++ says both once, in the class: in a definition `T
    Class::name(...) {`, each `= value` of its parameters and a `static` before it go."""
    toks = model.toks
    for fn in model.functions:
        if fn.qualified < 0 or not fn.is_definition:
            continue
        for k in range(fn.start, fn.qualified):
            if toks[k].text == "static" and toks[k].out is None:
                toks[k].out = ""
        for p in fn.params:
            if p.default:
                blank(toks, p.default[0] - 1, p.end)


def forward_declarations(model, script):
    """MQL5 calls a function defined further down the file; C++ needs it declared first. Each
    global function the program defines, in the script or an included file (not a member, an
    operator or one with default arguments) is declared before the first file-scope function
    definition that follows every type it names (a template with its head); a function of a
    namespace at the namespace's start; a #line keeps the diagnostics on the script's lines."""
    toks = model.toks
    declared_at = {}
    for c in model.class_decls:
        declared_at.setdefault(c.name, c.head)
    for e in model.enums:
        if e.name:
            declared_at.setdefault(e.name, e.head)
    for name, at in model.typedefs.items():
        declared_at.setdefault(name, at)
    starts, protos, in_namespace = [], [], {}
    for fn in model.functions:
        if not fn.is_definition or fn.owner is not None or fn.kind != "function" or fn.scope.kind not in ("file", "namespace") \
                or toks[fn.close + 1].text != "{" or fn.name_at == fn.start:
            continue
        start = fn.template_at if fn.template is not None else fn.start
        sig = toks[start:fn.close + 1]
        if any(s.text in ("=", "::", "operator") for s in sig) or (fn.template is None and any(s.text == "template" for s in sig)):
            continue
        if fn.scope.kind == "namespace":
            brace = fn.scope.open
            if any(s.kind == "id" and declared_at.get(s.text, -1) > brace for s in sig):
                continue
            in_namespace.setdefault(brace, []).append(text_of(sig).strip() + ";")
            continue
        starts.append(start)
        # declared before the first file-scope definition that follows every name it uses
        needed = max((declared_at[s.text] for s in sig if s.kind == "id" and s.text in declared_at), default=-1)
        protos.append((needed, text_of(sig).strip() + ";"))
    for brace, names in in_namespace.items():
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


def repeated_parameter_names(model):
    """A declaration without a body that names two parameters alike (`bool F(int n, int n);`,
    which MetaEditor compiles: docs/mql5-harness.md, "Evidence"): the repeated names go (a
    prototype needs none); C++ refuses the repetition."""
    for fn in model.functions:
        if fn.is_definition:
            continue
        seen = set()
        for p in fn.params:
            if p.name in seen:
                model.toks[p.name_at].out = ""
            seen.add(p.name)


def two_index_elements(model):
    """m[r,c]: a matrix element by two indices (MetaEditor compiles it: docs/mql5-harness.md,
    "Evidence"); C++ would read a comma operator: -> m[mql5::index2(r,c)]."""
    toks = model.toks
    for i, t in enumerate(toks):
        if t.text != "[" or t.kind != "op" or t.out is not None:
            continue
        close, depth = matching(toks, i), 0
        for k in range(i + 1, close):
            depth += (toks[k].text in ("(", "[", "{")) - (toks[k].text in (")", "]", "}"))
            if depth == 0 and toks[k].text == ",":
                t.out, toks[close].out = "[mql5::index2(", ")]"
                break


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
        elif t.kind == "id" and t.text in SIGNED_SPELLINGS:  # unsigned int -> uint, signed char -> char ...
            t.out, words = signed_spelling(t.text, toks[i + 1].text if i + 1 < len(toks) else "")
            if words == 2:
                toks[i + 1].out = ""
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


def class_bodies(model):
    """Each class, struct and interface the program defines gets, at the start of its body: an
    operator-> giving itself (MQL5 writes '.' for members through pointers and objects alike: the
    translator writes '->' for every '.'), and its name for typename(). A class whose bases are
    no class of the program gets mql5::object as its first base: the registry of live objects
    behind CheckPointer (docs: Object Pointers). An interface is a struct of public pure virtual
    methods with a virtual destructor (docs: Interfaces)."""
    toks = model.toks
    kinds = {}
    for c in model.class_decls:
        kinds.setdefault(c.name, c.keyword)

    def visible_methods(cls):
        """Names of the public and protected methods of cls (not constructors, destructors, operators)."""
        c = model.classes.get(cls)
        return {n for n, fns in (c.methods.items() if c else ()) if fns[0].kind == "function" and fns[0].access != "private"}

    def inherited(cls, seen=()):
        out = visible_methods(cls)
        c = model.classes.get(cls)
        for b in c.bases if c else ():
            if b.name not in seen:
                out |= inherited(b.name, seen + (cls,))
        return out

    for c in model.class_decls:
        if c.open < 0:
            continue  # a declaration, not a definition
        t, name, j, colon = toks[c.head], c.name, c.open, c.colon
        brace = toks[j]
        inject = (f" public: {name}* operator->() {{ return this; }} const {name}* operator->() const {{ return this; }}"
                  f' static const char16_t* mql5_type_name() {{ return u"{"class" if t.text == "interface" else t.text} {name}"; }}')
        if t.text == "interface":
            t.out = "struct"
            inject += f" virtual ~{name}() {{}}"
            pure_virtual_members(model, c)
        elif t.text == "class":
            if not any(kinds.get(b.name) == "class" or (b.name in model.types and b.name not in kinds) for b in c.bases):
                if colon < 0 and c.final >= 0:  # class X final {
                    toks[c.final].out = "final : public mql5::object"
                elif colon < 0:
                    toks[c.head + 1].out = f"{name} : public mql5::object"
                else:
                    toks[colon].out = ": public mql5::object,"
            # The terminal converts a pointer to any base, whatever the inheritance's access
            # (class X : protected CBase, then CBase *p = x): the bases are public here.
            for b in c.bases:
                if toks[b.start].text in ("private", "protected"):
                    toks[b.start].out = "public"
                elif toks[b.start].text != "public" and toks[b.start].kind == "id" and toks[b.start].text != "virtual":
                    toks[b.start].out = "public " + toks[b.start].text
            # each class allocates through the registry itself (a base reached through a
            # protected one would hide mql5::object's operator new)
            inject += (" static void* operator new(decltype(sizeof 0) n) { return mql5::object_allocate(n); }"
                       " static void* operator new(decltype(sizeof 0), void* at) { return at; }"
                       " static void operator delete(void* at, decltype(sizeof 0) n) { mql5::object_release(at, n); }"
                       " static void operator delete(void*, void*) {}")
        # ArrayResize keeps the elements of an array of this class: mql5::take moves them member by
        # member where the class cannot be copied (its members are arrays)
        if t.text != "interface":
            taken = [f"{b.text}::mql5_take(mql5_from);" for b in c.bases
                     if b.name in model.classes and model.classes[b.name].keyword != "interface"]
            taken += [f"mql5::take({f.name}, mql5_from.{f.name});" for f in c.fields.values()
                      if not f.specifiers & {"static", "const"} and f.qualified < 0]
            inject += f" void mql5_take({name}& mql5_from) {{ {' '.join(taken)} }}"
            inject += copy_members(model, c)
        # an ancestor's value assigned to a descendant, or initialising one, copies the ancestor's
        # part (docs: Structures, Classes; a structure that declares no constructor keeps its
        # brace initialisation, so it gets the assignment only)
        if c.bases and t.text != "interface":
            ancestor = f"template <class mql5_U, typename std::enable_if<mql5::is_ancestor<mql5_U, {name}>, int>::type = 0>"
            inject += f" {ancestor} {name}& operator=(const mql5_U& mql5_from) {{ static_cast<mql5_U&>(*this) = mql5_from; return *this; }}"
            constructors = any(fns[0].kind == "constructor" for fns in c.methods.values())
            if t.text == "class" or constructors:
                inject += f" {ancestor} {name}(const mql5_U& mql5_from) : {name}() {{ static_cast<mql5_U&>(*this) = mql5_from; }}"
                if not constructors and f" {name}() = default;" not in inject:  # the implicit one stays
                    inject += f" {name}() = default;"
        # MQL5 finds a method among the base's overloads too, where C++ hides them behind the
        # derived class's method of the same name (CArrayInt::Minimum and CArray::Minimum<T>)
        own = {n for n, fns in c.methods.items() if fns[0].kind == "function"}
        for b in c.bases:
            for m in sorted(own & inherited(b.name)):
                inject += f" using {b.text}::{m};"
        # MQL5 lets a derived class reach the protected members of its base through any pointer
        # to the base (CNeuronBase *n; n.Connections), C++ only through its own type: friends
        if t.text == "class":
            for d in sorted(model.descendants(name)):
                n = len(model.classes[d].template or [])
                inject += f" template <{', '.join(['typename'] * n)}> friend class {d};" if n else f" friend class {d};"
        brace.out = (brace.out if brace.out is not None else brace.text) + inject + f" {c.default_access}:"


def copy_members(model, c):
    """A structure or class with array members is assigned and copied member by member, its arrays
    element by element (EA31337-classes, compiled by MetaEditor in its CI, assigns whole structures
    whose members are dynamic arrays: IndicatorParams). C++ deletes the implicit copy where a
    member is an array of the runtime (not assignable: a program's `a = b` of arrays stays refused)."""
    toks = model.toks
    fields = [f for f in c.fields.values() if not f.specifiers & {"static", "const"} and f.qualified < 0]
    if not any(f.dims for f in fields):
        return ""
    name = c.name

    def of_own_type(fn):
        return len(fn.params) >= 1 and any(t.text == name for t in toks[fn.params[0].type_start:fn.params[0].end])
    operators = [f for f in c.methods.get("operator", ()) if toks[f.name_at + 1].text == "=" and of_own_type(f)]
    ctors = [f for fns in c.methods.values() for f in fns if f.kind == "constructor"]
    parts = [f"{b.text}::operator=(mql5_from);" for b in c.bases
             if b.name in model.classes and model.classes[b.name].keyword != "interface"]
    parts += [f"mql5::copy_array({f.name}, mql5_from.{f.name});" if f.dims else f"{f.name} = mql5_from.{f.name};"
              for f in fields]
    out = ""
    if not operators:
        out += f" public: {name}& operator=(const {name}& mql5_from) {{ {' '.join(parts)} return *this; }}"
    if not any(of_own_type(f) for f in ctors):
        out += f" public: {name}(const {name}& mql5_from) {{ *this = mql5_from; }}"
        if not ctors:
            out += f" {name}() = default;"
    return out


def pure_virtual_members(model, cls):
    """The methods declared in an interface's body: `virtual ... = 0;`."""
    toks = model.toks
    for fns in cls.methods.values():
        for fn in fns:
            first = toks[fn.start]
            if first.text != "virtual":
                first.out = "virtual " + (first.out if first.out is not None else first.text)
            if fn.pure < 0 and not fn.is_definition:
                toks[fn.end].out = " = 0;"


def rewrite_objects(model):
    """delete p -> mql5::destroy(p) (checks the pointer as the terminal does); a cast to a class
    pointer (CDerived*)p -> (mql5::pointer_to<CDerived>)p (the terminal checks the object's type);
    typename(x) -> the name of x's type (docs: Function Templates)."""
    toks, classes = model.toks, model.pointer_types
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
            if len(inner) == 1 and inner[0].kind == "id" and model.is_type(inner[0].text):
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


PACK_SIZES = {"char": 1, "uchar": 1, "bool": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "float": 4, "color": 4,
              "long": 8, "ulong": 8, "double": 8, "datetime": 8}


def struct_packing(model):
    """A structure's members one after another, without alignment, or aligned as its pack(n) says
    (docs: Structures: "'pack(1)' is applied by default for structures"; pack([n]), n 1, 2, 4, 8 or
    16, before or after the name):  struct S pack(8) {...};  ->  #pragma pack(push, 8) struct S
    {...}; #pragma pack(pop), each pragma on its own line, the #line after it keeping the lines."""
    toks = model.toks
    for cls in model.class_decls:
        if cls.keyword != "struct" or cls.open < 0:
            continue
        n = 1
        for k in range(cls.head + 1, cls.open):
            if toks[k].text == "pack" and toks[k + 1].text == "(":
                close = matching(toks, k + 1)
                inner = [t.text for t in toks[k + 2:close]]
                if len(inner) == 1 and inner[0].isdigit():
                    n = int(inner[0])
                elif len(inner) == 4 and inner[0] == "sizeof":
                    n = PACK_SIZES.get(inner[2], 8)
                blank(toks, k, close + 1)
                break
        end = cls.close + 1
        depth = 0
        while end < len(toks) and not (depth == 0 and toks[end].text == ";"):
            depth += (toks[end].text in "([{") - (toks[end].text in ")]}")
            end += 1
        if end >= len(toks):
            continue
        first = toks[cls.template_at if cls.template_at >= 0 else cls.head]
        first.out = line_marker(first.line, first.file, before=f"\n#pragma pack(push, {n})\n", after="\n") + \
            (first.out if first.out is not None else first.text)
        last = toks[end]  # what follows it goes on as on its line
        last.out = (last.out if last.out is not None else last.text) + line_marker(last.line, last.file, before="\n#pragma pack(pop)\n", after="\n")


def pointer_conversions(model):
    """MQL5 converts a base class pointer to a derived one implicitly, checking the object's type
    at run time (docs: Object Pointers; the terminal stops on a wrong type), C++ only explicitly:
    the value given to a name declared as an object pointer (`C *p = e`, `p = e`) and the value a
    function returning an object pointer returns go through mql5::object_cast, which converts to
    whichever pointer the destination is (and leaves any other value as it is). p[i] on an object
    pointer is the object's operator[] (a pointer is no array in MQL5)."""
    toks = model.toks
    classes = model.pointer_types

    def class_pointer(d):
        return isinstance(d, (mql5_model.VarDecl, mql5_model.Param)) and d.pointer and not d.dims \
            and toks[d.type_start].text in classes
    # a member reached through another object (x.m = e): any member of that name
    members = {v.name for v in model.variables if v.scope.kind == "class" and class_pointer(v)}

    def pointer_at(i):
        if i and toks[i - 1].text in (".", "->"):
            return toks[i].text in members
        return class_pointer(model.lookup(toks[i].text, i))

    def wrap(start, stops):
        """Wraps the value at toks[start] (value_end)."""
        k = value_end(model, start, stops)
        if k >= len(toks) or k == start or [x.text for x in toks[start:k] if x.text not in "()"] in (["NULL"], ["this"], ["0"]):
            return  # NULL stays a null pointer constant
        first, last = toks[start], toks[k]
        first.ws = first.ws + " mql5::object_cast("
        last.out = ")" + (last.out if last.out is not None else last.text)

    for i in range(len(toks) - 2):
        t = toks[i]
        if t.kind == "id" and toks[i + 1].text == "=" and toks[i + 1].kind == "op" and toks[i + 1].out is None \
                and pointer_at(i):
            wrap(i + 2, (";", ","))
        elif t.kind == "id" and toks[i + 1].text == "[" and t.out is None and toks[i + 1].out is None \
                and toks[i - 1].text not in (".", "::") and pointer_at(i):
            t.out = f"(*{t.text})"
    # functions returning an object pointer: C *name(...) [const] { ... return e; ... }
    for fn in model.functions:
        before = (fn.qualified if fn.qualified >= 0 else fn.name_at) - 1
        if fn.is_definition and fn.kind == "function" and toks[before].text == "*" and toks[before - 1].text in classes:
            for r in range(fn.body[0], fn.body[1]):
                if toks[r].text == "return" and toks[r + 1].text != ";":
                    wrap(r + 1, (";",))


def struct_casts(model):
    """(S)x between simple structures copies the bytes (docs: Typecasting, simple structures):
    -> (mql5::struct_bits<S>)x."""
    toks = model.toks
    structs = {c.name for c in model.class_decls if c.keyword == "struct"}
    for i in range(len(toks) - 3):
        t = toks[i]
        if t.text == "(" and t.out is None and toks[i + 1].text in structs and toks[i + 2].text == ")" \
                and not (i and toks[i - 1].kind == "id" and toks[i - 1].text != "return") \
                and (toks[i + 3].kind == "id" or toks[i + 3].text == "("):
            toks[i + 1].out = f"mql5::struct_bits<{toks[i + 1].text}>"


def shadowed_overloads(model):
    """f(a, b = 1) beside f(a): MQL5 calls f(x) the one without defaults, C++ finds the call
    ambiguous; the one with defaults becomes a template (C++ prefers a non-template)."""
    toks = model.toks
    found = []  # (name, key types, defaults, start index)
    for fn in model.functions:
        if fn.scope.kind != "file" or fn.qualified >= 0 or fn.template is not None or fn.kind != "function" \
                or fn.name_at == fn.start:
            continue
        keys, defaults = [], 0
        for p in fn.params:
            head = [x.text for x in toks[p.start:(p.default[0] - 1) if p.default else p.end]]
            defaults += p.default is not None
            keys.append(" ".join(x for x in head if x != p.name))
        found.append((fn.name, keys, defaults, fn.start))
    plain = {(n, tuple(k)) for n, k, d, _ in found}
    for name, keys, defaults, start in found:
        if defaults and any((name, tuple(keys[:len(keys) - c])) in plain for c in range(1, defaults + 1)):
            toks[start].ws = toks[start].ws + "template <int = 0> "


def template_member_definitions(model):
    """A member of a class template defined outside it: MQL5 writes `template<typename T>
    CList::Add(...)` and `template<typename T> static int CList::s_count=0;`, C++ `CList<T>::Add`:
    the header's parameters are added to the class name."""
    toks = model.toks
    for d in [*model.functions, *model.variables]:
        owner = toks[d.qualified].text if d.qualified >= 0 else None
        cls = model.classes.get(owner)
        if owner and d.template is not None and cls is not None and cls.template is not None \
                and toks[d.qualified + 1].text == "::" and toks[d.qualified].out is None:
            toks[d.qualified].out = f"{owner}<{', '.join(d.template)}>"


def unmatched_template_members(model):
    """MetaEditor compiles a class template's members where they are used, and a definition outside
    the class that matches none of its declarations is one more member: the terminal's
    Generic/Queue.mqh declares `CQueue(ICollection<T>&collection[])` and defines
    `CQueue::CQueue(ICollection<T>*collection)`, and its UnitTests/Generic/TestQueue.mq5, which calls
    the pointer form, is compiled to TestQueue.ex5 (A6-9V/ZOLO-A6-9VxNUNA-, a terminal's data
    folder). C++ wants every member declared in its class. Returns [(definition, the first
    declaration of its name)]: unmatched_declarations declares it there once all else is rewritten."""
    toks = model.toks

    def shape(p):
        types = [t.text for t in toks[p.type_start:p.name_at if p.name else p.end] if t.text not in ("const",)]
        return tuple(types) + (len(p.dims),)
    out = []
    for fn in model.functions:
        cls = model.classes.get(fn.owner)
        if fn.qualified < 0 or cls is None or cls.template is None or not fn.is_definition:
            continue
        declared = [f for f in cls.methods.get(fn.name, ()) if f is not fn]
        if declared and not any([shape(p) for p in f.params] == [shape(p) for p in fn.params] for f in declared):
            out.append((fn, declared[0]))
    return out


def unmatched_declarations(model, unmatched):
    """The declaration of each definition unmatched_template_members found, as rewritten, after
    the first declaration of its name in the class (so with its access)."""
    toks = model.toks
    for fn, first in unmatched:
        start = past_template_arguments(toks, fn.template_at + 1) if fn.template is not None else fn.start
        head = toks[start:fn.qualified] + toks[fn.qualified + 2:fn.close + 1]
        head += toks[fn.close + 1:fn.init if fn.init >= 0 else fn.body[0]]
        end = toks[first.end]
        end.out = (end.out if end.out is not None else end.text) + "\n" + text_of(head).strip() + ";"


def temporary_conversions(model):
    """A constructor taking one object by reference converts a temporary too: EA31337-classes'
    MatrixTest (compiled by MetaEditor in its CI) writes `Matrix<double> m = matrix[2];`, whose
    operator[] returns a MatrixDimensionAccessor by value, for Matrix(MatrixDimensionAccessor<X>
    &accessor). C++ binds no temporary to a non-const reference: each such constructor declared
    in its class (of another class's reference, not a copy constructor) gets a twin taking the
    temporary, which calls it. Run once all else is rewritten: the twin is the rewritten text."""
    toks = model.toks
    for fn in model.functions:
        cls = model.classes.get(fn.owner)
        if fn.kind != "constructor" or fn.qualified >= 0 or cls is None or not fn.params or \
                any(p.default for p in fn.params):
            continue
        p = fn.params[0]
        if not p.ref or p.const or p.pointer or p.dims or toks[p.type_start].text not in model.classes \
                or toks[p.type_start].text == fn.owner:
            continue
        k = p.type_start
        while k < p.end and toks[k].text != "&":
            k += 1
        end = toks[fn.body[1] if fn.is_definition else fn.end]
        end.out = (end.out if end.out is not None else end.text) + \
            f" {fn.owner}({text_of(toks[p.type_start:k]).strip()}&& mql5_from) : {fn.owner}(mql5_from) {{}}"


def unused_function_templates(model):
    """MetaEditor compiles a function template where it is used: the body of one no code names may
    use names declared nowhere (EA31337-classes, compiled by MetaEditor in its CI: its
    IndicatorParams::GetInputParam<T> reads an undeclared `param`). C++ looks such names up at once:
    a function template whose name no other token of the program spells is left out. Returns the
    definitions to leave out: leave_out blanks them once all else is rewritten (a later rewrite
    would write into a blanked one)."""
    toks = model.toks
    heads = {fn.name_at for fn in model.functions}
    spelled = {t.text for i, t in enumerate(toks) if t.kind == "id" and i not in heads}
    out = []
    for fn in model.functions:
        if fn.template is None or not fn.is_definition or fn.kind != "function" or fn.name in spelled:
            continue
        if any(t.out is not None for t in toks[fn.template_at:fn.body[1] + 1]):
            continue  # another rewrite has been here
        out.append(fn)
    return out


def leave_out(model, functions):
    toks = model.toks
    for fn in functions:
        blank(toks, fn.template_at, fn.body[1] + 1)
        for t in toks[fn.template_at:fn.body[1] + 1]:  # what rewrites wrote before a token too
            t.ws = "\n" * t.ws.count("\n")
        toks[fn.template_at].out = f"/* {fn.name}: a template no code uses: left out, as MetaEditor compiles it */"


def global_calls_in_members(model):
    """MQL5 finds a global function beside a class's methods of the same name: in CCanvas::TextOut
    the terminal's Canvas.mqh calls the global TextOut with 9 arguments. C++'s member hides it: a
    call in a class's method whose number of arguments fits none of the class's methods of that
    name, and does fit a global function (the program's, or the runtime's: the reference's names),
    is written ::Name."""
    toks = model.toks
    globals_ = {fn.name for fn in model.functions if fn.owner is None and fn.kind == "function"} | reference_functions()

    def counts(cls, name, seen=()):
        """(fewest, most) arguments the methods of cls and its bases named so take; None if none."""
        out = []
        c = model.classes.get(cls)
        if c is None or cls in seen:
            return out
        for f in c.methods.get(name, ()):
            out.append((sum(1 for p in f.params if not p.default), len(f.params)))
        for b in c.bases:
            out += counts(b.name, name, seen + (cls,))
        return out
    for i, t in enumerate(toks[:-1]):
        if t.kind != "id" or toks[i + 1].text != "(" or t.text not in globals_ or t.out is not None \
                or (i and toks[i - 1].text in (".", "->", "::", "~")) or (i and toks[i - 1].kind == "id" and toks[i - 1].text != "return"):
            continue
        cls = model.class_at(i)
        if cls is None or model.function_at(i) is None:
            continue
        ranges = counts(cls.name, t.text)
        if not ranges:
            continue
        n = len(split_parameters(toks, i + 1, matching(toks, i + 1), model))
        if not any(lo <= n <= hi for lo, hi in ranges):
            t.out = "::" + t.text


def reference_functions():
    """The names of the MQL5 reference's functions (reference/mql5_reference.json)."""
    global _REFERENCE_FUNCTIONS
    if _REFERENCE_FUNCTIONS is None:
        entries = json.loads((Path(__file__).resolve().parent / "reference/mql5_reference.json").read_text(encoding="utf-8"))
        _REFERENCE_FUNCTIONS = {e["name"] for e in entries["entries"] if e["kind"] == "function"}
    return _REFERENCE_FUNCTIONS


_REFERENCE_FUNCTIONS = None


def runtime_words():
    """Every name the runtime's headers call or declare (a function name among them)."""
    global _RUNTIME_WORDS
    if _RUNTIME_WORDS is None:
        _RUNTIME_WORDS = set()
        for f in (Path(__file__).resolve().parent / "runtime").glob("*.hpp"):
            _RUNTIME_WORDS |= set(re.findall(r"\b(\w+)\s*\(", f.read_text(encoding="utf-8")))
    return _RUNTIME_WORDS


_RUNTIME_WORDS = None


def refused_functions(model):
    """The reference's functions the harness refuses (reference.py REFUSED: what needs a live
    terminal, what is not in the harness yet) that the program calls: each named with its reason
    on stderr at translation, and declared so that the program compiles (a library may mention one
    in code the program never runs); called, it stops the program with the reason."""
    functions = reference.refused()[0]
    own = {fn.name for fn in model.functions}
    toks, out, seen = model.toks, [], set()
    for i, t in enumerate(toks):
        if t.kind != "id" or t.text not in functions or t.text in own or t.text in seen or t.text in runtime_words() \
                or i + 1 >= len(toks) or toks[i + 1].text != "(" or (i and toks[i - 1].text in (".", "->")):
            continue
        seen.add(t.text)
        why, page, ret = functions[t.text]
        sys.stderr.write(f"{t.where()}: note: {t.text} is refused by the harness: {why} [{page}]; "
                         "the program stops if it calls it\n")
        c = c_type(ret) if ret in SIMPLE_RETURNS else "mql5::refused_value"
        out.append(f"template <class... A> {c} {t.text}(A&&...) {{ return mql5::refuse<{c}>({json.dumps(t.text)}, "
                   f"{json.dumps(why)}); }}\n")
    return "".join(out)


SIMPLE_RETURNS = {"void", "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
                  "string", "datetime", "color"}


def declarator_qualifiers(model):
    """`for(int i=m_head,const end=m_head+m_size; ...)`: MetaEditor takes `const` before a later
    declarator of a list (the terminal's Generic/Queue.mqh writes it); C++ only before the first."""
    toks = model.toks
    previous = {}
    for v in model.variables:
        key = (v.start, v.type_start)
        if key in previous:
            for k in range(previous[key].end + 1, v.name_at):
                if toks[k].text in ("const", "static") and toks[k].out is None:
                    toks[k].out = ""
        previous[key] = v


def undeclared_templates(model):
    """MQL5 compiles a class template's body where the template is used: a template never used
    may name a template the program never declares (the terminal's Generic/HashMap.mqh derives
    CKeyValuePairComparer from IComparer<...> without including IComparer.mqh). C++ reads every
    template's body: each such name is declared a template (never defined), at the start."""
    toks = model.toks
    names = set()
    for c in model.class_decls:
        if c.template is not None:
            names |= {b.name for b in c.bases}
    for i, t in enumerate(toks[:-1]):
        if t.kind == "id" and t.text != "template" and toks[i + 1].text == "<" and model.class_at(i) is not None \
                and model.class_at(i).template is not None and mql5_model.angle_end(toks, i + 1) > i + 1:
            after = toks[mql5_model.angle_end(toks, i + 1)] if mql5_model.angle_end(toks, i + 1) < len(toks) else None
            if after is not None and (after.text in ("*", "&") or after.kind == "id"):
                names.add(t.text)
    unknown = sorted(n for n in names if not model.is_type(n) and n not in TEMPLATE_SPELLINGS and n not in model.namespaces)
    return "".join(f"template <typename...> struct {n};\n" for n in unknown)


def argument_sites(model):
    """Each call's arguments with the declarations it may call: [(args, [FunctionDecl])], those
    with at least as many parameters as arguments. The calls are f(...), obj.f(...), `new C(...)`
    and objects `C c(...)`; for obj.f( of a variable or parameter of a class of the program, only
    its class's and its bases' methods are candidates (another class's method of that name is
    not). Found once; pointer_arguments, integer_references and this_to_references read them."""
    toks = model.toks
    decls = {}  # name -> [FunctionDecl]
    by_owner = {}  # (class, name) -> the same, of that class's methods
    for fn in model.functions:
        decls.setdefault(fn.name, []).append(fn)
        if fn.owner is not None:
            by_owner.setdefault((fn.owner, fn.name), []).append(fn)

    def methods_of(obj_at, name):
        cls = model.object_class(obj_at)
        if cls is None:
            return None
        found = [k for c in [cls] + model.ancestors(cls) for k in by_owner.get((c, name), [])]
        return found or None
    heads = {fn.name_at for fn in model.functions}
    calls = []  # (function or class name, '(' of the arguments)
    for i in range(1, len(toks) - 1):
        t = toks[i]
        if i in heads or not (t.kind == "id" and t.text in decls and toks[i + 1].text == "(") \
                or toks[i - 1].kind == "id" and toks[i - 1].text not in ("return", "else", "case", "new") \
                or toks[i - 1].text in ("*", "&", "::", "~"):
            continue
        calls.append((t.text, i + 1))
    calls += [(toks[v.type_start].text, v.init[0] - 1) for v in model.variables
              if v.ctor_args and toks[v.type_start].text in decls]
    out = []
    for name, open_ in calls:
        args = split_parameters(toks, open_, matching(toks, open_), model)
        candidates = (methods_of(open_ - 3, name) if toks[open_ - 2].text == "." else None) or decls[name]
        out.append((args, [fn for fn in candidates if len(fn.params) >= len(args)]))
    return out


def argument_targets(candidates, n, kind_of):
    """What the candidate declarations take as argument n: {kind_of(fn, parameter)}, None where
    one has no parameter n or kind_of says None."""
    return {kind_of(fn, fn.params[n]) if n < len(fn.params) else None for fn in candidates}


def pointer_arguments(model, sites):
    """The same implicit base-to-derived conversion for an argument given to a parameter that
    every candidate declaration of the function declares `C *name` of one class C: the argument
    goes through mql5::object_cast."""
    toks = model.toks
    classes = model.pointer_types

    def pointer_class(fn, p):
        texts = [x.text for x in toks[p.type_start:p.default[0] - 1 if p.default else p.end]]
        return texts[0] if len(texts) == 3 and texts[0] in classes and texts[1] == "*" else None
    for args, candidates in sites:
        for n, arg in enumerate(args):
            targets = argument_targets(candidates, n, pointer_class)
            if len(targets) != 1 or None in targets or not arg:
                continue
            if [x.text for x in arg if x.text not in "()"] in (["NULL"], ["this"], ["0"]):
                continue
            arg[0].ws = arg[0].ws + " mql5::object_cast("
            arg[-1].out = (arg[-1].out if arg[-1].out is not None else arg[-1].text) + ")"


# An integer type (as the translator writes it, c_type) and the one of the other signedness and
# the same size.
OTHER_SIGNEDNESS = {"mql_char": "mql_uchar", "mql_uchar": "mql_char", "short": "mql_ushort", "mql_ushort": "short",
                    "int": "mql_uint", "mql_uint": "int", "mql_long": "mql_ulong", "mql_ulong": "mql_long"}


def integer_references(model, sites):
    """MetaEditor gives a variable of one integer type to a reference parameter of the same size and
    the other signedness (the standard library's CChartCanvas passes `uint w, h` to CCanvas::TextSize's
    `int &width, int &height`, compiled into HistogramChartSample.ex5; EA31337-classes' Dict passes
    an int to `unsigned int &position`). C++ binds no such reference: the variable is given as the
    parameter's type, the same bits (mql5::same_bits)."""
    toks = model.toks
    at = {id(t): i for i, t in enumerate(toks)}

    def integer_name(words):  # the integer type written so (C's spellings too), as c_type names it
        if words[:1] and words[0] in SIGNED_SPELLINGS:
            name, taken = signed_spelling(words[0], words[1] if len(words) > 1 else "")
        else:
            name, taken = c_type(words[0]) if words else None, 1
        return name if taken == len(words) and name in OTHER_SIGNEDNESS else None

    def integer_reference(fn, p):
        words = [x.text for x in toks[p.type_start:p.name_at]]
        if not p.ref or p.pointer or p.dims or p.const or words[-1:] != ["&"]:
            return None
        return integer_name(words[:-1])
    for args, candidates in sites:
        for n, arg in enumerate(args):
            if len(arg) != 1 or arg[0].kind != "id" or arg[0].out is not None:
                continue
            targets = argument_targets(candidates, n, integer_reference)
            if len(targets) != 1 or None in targets:
                continue
            var = model.lookup(arg[0].text, at[id(arg[0])])
            if isinstance(var, mql5_model.VarDecl) and not var.pointer and not var.dims and not var.ref:
                declared = integer_name([x.text for x in toks[var.type_start:var.type_end]])
            elif isinstance(var, mql5_model.Param) and not var.pointer and not var.dims and not var.ref and var.name:
                declared = integer_name([x.text for x in toks[var.type_start:var.name_at]])
            else:
                continue
            target = targets.pop()
            if OTHER_SIGNEDNESS.get(declared) == target:
                arg[0].out = f"mql5::same_bits<{target}>({arg[0].text})"


ANY_CLASS = "<a template's parameter>"


def pointer_result(model, fn):
    """The class fn returns a pointer of; ANY_CLASS where that is a template's parameter (MQL5's
    pointers are of classes alone); None where fn returns no pointer."""
    head = [x.text for x in return_type(model.toks, fn)]
    if len(head) != 2 or head[1] != "*":
        return None
    owner = model.classes.get(fn.owner)
    return ANY_CLASS if head[0] in (fn.template or ()) + tuple(owner.template or () if owner else ()) else head[0]


def nearest_methods(model, cls, name, op=None):
    """The methods named `name` (for "operator", those of operator `op`) of the nearest of cls and
    its bases that declares one; [] where none does."""
    for c in [cls] + model.ancestors(cls):
        decl = model.classes.get(c)
        own = [f for f in (decl.methods.get(name, ()) if decl else ()) if op is None or model.toks[f.name_at + 1].text == op]
        if own:
            return own
    return []


def index_result(model, cls):
    """What cls's operator[] returns a pointer of (pointer_result; of the nearest class declaring an
    operator[]); None where it returns no pointer or its overloads differ."""
    kinds = {pointer_result(model, f) for f in nearest_methods(model, cls, "operator", "[")}
    return next(iter(kinds)) if len(kinds) == 1 else None


def indexed_object_pointers(model):
    """MQL5 indexes an object through its pointer: `((CArrayDouble*)m_data)[i]` calls the object's
    operator[] (the standard library's CChartCanvas, compiled into HistogramChartSample.ex5); C++
    would index memory. A `[` after a pointer to a class with an operator[] -- a cast to it in
    parentheses, a call of a function every declaration of which returns one (of obj.f(, those of
    the nearest of obj's class and its bases to declare f; EA31337-classes' DictTest indexes
    `iter.Value()[3]` of a `V *Value()`) -- is written `(*p)[` (a variable declared so:
    pointer_conversions)."""
    toks = model.toks

    def opening(j):  # the '(' of the ')' at j
        depth = 0
        for k in range(j, -1, -1):
            depth += (toks[k].text == ")") - (toks[k].text == "(")
            if depth == 0:
                return k
        return -1
    returned = lambda fn: pointer_result(model, fn)  # noqa: E731
    returns = {}  # name -> {returned(each declaration)}
    for fn in model.functions:
        returns.setdefault(fn.name, set()).add(returned(fn))
    for i, t in enumerate(toks):
        if t.text != "[" or t.kind != "op" or i < 2 or t.out is not None:
            continue
        prev, start, cls = toks[i - 1], -1, None
        if prev.text == "this" and model.class_at(i) is not None:
            start, cls = i - 1, model.class_at(i).name  # this[: MatrixTest's Matrix::GetValue
        elif prev.text == "]" and toks[i - 2].text != "[":
            # obj[k][ where obj's operator[] returns a pointer (DictTest: dict9[0][2]), and on
            # along obj[a][b][ (JAson's CJAVal: js["a"]["b"])
            groups, k = [], i - 1
            while toks[k].text == "]" and k > 0:
                o, depth = k, 0
                while o >= 0:
                    depth += (toks[o].text == "]") - (toks[o].text == "[")
                    if depth == 0:
                        break
                    o -= 1
                groups.append(o)
                k = o - 1
            if k >= 0 and model.object_class(k):
                cls = model.object_class(k)
                for _ in groups:
                    cls = index_result(model, cls) if cls not in (None, ANY_CLASS) else None
                start = k
        elif prev.text == ")":
            o = opening(i - 1)
            if o >= 0 and [x.text for x in toks[o + 1:o + 5]][::2] == ["(", "*"] and toks[o + 4].text == ")":
                start, cls = o, toks[o + 2].text  # ((C*)x)[
            elif o > 0 and toks[o - 1].kind == "id":
                name, start = toks[o - 1].text, o - 1  # f(...)[, obj.f(...)[
                kinds = returns.get(name, set())
                if toks[start - 1].text == "." and model.object_class(start - 2):
                    # obj.f(: the nearest of obj's class and its bases that declares f (MQL5 pointers
                    # are of classes only: a template's parameter T in `T *f()` is a class)
                    own = nearest_methods(model, model.object_class(start - 2), name)
                    if own:
                        kinds = {returned(f) for f in own}
                cls = next(iter(kinds)) if len(kinds) == 1 else None
                while start >= 2 and toks[start - 1].text == "." and toks[start - 2].kind == "id":
                    start -= 2
                if toks[start - 1].text in (".", "->", "::", ")"):
                    continue
        if start < 0 or cls is None or (cls is not ANY_CLASS and not nearest_methods(model, cls, "operator", "[")):
            continue
        toks[start].out = "(*" + (toks[start].out if toks[start].out is not None else toks[start].text)
        toks[i - 1].out = (toks[i - 1].out if toks[i - 1].out is not None else toks[i - 1].text) + ")"


def hoisted_definitions(model, left_out=()):
    """MQL5 compiles a file as a whole: a function may use a class defined further down (new CLater,
    its members; the terminal's Math/Fuzzy/dictionary.mqh uses a class its include declares after
    it); C++ needs that class complete. So every function defined at file scope, a member defined
    outside its class or a free one, moves to the end of the translation unit with its #line; a
    free one leaves its declaration where it was (its default values there, not at the end).
    Returns [(first token, last token, the declaration left in place or None)]."""
    toks = model.toks
    out = []
    for fn in model.functions:
        if fn in left_out:
            continue
        if fn.is_definition and fn.scope.kind == "file" and (fn.qualified >= 0 or (fn.owner is None and fn.kind == "function")):
            start = fn.template_at if fn.template is not None else fn.start
            prototype = None
            if fn.qualified < 0:
                prototype = text_of(toks[start:fn.close + 1]).strip() + ";"
                for p in fn.params:
                    if p.default:
                        blank(toks, p.default[0] - 1, p.end)
            out.append((start, fn.body[1], prototype))
    return out


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


def default_constructed_locals(model):
    """`CFoo obj();` in a function's body: MQL5 makes an object with the default constructor
    (the standard library's generic containers write it), C++ would declare a function."""
    for v in model.variables:
        if v.ctor_args and v.init[0] == v.init[1] and v.scope.kind in ("function", "block", "for"):
            model.toks[v.init[0] - 1].out, model.toks[v.init[1]].out = "", ""


def method_checks(model):
    """Every method of a class (not a static one, a constructor or a destructor) starts with
    mql5::check_this(this): a call through a NULL or deleted object's pointer stops the program
    with "invalid pointer access", as in the terminal, even where the method reads no member."""
    toks = model.toks
    classes = {c.name for c in model.class_decls if c.keyword == "class"}

    def static(cls, name):
        c = model.classes.get(cls)
        return c is not None and any("static" in f.specifiers for f in c.methods.get(name, ()))
    for fn in model.functions:
        if not fn.is_definition or fn.owner not in classes or fn.kind not in ("function", "operator") \
                or "static" in fn.specifiers or static(fn.owner, fn.name):
            continue
        t = toks[fn.body[0]]
        t.out = (t.out if t.out is not None else t.text) + " mql5::check_this(this);"


def method_spellings(model):
    """What MetaEditor accepts in a declaration and C++ does not: `f(void) override const` (C++:
    const override), `void C::~C(void)` and `void C::C()` (no return type), `static` repeated on a
    static member's definition (`const static int C::x=1;`); and namespaces, whose functions MQL5
    finds beside the global ones of the same name (a namespace's MathExp(a[]) does not hide
    MathExp(x)): a namespace's content is global here, N::name is ::name. dynamic_cast of a value
    that is no pointer gives NULL. The static matrix::Random(rows, cols) is StaticRandom (C++ would
    not tell it from an object's Random(min, max))."""
    toks = model.toks
    for fn in model.functions:
        k = fn.close + 1
        while k + 1 < len(toks) and toks[k].text in ("const", "override", "final"):
            if toks[k].text in ("override", "final") and toks[k + 1].text == "const" and toks[k].out is None:
                toks[k].out, toks[k + 1].out = "const", toks[k].text
                k += 1
            k += 1
        if fn.qualified >= 0 and fn.kind in ("constructor", "destructor"):
            for j in range(fn.start, fn.qualified):
                if toks[j].text == "void" and toks[j].out is None:
                    toks[j].out = ""
    for v in model.variables:
        if v.qualified >= 0:
            for j in range(v.start, v.type_start):
                if toks[j].text == "static" and toks[j].out is None:
                    toks[j].out = ""
    for s in model.scopes:
        if s.kind == "namespace":
            blank(toks, s.open - 2, s.open + 1)
            toks[s.close].out = ""
    for i, t in enumerate(toks):
        if t.text in model.namespaces and i + 1 < len(toks) and toks[i + 1].text == "::" and t.out is None:
            t.out = ""
        elif t.text == "dynamic_cast" and t.out is None:
            t.out = "mql5::dynamic_pointer"
        elif t.text == "Random" and i >= 2 and toks[i - 1].text == "::" and t.out is None and \
                (toks[i - 2].text in ("matrix", "matrixf", "vector", "vectorf") or toks[i - 2].text == ">"):
            t.out = "StaticRandom"  # docs (Random): matrix::Random(rows, cols), a new one, beside m.Random(min, max)


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


def indicator_key(name):
    """The name iCustom gives an indicator as the runtime looks it up (mql5_indicators.cpp's
    custom_key): "::" kept for a resource, separators as backslashes, no leading one, no ".ex5",
    lower case (Windows' file names ignore case)."""
    resource = name.startswith("::")
    path = name[2:] if resource else name
    path = path.replace("/", "\\").lstrip("\\")
    if path.lower().endswith(".ex5"):
        path = path[:-4]
    return ("::" if resource else "") + path.lower()


def resource(t, rest, include_dir, indicators=None):
    """#resource "path" [as string name | as T name[]] (docs: Resources). The path is relative to
    the file that names it, or, with a leading backslash, to the MQL5 folder (the include
    folder's parent); backslashes (written \\\\ in the literal) or slashes as separators; at most
    63 characters, no ".." or ":" (MetaEditor refuses those). `as string`: the file's text as a
    const string, its encoding (UTF-16 with its byte order mark, UTF-8, ANSI: the documented
    ones) read as MetaEditor reads a source, its line ends kept; `as T name[]` (T numeric): the
    file's bytes as a const array of T. Without `as`, the file must exist (an image or a sound
    the program names as "::path"); nothing is declared. A compiled indicator (`.ex5`) stands for
    its source beside it, which the harness compiles for iCustom (added to indicators). Images as
    arrays (`as bitmap`) are refused."""
    rm = re.fullmatch(r'"((?:\\.|[^"\\])*)"\s*(?:as\s+(\w+)\s+(\w+)\s*(\[\s*\])?)?\s*;?\s*(//.*|/\*.*\*/)?', rest.strip())
    if not rm:
        raise SourceError(t.where(), '#resource: expected "file", "file" as string name or "file" as type name[]')
    value = rm.group(1).replace("\\\\", "\\")
    if len(value) > 63 or ".." in value or ":" in value:
        raise SourceError(t.where(), f"#resource: '{value}': a resource path has at most 63 characters, no '..' and no ':'")
    rel = value.replace("\\", "/")
    base = include_dir.resolve().parent if rel.startswith("/") else Path(t.file).parent
    path = on_disk(base, rel.lstrip("/")).resolve()
    kind, name, brackets = rm.group(2), rm.group(3), rm.group(4)
    if kind is None and rel.lower().endswith(".ex5"):  # a compiled indicator, for iCustom("::path")
        source = on_disk(base, rel.lstrip("/")[:-4] + ".mq5").resolve()
        if not source.is_file():
            raise SourceError(t.where(), f"#resource: '{value}' is a compiled program: the harness runs a program from its "
                              f"source and finds no {shown(source)} beside it")
        if indicators is not None:
            indicators.append((indicator_key("::" + value), source))
        return f"/* #resource {json.dumps(value)}: the indicator iCustom names \"::...\" ({source.name}) */"
    if not path.is_file():
        raise SourceError(t.where(), f"#resource: cannot open '{value}' ({shown(path)})")
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


# C++ keywords MQL5 does not reserve (its Reserved Words page lists none of them): names in MQL5
# (cpp_word_names renames one a program declares).
CPP_KEYWORDS = {
    "auto", "nullptr", "static_cast", "const_cast", "reinterpret_cast", "constexpr", "consteval", "constinit",
    "decltype", "using", "mutable", "explicit", "noexcept", "throw", "try", "catch", "typeid", "thread_local",
    "alignas", "alignof", "volatile", "register", "goto", "concept", "requires", "co_await", "co_return", "co_yield",
    "asm", "static_assert", "wchar_t", "char8_t", "char16_t", "char32_t", "friend", "export"}
# C++'s alternative operator spellings: plain names in MQL5 (`bool not` in the standard library's
# Fuzzy classes), never operators there; renamed, a C++-style `not x` stays refused.
CPP_OPERATOR_NAMES = {"and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq"}


def pure_null_specifiers(model):
    """`virtual double GetValue(const double x)=NULL;`: MQL5 takes NULL as the pure specifier."""
    for fn in model.functions:
        if fn.pure >= 0 and model.toks[fn.pure].text == "NULL" and model.toks[fn.pure].out is None:
            model.toks[fn.pure].out = "0"


def cpp_word_names(model):
    """A C++ keyword MQL5 does not reserve, declared as a name (a variable, a parameter, a
    function), is renamed: `const bool auto` -> `const bool auto_mql5`; so are C++'s alternative
    operator spellings, plain names in MQL5 (`bool not` in the standard library's Fuzzy classes)."""
    declared = [*model.variables, *model.parameters(), *model.functions]
    names = {d.name for d in declared if d.name in CPP_KEYWORDS} | CPP_OPERATOR_NAMES
    for t in model.toks:
        if t.kind == "id" and t.text in names and t.out is None:
            t.out = t.text + "_mql5"


def types_named_like_methods(model):
    """`OrMethod OrMethod(void)` beside `enum OrMethod` (the standard library's Fuzzy classes): in
    MQL5 the type keeps its name in the class; in C++ the method hides it. Where such a type is
    used as one (before a name, & or *, or in a cast), it is written ::Type."""
    toks = model.toks
    globals_ = {c.name for c in model.class_decls if c.outer is model.file and c.keyword in ("class", "struct")}
    globals_ |= {e.name for e in model.enums if e.scope is model.file and e.name}
    methods = {n for c in model.classes.values() for n, fns in c.methods.items()
               if n in globals_ and fns[0].kind == "function"}
    for i, t in enumerate(toks[1:-2], 1):
        if t.text not in methods or t.kind != "id" or t.out is not None \
                or toks[i - 1].text in ("enum", "class", "struct", "::", ".", "->", "~"):
            continue
        nxt = toks[i + 1]
        if nxt.kind == "id" or (nxt.text in ("&", "*") and toks[i + 2].kind == "id") \
                or (toks[i - 1].text == "(" and nxt.text == ")"):
            t.out = "::" + t.text


def legacy_color_names(model):
    """The terminal's standard library names web colors without their clr prefix (its
    Controls/Defines.mqh of 2024: `#define CONTROLS_COLOR_BG White`, compiled into the terminal's
    SimplePanel.ex5): a web color's name the program does not declare itself is written clrName."""
    global _COLOR_NAMES
    if _COLOR_NAMES is None:
        text = (Path(__file__).resolve().parent / "runtime/mql5_constants.hpp").read_text()
        _COLOR_NAMES = set(re.findall(r"\bclr(\w+) = 0x", text)) - {"NONE"}
    toks = model.toks
    for i, t in enumerate(toks):
        if t.kind == "id" and t.text in _COLOR_NAMES and t.out is None and not (i and toks[i - 1].text in (".", "->", "::")) \
                and model.lookup(t.text, i) is None:
            t.out = "clr" + t.text


_COLOR_NAMES = None


def enum_nulls(model):
    """`OperatorType op=NULL;`: MQL5 gives an enumeration NULL (0) (the standard library's Fuzzy
    code does); C++ converts no integer to an enumeration, so the NULL is written (Type)0."""
    toks = model.toks
    enums = {e.name for e in model.enums if e.name}
    for d in [*model.variables, *model.parameters()]:
        value = d.init if isinstance(d, mql5_model.VarDecl) and not d.ctor_args else getattr(d, "default", None)
        if value and value[1] == value[0] + 1 and toks[value[0]].text == "NULL" and toks[d.type_start].text in enums \
                and toks[value[0]].out is None:
            toks[value[0]].out = f"({toks[d.type_start].text})0"
    # docs (Void Type and NULL Constant): NULL is of the void type, assigned to any type without
    # conversion; cast to a type, `(T)NULL` (EA31337-classes' Dict<K, V> returns `(V)NULL` for a
    # missing key, its test compares a string so got with NULL), it is that type's null value: a
    # NULL string, not the text "0" of C++'s integer NULL
    for i in range(3, len(toks)):
        t = toks[i]
        if t.text != "NULL" or toks[i - 1].text != ")" or toks[i - 3].text != "(" or toks[i - 2].kind != "id" \
                or t.out is not None or toks[i - 2].out is not None:
            continue
        name, cls, fn = toks[i - 2].text, model.class_at(i), model.function_at(i)
        params = tuple(cls.template or () if cls else ()) + tuple(fn.template or () if fn else ())
        if name in params or name == "string":
            blank(toks, i - 3, i)
            t.out = f"mql5::null_of<{name}>()"


def self_named_initialisers(model):
    """`vector precision = precision(a, b);`: MQL5 calls the function precision; in C++ the new
    variable hides it from its own initialiser, so the call is qualified (Class:: in a member of a
    class that has the function, else ::)."""
    toks = model.toks
    for v in model.variables:
        if not v.init or v.ctor_args or toks[v.init[0]].text != v.name or toks[v.init[0] + 1].text != "(" \
                or toks[v.init[0]].out is not None:
            continue
        cls = model.class_at(v.name_at)
        owner = cls.name if cls is not None and isinstance(model.member(cls, v.name), mql5_model.FunctionDecl) else None
        toks[v.init[0]].out = f"{owner}::{v.name}" if owner else f"::{v.name}"


def enum_strings(model):
    """After each named enumeration, its EnumToString (docs: EnumToString: the member's name; a value
    no member has gives "TYPE::value"); in a class a friend, found by argument-dependent lookup.
    Members with the same value: the first one's name."""
    toks = model.toks
    for e in model.enums:
        if not e.name or e.close + 1 >= len(toks) or toks[e.close + 1].text != ";":
            continue
        tests = "".join(f"if (v == {m}) return string(u{json.dumps(m)}); " for m in e.members)
        if e.scope.kind == "class":
            head = "friend string"
        elif e.scope.kind in ("file", "namespace"):
            head = "inline string"
        else:
            continue  # an enumeration local to a function: no function can be defined there
        semi = toks[e.close + 1]
        semi.out = (semi.out if semi.out is not None else semi.text) + (
            f" {head} EnumToString({e.name} v) {{ {tests}return mql5::enum_unknown(u{json.dumps(e.name)}, (int)v); }}")


def translate_directive(t, counter, include_dir, indicators=None):
    """#property and #resource as C++ (the preprocessor has done the others)."""
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
        return resource(t, rest, include_dir, indicators)
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


def program_model(script, include_dir, mqlcl_dir=None):
    """(the model of script, its tokens with the #import blocks cut out, the blocks): the blocks
    are translated apart (import_block), the rest is the program the model holds."""
    tokens, _ = program_tokens(script, include_dir, mqlcl_dir)
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
    return mql5_model.build(significant(body)), body, blocks


def program_events(model):
    """The table of the program's event handlers the runtime calls (docs: Event Handling: a script's
    OnStart; an Expert Advisor's OnInit, OnTick, OnTimer, OnTester, OnDeinit, OnChartEvent (its custom
    events); an indicator's OnCalculate in either of its two forms)."""
    toks = model.toks
    handlers = {fn.name: fn for fn in model.functions
                if fn.scope is model.file and fn.is_definition and fn.owner is None and fn.name.startswith("On")}

    def returns_void(fn):
        return toks[fn.name_at - 1].text == "void"
    entries = []
    for name, thunk in (("OnStart", "[] { OnStart(); }"),
                        ("OnInit", None),
                        ("OnDeinit", "[](int reason) { OnDeinit(reason); }"),
                        ("OnTick", "[] { OnTick(); }"),
                        ("OnTimer", "[] { OnTimer(); }"),
                        ("OnTester", "[] { return (double)OnTester(); }")):
        fn = handlers.get(name)
        if fn is not None and name == "OnInit":
            thunk = "[] { OnInit(); return 0; }" if returns_void(fn) else "[] { return (int)OnInit(); }"
        entries.append(thunk if fn is not None else "nullptr")
    calc = handlers.get("OnCalculate")
    full = calc is not None and len(calc.params) == 10
    entries.append("[](int rates_total, int prev_calculated, const mql5::series_arrays& s) { return (int)OnCalculate("
                   "rates_total, prev_calculated, s.time, s.open, s.high, s.low, s.close, s.tick_volume, s.volume, s.spread); }"
                   if full else "nullptr")
    entries.append("[](int rates_total, int prev_calculated, int begin, const mql5::array<const double>& price) { "
                   "return (int)OnCalculate(rates_total, prev_calculated, begin, price); }"
                   if calc is not None and not full else "nullptr")
    entries.append("[](int id, const mql_long& lparam, const double& dparam, const string& sparam) { "
                   "OnChartEvent(id, lparam, dparam, sparam); }" if "OnChartEvent" in handlers else "nullptr")
    return "\nconst mql5::program_events mql5::the_program = {\n  " + ",\n  ".join(entries) + "};\n"


def custom_indicators(sig, script, include_dir):
    """[(key, source)] of the indicators the program's iCustom calls name by a string literal (or
    literals joined by '+'): the name is relative to MQL5/Indicators (docs: iCustom), the include
    folder's sibling, else to the "Indicators" folder the program lies in; a resource ("::...") is
    its #resource line's (resource())."""
    found = []
    roots = [include_dir.resolve().parent / "Indicators"] + \
        [p for p in Path(script).resolve().parents if p.name.lower() == "indicators"]
    for i, t in enumerate(sig):
        if t.text != "iCustom" or i + 1 >= len(sig) or sig[i + 1].text != "(":
            continue
        depth, commas, arg = 0, 0, []
        for u in sig[i + 2:]:
            depth += (u.text in "([{") - (u.text in ")]}")
            if depth < 0 or (depth == 0 and u.text == "," and commas == 2):
                break
            if depth == 0 and u.text == ",":
                commas += 1
            elif commas == 2:
                arg.append(u)
        if not arg or any(u.kind != "str" and u.text != "+" for u in arg):
            continue  # a name made at run time: the runtime says it was not compiled
        name = "".join(re.sub(r"\\(.)", r"\1", u.text[1:-1]) for u in arg if u.kind == "str")
        if name.startswith("::"):
            continue
        rel = name.replace("\\", "/").lstrip("/")
        rel = rel[:-4] if rel.lower().endswith(".ex5") else rel
        for root in roots:
            source = on_disk(root, rel + ".mq5")
            if source.is_file():
                found.append((indicator_key(name), source.resolve()))
                break
    return found


def translate(script, include_dir, header=None, mqlcl_dir=None, indicators=None):
    """The C++ text of script; raises SourceError. indicators, a list, gets (key, source) of each
    custom indicator the program names (custom_indicators(), resource())."""
    model, body, blocks = program_model(script, include_dir, mqlcl_dir)
    errors = lint.check(model)
    if errors:
        raise SourceError(errors[0][0], errors[0][1] + "".join(f"\n{w}: error: {m}" for w, m in errors[1:]))
    sig = model.toks
    rewrite_inputs(model)
    strip_definition_defaults(model)
    static_member_arrays(model)
    template_array_declarations(model)
    rewrite_array_parameters(model)
    rewrite_array_declarations(model)
    method_spellings(model)
    default_constructed_locals(model)
    undefined_virtual_members(model)
    template_body_forms(model)
    class_bodies(model)
    method_checks(model)
    template_member_definitions(model)
    unmatched = unmatched_template_members(model)
    left_out = unused_function_templates(model)
    declarator_qualifiers(model)
    global_calls_in_members(model)
    rewrite_objects(model)
    pointer_conversions(model)
    sites = argument_sites(model)
    pointer_arguments(model, sites)
    integer_references(model, sites)
    indexed_object_pointers(model)
    struct_casts(model)
    struct_packing(model)
    shadowed_overloads(model)
    self_named_initialisers(model)
    enum_nulls(model)
    legacy_color_names(model)
    types_named_like_methods(model)
    cpp_word_names(model)
    pure_null_specifiers(model)
    repeated_parameter_names(model)
    two_index_elements(model)
    rewrite_simple(sig)
    rvalue_matrix_overloads(model)
    enum_int_overloads(model)
    enum_assignments(model)
    pointer_conditions(model)
    pointer_operators(model)
    dependent_base_members(model)
    this_to_references(model, sites)
    this_references(model)
    const_array_overloads(model)
    forward_declarations(model, script)
    enum_strings(model)
    unmatched_declarations(model, unmatched)
    temporary_conversions(model)
    leave_out(model, left_out)
    counter, checks = [0], []
    if indicators is not None:
        indicators += custom_indicators(sig, script, include_dir)
    for t in body:
        if t.kind == "pp" and t.out is None:
            t.out = translate_directive(t, counter, include_dir, indicators)
    for at, opening, decls, dll, closing in blocks:
        header_ok = header.name if header and dll.lower() == "mqlcl.dll" else None
        code_text, block_checks = import_block(decls, dll, header_ok)
        body[at].out = code_text + line_marker(closing.line, closing.file, before="\n")
        checks += block_checks
    moved, at = [], {id(t): n for n, t in enumerate(body)}
    for a, b, prototype in hoisted_definitions(model, left_out):
        part = body[at[id(sig[a])]:at[id(sig[b])] + 1]  # with the comments between
        first_ws, part[0].ws = part[0].ws, ""  # the declarations forward_declarations put there stay
        # the overloads written after a definition (const_array_overloads ...) stay with its declaration
        closing = sig[b].out if sig[b].out is not None else sig[b].text
        beside, sig[b].out = closing[1:], "}"
        moved.append(line_marker(sig[a].line, sig[a].file, before="\n", after="\n") + text_of(part).lstrip())
        for t in part[1:]:
            t.out, t.ws = "", "\n" * t.ws.count("\n")
        part[0].ws, part[0].out = first_ws, (prototype or "") + beside
        # what follows goes on as on the definition's last line, whatever lines the prototype took
        part[-1].out = line_marker(sig[b].line, sig[b].file, before="\n", after="\n")
    out = ['#include "mql5_runtime.hpp"\n', undeclared_templates(model), refused_functions(model),
           line_marker(1, script, after="\n"), text_of(body),
           "\n"] + moved + [program_events(model)]
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
    ap.add_argument("--indicators-out", type=Path, help="where to write the custom indicators the program names: "
                    "a line 'key<TAB>source' each (run_scripts.py compiles them for iCustom)")
    a = ap.parse_args()
    try:
        indicators = []
        a.out.write_text(translate(a.script, a.include_dir, a.header, a.mqlcl_include, indicators), encoding="utf-8")
        if a.indicators_out:
            a.indicators_out.write_text("".join(f"{k}\t{p}\n" for k, p in dict(indicators).items()), encoding="utf-8")
    except SourceError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
