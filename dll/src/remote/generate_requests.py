#!/usr/bin/env python3
"""Writes the GPU server's requests from dll/include/mqlcl.h at build time (dll/CMakeLists.txt),
so that the protocol cannot drift from the ABI: every export whose first parameter is a handle
(ctx, handle, program, kernel, buffer) is one request, its parameters packed in the export's order.
Into OUTDIR (the build's generated folder):

  remote/request_kinds.hpp   the request kinds and the protocol's fingerprint
  api/local_exports.hpp      mqlcl::local::mqlcl_x, the library's own body of each such export
                             (defined in dll/src/api), which the server calls
  forwarding_exports.cpp     each such export as the library exports it: its local body, or, when
                             its handle is the server's (remote/shared_gpu.hpp), the call sent to
                             the server and its arrays copied back
  run_request.cpp            the server side: the arguments read back, every handle checked
                             against the client's own (ClientSession::admit), the local body
                             called, a handle it makes kept for the client, the arrays sent back

Parameters: int, long long, float, double as themselves; const mqlcl_char* as a string with a
null flag; a pointer with its element count (the parameter <name>_count, else the next count or
cap; a void* counts data_count elements of elem_size bytes) as a null flag and exactly that many
elements. Every pointer that is not const travels both ways (the export may write part of it: the
rest must come back unchanged).
Usage: generate_requests.py OUTDIR   (writes a file only where its text changed)
       generate_requests.py --check  (fails where dll/src/api lacks an export's local body, or
                                      defines one as an export)"""
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(ROOT / "common"))
import mqlcl_header  # noqa: E402  (the one reader of mqlcl.h)


# A first parameter of these names is a handle: the call goes to the server when it is the server's.
FORWARD_KEYS = {"ctx", "handle", "program", "kernel", "buffer"}
# Other parameters that are handles (checked against the client's own on the server).
HANDLE_PARAMS = {"buffer_or_image", "a_buffer", "b_buffer", "c_buffer"}
# Their first parameter is a GEMM kernel's number, not a handle: answered by the process itself.
NOT_HANDLES = {"mqlcl_gemm_kernel_name", "mqlcl_gemm_kernel_info"}
# The exports whose result is a new handle: the server keeps it for the client.
MAKES_HANDLE = {"mqlcl_program": "MQLCL_KIND_PROGRAM", "mqlcl_kernel": "MQLCL_KIND_KERNEL",
                "mqlcl_buffer": "MQLCL_KIND_BUFFER", "mqlcl_image2d": "MQLCL_KIND_IMAGE",
                "mqlcl_context_share": "MQLCL_KIND_CONTEXT"}
# Argument sets and launches: posted without waiting once the same shape has succeeded
# (remote/shared_gpu.hpp, call_server_posting); the parameters that make the shape (None: the
# whole request, a launch's sizes; a launch is sent at once, an argument set with what follows
# it). A scalar's checks do not depend on its value, so the kernel and index make its shape; a
# buffer or image set is checked against that object (its kind, its context), so the object is
# part of the shape: a posted set then fails only where the object changed, which the client
# sees (a free) and then waits.
POSTED = {"mqlcl_arg_mem": ["kernel", "index", "buffer_or_image"], "mqlcl_arg_int": ["kernel", "index"],
          "mqlcl_arg_float": ["kernel", "index"], "mqlcl_arg_double": ["kernel", "index"],
          "mqlcl_arg_integer": ["kernel", "index", "bytes"], "mqlcl_arg_local": ["kernel", "index"],
          "mqlcl_enqueue": None}
# In-out arrays the export does not read, and writes whole, where the condition holds: not copied
# to the server then. A GEMM does not read C when beta is 0 (mqlcl.h), and with ldc == n and
# c_count == m * n it writes every element of it.
GEMM_C_NOT_READ = "beta == 0 && ldc == n && c_count == static_cast<long long>(m) * n"
NOT_READ_WHEN = {"mqlcl_sgemm": {"c": GEMM_C_NOT_READ}, "mqlcl_dgemm": {"c": GEMM_C_NOT_READ}}
# Reading a message does not replace the caller's last failure (mqlcl_last_error).
READS_MESSAGE = {"mqlcl_last_error"}
# Questions about a server's handle that this process answers itself: export -> condition.
ANSWERED_HERE = {"mqlcl_handle_info": ("what == MQLCL_HINFO_SHARED_GPU", "1")}
# Kinds written by hand (remote/protocol.hpp): below the generated ones.
FIRST_GENERATED = 16

