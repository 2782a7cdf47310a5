#!/usr/bin/env python3
"""Every repository path that a comment or a doc cites exists. Scans the tracked text files
(.md, .cpp/.hpp/.h/.c, .py, .sh, .cl, .mq5/.mqh, CMakeLists.txt and .cmake) for tokens that
start with a top-level folder of the repository (dll/, kernels/, docs/, ...) or with a part of
the library's sources (gemm/, tuning/, ... as dll/src's files cite each other), and for the
targets of Markdown links; each must name a tracked file or folder (what a fresh clone has):
  - from the repository root, dll/src, kernels/ or tests/ (whose parts abi/, checks/, mql5/ are
    cited so), or from the citing file's folder or one above;
  - a stem names a module ("gemm/gemm_plan": gemm_plan.hpp and .cpp), a glob ("kernels/*.cl",
    "gemm/kernel_availability.*") must match something, a placeholder ("docs/results/<gpu>/")
    matches any name, a path that a format string or a variable completes is its prefix;
  - build outputs are not citations: paths under build/ or outside the tree (/tmp/...), and a
    CMake target's file (host/mqlcl-host, dll/libmqlcl.so, tests/mqlcl_tests.exe) or objects
    (CMakeFiles) under a build folder the code names by a variable;
  - a brace list's members (build/native/{host/mqlcl-host,dll/libmqlcl.so}) are not citations.
Prints each missing path with the file and line that cites it, then "N passed, M failed".
Usage: check_paths.py ROOT"""
import fnmatch
import re
import subprocess
import sys
from pathlib import Path

SUFFIXES = {".md", ".cpp", ".hpp", ".h", ".c", ".py", ".sh", ".cl", ".mq5", ".mqh", ".cmake"}
TOP = ["dll", "kernels", "host", "server", "mql5", "tests", "docs", "scripts", "common", "cmake", "dev"]
# dll/src's parts, cited relative to dll/src; "compute" is the one folder they were split from,
# so that a citation of it is caught as stale rather than read as prose.
FORMER_PARTS = ["compute"]

_SEG = r"[\w.*<>{}\[\]-]+"


def build_outputs(root, files):
    """The file names CMake builds: every add_executable/add_library target, OUTPUT_NAMEs, and the
    files generated into the build's generated folder (cited as included: remote/request_kinds.hpp)."""
    names = set()
    for rel in files:
        if rel.endswith(("CMakeLists.txt", ".cmake")):
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
            names.update(re.findall(r"add_(?:executable|library)\(\s*([\w-]+)", text))
            names.update(re.findall(r"OUTPUT_NAME\s+([\w-]+)", text))
            names.update(re.findall(r"\$\{MQLCL_GENERATED_INCLUDE\}/([\w./-]+)", text))
    return names


def is_build_output(token, outputs):
    if "CMakeFiles" in token or token in outputs:
        return True
    name = token.rstrip("/").rsplit("/", 1)[-1]
    name = re.sub(r"\.(so|dll|exe|a|lib)$", "", name)
    return name in outputs or (name.startswith("lib") and name[3:] in outputs)


def tracked(root):
    """The repository's tracked files (relative paths); outside git, every file but build outputs."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        return [str(p.relative_to(root)) for p in root.rglob("*")
                if p.is_file() and not {"build", ".git", "dist"} & set(p.relative_to(root).parts)]


def scanned(rel):
    name = rel.rsplit("/", 1)[-1]
    return name == "CMakeLists.txt" or Path(name).suffix in SUFFIXES


class Tree:
    """The tracked files and their folders, for exact, stem and glob look-ups."""

    def __init__(self, files):
        self.files = set(files)
        self.dirs = {str(p) for f in files for p in Path(f).parents}
        self.dirs.discard(".")
        self.stems = {str(Path(f).with_suffix("")) for f in files}
        self.all = sorted(self.files | self.dirs)

    def exists(self, rel):
        rel = rel.rstrip("/")
        if not rel or rel == ".":
            return True
        if any(c in rel for c in "*?["):
            return any(fnmatch.fnmatchcase(p, rel) for p in self.all)
        return rel in self.files or rel in self.dirs or rel in self.stems


def normal(path):
    """'a/./b/../c' -> 'a/c'; None above the root."""
    parts = []
    for p in path.split("/"):
        if p in ("", "."):
            continue
        if p == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(p)
    return "/".join(parts)


def as_glob(token):
    """Placeholders (<family>, {name}, ${x}) become '*'."""
    token = re.sub(r"<[^<>/]*>", "*", token)
    token = re.sub(r"\$\{?\w*\}?", "*", token)
    token = re.sub(r"\{[^{},/]*\}", "*", token)
    return token


def cited_ok(tree, token, where):
    """Whether the token names something, from the root or one of the bases the citing file uses."""
    glob = as_glob(token)
    bases = ["", "dll/src", "kernels", "tests"]
    d = str(Path(where).parent)
    while d not in ("", "."):
        bases.append(d)
        d = str(Path(d).parent)
    for base in bases:
        rel = normal(f"{base}/{glob}" if base else glob)
        if rel is not None and tree.exists(rel):
            return True
    return False


def tokens(line, parts):
    """Each path-like word of the line that starts with a top-level folder or a source part."""
    first = "|".join(re.escape(p) for p in TOP + parts)
    pattern = re.compile(rf"(?<![\w./$@~:{{,-])(?:{first})/(?:{_SEG}/)*{_SEG}/?|(?<![\w./$@~:{{,-])(?:{first})/")
    for m in pattern.finditer(line):
        tok = m.group(0)
        after = line[m.end():m.end() + 1]
        # A path that a format string, a variable or a concatenation completes: its prefix.
        if after and after in "%$+" or tok.endswith(("_", "-")):
            tok += "*"
        tok = tok.rstrip(".:;,)]'\"`")
        # A brace list (build/native/{host/mqlcl-host,dll/libmqlcl.so}) is never a citation here.
        if tok.count("{") != tok.count("}") or tok.count("<") != tok.count(">"):
            continue
        yield tok


LINK = re.compile(r"\]\(([^()\s]+)\)")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1]).resolve()
    files = tracked(root)
    tree = Tree(files)
    outputs = build_outputs(root, files)
    parts = sorted({p.name for p in (root / "dll/src").iterdir() if p.is_dir()} | set(FORMER_PARTS))
    passed = 0
    missing = []
    for rel in sorted(f for f in files if scanned(f)):
        try:
            text = (root / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        seen = set()
        for line_no, line in enumerate(text.splitlines(), 1):
            found = [(t, cited_ok(tree, t, rel)) for t in tokens(line, parts) if not is_build_output(t, outputs)]
            if rel.endswith(".md"):
                for m in LINK.finditer(line):
                    target = m.group(1).split("#", 1)[0]
                    if not target or re.match(r"^[a-z][\w+.-]*:", target) or target.startswith("/"):
                        continue
                    full = normal(str(Path(rel).parent / target))
                    found.append((target, full is not None and tree.exists(full)))
            for token, ok in found:
                if (token, ok) in seen:
                    continue
                seen.add((token, ok))
                if ok:
                    passed += 1
                else:
                    missing.append(f"{rel}:{line_no}: {token}: no such file or folder")
    for line in missing:
        print(line)
    print(f"cited paths: {passed} passed, {len(missing)} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
