"""Shared helpers of the checks: running commands, and counting passes and failures."""
import subprocess
import sys

RESULTS = {"passed": 0, "failed": 0}


def run(cmd, env=None, timeout=600, cwd=None):
    """Runs cmd; returns (exit code, stdout, stderr)."""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd,
                       errors="replace")
    return p.returncode, p.stdout, p.stderr


def expect(ok, name, detail=""):
    RESULTS["passed" if ok else "failed"] += 1
    print(f"[{'PASS' if ok else 'FAIL'}] {name}" + (f"\n       {detail}" if detail and not ok else ""))
    sys.stdout.flush()
    return ok


def finish(suite):
    print(f"{suite}: {RESULTS['passed']} passed, {RESULTS['failed']} failed")
    return 1 if RESULTS["failed"] else 0
