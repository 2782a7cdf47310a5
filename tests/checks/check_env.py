#!/usr/bin/env python3
"""The environment variables the library and its server read, against docs/ABI.md's table.

A read is a call of getenv, env_number, env_text or wide_env (or a set of the server's own
variable) with a literal "MQLCL_..." name in dll/src or server/; the table is the rows of
docs/ABI.md's "Environment variables" section. Each read variable must have a row, and each
row a read. Prints the differences, then "N passed, M failed".
Usage: check_env.py ROOT"""
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

READ = re.compile(r'\b(?:getenv|env_number|env_text|wide_env|setenv|_putenv_s)\(\s*L?"(MQLCL_[A-Z0-9_]+)"')
ROW = re.compile(r"^\| `(MQLCL_[A-Z0-9_]+)` \|", re.M)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = Path(sys.argv[1])
    read = {}
    for folder in ("dll/src", "server"):
        for p in sorted((root / folder).rglob("*")):
            if p.suffix in (".cpp", ".hpp"):
                for m in READ.finditer(p.read_text(encoding="utf-8", errors="replace")):
                    read.setdefault(m.group(1), str(p.relative_to(root)))
    abi = (root / "docs/ABI.md").read_text(encoding="utf-8")
    at = abi.find("\n## Environment variables\n")
    end = abi.find("\n## ", at + 1)
    table = set(ROW.findall(abi[at:end if end >= 0 else len(abi)])) if at >= 0 else set()
    passed = failed = 0
    for name in sorted(read):
        if name in table:
            passed += 1
        else:
            failed += 1
            print(f"[FAIL] {name} (read in {read[name]}) has no row in docs/ABI.md's \"Environment variables\"")
    for name in sorted(table - set(read)):
        failed += 1
        print(f"[FAIL] {name} has a row in docs/ABI.md's \"Environment variables\" but nothing reads it")
    if at < 0:
        failed += 1
        print("[FAIL] docs/ABI.md has no \"Environment variables\" section")
    print(f"environment variables: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
