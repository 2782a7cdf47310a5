// Kernel argument declarations read from the program's source, where the driver gives none
// (dll/src/generic/kernel_source_args, dll/src/generic/cl_preprocessor): the preprocessor and the parser on
// strings (no device), their declarations against the driver's own clGetKernelArgInfo (the
// independent reference), and the checks of the ABI with MQLCL_TEST_KERNEL_ARG_INFO refused (as
// NVIDIA's compiler refuses -cl-kernel-arg-info on a program with a kernel without arguments).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "generic/cl_preprocessor.hpp"
#include "generic/kernel_source_args.hpp"
#include "support.hpp"

#if !defined(_WIN32)
#include <CL/cl.h>
#endif

namespace {

using mqlcl::ArgDeclaration;
using mqlcl::PpSetup;
using mqlcl::SourceArgs;
using mqlcl::SourceFacts;
using t::mentions;

SourceFacts test_facts() {
  SourceFacts f;
  f.device_version = "OpenCL 3.0 test";
  f.extensions = "cl_khr_fp64 cl_khr_int64_base_atomics";
  f.images = true;
  return f;
}

// "global const restrict float* x", "private real=float r", "global read_only image2d_t img".
std::string text(const ArgDeclaration& a) {
  std::string s = a.address == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? "global"
                  : a.address == CL_KERNEL_ARG_ADDRESS_LOCAL    ? "local"
                  : a.address == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "constant"
                  : a.address == CL_KERNEL_ARG_ADDRESS_PRIVATE  ? "private"
                                                                : "address?";
  if (a.access == CL_KERNEL_ARG_ACCESS_READ_ONLY) s += " read_only";
  if (a.access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY) s += " write_only";
  if (a.access == CL_KERNEL_ARG_ACCESS_READ_WRITE) s += " read_write";
  if (a.qualifiers & CL_KERNEL_ARG_TYPE_CONST) s += " const";
  if (a.qualifiers & CL_KERNEL_ARG_TYPE_RESTRICT) s += " restrict";
  if (a.qualifiers & CL_KERNEL_ARG_TYPE_VOLATILE) s += " volatile";
  s += " " + a.type;
  if (!a.builtin.empty()) s += "=" + a.builtin;
  return s + " " + a.name;
}

std::string text(const std::vector<ArgDeclaration>& args) {
  std::string s;
  for (const ArgDeclaration& a : args) s += (s.empty() ? "" : "; ") + text(a);
  return s;
}

// The declarations of kernel `name`, or why there are none.
std::string declared(const std::string& source, const std::string& name, const std::string& options = "",
                     const SourceFacts& f = test_facts()) {
  const SourceArgs r = mqlcl::read_source_args(source, options, f);
  if (!r.known) return "unknown: " + r.why;
  const auto it = r.kernels.find(name);
  return it == r.kernels.end() ? "no kernel " + name : text(it->second);
}

bool unknown(const std::string& source, const std::string& options = "") {
  return !mqlcl::read_source_args(source, options, test_facts()).known;
}

std::string squeezed(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n'; }), s.end());
  return s;
}

// The preprocessed text without spaces (the standard's examples differ in spacing), or why
// the preprocessor gave up.
std::string expanded(const std::string& source, std::vector<std::string> lines = {}) {
  PpSetup s;
  s.lines = std::move(lines);
  s.whole = true;
  const mqlcl::PpResult r = mqlcl::preprocess(source, s);
  if (!r.ok) return "unknown: " + r.why;
  std::string out;
  for (const mqlcl::PpToken& t : r.tokens) out += t.text;
  return squeezed(out);
}

// ---- the preprocessor ----

TEST(SourceArgsPreprocessor, TheStandardsExamplesOfMacroReplacement) {
  // C99 6.10.3.5, examples 3 and 4.
  const std::string src =
      "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n"
      "#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n#define q(x) x\n"
      "#define r(x,y) x ## y\n#define str(x) # x\n"
      "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n"
      "g(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n"
      "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n"
      "char c[2][6] = { str(hello), str() };\n";
  EXPECT_EQ(expanded(src), squeezed("f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);"
                                    "f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);"
                                    "int i[] = { 1, 23, 4, 5, };"
                                    "char c[2][6] = { \"hello\", \"\" };"));
  const std::string src4 =
      "#define str(s) # s\n#define xstr(s) str(s)\n#define INCFILE(n) vers ## n\n"
      "#define glue(a, b) a ## b\n#define xglue(a, b) glue(a, b)\n#define HIGHLOW \"hello\"\n#define LOW LOW \", world\"\n"
      "a = str(strncmp(\"abc\\0d\", \"abc\", '\\4') == 0);\n"
      "b = xstr(INCFILE(2).h);\nc = glue(HIGH, LOW);\nd = xglue(HIGH, LOW);\n";
  EXPECT_EQ(expanded(src4), squeezed("a = \"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\";"
                                     "b = \"vers2.h\";c = \"hello\";d = \"hello\" \", world\";"));
}

TEST(SourceArgsPreprocessor, VariadicMacrosCommentsContinuationsAndLiterals) {
  EXPECT_EQ(expanded("#define F(a, ...) f(a, __VA_ARGS__)\n#define G(...) g(0, ## __VA_ARGS__)\nF(1, 2, 3); G(); G(4);"),
            "f(1,2,3);g(0);g(0,4);");
  // Comments become a space, also across lines inside a directive; strings keep theirs.
  EXPECT_EQ(expanded("#define A /* a\n comment */ 1 // rest\nint x = A; char* s = \"/* not */ // a comment\";"),
            squeezed("int x=1; char* s=\"/* not */ // a comment\";"));
  EXPECT_EQ(expanded("#def\\\nine B \\\n 2\nint y = B; int z = '\"';"), "inty=2;intz='\"';");
  // A macro never expands inside itself; a function-like name without ( stays.
  EXPECT_EQ(expanded("#define a a b\n#define f(x) f(x) x\n#define g f\nint a; f(f(1)); g; g(2);"),
            "intab;f(f(1)1)f(1)1;f;f(2)2;");
  EXPECT_EQ(expanded("int l = __LINE__;\n\nint m = __LINE__;"), "intl=1;intm=3;");
  // Apostrophes in a group that is skipped are no literals.
  EXPECT_EQ(expanded("#if 0\ndon't \"\n#endif\nok"), "ok");
}

TEST(SourceArgsPreprocessor, ConditionalExpressions) {
  auto value = [](const std::string& cond, std::vector<std::string> lines = {}) {
    return expanded("#if " + cond + "\nyes\n#else\nno\n#endif", std::move(lines));
  };
  EXPECT_EQ(value("0x10 == 16 && 010 == 8 && 0b101 == 5 && 'A' == 65 && '\\n' == 10"), "yes");
  EXPECT_EQ(value("-1 < 0 && !(-1 < 0u) && (1 << 3) == 8 && ~0 == -1 && 7 / 2 == 3 && -7 % 3 == -1"), "yes");
  EXPECT_EQ(value("(2 > 1 ? 10 : 20) == 10 && (1 ? 2 : (1 / 0)) == 2 && (0 && 1 / 0) == 0 && (1 || 1 / 0)"), "yes");
  EXPECT_EQ(value("18446744073709551615 == -1 && 0xFFFFFFFFFFFFFFFF > 0 && 1000000000000ull > 1"), "yes");
  EXPECT_EQ(value("defined(A) && defined B && !defined(C) && A + B == 5", {"#define A 2", "#define B 3"}), "yes");
  EXPECT_EQ(value("UNDEFINED_NAME == 0 && int == 0"), "yes");
  EXPECT_EQ(value("1 / 0"), "unknown: #if: division by zero or overflow");
  EXPECT_EQ(value("1.0"), "unknown: #if: the number 1.0");
  EXPECT_EQ(value("(1"), "unknown: #if expression without )");
  // #elif and #else after a taken group are not evaluated.
  EXPECT_EQ(expanded("#if 1\na\n#elif 1 / 0\nb\n#else\nc\n#endif"), "a");
  EXPECT_EQ(expanded("#ifdef X\na\n#elif defined(Y)\nb\n#elif 1\nc\n#endif", {"#define Y"}), "b");
  EXPECT_EQ(expanded("#if 0\n#if 1 / 0\n#error no\n#include <no.h>\n#endif\n#else\nd\n#endif"), "d");
  EXPECT_EQ(expanded("#if 1\n#else\n#else\n#endif"), "unknown: #else after #else");
  EXPECT_EQ(expanded("#if 1\n"), "unknown: #if without #endif");
  EXPECT_EQ(expanded("#endif\n"), "unknown: #endif without #if");
}

TEST(SourceArgsPreprocessor, WhatOnlyTheDriverKnowsGivesUp) {
  EXPECT_EQ(expanded("#include \"x.h\"\n"), "unknown: #include");
  EXPECT_EQ(expanded("#error stop\n"), "unknown: #error on the active path");
  EXPECT_EQ(expanded("#ifdef __NV_CL_C_VERSION\n#endif"), "unknown: it tests __NV_CL_C_VERSION, which depends on the driver");
  EXPECT_EQ(expanded("#if __clang_major__ > 3\n#endif"), "unknown: #if uses __clang_major__, which depends on the driver");
  // A reserved name that the source itself defines (an include guard) is the source's own.
  EXPECT_EQ(expanded("#ifndef __MY_GUARD__\n#define __MY_GUARD__\nguarded\n#endif"), "guarded");
  EXPECT_EQ(expanded("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#line 7\n#warning w\nok"), "ok");
  // What the setup says the compiler defines without a known value.
  PpSetup s;
  s.defined_unknown_value = {"FLT_MAX"};
  s.unknown_prefixes = {"FLT_"};
  EXPECT_TRUE(mqlcl::preprocess("#ifdef FLT_MAX\n#endif", s).ok);
  EXPECT_FALSE(mqlcl::preprocess("#if FLT_MAX > 1\n#endif", s).ok);
  EXPECT_FALSE(mqlcl::preprocess("#ifdef FLT_EPSILON\n#endif", s).ok);
  const mqlcl::PpResult r = mqlcl::preprocess("float x = FLT_MAX;", s);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.tokens[3].uncertain);
}