SCALARS = {"int": ("i32", "int32_t"), "long long": ("i64", "int64_t"), "float": ("f32", "float"),
           "double": ("f64", "double"), "unsigned int": ("u32", "uint32_t")}
ELEMENTS = {"float": "float", "double": "double", "int": "int", "unsigned int": "unsigned int",
            "unsigned char": "unsigned char", "mqlcl_char": "mqlcl_char", "void": "unsigned char"}


def forwarded(functions):
    return [f for f in functions if f.params and f.params[0][1] in FORWARD_KEYS and f.name not in NOT_HANDLES]


def count_of(f, i):
    """The name of the count parameter of pointer parameter i (and elem_size's for a void*)."""
    name = f.params[i][1]
    names = [n for _, n in f.params]
    if f"{name}_count" in names:
        return f"{name}_count"
    for _, n in f.params[i + 1:]:
        if n in ("count", "cap"):
            return n
    raise ValueError(f"{f.name}: no count for {name}")


def describe(f):
    """[(kind, name, extra)] per parameter: scalar, text, array (in or inout)."""
    out = []
    for i, (t, n) in enumerate(f.params):
        if t in SCALARS:
            out.append(("scalar", n, t))
        elif t == "const mqlcl_char*":
            out.append(("text", n, None))
        elif t.endswith("*"):
            const = t.startswith("const ")
            elem = t[len("const "):-1] if const else t[:-1]
            if elem not in ELEMENTS:
                raise ValueError(f"{f.name}: element type {elem}")
            count = count_of(f, i)
            size = "elem_size" if elem == "void" else None
            out.append(("in" if const else "inout", n, (elem, count, size)))
        else:
            raise ValueError(f"{f.name}: parameter type {t}")
    return out


def params_text(f):
    return ", ".join(f"{t} {n}" for t, n in f.params)


def count_expr(count, size):
    """Elements (bytes for a void*) an array holds: the count when positive, else none."""
    if size:
        return f"elements_of({count}, {size})"
    return f"elements_of({count}, 1)"


