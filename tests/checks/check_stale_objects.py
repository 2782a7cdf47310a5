#!/usr/bin/env python3
"""A header saved while the compiler runs must not leave a stale object behind.

ninja and make rebuild an object only when an input is newer than it. A header saved after
the compiler read it but before the object is written is older than the object, so without
cmake/compile_start_mtime.cmake the object is never rebuilt and the library links translation
units that saw two layouts of one struct. That happened to mqlcl.dll: DeviceFacts gained two
fields during a build, api_generic.cpp kept the old layout, read Context's members at the old
offsets (local memory "2 bytes", a garbage cl_context into clCreateBuffer) and the Generic tests
failed under Wine with access violations.

This check builds a one-file project whose compiler launcher (this script, --edit-during-compile)
saves the header right after the compile, then dates the object after the save, as a compiler
still writing would. With the module the next build recompiles the object and the one after has
nothing to do; without it the object stays stale (checked too, so the scenario is real).
Usage: check_stale_objects.py REPOSITORY"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import expect, finish, run

HEADER_V1 = "#define VALUE 1\n"
HEADER_V2 = "#define VALUE 2\n"


def edit_during_compile(header, command):
    """Launcher: compiles, saves the header (once), then touches the object after the save."""
    marker = Path(header).with_suffix(".edited")
    if marker.exists():
        return subprocess.call(command)
    started = Path(header).with_suffix(".started")
    started.write_text("")  # the file system's clock at the compile's start
    status = subprocess.call(command)
    if status != 0:
        return status
    # Saved until its time is past the start on the file system's own clock (a tick is a few ms).
    while True:
        Path(header).write_text(HEADER_V2)
        if os.stat(header).st_mtime_ns > started.stat().st_mtime_ns:
            break
    obj = command[command.index("-o") + 1]
    os.utime(obj)  # written after the save: newer than the header, as a slow compiler's object
    marker.write_text("")
    return 0


def build_twice(repo, tmp, with_module):
    """Configures and builds the project three times; returns the outputs of builds 2 and 3."""
    src = Path(tmp) / "src"
    src.mkdir()
    include = f'include("{repo}/cmake/compile_start_mtime.cmake")\n' if with_module else ""
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(stale C)\n" + include +
        "add_library(stale STATIC value.c)\n")
    (src / "value.c").write_text('#include "value.h"\nint value(void) { return VALUE; }\n')
    (src / "value.h").write_text(HEADER_V1)
    launcher = ";".join([sys.executable, os.path.abspath(__file__), "--edit-during-compile", str(src / "value.h")])
    build = Path(tmp) / "build"
    rc, out, err = run(["cmake", "-S", str(src), "-B", str(build), "-G", "Ninja",
                        f"-DCMAKE_C_COMPILER_LAUNCHER={launcher}"])
    if not expect(rc == 0, "configure the one-file project", out[-800:] + err[-800:]):
        return None
    outputs = []
    for _ in range(3):
        rc, out, err = run(["cmake", "--build", str(build)])
        if not expect(rc == 0, "build the one-file project", out[-800:] + err[-800:]):
            return None
        outputs.append(out)
    expect((src / "value.h").read_text() == HEADER_V2, "the header was saved during the first compile")
    return outputs[1], outputs[2]


def main():
    if len(sys.argv) > 3 and sys.argv[1] == "--edit-during-compile":
        return edit_during_compile(sys.argv[2], sys.argv[3:])
    repo = Path(sys.argv[1]).resolve()
    compiled = "Building C object"
    with tempfile.TemporaryDirectory() as tmp:
        outputs = build_twice(repo, tmp, with_module=False)
        if outputs:
            expect(compiled not in outputs[0],
                   "without cmake/compile_start_mtime.cmake the stale object is kept (the scenario is real)",
                   outputs[0])
    with tempfile.TemporaryDirectory() as tmp:
        outputs = build_twice(repo, tmp, with_module=True)
        if outputs:
            expect(compiled in outputs[0], "with it, the next build recompiles the object the header changed under",
                   outputs[0])
            expect(compiled not in outputs[1], "and the build after that has nothing to do", outputs[1])
    return finish("stale objects")


if __name__ == "__main__":
    sys.exit(main())
