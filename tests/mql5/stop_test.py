"""Every script that asks IsStopped() stops cleanly when the user stops it (issue 10, item 7:
the terminal kills a stopped script 3 s later, inside whatever it is doing).
The stop is deterministic: the harness's --stop-after=K makes IsStopped() true from its K-th call
on (counted, never timed). A whole run of the script (the normal run of run_scripts.py, small
inputs) says how many times it asks (N, printed by the harness after OnStart) and how many result
lines it prints (F). Then the script is stopped at its first check, at the middle one and at its
last one (small inputs: every stop point kind, the last ones with the OpenCL context alive), and
at its first check with the user's sizes (the article's 2000: the stop must come before the long
work), and, with the user's sizes, in the middle of the work (the harness's work clock: the
W-th array element access), after which the script must return within a fixed number of
accesses, as the terminal kills it after 3 s. Each stopped run must: exit 0, print "stopped by the user ...", print no wrong result,
print fewer result lines than the whole run, and leave mqlcl.dll with 0 live handles (the
context freed by CMqlcl's destructor on the way out). Time is only a safety limit, never the
verdict. A script that never calls IsStopped() (in its code or its includes) is not tested: it
asks nothing the user's stop could answer, and the terminal ends it 3 s after the stop wherever
it is, as the terminal's own sample programs expect; MetaEditor compiles it."""
import math
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import translate  # noqa: E402

STOP_LINE = "stopped by the user "
NEVER_ASKS = "it never calls IsStopped(): nothing of it answers the user's stop (the terminal ends it after 3 s)"
# The user's sizes: the article's 2000 (a CPU product of 2000^3 takes minutes) and the scripts'
# defaults. A stop at the first check must come before any of that work.
LONG = {"InpRows1": 2000, "InpColsRows": 2000, "InpCols2": 2000, "InpSize": 2048, "InpSize1": 64,
        "InpSize2": 1024, "InpRows": 2048, "InpCols": 2048, "InpGrid": 128, "InpM": 2000, "InpN": 2000, "InpK": 2000,
        "InpTrainSamples": 131072}
# A line reporting a computed result: the article's checks, its CPU time, a loop order's time,
# a sweep row ("... | OK").
RESULT_LINE = re.compile(r"^(sum\( |CPUTime = |CPU: loop order |  .*\| )", re.M)
# The user presses stop in the middle of the work: at this array element access (the harness's work
# clock, deterministic); the script then has a fixed budget of accesses to return (the runtime's
# kStopBudget, the terminal's 3 s), or the harness ends it with "critical error: the script does
# not stop". This catches a long loop that never asks, which call-counted stops cannot reach.
WORK_STOP = 1000000
SAFETY_TIMEOUT = 60  # a stopped run takes under a second; this only ends a script that never stops


def asks_is_stopped(script, include_dir, mqlcl_dir=None):
    """Whether the script or one of its includes calls IsStopped() (code, not comments)."""
    tokens, _ = translate.program_tokens(script, include_dir, mqlcl_dir)
    code = [t for t in tokens if t.kind not in ("comment", "marker")]
    return any(t.kind == "id" and t.text == "IsStopped" and n.text == "(" for t, n in zip(code, code[1:]))


def harness_value(err, what):
    # the last: a custom indicator run by the program's iCustom says its own before the program's
    m = re.findall(rf"^harness: {re.escape(what)}: (-?\d+)$", err.replace("\r\n", "\n"), re.M)
    return int(m[-1]) if m else None


def stopped_run_problems(log, err, rc, whole_results):
    import run_scripts
    problems = run_scripts.generic(log, rc)
    if STOP_LINE not in log:
        problems.append(f"no '{STOP_LINE.strip()} ...' line")
    results = len(RESULT_LINE.findall(log))
    if results >= whole_results:
        problems.append(f"{results} result lines, as many as the whole run's {whole_results}: the stop was ignored")
    handles = harness_value(err, "mqlcl.dll live handles at exit")
    if handles is None and "harness: mqlcl.dll never loaded" not in err:
        problems.append("the harness printed no live handle count after OnStart")
    elif handles:
        problems.append(f"{handles} mqlcl.dll handles alive at exit: the context was not freed")
    return problems


def check_script(name, script, include_dir, run, whole_log, whole_err, declared, mqlcl_dir=None):
    """run(args, timeout) -> (rc, stdout, stderr). Returns (skip reason or None, [(what, problems, log)])."""
    import run_scripts
    outcomes = []
    if not asks_is_stopped(script, include_dir, mqlcl_dir):
        return NEVER_ASKS, outcomes
    calls = harness_value(whole_err, "IsStopped() calls") or 0
    whole_results = len(RESULT_LINE.findall(whole_log))
    small = [f"--{k}={run_scripts.SMALL[k]}" for k in declared if k in run_scripts.SMALL]
    long_ = [f"--{k}={LONG[k]}" for k in declared if k in LONG]
    # (inputs, the harness's stop option, when the user stops, which inputs)
    plan = [(small, f"--stop-after={k}", f"IsStopped() call {k} of {calls}", "small inputs")
            for k in sorted({1, max(1, math.ceil(calls / 2)), max(1, calls)})]
    # The work-clock stop first: a long loop that never asks is ended by its budget, not run whole.
    plan.append((long_, f"--stop-at-work={WORK_STOP}", f"array element access {WORK_STOP}", "the user's sizes"))
    plan.append((long_, "--stop-after=1", f"IsStopped() call 1 of {calls}", "the user's sizes"))
    for args, stop, when, label in plan:
        rc, log, err = run(args + [stop], SAFETY_TIMEOUT)
        log, err = log.replace("\r\n", "\n"), err.replace("\r\n", "\n")
        problems = stopped_run_problems(log, err, rc, whole_results)
        if calls == 0:
            problems.append("a whole run never calls IsStopped()")
        what = f"{name}.mq5 stopped at {when} ({label}: {' '.join(args)})"
        outcomes.append((what, problems, log + err))
        if problems:  # the next runs are larger: a script that ignores the stop would run them whole
            break
    return None, outcomes