// No input makes it crash, loop or exhaust memory: limits give up instead.
TEST(SourceArgsPreprocessor, HostileInputIsBounded) {
  const auto start = std::chrono::steady_clock::now();
  std::string doubling = "#define A0 x x\n";
  for (int i = 1; i <= 60; ++i)
    doubling += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + " A" + std::to_string(i - 1) + "\n";
  EXPECT_EQ(expanded(doubling + "A60"), "unknown: macros expand beyond the preprocessor's bound");
  std::string nested = "#define f(x) x\n";
  for (int i = 0; i < 5000; ++i) nested += "f(";
  nested += "1";
  for (int i = 0; i < 5000; ++i) nested += ")";
  EXPECT_EQ(expanded(nested), "unknown: macro arguments nest too deeply");
  EXPECT_EQ(expanded("#if " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n#endif"),
            "unknown: #if expression nests too deeply");
  EXPECT_EQ(expanded("#if " + std::string(100000, '!') + "1\n#endif"), "unknown: #if expression nests too deeply");
  EXPECT_EQ(expanded("#if --1\n#endif"), "unknown: #if expression: --");  // a decrement, not two minus
  EXPECT_EQ(expanded("/* never closed"), "unknown: a /* comment that never ends");
  EXPECT_EQ(expanded("#define f(x) x\nf(1"), "unknown: the call of macro f has no closing parenthesis");
  EXPECT_EQ(expanded("#define c(a, b) a ## b\nc(/, /)"), "unknown: ## of / and / makes no single token");
  EXPECT_EQ(expanded(std::string(100000, '{')), "unknown: unbalanced braces");
  std::string chain;  // hide sets that grow with every step
  for (int i = 0; i < 20000; ++i) chain += "#define M" + std::to_string(i + 1) + " M" + std::to_string(i) + "\n";
  EXPECT_EQ(expanded(chain + "M20000"), "unknown: macros expand beyond the preprocessor's bound");
  EXPECT_EQ(expanded(std::string(size_t{1} << 20 | 1, ' ')), "unknown: the source is longer than 1 MiB");
  EXPECT_EQ(expanded(std::string(400000, ';')), "unknown: the source holds more than 300000 tokens");
  std::string many = "#define M(p0";
  for (int i = 1; i < 2000; ++i) many += ",p" + std::to_string(i);
  EXPECT_EQ(expanded(many + ") p0\nM"), "unknown: the parameters of macro M");
  // Random bytes and mutations of a kernel source: any answer, quickly.
  const std::string base =
      "#define T float\n#define F(a, b) a ## b\n#if defined(T) && 1\ntypedef T real;\n#endif\n"
      "__kernel void F(k, 1)(__global real* x, const int n) { x[0] = n; }\n";
  std::mt19937 rng(12345);
  const std::string alphabet = "#()[]{},;*/\\\"'\n abc_0123456789definucl";
  for (int i = 0; i < 3000; ++i) {
    std::string s = base;
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int k = 0; k < edits; ++k) {
      const size_t at = rng() % (s.size() + 1);
      switch (rng() % 3) {
        case 0: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        case 1: if (at < s.size()) s.erase(at, 1); break;
        default: if (at < s.size()) s[at] = static_cast<char>(rng() % 256); break;
      }
    }
    mqlcl::read_source_args(s, i % 2 ? "-D T=int -DX" : "", test_facts());
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

// ---- the declarations ----

TEST(SourceArgsParser, DeclarationsAsTheDriversSpellThem) {
  const std::string src =
      "typedef float real;\ntypedef real real2;\ntypedef struct { float a; int b; } pair_t;\nstruct S { int x; };\n"
      "typedef __global float* gptr;\ntypedef unsigned int myuint;\n"
      "float helper(float x) { return x; }\n"
      "__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;\n"
      "__kernel void a(__global float* out, const int n, unsigned int u, unsigned u2, unsigned char uc,\n"
      "                short int si, unsigned long ul, long int li, signed char sc) { if (n) { out[0] = 1; } }\n"
      "kernel void b(__constant float* c, __global const float* restrict g, volatile __global int* v,\n"
      "              __global float* const pc, __local float4* l, global volatile const uint* vcu) {}\n"
      "__kernel void c(real r, pair_t p, struct S s, const real cr, gptr gp, float4 f4, real2 r2, myuint mu,\n"
      "                __global float garr[], __global real* rp) {}\n"
      "__kernel void d(__read_only image2d_t i0, write_only image2d_t i1, image2d_t i2, read_only image3d_t i3,\n"
      "                sampler_t s) {}\n";
  EXPECT_EQ(declared(src, "a"),
            "global float* out; private int n; private uint u; private uint u2; private uchar uc; private short si; "
            "private ulong ul; private long li; private char sc");
  EXPECT_EQ(declared(src, "b"),
            "constant const float* c; global const restrict float* g; global volatile int* v; global float* pc; "
            "local float4* l; global const volatile uint* vcu");
  EXPECT_EQ(declared(src, "c"),
            "private real=float r; private pair_t p; private struct S s; private real=float cr; global float* gp; "
            "private float4 f4; private real2=float r2; private myuint=uint mu; global float* garr; global real* rp");
  EXPECT_EQ(declared(src, "d"),
            "global read_only image2d_t i0; global write_only image2d_t i1; global read_only image2d_t i2; "
            "global read_only image3d_t i3; private sampler_t s");
  EXPECT_EQ(declared(src, "helper"), "no kernel helper");
}

TEST(SourceArgsParser, AttributesPrototypesAndKernelsWithoutArguments) {
  const std::string src =
      "__kernel void k(__global float* a, int n);\n"
      "__attribute__((reqd_work_group_size(4, 1, 1))) __kernel void k(__global float* out, int count)\n"
      "  __attribute__((vec_type_hint(float4))) { out[0] = count; }\n"
      "__kernel __attribute__((work_group_size_hint(8, 1, 1))) void w(void) {}\n"
      "__kernel void e() {}\n"
      "kernel_exec(64, float4) void x(__global float4* v) {}\n";
  EXPECT_EQ(declared(src, "k"), "global float* out; private int count");  // the definition's names
  EXPECT_EQ(declared(src, "w"), "");
  EXPECT_EQ(declared(src, "e"), "");
  EXPECT_EQ(declared(src, "x"), "global float4* v");
  EXPECT_EQ(declared("__kernel void p(__global int* a);", "p"), "global int* a");  // a prototype alone
  EXPECT_EQ(declared("\xEF\xBB\xBF#ifndef __cplusplus\r\n__kernel void b(int a) {}\r\n#endif", "b"), "private int a");
  EXPECT_EQ(declared("__kernel void t(__global int* a) {}\n__kernel void t(__global int* b) {}", "t"),
            "unknown: kernel t defined twice");
}

TEST(SourceArgsParser, MacrosAndOptionsChooseTheDeclarations) {
  const std::string src =
      "#define GLOBAL __global\n#define ARRAY(T, name) GLOBAL T* name\n"
      "#ifndef REAL\n#define REAL float\n#endif\n"
      "#if defined(USE_SCALE) && SCALE_BITS >= 8\n#define EXTRA , REAL scale\n#else\n#define EXTRA\n#endif\n"
      "#define KERNEL(name) __kernel void name\n"
      "KERNEL(scaled)(ARRAY(REAL, x), const int n EXTRA) {}\n"
      "#if __OPENCL_VERSION__ >= 200 && defined(__IMAGE_SUPPORT__) && defined(cl_khr_fp64) && !defined(cl_amd_fp64)\n"
      "__kernel void v(__global double* d) {}\n#else\n__kernel void v(__global float* f) {}\n#endif\n";
  EXPECT_EQ(declared(src, "scaled"), "global float* x; private int n");
  EXPECT_EQ(declared(src, "scaled", "-DUSE_SCALE -D SCALE_BITS=8 -DREAL=double"),
            "global double* x; private int n; private double scale");
  EXPECT_EQ(declared(src, "scaled", "-D USE_SCALE -DSCALE_BITS=4 -D REAL=int"), "global int* x; private int n");
  EXPECT_EQ(declared(src, "scaled", "-DUSE_SCALE -DSCALE_BITS=9 -UUSE_SCALE"), "global float* x; private int n");
  EXPECT_EQ(declared(src, "scaled", "-I /some/where -Ianother -cl-mad-enable -w"), "global float* x; private int n");
  EXPECT_EQ(declared(src, "v"), "global double* d");
  SourceFacts old = test_facts();
  old.device_version = "OpenCL 1.2 old";
  old.extensions = "cl_amd_fp64";
  EXPECT_EQ(declared(src, "v", "", old), "global float* f");
  // -cl-std sets __OPENCL_C_VERSION__; __OPENCL_VERSION__ then differs by driver.
  const std::string by_std = "#if __OPENCL_C_VERSION__ == 120\n__kernel void s(int a) {}\n#endif\n";
  EXPECT_EQ(declared(by_std, "s", "-cl-std=CL1.2"), "private int a");
  EXPECT_EQ(declared(by_std, "s"), "no kernel s");
  EXPECT_EQ(declared("#if __OPENCL_VERSION__ >= 120\n#endif", "s", "-cl-std=CL1.2"),
            "unknown: #if uses a value that the driver sets");
  EXPECT_EQ(declared("#ifdef __FAST_RELAXED_MATH__\n__kernel void f(int a) {}\n#endif", "f", "-cl-fast-relaxed-math"),
            "private int a");
  EXPECT_TRUE(unknown("__kernel void k(int a) {}", "-cl-std=CLC++"));
  EXPECT_TRUE(unknown("__kernel void k(int a) {}", "-DQUOTED=\"x\""));
}

TEST(SourceArgsParser, WhatItCannotReadGivesNoDeclarations) {
  EXPECT_EQ(declared("#include \"defs.h\"\n__kernel void k(int a) {}", "k"), "unknown: #include");
  EXPECT_EQ(declared("__kernel void k(my_type a) {}", "k"), "unknown: the type my_type");
  EXPECT_EQ(declared("__kernel void k(__global float** a) {}", "k"), "unknown: a pointer to a pointer");
  EXPECT_EQ(declared("__kernel void k(__global float* a, FLT_MAX) {}", "k"),
            "unknown: a kernel's declaration uses a value that the driver sets");
  EXPECT_EQ(declared("static __kernel void k(int a) {}", "k"), "unknown: a __kernel declaration with static");
  EXPECT_EQ(declared("__kernel int k(int a) {}", "k"), "unknown: a __kernel declaration with int");
  EXPECT_EQ(declared("__kernel void k(int a) {", "k"), "unknown: unbalanced braces");
  EXPECT_EQ(declared("__kernel void k(int a)", "k"), "unknown: a declaration without its end");
  // A typedef whose value only the driver knows is unusable, and harmless where unused.
  EXPECT_EQ(declared("typedef float arr_t[INT_MAX];\n__kernel void k(int a) {}", "k"), "private int a");
  EXPECT_TRUE(unknown("typedef float arr_t[4];\n__kernel void k(arr_t a) {}"));
}

// ---- against the driver: the same declarations as clGetKernelArgInfo ----

// Kernels that every OpenCL C 1.2 compiler builds with -cl-kernel-arg-info.
const char* const kCompared =
    "#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
    "typedef float real;\ntypedef struct { float a; int b; } pair_t;\nstruct S { int x; };\n"
    "typedef __global float* gptr;\n"
    "#define GLOBAL __global\n#define ARRAY(T, name) GLOBAL T* name\n"
    "#ifdef WIDE\n#define VALUE long\n#else\n#define VALUE int\n#endif\n"
    "__kernel void a(__global float* out, const int n, unsigned int u, unsigned u2, unsigned char uc,\n"
    "                short int si, unsigned long ul, long int li, VALUE v) { out[0] = n; }\n"
    "kernel void b(__constant float* c, __global const float* restrict g, volatile __global int* v,\n"
    "              __global float* const pc, __local float4* l, global volatile const uint* vcu) {}\n"
    "__kernel void c(pair_t p, struct S s, gptr gp, float4 f4, __global float garr[], ARRAY(real, rp),\n"
    "                __global pair_t* pp, __global struct S* sp, __global const real* cr) {}\n"
    "__attribute__((reqd_work_group_size(4, 1, 1)))\n"
    "__kernel void e(global float* x, local int* y, constant uint* z, private int w, global float4* restrict q)\n"
    "  { x[0] = w; }\n"
    "__kernel void f(global uchar* a, global half* h, global ulong2* u2, global unsigned int* ui, char ch,\n"
    "#ifdef cl_khr_fp64\n"
    "                double2 d2,\n"
    "#endif\n"
    "                float f, uint3 u3) {}\n";
const char* const kComparedImages =
    "__kernel void d(__read_only image2d_t i0, write_only image2d_t i1, image2d_t i2, read_only image3d_t i3,\n"
    "                sampler_t s, __global float4* out) {}\n";

#if !defined(_WIN32)
// The test's device as mqlcl numbers them: every platform's devices in turn.
cl_device_id cl_device(int index) {
  cl_uint np = 0;
  clGetPlatformIDs(0, nullptr, &np);
  std::vector<cl_platform_id> ps(np);
  clGetPlatformIDs(np, ps.data(), nullptr);
  int at = 0;
  for (cl_platform_id p : ps) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS) continue;
    std::vector<cl_device_id> ds(nd);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, ds.data(), nullptr);
    for (cl_device_id d : ds)
      if (at++ == index) return d;
  }
  return nullptr;
}

