"""The model of an MQL5 program, built once from its preprocessed tokens (mql5_preprocess.py):
its scopes (file, namespaces, classes, enumerations, functions, blocks, for-statements), its
declarations (classes with their bases, template parameters and members; functions with their
parameters and bodies; variables with their declared types; enumerations; typedefs) and, for
any token, the scope it is in and what a name means there. The lint and every rewrite of the
translator ask the model where they are and what a name is, instead of scanning tokens.

The parser is hand-written recursive descent over declarations and statements; expressions stay
token ranges (the translator rewrites them token by token). Hand-written because MQL5, like C++,
cannot be parsed without knowing which names are types (`A * b;` declares a pointer where A is
a class, multiplies where A is a variable), which a grammar-driven parser from a package (lark:
context-free) cannot ask mid-parse; and because the parser must accept what MetaEditor accepts
where a grammar would have to be relaxed rule by rule. The grammar follows the MQL5 reference's
Language Basics (https://www.mql5.com/en/docs/basis)."""
import re
from dataclasses import dataclass, field
from pathlib import Path

from mql5_tokens import BUILTIN_TYPES, SourceError

CLASS_KEYWORDS = ("class", "struct", "interface", "union")
# What may stand before a declaration's type (Reserved Words: memory classes, access, other).
DECL_SPECIFIERS = {"static", "const", "input", "sinput", "extern", "virtual", "inline", "register", "volatile", "mutable",
                   "explicit", "friend"}
STATEMENT_KEYWORDS = {"if", "else", "for", "while", "do", "switch", "case", "default", "return", "break", "continue",
                      "delete", "new", "goto", "try", "catch", "throw"}
# `unsigned int`, `signed char` ...: C's spellings, which MetaEditor compiles (lint.py cites the
# evidence); the types they name are MQL5's uint, char ...
SIGN_WORDS = {"unsigned", "signed"}
SIGNED_TYPES = {"char", "short", "int", "long"}
# The matrix and vector types spelled as templates: matrix<double>, vector<float> (docs: Matrix and vector types).
TEMPLATE_TYPES = {"matrix", "vector", "complex"}


@dataclass(eq=False)
class Scope:
    kind: str                 # file, namespace, class, enum, function, block, for, braces
    open: int                 # the '{' (or '(' of a for; -1: the file)
    close: int                # its closing token (len(toks): the file)
    parent: "Scope" = None
    name: str = None          # a namespace's or class's name
    owner: object = None      # the ClassDecl, FunctionDecl or EnumDecl whose body this is
    names: dict = field(default_factory=dict)  # name -> [declarations], in order

    def declare(self, name, decl):
        self.names.setdefault(name, []).append(decl)

    def chain(self):
        s = self
        while s is not None:
            yield s
            s = s.parent


@dataclass(eq=False)
class Base:
    name: str
    text: str                 # as written, without access and virtual: B<int>
    access: str
    start: int                # its first token (an access keyword where written)
    end: int                  # after its last


@dataclass(eq=False)
class ClassDecl:
    keyword: str              # class, struct, interface, union
    name: str
    head: int                 # the keyword's index
    template: list            # its typename parameters (None: not a template)
    template_at: int          # the 'template' keyword (-1: none)
    colon: int                # ':' before the bases (-1: none)
    open: int = -1            # '{' (-1: a declaration `class C;`)
    close: int = -1
    bases: list = field(default_factory=list)
    scope: Scope = None       # its body
    outer: Scope = None       # where it is declared
    methods: dict = field(default_factory=dict)  # name -> [FunctionDecl] declared in the body
    fields: dict = field(default_factory=dict)   # name -> VarDecl
    final: int = -1           # the 'final' after its name

    @property
    def default_access(self):  # docs: Structures, Classes and Interfaces
        return "private" if self.keyword == "class" else "public"


@dataclass(eq=False)
class Param:
    start: int
    end: int                  # after its last token
    name: str = None
    name_at: int = -1
    type_start: int = -1      # its type's first token (after const)
    const: bool = False
    ref: bool = False         # declared with &
    pointer: bool = False     # declared with *
    dims: list = field(default_factory=list)  # [(open, close)] of each [..] after the name
    default: tuple = None     # (start, end) of the default value's tokens


