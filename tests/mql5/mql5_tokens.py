"""MQL5 source as tokens, for the translator and the lint: comments and string literals are
tokens of their own (never looked into), each token knows its file and line, and the text
between tokens is kept, so that the translated file keeps the source's lines."""
import re
from dataclasses import dataclass
from pathlib import Path

# The MQL5 data-type keywords (docs: Language Basics / Syntax / Reserved Words,
# https://docs.mql4.com/basis/syntax/reserved = https://www.mql5.com/en/docs/basis/syntax/reserved).
# With the matrix types (docs: Matrix and vector types, https://www.mql5.com/en/docs/matrix/matrix_types).
BUILTIN_TYPES = {"bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
                 "string", "color", "datetime", "void", "matrix", "matrixf", "vector", "vectorf"}

_TOKEN = re.compile(r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<str>"(?:\\.|[^"\\\n])*")
  | (?P<chr>'(?:\\.|[^'\\\n])+')
  | (?P<num>(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[a-zA-Z]*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<op>::|->|\#\#|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|\.\.\.|[-+*/%&|^!~<>=?:;,.(){}\[\]#@$\\])
""", re.X | re.S)


_SPACE = re.compile(r"[ \t\r\f\v]*\n?")


@dataclass
class Token:
    kind: str      # comment, str, chr, num, id, op, pp (a whole preprocessor line), bad
    text: str
    file: Path
    line: int
    ws: str = ""   # the source text before the token (whitespace)
    out: str = None  # what the translator writes instead of text (None: text)
    origin: str = None  # the macro whose expansion made the token (None: the source's own)

    def where(self):
        return f"{self.file}:{self.line}"


def decode_text(data):
    """The text of a file as MetaEditor reads it: UTF-16 (LE or BE) or UTF-8 by their byte order
    mark, else UTF-8, else ANSI (the Windows-1252 code page of a Western terminal); the mark is
    not part of the text. MetaEditor saves many sources as UTF-16LE with a mark (docs: Resources,
    a string resource: "ANSI, UTF-8 and UTF-16 encodings are supported")."""
    for mark, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8")):
        if data.startswith(mark):
            return data[len(mark):].decode(encoding)  # a file that lies about its encoding: an error
    # UTF-16 without a mark: source text has no NUL byte in UTF-8 or ANSI, but every ASCII
    # character of UTF-16 has one (public programs compiled by MetaEditor are saved so: see
    # docs/mql5-harness.md, "Evidence")
    head = data[:4096]
    if len(data) % 2 == 0 and head.count(0) * 4 > len(head):
        return data.decode("utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_text(path, where=None):
    """decode_text of a file; a file its byte order mark does not describe is a SourceError."""
    try:
        return decode_text(Path(path).read_bytes())
    except UnicodeDecodeError as e:
        raise SourceError(where or f"{path}:1", f"{path}: not valid {e.encoding} ({e.reason} at byte {e.start})")


def read_source(path):
    """A .mq5/.mqh file's text (decode_text), its line ends (CRLF, as MetaEditor writes them, or
    LF) as LF: lines, and so diagnostics, are counted on LF."""
    return read_text(path).replace("\r\n", "\n")


class SourceError(Exception):
    """An error in the MQL5 source, named file:line."""

    def __init__(self, where, message):
        super().__init__(f"{where}: error: {message}")


def tokenize(text, path, line_start=True):
    """Tokens of one file; a preprocessor directive is one 'pp' token holding its whole line
    (line_start=False: text from the middle of a line, such as a macro's body)."""
    tokens, pos, line, ws = [], 0, 1, ""
    at_line_start = line_start
    while pos < len(text):
        m = _SPACE.match(text, pos)
        if m.group(0):
            ws += m.group(0)
            line += m.group(0).count("\n")
            at_line_start = at_line_start or m.group(0).endswith("\n")
            pos += len(m.group(0))
            continue
        if at_line_start and text[pos] == "#":
            end = pos
            while True:  # a directive ends at a newline that is not escaped, outside comments
                nl = text.find("\n", end)
                nl = len(text) if nl < 0 else nl
                if text[pos:nl].rstrip().endswith("\\"):
                    end = nl + 1
                    continue
                break
            directive = text[pos:nl]
            tokens.append(Token("pp", directive, path, line, ws))
            line += directive.count("\n")
            pos, ws = nl, ""
            continue
        at_line_start = False
        m = _TOKEN.match(text, pos)
        if not m:
            tokens.append(Token("bad", text[pos], path, line, ws))
            pos, ws = pos + 1, ""
            continue
        kind = m.lastgroup
        tokens.append(Token(kind, m.group(0), path, line, ws))
        line += m.group(0).count("\n")
        pos, ws = m.end(), ""
    tokens.append(Token("eof", "", path, line, ws))
    return tokens


def code(tokens):
    """The tokens that mean something (no comments)."""
    return [t for t in tokens if t.kind != "comment"]


def declared_types(tokens):
    """Names the code declares as types: classes, structs, enums, interfaces, template parameters
    (and namespaces, which name a scope as they do)."""
    names = set()
    for a, b in zip(tokens, tokens[1:]):
        if a.kind == "id" and a.text in ("class", "struct", "union", "enum", "interface", "typename", "namespace") \
                and b.kind == "id":
            names.add(b.text)
    return names


def class_names(tokens):
    """Class and interface names (the only types MQL5 has pointers to)."""
    return {b.text for a, b in zip(tokens, tokens[1:])
            if a.kind == "id" and a.text in ("class", "interface", "typename") and b.kind == "id"}
