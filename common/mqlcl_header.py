"""The one reader of dll/include/mqlcl.h for the Python tools (mql5/generate_api.py, the checks
of tests/checks): its exported functions with their parameter types, and its integer constants.
The header is plain by rule (docs/ABI.md): one `MQLCL_API ret name(type name, ...);` per
function, one `#define MQLCL_NAME integer /* comment */` per constant."""
import re
from collections import namedtuple
from pathlib import Path

HEADER = Path(__file__).resolve().parent.parent / "dll/include/mqlcl.h"

# ret: "int", "long long", ...; params: [(type, name)] with types spelled "const T*" / "T*".
Function = namedtuple("Function", "ret name params")
Constant = namedtuple("Constant", "name value comment")

# Exports for C and C++ programs alone, not in MQL5's #import block: a pointer to memory the
# caller keeps mapped, which an MQL5 array (it may move between calls) cannot be.
NOT_FOR_MQL5 = {"mqlcl_host_memory"}

_FUNCTION = re.compile(r"^MQLCL_API\s+(.+?)\s*\b(mqlcl_\w+)\s*\((.*?)\);", re.M | re.S)
_CONSTANT = re.compile(r"^#define (MQLCL_\w+)[ \t]+(-?\d+)[ \t]*(?:/\*(.*?)\*/)?", re.M)


def _type(text):
    """A C type with one spelling: single spaces, '*' attached to the type."""
    return re.sub(r"\s*\*", "*", " ".join(text.split()))


def functions(text=None):
    """[Function] of every MQLCL_API declaration, in header order."""
    text = HEADER.read_text() if text is None else text
    out = []
    for m in _FUNCTION.finditer(text):
        params = " ".join(m.group(3).split())
        args = []
        if params != "void":
            for p in params.split(","):
                pm = re.fullmatch(r"(.*?[\s*])(\w+)", p.strip())
                if not pm:
                    raise ValueError(f"{m.group(2)}: cannot read the parameter '{p.strip()}'")
                args.append((_type(pm.group(1)), pm.group(2)))
        out.append(Function(_type(m.group(1)), m.group(2), args))
    return out


def constants(text=None):
    """[Constant] of every integer #define MQLCL_* (value as written, comment or None), in order."""
    text = HEADER.read_text() if text is None else text
    return [Constant(m.group(1), m.group(2), m.group(3).strip() if m.group(3) else None)
            for m in _CONSTANT.finditer(text)]
