"""MQL5's preprocessor, run before anything reads the program: the files #included (once each),
the branches #ifdef / #ifndef / #else / #endif leave on (and only those), and every macro the
program #defines expanded where it is used, so that the lint, the model and the translator see
what MetaEditor compiles. The reference: Language Basics / Preprocessor
(https://www.mql5.com/en/docs/basis/preprosessor) and its pages on #define (object-like and
parametric macros, #undef) and conditional compilation; the predefined macros are those of the
page "Predefined Macro Substitutions" (https://www.mql5.com/en/docs/constants/namedconstants/compilemacros).

The output is the token stream of mql5_tokens with the source's lines kept: a skipped branch
and a directive that leaves nothing become markers holding their newlines; a token a macro
produced carries the file and line of the macro's use (and the macro's name in `origin`), so a
diagnostic names the place the program wrote. #property, #resource and #import lines stay as
'pp' tokens for the translator. The predefined macros are defined for #ifdef and left as names:
the runtime (runtime/mql5_macros.hpp) gives them their values where the C++ compiler knows them
(the function a __FUNCTION__ is in)."""
import re
from dataclasses import dataclass, replace as copy_token
from pathlib import Path

from mql5_tokens import SourceError, Token, read_source, tokenize

PREPROCESSOR_DOC = "https://www.mql5.com/en/docs/basis/preprosessor"
CONDITIONAL_DOC = "https://www.mql5.com/en/docs/basis/preprosessor/conditional_compilation"
MACROS_DOC = "https://www.mql5.com/en/docs/constants/namedconstants/compilemacros"
# Predefined Macro Substitutions: what MetaEditor defines in an .mq5 file of a release build
# (__MQL4__ only in an .mq4 file, _DEBUG only when compiled for debugging).
PREDEFINED_MACROS = {"__MQL__", "__MQL5__", "_RELEASE", "__MQLBUILD__", "__MQL5BUILD__", "__DATE__", "__DATETIME__",
                     "__LINE__", "__FILE__", "__PATH__", "__FUNCTION__", "__FUNCSIG__", "__COUNTER__", "__RANDOM__",
                     "__CPU_ARCHITECTURE__"}
# The directives of the reference's Preprocessor section. Handled here: the conditional ones,
# #define, #undef, #include; passed on to the translator: the others.
CONDITIONAL = {"ifdef", "ifndef", "else", "endif"}
PASSED_ON = {"property", "resource", "import"}
DIRECTIVES = CONDITIONAL | PASSED_ON | {"define", "undef", "include"}


@dataclass
class Macro:
    name: str
    params: list      # None: an object-like macro; else the parameter names
    body: list        # its tokens (no comments)
    where: str        # file:line of its #define


def marker(like, newlines=0, out=""):
    """A token that writes `out` (nothing by default) and keeps `newlines` lines."""
    return Token("marker", "", like.file, like.line, "\n" * newlines, out=out)