@dataclass(eq=False)
class FunctionDecl:
    name: str
    name_at: int              # the name's token ('operator' for an operator, '~' for a destructor)
    start: int                # the declaration's first token (template, specifiers or return type)
    open: int                 # '(' of the parameters
    close: int                # ')'
    params: list
    owner: str = None         # the class it is a member of (in its body or Class::name)
    qualified: int = -1       # the class name token of Class::name written outside the class
    template: list = None     # its own typename parameters
    template_at: int = -1
    specifiers: set = field(default_factory=set)  # static, virtual, const (after the parameters), override ...
    access: str = None        # in a class body
    body: tuple = None        # ('{', '}') indices
    init: int = -1            # ':' of a constructor's initializer list
    end: int = -1             # its ';' or '}'
    pure: int = -1            # the value token of '= 0' / '= NULL'
    scope: Scope = None       # where it is declared
    body_scope: Scope = None
    kind: str = "function"    # function, constructor, destructor, operator, typedef (a function pointer's type)

    @property
    def is_definition(self):
        return self.body is not None


@dataclass(eq=False)
class VarDecl:
    name: str
    name_at: int
    type_start: int           # the type's first token (after the specifiers)
    type_end: int             # after the type's last token (before * or & and the name)
    specifiers: set
    scope: Scope
    start: int = -1           # the statement's first token
    pointer: bool = False
    ref: bool = False
    dims: list = field(default_factory=list)  # [(open, close)]
    init: tuple = None        # (start, end) of the initializer after '=' / of the constructor arguments
    end: int = -1             # the ';' (or ',') after it
    ctor_args: bool = False   # T x(args);
    qualified: int = -1       # the class name of `T C::name = ...;` (a static member's definition)
    template: list = None     # the typename parameters of `template<...> T C<..>::name` (a class template's static member)

    def type_text(self, toks):
        return " ".join(t.text for t in toks[self.type_start:self.type_end])


@dataclass(eq=False)
class EnumDecl:
    name: str
    head: int
    open: int
    close: int
    members: list             # names
    scope: Scope = None


def runtime_types():
    """The types MQL5 predefines that the harness's runtime defines (its enumerations ENUM_*,
    structures Mql*): read from the runtime's headers, the one place they are defined."""
    global _RUNTIME_TYPES
    if _RUNTIME_TYPES is None:
        found = {}
        for h in (Path(__file__).resolve().parent / "runtime").glob("*.hpp"):
            found.update({name: kind for kind, name in re.findall(r"^(enum|struct|class) ([A-Z]\w+)", h.read_text(), re.M)})
        _RUNTIME_TYPES = found
    return _RUNTIME_TYPES


_RUNTIME_TYPES = None