std::string device_text(cl_device_id d, cl_device_info what) {
  size_t n = 0;
  clGetDeviceInfo(d, what, 0, nullptr, &n);
  std::string s(n, '\0');
  clGetDeviceInfo(d, what, n, s.data(), nullptr);
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

std::string kernel_text(cl_kernel k, cl_uint i, cl_kernel_arg_info what) {
  size_t n = 0;
  clGetKernelArgInfo(k, i, what, 0, nullptr, &n);
  std::string s(n, '\0');
  clGetKernelArgInfo(k, i, what, n, s.data(), nullptr);
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

// Every kernel of `source` built by the driver with -cl-kernel-arg-info, its declarations as
// clGetKernelArgInfo gives them, against the parser's.
void compare_with_driver(const std::string& source, const std::string& options) {
  cl_device_id d = cl_device(t::device());
  ASSERT_NE(d, nullptr);
  SourceFacts f;
  f.device_version = device_text(d, CL_DEVICE_VERSION);
  f.extensions = device_text(d, CL_DEVICE_EXTENSIONS);
  cl_bool images = CL_FALSE, little = CL_TRUE;
  clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, nullptr);
  clGetDeviceInfo(d, CL_DEVICE_ENDIAN_LITTLE, sizeof little, &little, nullptr);
  f.images = images == CL_TRUE;
  f.little_endian = little == CL_TRUE;
  f.embedded_profile = device_text(d, CL_DEVICE_PROFILE).find("EMBEDDED") != std::string::npos;
  const SourceArgs parsed = mqlcl::read_source_args(source, options, f);
  ASSERT_TRUE(parsed.known) << parsed.why;

  cl_int err = CL_SUCCESS;
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const char* text_ptr = source.c_str();
  cl_program p = clCreateProgramWithSource(c, 1, &text_ptr, nullptr, &err);
  const std::string build_options = "-cl-kernel-arg-info " + options;
  ASSERT_EQ(clBuildProgram(p, 1, &d, build_options.c_str(), nullptr, nullptr), CL_SUCCESS);
  cl_uint nk = 0;
  clCreateKernelsInProgram(p, 0, nullptr, &nk);
  std::vector<cl_kernel> ks(nk);
  clCreateKernelsInProgram(p, nk, ks.data(), nullptr);
  EXPECT_EQ(parsed.kernels.size(), nk);
  for (cl_kernel k : ks) {
    size_t n = 0;
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &n);
    std::string name(n, '\0');
    clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, n, name.data(), nullptr);
    while (!name.empty() && name.back() == '\0') name.pop_back();
    cl_uint args = 0;
    clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof args, &args, nullptr);
    std::vector<ArgDeclaration> driver(args);
    for (cl_uint i = 0; i < args; ++i) {
      ArgDeclaration& a = driver[i];
      clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof a.address, &a.address, nullptr);
      clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof a.access, &a.access, nullptr);
      clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof a.qualifiers, &a.qualifiers, nullptr);
      a.type = kernel_text(k, i, CL_KERNEL_ARG_TYPE_NAME);
      a.name = kernel_text(k, i, CL_KERNEL_ARG_NAME);
    }
    const auto it = parsed.kernels.find(name);
    ASSERT_NE(it, parsed.kernels.end()) << name;
    std::vector<ArgDeclaration> mine = it->second;
    for (ArgDeclaration& a : mine) a.builtin.clear();  // the driver never resolves typedefs
    EXPECT_EQ(text(mine), text(driver)) << "kernel " << name << " with options \"" << options << "\"";
    clReleaseKernel(k);
  }
  clReleaseProgram(p);
  clReleaseContext(c);
}