class Preprocessor:
    """One program's preprocessing: the macros and the files seen are shared by its files."""

    def __init__(self, include_target, predefined=PREDEFINED_MACROS):
        self.include_target = include_target  # (name, angle, includer) -> (path, folders looked in)
        self.predefined = set(predefined)
        self.macros = {}
        self.seen = set()
        self.files = []  # every file read, in order

    def defined(self, name):
        return name in self.macros or name in self.predefined

    # ---- files and directives ----------------------------------------------------------
    def run(self, path, out, line_marker):
        """Appends the tokens of path (its includes expanded) to out."""
        self.seen.add(Path(path).resolve())
        self.files.append(Path(path))
        tokens = tokenize(read_source(path), path)
        # per open #ifdef/#ifndef: [the code around it on, this branch on, its #else seen]
        frames = []
        run = []  # active code since the last directive, expanded at the next one

        def flush():
            out.extend(self.expand(run))
            run.clear()

        def active():
            return all(f[1] for f in frames)

        skipped_from = None  # the first token of a skipped region
        for t in tokens:
            if t.kind == "eof":
                break
            if t.kind != "pp":
                if active():
                    run.append(t)
                elif skipped_from is None:
                    skipped_from = t
                    skipped_lines = t.ws.count("\n") + t.text.count("\n")
                else:
                    skipped_lines += t.ws.count("\n") + t.text.count("\n")
                continue
            m = re.match(r"#\s*(\w*)\s*(.*)", t.text, re.S)
            name, rest = m.group(1), m.group(2).strip()
            was_active = active()
            if skipped_from is not None:  # the skipped region ends at this directive
                out.append(marker(skipped_from, skipped_lines))
                skipped_from = None
            flush()
            if not was_active and name not in ("ifdef", "ifndef", "if", "else", "endif"):
                # a directive MetaEditor never reads: its lines kept, nothing judged
                out.append(marker(t, t.ws.count("\n") + t.text.count("\n")))
                continue
            if name in ("ifdef", "ifndef", "if") and not was_active:
                frames.append([False, False, False])  # nested in a skipped branch: skipped whole
            elif name in ("ifdef", "ifndef"):
                ident = re.match(r"(\w+)\s*(//.*|/\*.*)?$", rest)
                if not ident:
                    raise SourceError(t.where(), f"#{name} takes one identifier [{CONDITIONAL_DOC}]")
                frames.append([True, self.defined(ident.group(1)) == (name == "ifdef"), False])
            elif name == "else":
                if not frames or frames[-1][2]:
                    raise SourceError(t.where(), f"#else without #ifdef or #ifndef [{CONDITIONAL_DOC}]")
                frames[-1][1] = frames[-1][0] and not frames[-1][1]
                frames[-1][2] = True
            elif name == "endif":
                if not frames:
                    raise SourceError(t.where(), f"#endif without #ifdef or #ifndef [{CONDITIONAL_DOC}]")
                frames.pop()
            elif name == "define":
                self.define(t, rest)
            elif name == "undef":
                ident = re.match(r"(\w+)", rest)
                if not ident:
                    raise SourceError(t.where(), f"#undef takes one identifier [{PREPROCESSOR_DOC}]")
                self.macros.pop(ident.group(1), None)
            elif name == "include":
                self.include(t, rest, out, line_marker)
                continue
            elif name in PASSED_ON:
                out.append(self.resource_path(t, rest) if name == "resource" else t)
                continue
            else:
                # #if, #elif, #pragma, #error ...: C's, not MQL5's (its Preprocessor section lists
                # #define, #undef, #property, #include, #import, #resource and the conditional four)
                raise SourceError(t.where(), f"#{name} is not an MQL5 preprocessor directive [{PREPROCESSOR_DOC}]")
            out.append(marker(t, t.ws.count("\n") + t.text.count("\n")))
        if skipped_from is not None:
            out.append(marker(skipped_from, skipped_lines))
        flush()
        if frames:
            raise SourceError(f"{path}:{tokens[-1].line}", f"#ifdef or #ifndef without #endif [{CONDITIONAL_DOC}]")

    def resource_path(self, t, rest):
        """#resource's path written as an expression of string literals and macros joined by '+'
        (`#resource "\\\\" + PATH`, a published indicator, geraked/metatrader5 ZLSMA.mq5): the macros
        expanded and the literals joined into the one literal the translator reads."""
        if re.match(r'"(?:\\.|[^"\\])*"\s*(as\b|;|//|/\*|$)', rest.strip()):
            return t
        tokens = [x for x in self.expand(tokenize(rest, t.file, line_start=False)) if x.kind not in ("comment", "marker")]
        parts, k = [], 0
        while k < len(tokens) and tokens[k].kind == "str":
            parts.append(tokens[k].text[1:-1])
            k += 1
            if k < len(tokens) and tokens[k].text == "+":
                k += 1
            elif k < len(tokens) and tokens[k].kind == "str":
                continue
            else:
                break
        if not parts:
            return t
        tail = " ".join(x.text for x in tokens[k:])
        return copy_token(t, text='#resource "' + "".join(parts) + '"' + (" " + tail if tail else ""))

    def include(self, t, rest, out, line_marker):
        m = re.match(r'([<"])([^>"]*)[>"]', rest)
        if not m:
            raise SourceError(t.where(), f'#include takes <file> or "file" [{PREPROCESSOR_DOC}/include]')
        # MQL5 writes folders with backslashes (<Trade\Trade.mqh>, "sub\\x.mqh"); either separator here
        name = re.sub(r"[\\/]+", "/", m.group(2))
        target, looked = self.include_target(name, m.group(1) == "<", Path(t.file))
        if not target.is_file():
            raise SourceError(t.where(), f"cannot open include file '{m.group(2)}'"
                              + (f" (looked in {', '.join(str(d) for d in looked)})" if m.group(1) == "<" else ""))
        if target.resolve() in self.seen:  # MQL5 includes a file once
            out.append(marker(t, t.ws.count("\n")))
            return
        out.append(Token("marker", "", t.file, t.line, t.ws, out=line_marker(1, target, after="\n")))
        self.run(target, out, line_marker)
        out.append(Token("marker", "", t.file, t.line, "", out=line_marker(t.line + 1, Path(t.file), before="\n")))

    def define(self, t, rest):
        body_text = re.sub(r"\\\n", " ", rest)  # continued lines: one line
        m = re.match(r"(\w+)(\()?", body_text)
        if not m:
            raise SourceError(t.where(), f"#define takes a name [{PREPROCESSOR_DOC}/constant]")
        name, params = m.group(1), None
        after = body_text[m.end():]
        if m.group(2):  # NAME( with no space: parametric
            close = after.find(")")
            if close < 0:
                raise SourceError(t.where(), f"#define {name}(: its parameter list is not closed [{PREPROCESSOR_DOC}/constant]")
            params = [p.strip() for p in after[:close].split(",")] if after[:close].strip() else []
            if any(not re.fullmatch(r"\w+", p) for p in params):
                raise SourceError(t.where(), f"#define {name}({after[:close]}): parameters are names [{PREPROCESSOR_DOC}/constant]")
            after = after[close + 1:]
        body = [copy_token(b, ws=b.ws.replace("\n", " ")) for b in tokenize(after, t.file, line_start=False)
                if b.kind not in ("comment", "eof")]
        for b in body:
            b.line = t.line
        if body:
            body[0].ws = ""
        self.macros[name] = Macro(name, params, body, t.where())

    # ---- macro expansion -----------------------------------------------------------------
    def expand(self, tokens):
        """tokens with every macro use replaced by its expansion, rescanned as C does (a macro is
        not expanded inside its own expansion). A use whose arguments run over several lines
        leaves their newlines after it (the lines after keep their numbers)."""
        if not self.macros:
            return list(tokens)
        out = []
        stack = [(t, frozenset()) for t in reversed(tokens)]
        while stack:
            t, hide = stack.pop()
            macro = self.macros.get(t.text) if t.kind == "id" else None
            if macro is None or t.text in hide:
                out.append(t)
                continue
            if macro.params is None:
                produced, lost = self.substitute(macro, t, {}), 0
            else:
                # the next token that means something must be '(' (a parametric macro's name
                # alone is a plain name)
                k = len(stack) - 1
                while k >= 0 and stack[k][0].kind in ("comment", "marker"):
                    k -= 1
                if k < 0 or stack[k][0].text != "(":
                    out.append(t)
                    continue
                args, lost = self.arguments(stack, k, t, macro)
                produced = self.substitute(macro, t, args)
            produced[0:1] = [copy_token(produced[0], ws=t.ws)] if produced else []
            if lost:
                stack.append((marker(t, lost), frozenset()))
            if not produced and t.ws:
                stack.append((marker(t, t.ws.count("\n"), out=" "), frozenset()))
            for p in reversed(produced):
                stack.append((p, hide | {macro.name}))
        return out

    def arguments(self, stack, k, use, macro):
        """Pops `( args )` off the stack (its top is the end of the list); returns ({param: tokens},
        the newlines inside the parentheses)."""
        del stack[k + 1:]  # comments between the name and '('
        depth, args, cur, lost = 0, [], [], 0
        while True:
            if not stack:
                raise SourceError(use.where(), f"the arguments of macro '{macro.name}' are not closed by ')'")
            t, _ = stack.pop()
            lost += t.ws.count("\n") + (t.text.count("\n") if t.kind == "comment" else 0)
            if t.kind in ("comment", "marker"):
                continue
            if t.text in ("(", "[", "{"):
                depth += 1
                if depth == 1 and t.text == "(":
                    continue
            elif t.text in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    args.append(cur)
                    break
            elif t.text == "," and depth == 1:
                args.append(cur)
                cur = []
                continue
            cur.append(t)
        if macro.params == [] and args == [[]]:
            args = []
        if len(args) != len(macro.params):
            raise SourceError(use.where(), f"macro '{macro.name}' takes {len(macro.params)} arguments, given {len(args)} "
                              f"(defined at {macro.where}) [{PREPROCESSOR_DOC}/constant]")
        return dict(zip(macro.params, args)), lost

    def substitute(self, macro, use, args):
        """The body of macro with its parameters replaced (# makes a string of an argument, ##
        joins two tokens), each token placed at the use."""
        body, out, expanded, paste = macro.body, [], {}, False
        for i, b in enumerate(body):
            if b.text == "#" and i + 1 < len(body) and body[i + 1].text in args:
                continue  # the string is made at the parameter
            if b.text == "##":
                paste = True
                continue
            if b.kind == "id" and b.text in args:
                raw = paste or (i + 1 < len(body) and body[i + 1].text == "##")
                if i and body[i - 1].text == "#":
                    arg = args[b.text]  # as written, a space where the argument had any (C's rule)
                    spelled = "".join((" " if k and a.ws else "") + a.text for k, a in enumerate(arg))
                    piece = [Token("str", '"' + spelled.replace("\\", "\\\\").replace('"', '\\"') + '"', use.file,
                                   use.line, body[i - 1].ws)]
                else:
                    if not raw and b.text not in expanded:
                        expanded[b.text] = self.expand(args[b.text])
                    piece = [copy_token(a) for a in (args[b.text] if raw else expanded[b.text])]
                    if piece:
                        piece[0].ws = b.ws
            else:
                piece = [copy_token(b)]
            if paste and out and piece:
                joined = out.pop()
                glued = tokenize(joined.text + piece[0].text, use.file, line_start=False)[:-1]
                if len(glued) != 1:
                    raise SourceError(use.where(), f"macro '{macro.name}': '{joined.text}' ## '{piece[0].text}' is no token")
                piece = [copy_token(glued[0], ws=joined.ws)] + piece[1:]
            paste = False
            out.extend(piece)
        for p in out:
            p.file, p.line, p.origin = use.file, use.line, macro.name
            p.ws = p.ws.replace("\n", " ")
        return out


def preprocess(script, include_target, line_marker, predefined=PREDEFINED_MACROS):
    """(tokens, the Preprocessor) of script: its files' active code, macros expanded."""
    pre = Preprocessor(include_target, predefined)
    out = []
    pre.run(script, out, line_marker)
    return out, pre