class Model:
    """The program's scopes and declarations over toks (its significant tokens)."""

    def __init__(self, toks):
        self.toks = toks
        self.file = Scope("file", -1, len(toks))
        self.scopes = [self.file]
        self.classes = {}     # name -> ClassDecl with a body (the first)
        self.class_decls = []
        self.functions = []   # every FunctionDecl, in source order
        self.variables = []
        self.enums = []
        self.typedefs = {}    # name -> index
        self.types = set()    # every name declared as a type
        self.namespaces = set()
        self.template_params = set()
        self._collect_type_names()
        Parser(self).parse_scope(self.file, 0, len(toks))
        self._scope_at = None

    # ---- queries ----------------------------------------------------------------------------
    def parameters(self):
        return [p for fn in self.functions for p in fn.params]

    @property
    def enum_types(self):
        """The enumerations the program declares and those MQL5 predefines (the runtime's)."""
        return {e.name for e in self.enums if e.name} | {n for n, k in runtime_types().items() if k == "enum"}

    @property
    def pointer_types(self):
        """The types MQL5 has pointers to: classes, interfaces (and a template's typename
        parameters, which may be one); docs: Object Pointers."""
        return {c.name for c in self.class_decls if c.keyword in ("class", "interface")} | self.template_params

    def scope_at(self, i):
        """The innermost scope token i is in (a scope's own braces belong to the scope around it)."""
        if self._scope_at is None:
            at = [self.file] * len(self.toks)
            for s in sorted(self.scopes[1:], key=lambda s: s.open):  # outer ones first: inner ones overwrite
                for k in range(s.open + 1, min(s.close, len(at))):
                    at[k] = s
            self._scope_at = at
        return self._scope_at[i] if 0 <= i < len(self.toks) else self.file

    def class_at(self, i):
        """The class whose body holds token i, or whose member function's body does (Class::f)."""
        for s in self.scope_at(i).chain():
            if s.kind == "class":
                return s.owner
            if s.kind == "function" and s.owner.owner is not None:
                return self.classes.get(s.owner.owner)
        return None

    def in_class_body(self, i):
        """Whether token i is directly in a class, struct or interface body."""
        return self.scope_at(i).kind == "class"

    def at_namespace_scope(self, i):
        """Whether token i is outside every block but namespaces."""
        return all(s.kind in ("file", "namespace") for s in self.scope_at(i).chain())

    def function_at(self, i):
        for s in self.scope_at(i).chain():
            if s.kind == "function":
                return s.owner
        return None

    def is_type(self, name):
        return name in BUILTIN_TYPES or name in self.types or name in runtime_types()

    def lookup(self, name, i):
        """The declaration name has at token i: the innermost scope's (a block's only when declared
        before i), a class's members with its bases' (in a method's body, in Class::f), then the file's."""
        for s in self.scope_at(i).chain():
            found = [d for d in s.names.get(name, ()) if s.kind not in ("block", "function", "for")
                     or getattr(d, "name_at", -1) <= i]
            if found:
                return found[-1]
            if s.kind == "class":
                d = self.member(s.owner, name)
                if d is not None:
                    return d
            if s.kind == "function" and s.owner.owner is not None and s.owner.qualified >= 0:
                d = self.member(self.classes.get(s.owner.owner), name)
                if d is not None:
                    return d
        return None

    def member(self, cls, name, seen=()):
        """A member of cls or of one of its bases (fields first, then methods)."""
        if cls is None or cls.name in seen:
            return None
        if name in cls.fields:
            return cls.fields[name]
        if name in cls.methods:
            return cls.methods[name][0]
        for b in cls.bases:
            d = self.member(self.classes.get(b.name), name, seen + (cls.name,))
            if d is not None:
                return d
        return None

    def object_class(self, i):
        """The class of the program the variable or parameter named at token i is declared of (an
        object or a pointer), where the name is no member access (`a.b`); None otherwise."""
        toks = self.toks
        if i < 0 or toks[i].kind != "id" or (i and toks[i - 1].text in (".", "->", "::")):
            return None
        var = self.lookup(toks[i].text, i)
        if not isinstance(var, (VarDecl, Param)) or toks[var.type_start].text not in self.classes:
            return None
        return toks[var.type_start].text

    def ancestors(self, name, seen=()):
        """The names of the classes name derives from, nearest first."""
        out = []
        cls = self.classes.get(name)
        for b in cls.bases if cls else ():
            if b.name not in seen and b.name != name:
                out.append(b.name)
                out += self.ancestors(b.name, seen + (name,))
        return out

    def descendants(self, name):
        return {c.name for c in self.classes.values() if name in self.ancestors(c.name)}

    # ---- the first pass: the names that are types -------------------------------------------
    def _collect_type_names(self):
        toks = self.toks
        for i, t in enumerate(toks[:-1]):
            if t.kind != "id":
                continue
            nxt = toks[i + 1]
            if t.text in CLASS_KEYWORDS + ("enum", "typename") and nxt.kind == "id":
                self.types.add(nxt.text)
                if t.text == "typename":
                    self.template_params.add(nxt.text)
            elif t.text == "namespace" and nxt.kind == "id":
                self.namespaces.add(nxt.text)
            elif t.text == "typedef":
                k, depth = i + 1, 0
                while k < len(toks) and not (toks[k].text == ";" and depth == 0):
                    depth += (toks[k].text in "([{") - (toks[k].text in ")]}")
                    k += 1
                name = typedef_name(toks, i + 1, k)
                if name:
                    self.types.add(name)
                    self.typedefs[name] = i


def typedef_name(toks, a, b):
    """The name `typedef T name;` or `typedef R (*name)(...);` declares."""
    for k in range(a, b):
        if toks[k].text == "(" and k + 2 < b and toks[k + 1].text == "*" and toks[k + 2].kind == "id":
            return toks[k + 2].text
    return toks[b - 1].text if b - 1 > a and toks[b - 1].kind == "id" else None