TEST(SourceArgsParser, SameAsTheDriversArgumentInfo) {
  compare_with_driver(kCompared, "");
  compare_with_driver(kCompared, "-DWIDE -cl-fast-relaxed-math");
  if (mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) == 1) compare_with_driver(kComparedImages, "");
}
#endif

// ---- the checks of the ABI, with the declarations from the source ----

// Sets the tests' MQLCL_TEST_KERNEL_ARG_INFO for the test's programs and kernels, as the driver
// that refuses -cl-kernel-arg-info would.
struct ArgInfoRefused {
  explicit ArgInfoRefused(const char* mode = "refused") { EXPECT_EQ(t::arg_info(mode), MQLCL_OK); }
  ~ArgInfoRefused() { t::arg_info("on"); }
};

int program(int ctx, const std::u16string& source, const std::u16string& options = u"") {
  const int p = mqlcl_program(ctx, source.c_str(), options.c_str());
  EXPECT_GT(p, 0) << t::message(ctx);
  return p;
}

int kernel(int program, const char16_t* name) {
  const int k = mqlcl_kernel(program, name);
  EXPECT_GT(k, 0) << t::message();
  return k;
}

// What mqlcl_run says of a kernel with no argument set: every argument, its declaration and
// the call that sets it.
std::string unset_message(int k) {
  const int g[1] = {1};
  const int rc = mqlcl_run(k, 1, g, 1, nullptr, 0);
  return rc == MQLCL_ERR_ARGUMENT ? t::message(k) : "mqlcl_run returned " + std::to_string(rc);
}

