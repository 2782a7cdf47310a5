#!/usr/bin/env python3
"""mqlcl.dll under Wine (whose builtin opencl.dll forwards to the host's OpenCL, PoCL here):
the ladder gives the same products as the native library, and with OpenCL disabled the DLL
still loads and says why it cannot work; an OpenCL.dll planted beside the program or in the
current directory is never loaded; threads that load and unload the DLL all exit; the DLL's
own code keeps no per-thread storage; the tuning file is found, stored and read in a folder
whose name is outside the ANSI code page (Дмитрий_日本); 16 processes that store into one
tuning file at once all succeed and lose no line.
Usage: check_wine.py NATIVE_BUILD MINGW_BUILD"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import expect, finish, run


def main():
    native, mingw = Path(sys.argv[1]), Path(sys.argv[2])
    env = dict(os.environ, WINEDEBUG="-all")
    env.setdefault("WINEPREFIX", tempfile.mkdtemp(prefix="mqlcl-wine-"))
    size = "97,131,61"
    stages = ",".join(str(s) for s in ladder_stages(native))
    expect(len(stages) > 0, "the native library lists stages that can run", stages)
    with tempfile.TemporaryDirectory() as tmp:
        nat_json, win_json = os.path.join(tmp, "native.json"), os.path.join(tmp, "wine.json")
        rc, out, err = run([str(native / "host/mqlcl-host"), "ladder", "--size", size, "--stages", stages, "--no-cpu",
                            "--samples", "0", "--json", nat_json])
        expect(rc == 0, "native ladder passes", out[-500:] + err[-500:])
        rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), "ladder", "--size", size, "--stages", stages,
                            "--no-cpu", "--samples", "0", "--json", win_json], env=env)
        expect(rc == 0, "mqlcl-host.exe ladder passes under Wine", out[-500:] + err[-500:])
        if os.path.exists(nat_json) and os.path.exists(win_json):
            a, b = json.load(open(nat_json)), json.load(open(win_json))
            for sa, sb in zip(a["stages"], b["stages"]):
                same = (sa["stage"] == sb["stage"] and sa["ok"] == sb["ok"] and
                        abs(sa["checksum"] - sb["checksum"]) <= 1e-5 * max(1.0, sa["abs_checksum"]) and
                        abs(sa["abs_checksum"] - sb["abs_checksum"]) <= 1e-5 * max(1.0, sa["abs_checksum"]))
                expect(same and sb["ok"], f"stage {sa['stage']} ({sa['name']}): Wine result equals native",
                       f"native {sa['checksum']}/{sa['ok']}, wine {sb['checksum']}/{sb['ok']}")
            expect(len(a["stages"]) == len(b["stages"]) == stages.count(",") + 1, "both ran every stage")
    for cmd in (["dia", "--kind", "extremes", "--rows", "1001", "--repeat", "1", "--megabytes", "1"],
                ["transpose", "--size", "65,33", "--repeat", "1", "--megabytes", "1"]):
        rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), *cmd], env=env)
        expect(rc == 0 and "WRONG" not in out, f"mqlcl-host.exe {cmd[0]} under Wine", out[-400:] + err[-300:])
    # No OpenCL at all: the DLL loads, the first call explains.
    off = dict(env, WINEDLLOVERRIDES="opencl=d")
    rc, out, err = run(["wine", str(mingw / "host/mqlcl-host.exe"), "devices"], env=off)
    expect(rc == 2 and "OpenCL.dll could not be loaded" in err and "[-9]" in err,
           "without OpenCL.dll: mqlcl.dll loads and returns MQLCL_ERR_NO_OPENCL with the cause", f"rc={rc} {err[-400:]}")
    planted_opencl_is_ignored(mingw, env)
    threads_that_unload_exit(mingw, env)
    processes_that_store_at_once(mingw, env)
    tuning_in_a_unicode_folder(mingw, env)
    no_per_thread_storage(mingw)
    return finish("wine")


def ladder_stages(native):
    """The stages of the library's registry (`mqlcl-host stages --json`, as run_oclgrind.py reads it)
    whose results must be right and that the native device can run: the lessons in races and the
    tensor-core stages (no mma.sync under PoCL) are left out, and a new stage is compared without
    editing this file."""
    rc, out, err = run([str(native / "host/mqlcl-host"), "stages", "--json"])
    expect(rc == 0, "mqlcl-host stages --json", err[-300:])
    return [st["stage"] for st in (json.loads(out) if rc == 0 else [])
            if st["available"] and not st["wrong_on_purpose"]]


def planted_opencl_is_ignored(mingw, env):
    """OpenCL.dll comes from the system directory only: copies of a DLL that exports nothing and
    leaves a "*.loaded" file beside itself when loaded lie beside mqlcl-host.exe and in the current
    directory. WINEDLLOVERRIDES=opencl=n,b makes Wine search files first, as Windows does (it has no
    builtin): the default search order then takes the one beside the program."""
    with tempfile.TemporaryDirectory() as tmp:
        app, cwd = Path(tmp, "app"), Path(tmp, "cwd")
        app.mkdir()
        cwd.mkdir()
        shutil.copy(mingw / "host/mqlcl-host.exe", app)
        shutil.copy(mingw / "dll/mqlcl.dll", app)
        for where in (app, cwd):
            shutil.copy(mingw / "tests/planted_opencl.dll", where / "OpenCL.dll")
        rc, out, err = run(["wine", str(app / "mqlcl-host.exe"), "devices"], env=dict(env, WINEDLLOVERRIDES="opencl=n,b"),
                           cwd=cwd)
        loaded = [str(p) for p in Path(tmp).rglob("*.loaded")]
        expect(not loaded, "an OpenCL.dll planted beside the program or in the current directory is not loaded",
               f"loaded: {loaded}")
        expect(rc == 0 and "device 0:" in out, "with OpenCL.dll planted: the system's OpenCL (PoCL) is found",
               f"rc={rc} {out[-300:]} {err[-300:]}")


def threads_that_unload_exit(mingw, env):
    """8 x 100 threads each load mqlcl.dll, fail and succeed calls, read their message, unload it and
    exit; a per-thread destructor in the DLL made such a thread never exit (the program's own bound:
    60 s)."""
    try:
        rc, out, err = run(["wine", "mqlcl_unload_threads.exe", "mqlcl.dll"], env=env, cwd=mingw / "tests", timeout=180)
    except subprocess.TimeoutExpired:
        rc, out, err = -1, "", "timed out after 180 s"
    expect(rc == 0, "threads that load, use and unload mqlcl.dll all exit", f"rc={rc} {out[-300:]} {err[-300:]}")


def processes_that_store_at_once(mingw, env):
    """16 Wine processes create a context and store into one tuning file together, as the strategy
    tester's agents do (tests/checks/check_tuning_race.py): each one's store succeeds, and the
    seeded lines, the device's one entry and the file's form survive. Windows and Wine refuse a
    rename over a file another process is reading: without the library's retry about one store
    in six failed here with "cannot be replaced" (docs/reliability.md)."""
    checker = Path(__file__).with_name("check_tuning_race.py")
    try:
        rc, out, err = run([sys.executable, str(checker), "--mingw", str(mingw)], env=env, timeout=600)
    except subprocess.TimeoutExpired:
        rc, out, err = -1, "", "timed out after 600 s"
    expect(rc == 0, "16 processes store into one tuning file at once: none fails, no line is lost",
           f"rc={rc} {out[-1500:]} {err[-300:]}")


def tuning_in_a_unicode_folder(mingw, env):
    """mqlcl.dll, the ABI tests and the host in a folder named Дмитрий_日本: the default tuning file
    beside the DLL is stored and read back by a new context (TuningBesideLibrary), and with
    $MQLCL_TUNING_FILE naming a file there, `tune` stores through the library and the next run
    starts from that entry. Through ANSI APIs the name becomes ??????_?? and the file was
    silently ignored."""
    env = dict(env, LC_ALL="C.UTF-8")  # Wine decodes the variables' values as UTF-8
    env.pop("MQLCL_TUNING_FILE", None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "Дмитрий_日本")
        folder.mkdir()
        for f in ("dll/mqlcl.dll", "tests/mqlcl_tests.exe", "host/mqlcl-host.exe"):
            shutil.copy(mingw / f, folder)
        rc, out, err = run(["wine", str(folder / "mqlcl_tests.exe"), "--gtest_filter=TuningBesideLibrary.*"], env=env,
                           cwd=folder)
        expect(rc == 0 and "[  PASSED  ] 1 test" in out,
               "Дмитрий_日本: mqlcl_tuning_store beside the DLL, a new context reads it (TuningBesideLibrary)",
               f"rc={rc} {out[-700:]} {err[-300:]}")
        stored = folder / "tuned.txt"
        named = dict(env, MQLCL_TUNING_FILE="Z:" + str(stored).replace("/", "\\"))
        tune = ["wine", str(folder / "mqlcl-host.exe"), "tune", "--size", "64", "--seconds", "0.1", "--reps", "1"]
        rc, out, err = run(tune, env=named, cwd=folder)
        text = stored.read_text(encoding="utf-8") if stored.exists() else ""
        expect(rc == 0 and re.search(r"^10\t.+\t.+\t\d+ \d+ \d+ \d+ \d+$", text, re.M),
               "Дмитрий_日本: tune stores into $MQLCL_TUNING_FILE through mqlcl_tuning_store",
               f"rc={rc} file={text!r} {out[-500:]} {err[-300:]}")
        rc, out, err = run(tune, env=named, cwd=folder)
        expect(rc == 0 and re.search(r"starting from: .*Дмитрий_日本.*tuned\.txt, line \d+ \(exact device name", out),
               "Дмитрий_日本: the next run starts from the stored entry", f"rc={rc} {out[-500:]} {err[-300:]}")


def no_per_thread_storage(mingw):
    """No object of the DLL's own code uses thread-local storage (MinGW: emutls) or registers a
    per-thread destructor, and none registers an exit-time destructor from inside a function (a
    function-local static with a destructor, e.g. a std::mutex, which MinGW's has). Only the
    static initialisers call atexit: for the OpenCL C++ bindings' default objects, which stay
    empty (the library never asks for a default platform, device, context or queue)."""
    objects = sorted((mingw / "dll/CMakeFiles/mqlcl.dir").rglob("*.obj"))
    tls, local_statics = [], []
    for obj in objects:
        symbols = subprocess.run(["x86_64-w64-mingw32-nm", str(obj)], capture_output=True, text=True).stdout
        tls += [f"{obj.name}: {m}" for m in re.findall(r"\S*(?:__emutls|__cxa_thread_atexit)\S*", symbols)]
        code = subprocess.run(["x86_64-w64-mingw32-objdump", "-dr", str(obj)], capture_output=True, text=True).stdout
        function = None
        for line in code.splitlines():
            head = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
            if head:
                function = head.group(1)
            elif re.search(r"\batexit\b", line) and not function.startswith("_GLOBAL__sub_I_"):
                local_statics.append(f"{obj.name}: {function}")
    expect(objects and not tls, f"no thread-local storage in the DLL's {len(objects)} objects", "; ".join(tls))
    expect(objects and not local_statics, "no function-local static with a destructor in the DLL",
           "; ".join(sorted(set(local_statics))))


if __name__ == "__main__":
    raise SystemExit(main())