def export_function(f, kind):
    ret = f.ret
    args = ", ".join(n for _, n in f.params)
    lines = [f"MQLCL_API {ret} {f.name}({params_text(f)}) {{",
             f"  if (!is_server_handle({f.params[0][1]})) return local::{f.name}({args});"]
    if f.name in ANSWERED_HERE:
        cond, value = ANSWERED_HERE[f.name]
        lines.append(f"  if ({cond}) return {value};")
    lines += [f"  {ret} result;",
             f"  try {{",
             f"  CallArrays arrays;",
             f"  Packer p;",
             f"  p.u32({kind});"]
    arrays = []
    for k, n, extra in describe(f):
        if k == "scalar":
            lines.append(f"  p.{SCALARS[extra][0]}({n});")
        elif k == "text":
            lines.append(f"  arrays.pack_text(p, {n});")
        else:
            elem, count, size = extra
            elem_bytes = "1" if elem == "void" else f"sizeof({ELEMENTS[elem]})"
            read = NOT_READ_WHEN.get(f.name, {}).get(n)
            read_arg = f", !({read})" if read else ""
            lines.append(f"  arrays.pack(p, {n}, {count_expr(count, size)} * {elem_bytes}{read_arg});")
            if k == "inout":
                arrays.append((n, count_expr(count, size), elem_bytes))
    record = "false" if f.name in READS_MESSAGE else "true"
    if f.name in POSTED:
        shape = "shape_of(p)" if POSTED[f.name] is None else f"shape_of({{{kind}, {', '.join(POSTED[f.name])}}})"
        memory = ", buffer_or_image" if f.name == "mqlcl_arg_mem" else ""
        when = "Posting::Now" if POSTED[f.name] is None else "Posting::WithNext"
        lines.append(f"  Reply r = call_server_posting({f.params[0][1]}, p, {shape}, {record}, {when}{memory});")
    elif f.name in MAKES_HANDLE:
        lines.append(f"  Reply r = call_server_making({f.params[0][1]}, p, {record}, {MAKES_HANDLE[f.name]});")
    else:
        lines.append(f"  Reply r = call_server({f.params[0][1]}, p, {record});")
    if arrays:
        lines.append("  size_t at = 0;")
        for n, c, eb in arrays:
            lines.append(f"  arrays.unpack(r, at, {n}, {c} * {eb});")
    if f.name == "mqlcl_free":
        lines.append("  if (r.result == MQLCL_OK) server_freed(handle);")
    if f.name in READS_MESSAGE:  # a failure the server did not answer (no server, or it ended) has its text here
        lines.append("  if (r.result < 0 && r.arrays_back == 0) failure_text_out(r, buf, cap);")
    value = "r.real" if ret == "double" else "r.result"
    lines.append(f"  result = static_cast<{ret}>({value});")
    start = lines.index("  try {") + 1
    lines[start:] = ["  " + x for x in lines[start:]]
    lines.append("  } catch (...) {")
    lines.append(f"    result = static_cast<{ret}>(call_failed({'false' if f.name in READS_MESSAGE else 'true'}));")
    lines.append("  }")
    lines.append("  return result;")
    lines.append("}")
    return "\n".join(lines)


def server_case(f, kind):
    lines = [f"    case {kind}: {{  // {f.name}"]
    call_args = []
    arrays = []
    handles = []
    for k, n, extra in describe(f):
        if k == "scalar":
            ctype = "long long" if extra == "long long" else extra
            handle = (n == f.params[0][1]) or n in HANDLE_PARAMS
            lines.append(f"      const {ctype} {n}{'_sent' if handle else ''} = u.{SCALARS[extra][0]}(\"{n}\");")
            call_args.append(n)
            if handle:
                handles.append(n)
        elif k == "text":
            lines.append(f"      const TextArgument {n}(u, \"{n}\");")
            call_args.append(f"{n}.get()")
        else:
            elem, count, size = extra
            cpp = ELEMENTS[elem]
            lines.append(f"      ArrayArgument<{cpp}> {n}(u, \"{n}\", session);")
            arrays.append((n, count, size, cpp, k))
            call_args.append(f"{n}.get()")
    lines.append("      u.done();")
    for n, count, size, cpp, k in arrays:
        unit = "1" if size else f"sizeof({cpp})"
        lines.append(f"      {n}.expect({count_expr(count, size)}, {unit}, \"{count}\");")
    for h in handles:
        lines.append(f"      const int {h} = session.admit({h}_sent);")
    call = f"local::{f.name}({', '.join(call_args)})"
    if f.ret == "double":
        lines.append(f"      reply.real = {call};")
        lines.append("      reply.result = reply.real < 0 ? static_cast<int64_t>(reply.real) : 0;")
    else:
        lines.append(f"      reply.result = {call};")
        lines.append("      reply.real = static_cast<double>(reply.result);")
    if f.name in MAKES_HANDLE:
        lines.append("      if (reply.result > 0) session.keep(static_cast<int>(reply.result));")
    if f.name == "mqlcl_free":
        lines.append("      if (reply.result == MQLCL_OK) session.freed(handle);")
    for n, count, size, cpp, k in arrays:
        if k == "inout":
            lines.append(f"      {n}.send_back(reply);")
    lines.append("      return true;")
    lines.append("    }")
    return "\n".join(lines)


GENERATED = "// Generated by dll/src/remote/generate_requests.py from dll/include/mqlcl.h: do not edit."

# Raised when the hand-written requests or their framing (remote/protocol.hpp) change: with the
# exports it makes the fingerprint a client and a server compare (Hello).
PROTOCOL_REVISION = 2