def matching(toks, i):
    """The index of the bracket that closes toks[i]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    open_, close, depth = toks[i].text, pairs[toks[i].text], 0
    for j in range(i, len(toks)):
        if toks[j].kind != "op":
            continue
        if toks[j].text == open_:
            depth += 1
        elif toks[j].text == close:
            depth -= 1
            if depth == 0:
                return j
    raise SourceError(toks[i].where(), f"'{open_}' is never closed")


def angle_end(toks, i):
    """The index after the template argument list `<...>` at toks[i] (i when none starts there)."""
    if i >= len(toks) or toks[i].text != "<":
        return i
    depth, k = 0, i
    while k < len(toks):
        x = toks[k].text
        if x == "<":
            depth += 1
        elif x == ">":
            depth -= 1
        elif x == ">>":
            depth -= 2
        elif x in (";", "{", "}"):
            return i  # no template argument list after all
        k += 1
        if depth <= 0:
            return k
    return i


class Parser:
    def __init__(self, model):
        self.m = model
        self.toks = model.toks

    # ---- helpers --------------------------------------------------------------------------
    def text(self, i):
        return self.toks[i].text if 0 <= i < len(self.toks) else ""

    def is_type_at(self, i):
        t = self.toks[i] if i < len(self.toks) else None
        return t is not None and t.kind == "id" and self.m.is_type(t.text)

    def statement_end(self, i, end):
        """The index of the ';' ending the statement at i (brackets skipped), or end."""
        while i < end:
            x = self.toks[i].text
            if x in ("(", "[", "{") and self.toks[i].kind == "op":
                i = matching(self.toks, i) + 1
                continue
            if x == ";":
                return i
            if x == "}":
                return i
            i += 1
        return end

    def type_end(self, i):
        """After the type starting at i: a name, its template arguments, ::Nested parts; None if
        no type starts at i."""
        toks = self.toks
        if i >= len(toks):
            return None
        if toks[i].text == "::":  # ::Type
            i += 1
        if toks[i].text in SIGN_WORDS:  # unsigned int, unsigned (alone: unsigned int)
            return i + 1 + (i + 1 < len(toks) and toks[i + 1].text in SIGNED_TYPES)
        if not self.is_type_at(i) and not (toks[i].kind == "id" and i + 1 < len(toks) and toks[i + 1].text == "::"
                                           and (self.m.is_type(toks[i].text) or toks[i].text in self.m.namespaces)):
            return None
        k = angle_end(toks, i + 1)
        while k + 1 < len(toks) and toks[k].text == "::" and toks[k + 1].kind == "id":
            k = angle_end(toks, k + 2)
        return k

    def template_head(self, i):
        """At `template <typename A, ...>`: (names, index after '>')."""
        toks = self.toks
        k = i + 2
        names = []
        while k < len(toks) and toks[k].text != ">":
            if toks[k].kind == "id" and toks[k - 1].text in ("typename", "class"):
                names.append(toks[k].text)
            k += 1
        return names, k + 1

    # ---- scopes of declarations ------------------------------------------------------------
    def parse_scope(self, scope, i, end):
        """The declarations of a file, namespace or class body toks[i:end]."""
        access = scope.owner.default_access if scope.kind == "class" else None
        toks = self.toks
        while i < end:
            t = toks[i]
            if t.text == ";" or t.kind == "pp":  # #property, #resource, #import lines
                i += 1
                continue
            if scope.kind == "class" and t.text in ("public", "protected", "private") and self.text(i + 1) == ":":
                access = t.text
                i += 2
                continue
            if t.text in ("input", "sinput") and self.text(i + 1) == "group" and i + 2 < end and toks[i + 2].kind == "str":
                i += 3  # docs (Input Variables): `input group "name"`, a heading in the inputs' dialog, no `;`
                continue
            i = self.declaration(scope, i, end, access)

    def declaration(self, scope, i, end, access=None):
        """One declaration at toks[i] in a file, namespace or class scope; returns the index after it."""
        toks = self.toks
        start = i
        template, template_at = None, -1
        if toks[i].text == "template" and self.text(i + 1) == "<":
            template, i = self.template_head(i)
            template_at = start
        t = toks[i] if i < end else None
        if t is None:
            return end
        if t.text == "namespace" and self.text(i + 2) == "{":
            close = matching(toks, i + 2)
            ns = self.new_scope("namespace", i + 2, close, scope, name=self.text(i + 1))
            self.parse_scope(ns, i + 3, close)
            return close + 1
        if t.text == "enum":
            return self.enum(scope, i, end)
        if t.text == "typedef":
            k = self.statement_end(i, end)
            name = typedef_name(toks, i + 1, k)
            if name:
                scope.declare(name, ("typedef", i))
            # typedef R (*name)(parameters): its parameters are read as a function's (arrays by reference ...)
            for j in range(i + 1, k - 3):
                if toks[j].text == "(" and toks[j + 1].text == "*" and toks[j + 3].text == ")" and toks[j + 4].text == "(":
                    close = matching(toks, j + 4)
                    self.m.functions.append(FunctionDecl(toks[j + 2].text, j + 2, i, j + 4, close, self.params(j + 4, close),
                                                         scope=scope, kind="typedef", end=k))
                    break
            return k + 1
        if t.text in CLASS_KEYWORDS and self.text(i + 1) not in ("{",) and toks[i + 1].kind == "id":
            k = self.class_decl(scope, i, end, template, template_at)
            if k is not None:
                return k
        return self.function_or_variables(scope, start, i, end, access, template, template_at)

    def enum(self, scope, i, end):
        toks = self.toks
        k = i + 1
        name = toks[k].text if toks[k].kind == "id" else None
        while k < end and toks[k].text not in ("{", ";"):
            k += 1
        if k >= end or toks[k].text != "{":
            return k + 1
        close = matching(toks, k)
        members, depth, expect = [], 0, True
        for u in toks[k + 1:close]:
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
        e = EnumDecl(name, i, k, close, members, scope)
        self.m.enums.append(e)
        self.new_scope("enum", k, close, scope, name=name, owner=e)
        if name:
            scope.declare(name, e)
        for mname in members:
            scope.declare(mname, e)
        after = close + 1
        if after < end and toks[after].text != ";":  # enum E {...} e;
            return self.variables(scope, i, i, after, end, set(), k)  # not a usual form: its variables
        return after + 1 if after < end else after

    def class_decl(self, scope, i, end, template, template_at):
        """class/struct/interface/union Name [final] [: bases] {...} [declarators];  or a
        forward declaration; None where this is not one (struct S s; as a variable's type)."""
        toks = self.toks
        name_at = i + 1
        if self.text(name_at) == "pack" and self.text(name_at + 1) == "(":  # docs (Structures): struct pack(N) S
            name_at = matching(toks, name_at + 1) + 1
        k = name_at + 1
        if self.text(k) == "pack" and self.text(k + 1) == "(":  # struct S pack(N)
            k = matching(toks, k + 1) + 1
        final = -1
        if self.text(k) == "final":
            final, k = k, k + 1
        colon = -1
        if self.text(k) == ":":
            colon = k
            while k < end and toks[k].text not in ("{", ";"):
                k += 1
        if self.text(k) == ";":
            cls = ClassDecl(toks[i].text, toks[name_at].text, i, template, template_at, colon, outer=scope)
            self.m.class_decls.append(cls)
            return k + 1
        if self.text(k) != "{":
            return None
        close = matching(toks, k)
        cls = ClassDecl(toks[i].text, toks[name_at].text, i, template, template_at, colon, k, close, outer=scope, final=final)
        cls.bases = self.bases(colon, k) if colon >= 0 else []
        self.m.class_decls.append(cls)
        self.m.classes.setdefault(cls.name, cls)
        scope.declare(cls.name, cls)
        cls.scope = self.new_scope("class", k, close, scope, name=cls.name, owner=cls)
        self.parse_scope(cls.scope, k + 1, close)
        after = close + 1
        if after < end and toks[after].text != ";":  # class C {...} c;
            return self.variables(scope, i, i, after, end, set(), k)
        return after + 1

    def bases(self, colon, brace):
        toks = self.toks
        out, depth, cur = [], 0, []
        for k in range(colon + 1, brace + 1):
            t = toks[k]
            if k < brace:
                depth += (t.text == "<") - (t.text == ">")
            if k == brace or (depth == 0 and t.text == ","):
                words = [c for c in cur if toks[c].text not in ("public", "protected", "private", "virtual")]
                access = next((toks[c].text for c in cur if toks[c].text in ("public", "protected", "private")), None)
                names = [c for c in words if toks[c].kind == "id"]
                if names:
                    text = "".join(toks[c].text if toks[c].kind != "id" else " " + toks[c].text + " " for c in words).strip()
                    out.append(Base(toks[names[0]].text, text, access, cur[0], k))
                cur = []
            else:
                cur.append(k)
        return out

    def function_or_variables(self, scope, start, i, end, access, template, template_at):
        """[specifiers] type declarators;  or a function's declaration or definition."""
        toks = self.toks
        specifiers = set()
        while i < end and toks[i].text in DECL_SPECIFIERS:
            specifiers.add(toks[i].text)
            i += 1
        owner_cls = scope.owner if scope.kind == "class" else None
        # a constructor or destructor in its class: Name( / ~Name(
        if owner_cls is not None and ((self.text(i) == owner_cls.name and self.text(i + 1) == "(")
                                      or (self.text(i) == "~" and self.text(i + 2) == "(")):
            kind = "destructor" if self.text(i) == "~" else "constructor"
            name_at = i
            return self.function(scope, start, i, name_at + (2 if kind == "destructor" else 1), end, specifiers, access,
                                 template, template_at, owner_cls.name, -1, kind)
        # Class::Class( / Class::~Class( / Class<T>::Class( outside the class (no return type)
        q = self.qualified_name(i)
        if q is not None and q[2] in ("constructor", "destructor"):
            cls_at, name_at, kind, paren = q
            return self.function(scope, start, name_at, paren, end, specifiers, access, template, template_at,
                                 toks[cls_at].text, cls_at, kind)
        type_start = i
        k = self.type_end(i)
        if k is None and toks[i].kind == "id" and toks[i].text not in STATEMENT_KEYWORDS | {"operator", "template"}:
            # at file, namespace and class scope every statement declares: an unknown name before a
            # name (or Class::name) is a type the runtime or an include the program lacks defines
            k = angle_end(toks, i + 1)
            j = k
            while self.text(j) in ("*", "&", "const"):
                j += 1
            if not (j < end and toks[j].kind == "id"):
                k = None
        if k is None:
            # not a declaration the model knows (an unknown type: the lint or the compiler says so)
            return self.statement_end(i, end) + 1 if self.text(self.statement_end(i, end)) == ";" \
                else self.skip_unknown(i, end)
        type_end = k
        while self.text(k) in ("*", "&", "const"):
            k += 1
        q = self.qualified_name(k)
        if q is not None:
            cls_at, name_at, kind, paren = q
            return self.function(scope, start, name_at, paren, end, specifiers, access, template, template_at,
                                 toks[cls_at].text, cls_at, kind, type_start)
        if self.text(k) == "operator":
            paren = self.operator_paren(k)
            return self.function(scope, start, k, paren, end, specifiers, access, template, template_at,
                                 owner_cls.name if owner_cls else None, -1, "operator", type_start)
        if k < end and toks[k].kind == "id" and self.text(k + 1) == "(" and scope.kind in ("file", "namespace", "class"):
            return self.function(scope, start, k, k + 1, end, specifiers, access, template, template_at,
                                 owner_cls.name if owner_cls else None, -1, "function", type_start)
        return self.variables(scope, start, type_start, type_end, end, specifiers, template=template)

    def skip_unknown(self, i, end):
        """Past something the model does not read at declaration level: a '{...}' closes it."""
        toks = self.toks
        while i < end:
            if toks[i].text == "{":
                return matching(toks, i) + 1
            if toks[i].text == ";":
                return i + 1
            if toks[i].text in ("(", "["):
                i = matching(toks, i) + 1
                continue
            i += 1
        return end

    def qualified_name(self, i):
        """At `Class[<T>]::name(` / `Class::~Class(` / `Class::operator+(`: (class index, name index,
        kind, '(' index); else None."""
        toks = self.toks
        if i >= len(toks) or toks[i].kind != "id":
            return None
        k = angle_end(toks, i + 1)
        if self.text(k) != "::":
            return None
        n = k + 1
        if self.text(n) == "~" and self.text(n + 2) == "(":
            return i, n, "destructor", n + 2
        if self.text(n) == "operator":
            return i, n, "operator", self.operator_paren(n)
        if toks[n].kind == "id" and self.text(n + 1) == "(":
            return i, n, ("constructor" if toks[n].text == toks[i].text else "function"), n + 1
        return None

    def operator_paren(self, k):
        """The '(' of the parameters after `operator` at k (`operator()(`: the second one)."""
        paren = k + 1
        if self.text(paren) == "(" and self.text(paren + 1) == ")":
            return paren + 2
        while paren < len(self.toks) and self.toks[paren].text != "(":
            paren += 1
        return paren

    def function(self, scope, start, name_at, paren, end, specifiers, access, template, template_at, owner, qualified,
                 kind, type_start=-1):
        toks = self.toks
        close = matching(toks, paren)
        fn = FunctionDecl(toks[name_at].text if kind != "destructor" else "~" + toks[name_at + 1].text, name_at, start,
                          paren, close, self.params(paren, close), owner, qualified, template, template_at,
                          set(specifiers), access, kind=kind, scope=scope)
        k = close + 1
        while k < end and toks[k].text in ("const", "override", "final"):
            fn.specifiers.add(toks[k].text if toks[k].text != "const" else "const_method")
            k += 1
        if self.text(k) == "=" and self.text(k + 1) in ("0", "NULL") and self.text(k + 2) == ";":
            fn.pure = k + 1
            k += 2
        if self.text(k) == ":":  # a constructor's initializer list
            fn.init = k
            while k < end and toks[k].text != "{":
                if toks[k].text in ("(", "["):
                    k = matching(toks, k)
                k += 1
        self.m.functions.append(fn)
        if owner is not None and scope.kind == "class":
            scope.owner.methods.setdefault(fn.name, []).append(fn)
        scope.declare(fn.name, fn)
        if self.text(k) == "{":
            close_b = matching(toks, k)
            fn.body, fn.end = (k, close_b), close_b
            body = self.new_scope("function", k, close_b, scope, name=fn.name, owner=fn)
            for p in fn.params:
                if p.name:
                    body.declare(p.name, p)
            fn.body_scope = body
            self.block(body, k + 1, close_b)
            return close_b + 1
        fn.end = k
        return k + 1 if self.text(k) == ";" else k

    def params(self, open_, close):
        toks = self.toks
        out, cur_start, depth = [], open_ + 1, 0
        for k in range(open_ + 1, close + 1):
            x = toks[k].text
            if k < close and x in ("(", "[", "{", "<"):
                depth += 1
            elif k < close and x in (")", "]", "}", ">"):
                depth -= 1
            if k == close or (x == "," and depth == 0):
                if k > cur_start and not (k == cur_start + 1 and toks[cur_start].text == "void"):
                    out.append(self.param(cur_start, k))
                cur_start = k + 1
        return out

    def param(self, a, b):
        toks = self.toks
        p = Param(a, b)
        k = a
        while k < b and toks[k].text == "const":
            p.const = True
            k += 1
        p.type_start = k
        head_end = b
        for j in range(a, b):
            if toks[j].text == "=":
                p.default = (j + 1, b)
                head_end = j
                break
        # the name: the last identifier before the dimensions
        j = head_end
        while j > a and toks[j - 1].text == "]":
            o = j - 1
            depth = 0
            while o > a:
                depth += (toks[o].text == "]") - (toks[o].text == "[")
                if depth == 0:
                    break
                o -= 1
            p.dims.insert(0, (o, j - 1))
            j = o
        if j - 1 > k and toks[j - 1].kind == "id":
            p.name, p.name_at = toks[j - 1].text, j - 1
        p.ref = any(toks[x].text == "&" for x in range(k, j))
        p.pointer = any(toks[x].text == "*" for x in range(k, j))
        return p

    def variables(self, scope, start, type_start, type_end, end, specifiers, brace=-1, template=None):
        """Declarators after a type: [*|&] name [dims] [= init | (args)] , ... ; (returns after ';')."""
        toks = self.toks
        k = type_end
        while True:
            pointer = ref = False
            while self.text(k) in ("*", "&", "const"):
                pointer |= self.text(k) == "*"
                ref |= self.text(k) == "&"
                k += 1
            if k >= end or toks[k].kind != "id":
                stop = self.statement_end(k, end)
                return stop + 1
            qualified = -1
            if self.text(k + 1) == "::" and k + 2 < end and toks[k + 2].kind == "id":  # a static member's definition
                qualified, k = k, k + 2
            name_at = k
            k += 1
            dims = []
            while self.text(k) == "[":
                c = matching(toks, k)
                dims.append((k, c))
                k = c + 1
            v = VarDecl(toks[name_at].text, name_at, type_start, type_end, set(specifiers), scope, start, pointer, ref, dims,
                        qualified=qualified, template=template)
            if self.text(k) == "=":
                a = k + 1
                k = a
                depth = 0
                while k < end and not (depth == 0 and toks[k].text in (",", ";")):
                    if toks[k].text in ("(", "[", "{"):
                        k = matching(toks, k) + 1
                        continue
                    if toks[k].text == "}":
                        break
                    k += 1
                v.init = (a, k)
            elif self.text(k) == "(":
                c = matching(toks, k)
                v.init, v.ctor_args = (k + 1, c), True
                k = c + 1
            v.end = k
            self.m.variables.append(v)
            if qualified < 0:
                scope.declare(v.name, v)
            if scope.kind == "class":
                scope.owner.fields[v.name] = v
            if self.text(k) == ",":
                k += 1
                continue
            return k + 1 if self.text(k) == ";" else k

    def new_scope(self, kind, open_, close, parent, name=None, owner=None):
        s = Scope(kind, open_, close, parent, name, owner)
        self.m.scopes.append(s)
        return s

    # ---- statements ----------------------------------------------------------------------
    def block(self, scope, i, end):
        while i < end:
            i = self.statement(scope, i, end)

    def statement(self, scope, i, end):
        toks = self.toks
        t = toks[i]
        x = t.text
        if x == ";" or t.kind == "pp":
            return i + 1
        if x == "{":
            close = matching(toks, i)
            self.block(self.new_scope("block", i, close, scope), i + 1, close)
            return close + 1
        if x == "for" and self.text(i + 1) == "(":
            close = matching(toks, i + 1)
            s = self.new_scope("for", i + 1, close, scope)
            first = self.statement_end(i + 2, close)
            if self.declaration_starts(i + 2):
                self.local_declaration(s, i + 2, first + 1)
            after = self.statement(s, close + 1, end)
            s.close = after - 1  # the loop's body belongs to its scope
            return after
        if x in ("if", "while", "switch") and self.text(i + 1) == "(":
            close = matching(toks, i + 1)
            after = self.statement(scope, close + 1, end)
            if x == "if" and self.text(after) == "else":
                after = self.statement(scope, after + 1, end)
            return after
        if x == "do":
            after = self.statement(scope, i + 1, end)
            if self.text(after) == "while":
                stop = self.statement_end(after, end)
                return stop + 1
            return after
        if x in ("case", "default"):
            k = i + 1
            depth = 0
            while k < end and not (depth == 0 and toks[k].text == ":" and self.text(k + 1) != ":" and self.text(k - 1) != ":"):
                depth += (toks[k].text in "([") - (toks[k].text in ")]")
                k += 1
            return k + 1
        if x == "else":
            return self.statement(scope, i + 1, end)
        if x in STATEMENT_KEYWORDS:
            return self.statement_end(i, end) + 1
        if x in ("class", "struct", "enum", "union", "interface"):  # a local type
            return self.declaration(scope, i, end)
        if self.declaration_starts(i):
            stop = self.statement_end(i, end)
            self.local_declaration(scope, i, stop + 1)
            return stop + 1
        stop = self.statement_end(i, end)
        return stop + 1 if stop < end and toks[stop].text == ";" else stop

    def declaration_starts(self, i):
        """Whether a local declaration starts at i: [static|const ...] Type [<..>] [*|&] name."""
        toks = self.toks
        k = i
        while k < len(toks) and toks[k].text in ("static", "const"):
            k += 1
        e = self.type_end(k)
        if e is None:
            return False
        while self.text(e) in ("*", "&", "const"):
            e += 1
        return e < len(toks) and toks[e].kind == "id" and self.text(e + 1) in (";", ",", "=", "[", "(", ")", ":")

    def local_declaration(self, scope, i, end):
        toks = self.toks
        specifiers = set()
        k = i
        while toks[k].text in ("static", "const"):
            specifiers.add(toks[k].text)
            k += 1
        e = self.type_end(k)
        return self.variables(scope, i, k, e, end, specifiers)


def build(toks):
    return Model(toks)