// On the H100 (NVIDIA driver 580) a program with a kernel without arguments fails with
// -cl-kernel-arg-info, and the probe then let mqlcl_arg_float into an int.
TEST(SourceArgsChecks, ProgramWithAKernelWithoutArgumentsChecksEveryType) {
  t::Ctx ctx;
  ArgInfoRefused refused;
  const int p = program(ctx.h,
                        u"__kernel void warmup(void) {}\n"
                        u"__kernel void scale(__global float* out, const int n, float s, __local float* tmp) {\n"
                        u"  tmp[0] = s; out[get_global_id(0)] = n * tmp[0]; }\n"
                        u"__kernel void none() {}\n");
  EXPECT_TRUE(mentions(p, "argument checks come from the program's source"));
  const int k = kernel(p, u"scale");
  const int out = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
  EXPECT_EQ(mqlcl_arg_float(k, 1, 2.0f), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 1 \"n\" (int) takes an int (mqlcl_arg_int), not a float (mqlcl_arg_float)"));
  EXPECT_EQ(mqlcl_arg_int(k, 2, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 2 \"s\" (float) takes a float (mqlcl_arg_float), not an int (mqlcl_arg_int)"));
  EXPECT_EQ(mqlcl_arg_mem(k, 1, out), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 1 \"n\" (int) takes an int (mqlcl_arg_int), not a buffer (mqlcl_arg_mem)"));
  EXPECT_EQ(mqlcl_arg_local(k, 0, 16), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 0 \"out\" (__global float*) takes a buffer (mqlcl_arg_mem), not a __local size"));
  EXPECT_EQ(mqlcl_arg_mem(k, 3, out), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 3 \"tmp\" (__local float*) takes a __local size (mqlcl_arg_local), not a buffer"));
  EXPECT_NE(unset_message(k).find(
                "arguments never set: argument 0 \"out\" (__global float*): it takes a buffer (mqlcl_arg_mem); "
                "argument 1 \"n\" (int): it takes an int (mqlcl_arg_int); argument 2 \"s\" (float): it takes a float "
                "(mqlcl_arg_float); argument 3 \"tmp\" (__local float*): it takes a __local size (mqlcl_arg_local)"),
            std::string::npos)
      << t::message(k);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(k, 1, 3), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_float(k, 2, 1.5f), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_local(k, 3, 4), MQLCL_OK);
  const int g[1] = {4};
  ASSERT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  std::vector<float> got(4, 0.0f);
  ASSERT_EQ(mqlcl_buffer_read_float(out, got.data(), 0, 4), 4);
  EXPECT_EQ(got, std::vector<float>(4, 4.5f));
  for (const char16_t* name : {u"warmup", u"none"}) {
    const int w = kernel(p, name);
    EXPECT_EQ(mqlcl_run(w, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(w);
  }
}

TEST(SourceArgsChecks, MacrosAndOptionsChooseTheSignature) {
  t::Ctx ctx;
  ArgInfoRefused refused;
  const std::u16string src =
      u"#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n"
      u"#define GLOBAL __global\n#define OUT(T, name) GLOBAL T* name\n"
      u"#ifndef REAL\n#define REAL float\n#endif\n"
      u"#if defined(WITH_OFFSET) && OFFSET_BITS > 16\n#define EXTRA , long offset\n#else\n#define EXTRA , int offset\n#endif\n"
      u"__kernel void warmup(void) {}\n"
      u"__kernel void fill(OUT(REAL, out), REAL value EXTRA) { out[get_global_id(0)] = value + (REAL)offset; }\n";
  struct Case {
    std::u16string options;
    std::string value, offset;
  } cases[] = {{u"", "(float) takes a float", "(int) takes an int"},
               {u"-DREAL=int -D WITH_OFFSET -DOFFSET_BITS=32", "(int) takes an int", "(long) takes an 8-byte integer"},
               {u"-D REAL=double -DWITH_OFFSET -D OFFSET_BITS=8", "(double) takes a double", "(int) takes an int"}};
  const bool fp64 = t::has_fp64();
  for (const Case& c : cases) {
    if (!fp64 && c.options.find(u"double") != std::u16string::npos) continue;
    const int k = kernel(program(ctx.h, src, c.options), u"fill");
    EXPECT_EQ(mqlcl_arg_integer(k, 1, 1, 2), MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(mentions(k, "argument 1 \"value\" " + c.value));
    EXPECT_EQ(mqlcl_arg_integer(k, 2, 1, 2), MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(mentions(k, "argument 2 \"offset\" " + c.offset));
  }
}

TEST(SourceArgsChecks, TypedefsOfBuiltInsAreCheckedExactlyAndStructsBySize) {
  t::Ctx ctx;
  ArgInfoRefused refused;
  const int p = program(ctx.h,
                        u"typedef float real;\ntypedef struct { float a; float b; } pair_t;\n"
                        u"typedef __global real* real_ptr;\n"
                        u"__kernel void warmup(void) {}\n"
                        u"__kernel void t(real_ptr out, real r, pair_t p) { out[0] = r + p.a + p.b; }\n");
  const int k = kernel(p, u"t");
  // The driver would say only "real" and check the size; the source says it is a float.
  EXPECT_EQ(mqlcl_arg_int(k, 1, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 1 \"r\" (real) takes a float (mqlcl_arg_float), not an int (mqlcl_arg_int)"));
  EXPECT_EQ(mqlcl_arg_double(k, 0, 1.0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 0 \"out\" (__global real*) takes a buffer"));
  EXPECT_EQ(mqlcl_arg_mem(k, 2, mqlcl_buffer(ctx.h, 8, MQLCL_MEM_READ_WRITE)), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 2 \"p\" (pair_t) is a value, not a buffer"));
  EXPECT_EQ(mqlcl_arg_double(k, 2, 0.0), MQLCL_OK) << t::message(k);  // 8 bytes: two floats of 0
  const int out = mqlcl_buffer(ctx.h, 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_float(k, 1, 2.5f), MQLCL_OK);
  const int g[1] = {1};
  ASSERT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  float got = 0;
  ASSERT_EQ(mqlcl_buffer_read_float(out, &got, 0, 1), 1);
  EXPECT_EQ(got, 2.5f);
}

// Through the ABI: the messages naming every argument are the same with the driver's
// declarations and with the source's (typedefs of built-ins aside: the source's are exact).
TEST(SourceArgsChecks, SameMessagesAsWithTheDriversDeclarations) {
  t::Ctx ctx;
  const bool images = mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) == 1;
  std::string src = kCompared;
  if (images) src += kComparedImages;
  for (const char* options : {"", "-DWIDE"}) {
    const std::u16string u16 = utf16::from_utf8(src), o16 = utf16::from_utf8(options);
    const int with_driver = program(ctx.h, u16, o16);
    int with_source = 0;
    {
      ArgInfoRefused refused;
      with_source = program(ctx.h, u16, o16);
    }
    for (const char16_t* name : {u"a", u"b", u"c", u"d", u"e", u"f"}) {
      if (!images && name == std::u16string(u"d")) continue;
      const std::string driver = unset_message(kernel(with_driver, name));
      const std::string source = unset_message(kernel(with_source, name));
      EXPECT_EQ(source, driver) << t::to_utf8(name) << " " << options;
      EXPECT_NE(source.find("argument 0 \""), std::string::npos) << source;
    }
  }
}

// The library cannot read a source that #includes a file: the checks probe, as before, and
// the program's message says so.
#if !defined(_WIN32)
std::string include_folder() {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "mqlcl_source_args_include";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "mqlcl_test.h") << "#define OUT_TYPE float\n";
  std::string s = dir.generic_string();
  return s;
}
#endif

