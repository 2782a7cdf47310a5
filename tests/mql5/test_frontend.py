#!/usr/bin/env python3
"""The harness's front end on small sources, against what the MQL5 reference says they mean:
the preprocessor (mql5_preprocess.py) and the model of the program (mql5_model.py). Python
only, no compiler: run by run_scripts.py before any script is translated, and alone with
`python3 tests/mql5/test_frontend.py`."""
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from mql5_tokens import SourceError  # noqa: E402
import translate  # noqa: E402


def tokens_of(text, files=None):
    """The significant tokens' texts of a source (and its include files, {name: text})."""
    with tempfile.TemporaryDirectory() as d:
        for name, body in (files or {}).items():
            (Path(d) / name).write_text(body)
        script = Path(d) / "s.mq5"
        script.write_text(text)
        toks, _ = translate.program_tokens(script, Path(d))
        return [t for t in toks if t.kind not in ("comment", "marker")]


def texts(text, files=None):
    return " ".join(t.text for t in tokens_of(text, files))


class Preprocessor(unittest.TestCase):
    def test_predefined_macros(self):
        # Predefined Macro Substitutions, Conditional Compilation: an .mq5 release build
        for name, on in (("__MQL5__", True), ("__MQL__", True), ("_RELEASE", True), ("__MQL4__", False),
                         ("_DEBUG", False), ("__cplusplus", False)):
            self.assertEqual(texts(f"#ifdef {name}\nint on;\n#else\nint off;\n#endif\n"), "int on ;" if on else "int off ;",
                             name)

    def test_switched_off_branches_are_not_read(self):
        src = ("#ifndef __MQL__\n#pragma once\n#include <vector>\nunsigned long long x = nullptr;\n#if 1\n#endif\n#else\n"
               "int y;\n#endif\n")
        self.assertEqual(texts(src), "int y ;")

    def test_nested_and_else(self):
        src = "#define A\n#ifdef A\n#ifdef B\nint b;\n#else\nint notb;\n#endif\n#else\n#ifdef A\nint never;\n#endif\n#endif\n"
        self.assertEqual(texts(src), "int notb ;")

    def test_object_and_parametric_macros(self):
        src = ("#define N 4\n#define SQ(x) ((x)*(x))\n#define nullptr NULL\n#define EMPTY\n"
               "EMPTY int a = SQ(N+1); void *p = nullptr; int SQ = 2;\n#undef N\nint N;\n")
        self.assertEqual(texts(src), "int a = ( ( 4 + 1 ) * ( 4 + 1 ) ) ; void * p = NULL ; int SQ = 2 ; int N ;")

    def test_stringize_paste_and_rescan(self):
        src = '#define S(x) #x\n#define CAT(a,b) a##b\n#define TWO 2\n#define ID(x) x\nstring s = S(a + b) + S(x+y); int CAT(v,1) = ID(TWO);\n'
        self.assertEqual(texts(src), 'string s = "a + b" + "x+y" ; int v1 = 2 ;')

    def test_a_macro_is_not_expanded_in_its_own_expansion(self):
        self.assertEqual(texts("#define f f + 1\nint x = f;\n"), "int x = f + 1 ;")

    def test_lines_kept_after_a_use_over_several_lines(self):
        toks = tokens_of("#define ADD(a,b) (a+b)\nint x = ADD(1,\n 2);\nint y;\n")
        self.assertEqual([(t.text, t.line) for t in toks if t.text in ("x", "y", "(")], [("x", 2), ("(", 2), ("y", 4)])
        self.assertEqual(toks[3].origin, "ADD")

    def test_not_mql5_directives_are_refused_where_read(self):
        for line in ("#pragma once", "#if 1", "#elif X", "#error no"):
            with self.assertRaises(SourceError) as e:
                texts(line + "\n#endif\n" if line.startswith(("#if", "#elif")) else line + "\n")
            self.assertIn("is not an MQL5 preprocessor directive", str(e.exception))
            self.assertIn("mql5.com/en/docs/basis/preprosessor", str(e.exception))

    def test_include_once_and_its_macros(self):
        files = {"a.mqh": "#define FROM_A 7\nint a = FROM_A;\n"}
        self.assertEqual(texts('#include "a.mqh"\n#include "A.MQH"\nint b = FROM_A;\n', files), "int a = 7 ; int b = 7 ;")

    def test_unbalanced_conditionals(self):
        for src in ("#ifdef X\nint a;\n", "#endif\n", "#else\n"):
            with self.assertRaises(SourceError):
                texts(src)

    def test_wrong_argument_count(self):
        with self.assertRaises(SourceError) as e:
            texts("#define F(a,b) a\nint x = F(1);\n")
        self.assertIn("takes 2 arguments, given 1", str(e.exception))


class TestCommand(unittest.TestCase):
    def test_article_listings_skip_without_the_seeds(self):
        """A user's clone has no ../shared: the step says why and passes."""
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([sys.executable, str(HERE / "article_listings.py"), str(HERE.parent.parent), "--native",
                                d, "--seeds", str(Path(d) / "no-such-folder")], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("[SKIP] the seed article's programs: no seed documents folder", p.stdout)


if __name__ == "__main__":
    unittest.main()