def fingerprint(fs):
    text = f"protocol {PROTOCOL_REVISION}\n" + "\n".join(f"{f.ret} {f.name}({params_text(f)})" for f in fs)
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)


def kinds_file(fs):
    consts = "\n".join(f"constexpr uint32_t kRequest_{f.name} = {FIRST_GENERATED + i};" for i, f in enumerate(fs))
    return f"""{GENERATED}
// The GPU server's requests of the exports that take a handle (forwarding_exports.cpp).
#pragma once
#include <cstdint>

namespace mqlcl {{

{consts}
constexpr uint32_t kGeneratedRequestsEnd = {FIRST_GENERATED + len(fs)};
// Differs between two libraries whose requests differ: a server of another version is refused.
constexpr uint32_t kRequestsFingerprint = 0x{fingerprint(fs):08x}u;

}}  // namespace mqlcl
"""


def local_file(fs):
    decls = "\n".join(f"{f.ret} {f.name}({params_text(f)});" for f in fs)
    return f"""{GENERATED}
// The library's own body of each export that takes a handle (defined in dll/src/api): what the
// export runs where the handle is not the GPU server's, and what the server runs for a client.
#pragma once
#include "mqlcl.h"

namespace mqlcl {{
namespace local {{

{decls}

}}  // namespace local
}}  // namespace mqlcl
"""


def exports_file(fs):
    bodies = "\n\n".join(export_function(f, f"kRequest_{f.name}") for f in fs)
    return f"""{GENERATED}
// Each export that takes a handle, as the library exports it: where the handle is this user's GPU
// server's, the call is sent to the server and its result returned; otherwise its local body runs.
#include <cstdint>

#include "api/local_exports.hpp"
#include "mqlcl.h"
#include "remote/protocol.hpp"
#include "remote/request_kinds.hpp"
#include "remote/shared_gpu.hpp"

using namespace mqlcl;

{bodies}
"""


def server_file(fs):
    cases = "\n".join(server_case(f, f"kRequest_{f.name}") for f in fs)
    return f"""{GENERATED}
// The server side of each export's request: arguments read and checked, handles admitted by the
// client's session, the export's local body called, the arrays sent back.
#include "run_request.hpp"

#include "api/local_exports.hpp"
#include "mqlcl.h"
#include "remote/request_kinds.hpp"

namespace mqlcl {{

bool run_export_request(uint32_t kind, Unpacker& u, Reply& reply, ClientSession& session) {{
  switch (kind) {{
{cases}
    default:
      return false;
  }}
}}

}}  // namespace mqlcl
"""


def misdefined(fs):
    """The forwarded exports that dll/src/api does not define as mqlcl::local::, or defines as exports."""
    import re
    text = "\n".join(p.read_text() for p in sorted((ROOT / "dll/src/api").glob("*.cpp")))
    wrong = []
    for f in fs:
        local = re.search(r"\bmqlcl::local::" + f.name + r"\(", text)
        exported = re.search(r"MQLCL_API\s[^;{]*?\b" + f.name + r"\(", text)
        if not local or exported:
            wrong.append(f.name)
    if "MQLCL_FORWARD" in text:
        wrong.append("MQLCL_FORWARD")
    return wrong


def main():
    fs = forwarded(mqlcl_header.functions())
    args = sys.argv[1:]
    if args == ["--check"]:
        wrong = misdefined(fs)
        if wrong:
            print("exports that take a handle whose body in dll/src/api is not mqlcl::local::<name> "
                  "(the export is generated: forwarding_exports.cpp): " + ", ".join(wrong))
            return 1
        return 0
    if len(args) != 1:
        print(__doc__)
        return 2
    out = Path(args[0])
    outputs = {out / "remote/request_kinds.hpp": kinds_file(fs), out / "api/local_exports.hpp": local_file(fs),
               out / "forwarding_exports.cpp": exports_file(fs), out / "run_request.cpp": server_file(fs)}
    for p, text in outputs.items():
        if not p.exists() or p.read_text() != text:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