TEST(SourceArgsChecks, ASourceThatIncludesFilesIsCheckedByProbes) {
  t::Ctx ctx;
#if defined(_WIN32)
  // Under Wine the host's OpenCL compiler cannot open the Windows path given to -I: a name only
  // the driver knows makes the source unreadable for declarations in the same way.
  const std::u16string options;
  const std::u16string src =
      u"#ifndef __MQLCL_TEST_DRIVER_ONLY__\n#define OUT_TYPE float\n#endif\n__kernel void warmup(void) {}\n"
      u"__kernel void w42(__global OUT_TYPE* out, const int n) { out[get_global_id(0)] = n; }";
  const char* const why = "the source could not be read for declarations either (it tests __MQLCL_TEST_DRIVER_ONLY__";
#else
  const std::u16string options = u"-I " + utf16::from_utf8(include_folder());
  const std::u16string src =
      u"#include \"mqlcl_test.h\"\n__kernel void warmup(void) {}\n"
      u"__kernel void w42(__global OUT_TYPE* out, const int n) { out[get_global_id(0)] = n; }";
  const char* const why = "the source could not be read for declarations either (#include)";
#endif
  for (const char* mode : {"refused", "off"}) {
    int p = 0, k = 0;
    {
      ArgInfoRefused env(mode);
      p = program(ctx.h, src, options);
      k = kernel(p, u"w42");
    }
    if (mode == std::string("refused")) {
      EXPECT_TRUE(mentions(p, "argument checks fell back to the weaker mode"));
      EXPECT_TRUE(mentions(p, why));
    }
    const int out = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
    EXPECT_EQ(mqlcl_arg_double(k, 0, 1.0), MQLCL_ERR_ARGUMENT);  // a double's bits as a buffer
    EXPECT_TRUE(mentions(k, "argument 0 is a pointer, not a value"));
    EXPECT_TRUE(mentions(k, "found by a probe"));
    EXPECT_EQ(mqlcl_arg_mem(k, 1, out), MQLCL_ERR_ARGUMENT);
    EXPECT_EQ(mqlcl_arg_local(k, 1, 8), MQLCL_ERR_ARGUMENT);
    const int g[1] = {4};
    EXPECT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(mentions(k, "arguments never set: argument 0; argument 1"));
    ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK) << t::message(k);
    ASSERT_EQ(mqlcl_arg_int(k, 1, 9), MQLCL_OK) << t::message(k);
    ASSERT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(k);
    std::vector<float> got(4, 0.0f);
    ASSERT_EQ(mqlcl_buffer_read_float(out, got.data(), 0, 4), 4);
    EXPECT_EQ(got, std::vector<float>(4, 9.0f));
  }
}

}  // namespace
