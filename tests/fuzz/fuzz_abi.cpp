// libFuzzer harness of the ABI: each input is decoded into a sequence of calls with arbitrary
// integers, sizes, handles (live, freed, of another kind, random), stages, work-group sizes,
// and small kernel sources with random build options. Every pointer points at a real buffer
// of exactly the size the call is told (the caller's side of the contract), so what is tested
// is the library's own checking. Any crash, sanitizer report or exception is a finding.
#include <fuzzer/FuzzedDataProvider.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "mqlcl.h"

namespace {

const char16_t* kSources[] = {
    u"__kernel void k(__global float* x, const int n) { if (get_global_id(0) < n) x[get_global_id(0)] *= 2.0f; }",
    u"__kernel void add(__global float* x, __local float* t, const float v) { t[get_local_id(0)] = v;"
    u" barrier(CLK_LOCAL_MEM_FENCE); x[get_global_id(0)] += t[0]; }",
    u"__kernel void k(__global float* x) { x[0] = undefined_thing; }",
    u"__kernel void img(__read_only image2d_t i, __global float4* o) { const sampler_t s = CLK_NORMALIZED_COORDS_FALSE |"
    u" CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST; o[0] = read_imagef(i, s, (int2)(0, 0)); }",
    u"",
    u"this is not OpenCL C",
};
const char16_t* kOptions[] = {u"", u"-D N=4", u"-cl-mad-enable", u"-DX", u"-D", u"-I", u"-cl-std=CL1.2", u"-w",
                              u"-cl-fast-relaxed-math", u"-Werror", u"-zz", u"-D=1", u"-D N -D M=2", u"-cl-std=CL9"};
const char16_t* kNames[] = {u"k", u"add", u"img", u"missing", u"", u"\u043a"};

struct Pools {
  std::vector<int> ctx, prog, kern, mem, freed;
};

int pick(FuzzedDataProvider& in, const std::vector<int>& pool, const Pools& p) {
  switch (in.ConsumeIntegralInRange(0, 5)) {
    case 0: return in.ConsumeIntegral<int>();  // anything
    case 1: return p.freed.empty() ? 0 : p.freed[in.ConsumeIntegralInRange<size_t>(0, p.freed.size() - 1)];
    case 2: {  // a live handle of any kind
      const std::vector<int>* all[] = {&p.ctx, &p.prog, &p.kern, &p.mem};
      const auto* v = all[in.ConsumeIntegralInRange(0, 3)];
      return v->empty() ? -1 : (*v)[in.ConsumeIntegralInRange<size_t>(0, v->size() - 1)];
    }
    default: return pool.empty() ? 0 : pool[in.ConsumeIntegralInRange<size_t>(0, pool.size() - 1)];
  }
}

// A small count, sometimes zero, negative or huge.
int count(FuzzedDataProvider& in, int small) {
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0: return in.ConsumeIntegral<int>();
    case 1: return -in.ConsumeIntegralInRange(0, 8);
    default: return in.ConsumeIntegralInRange(0, small);
  }
}

// A real array for `n` elements (null when n <= 0, or sometimes on purpose).
template <class T>
T* array(FuzzedDataProvider& in, std::vector<T>& store, int n) {
  if (n <= 0 || n > (1 << 16) || (in.ConsumeBool() == false && in.ConsumeIntegralInRange(0, 15) == 0)) return nullptr;
  store.assign(static_cast<size_t>(n), static_cast<T>(in.ConsumeIntegralInRange(-3, 3)));
  return store.data();
}

// Calls made, printed at exit: the figure docs/reliability.md reports.
std::atomic<long long> g_calls{0};
const bool g_report = [] {
  std::atexit([] { std::fprintf(stderr, "mqlcl_fuzz_abi: %lld ABI call groups executed\n", g_calls.load()); });
  return true;
}();

// A stage number: mostly one the library lists (mqlcl_stage_count/at), sometimes one around
// or between them, or anything.
int stage(FuzzedDataProvider& in) {
  const int n = mqlcl_stage_count();
  switch (in.ConsumeIntegralInRange(0, 5)) {
    case 0: return in.ConsumeIntegral<int>();
    case 1: return (n > 0 ? mqlcl_stage_at(n - 1) : 0) + in.ConsumeIntegralInRange(-3, 3);
    default: return mqlcl_stage_at(in.ConsumeIntegralInRange(-1, n));  // -1 and n: MQLCL_ERR_RANGE
  }
}

void keep(std::vector<int>& pool, int h) {
  if (h > 0) pool.push_back(h);
}

}  // namespace

// mqlcl_tuning_store writes the tuning file: a temporary one, never the one beside the library.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static char path[] = "/tmp/mqlcl-fuzz-tuning-XXXXXX";
  const int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  setenv("MQLCL_TUNING_FILE", path, 1);
  std::atexit([] { unlink(path); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Pools p;
  std::vector<float> f;
  std::vector<int> iv;
  std::vector<double> dv;
  std::vector<char16_t> text;
  for (int step = 0; step < 48 && in.remaining_bytes() > 0; ++step) {
    const int c = pick(in, p.ctx, p);
    ++g_calls;
    switch (in.ConsumeIntegralInRange(0, 21)) {
      case 0:
        if (p.ctx.size() < 2) keep(p.ctx, mqlcl_create(in.ConsumeIntegralInRange(-2, 2)));
        break;
      case 1: {
        const int h = pick(in, p.mem, p);
        if (mqlcl_free(h) == MQLCL_OK) p.freed.push_back(h);
        break;
      }
      case 2: {
        const int n = count(in, 4096);
        mqlcl_upload(c, in.ConsumeIntegralInRange(-2, 8), array(in, f, n), n);
        break;
      }
      case 3: {
        const int n = count(in, 16);
        std::vector<int>& offs = iv;
        int* a = array(in, offs, n);
        if (a)
          for (auto& o : offs) o = in.ConsumeIntegralInRange(-70, 70);
        mqlcl_upload_int(c, in.ConsumeIntegralInRange(-2, 8), a, n);
        break;
      }
      case 4: {
        const int n = count(in, 4096);
        mqlcl_read(c, in.ConsumeIntegralInRange(-2, 8), array(in, f, n), n);
        break;
      }
      case 5:
        mqlcl_matmul(c, stage(in), count(in, 40), count(in, 40), count(in, 40), count(in, 33), count(in, 33),
                     count(in, 9));
        break;
      case 6:
        mqlcl_dia_spmv(c, in.ConsumeIntegralInRange(-1, 6), count(in, 64), count(in, 12), count(in, 64));
        break;
      case 7:
        mqlcl_transpose(c, in.ConsumeIntegralInRange(-1, 4), count(in, 64), count(in, 64), count(in, 40));
        break;
      case 8: {
        const char16_t* src = in.ConsumeBool() ? kSources[in.ConsumeIntegralInRange<size_t>(0, 5)] : nullptr;
        const char16_t* opt = kOptions[in.ConsumeIntegralInRange<size_t>(0, 13)];
        keep(p.prog, mqlcl_program(c, src, in.ConsumeIntegralInRange(0, 9) ? opt : nullptr));
        break;
      }
      case 9:
        keep(p.kern, mqlcl_kernel(pick(in, p.prog, p), in.ConsumeBool() ? kNames[in.ConsumeIntegralInRange<size_t>(0, 5)] : nullptr));
        break;
      case 10: {
        const long long bytes = in.ConsumeBool() ? in.ConsumeIntegral<long long>() : in.ConsumeIntegralInRange<long long>(-4, 8192);
        keep(p.mem, mqlcl_buffer(c, bytes, in.ConsumeIntegralInRange(-1, 3)));
        break;
      }
      case 11: {
        const int b = pick(in, p.mem, p), off = count(in, 64), n = count(in, 2048);
        switch (in.ConsumeIntegralInRange(0, 5)) {
          case 0: mqlcl_buffer_write_float(b, array(in, f, n), off, n); break;
          case 1: mqlcl_buffer_read_float(b, array(in, f, n), off, n); break;
          case 2: mqlcl_buffer_write_int(b, array(in, iv, n), off, n); break;
          case 3: mqlcl_buffer_read_int(b, array(in, iv, n), off, n); break;
          case 4: mqlcl_buffer_write_double(b, array(in, dv, n), off, n); break;
          default: mqlcl_buffer_read_double(b, array(in, dv, n), off, n); break;
        }
        break;
      }
      case 12: {
        const int w = count(in, 16), h = count(in, 16);
        const int n = (w > 0 && h > 0 && w <= 16 && h <= 16) ? w * h * 4 : 0;
        const int given = n > 0 ? in.ConsumeIntegralInRange(0, n) : 4;  // never more than the array holds
        const float* px = n ? array(in, f, n) : (in.ConsumeBool() ? nullptr : array(in, f, 4));
        keep(p.mem, mqlcl_image2d(c, w, h, px, given));
        break;
      }
      case 13: {
        const int k = pick(in, p.kern, p), index = in.ConsumeIntegralInRange(-1, 4);
        switch (in.ConsumeIntegralInRange(0, 4)) {
          case 0: mqlcl_arg_mem(k, index, pick(in, p.mem, p)); break;
          case 1: mqlcl_arg_int(k, index, in.ConsumeIntegral<int>()); break;
          case 2: mqlcl_arg_float(k, index, in.ConsumeFloatingPoint<float>()); break;
          case 3: mqlcl_arg_double(k, index, in.ConsumeFloatingPoint<double>()); break;
          default: mqlcl_arg_local(k, index, count(in, 4096)); break;
        }
        break;
      }
      case 14: {
        const int dims = in.ConsumeIntegralInRange(-1, 4);
        int g[3], l[3];
        for (int i = 0; i < 3; ++i) {
          g[i] = count(in, 64);
          l[i] = count(in, 16);
        }
        const int kern = pick(in, p.kern, p);
        const int* global = in.ConsumeIntegralInRange(0, 9) ? g : nullptr;
        const int* local = in.ConsumeBool() ? l : nullptr;
        const int global_count = in.ConsumeIntegralInRange(0, 3), local_count = in.ConsumeIntegralInRange(-1, 3);
        switch (in.ConsumeIntegralInRange(0, 4)) {
          case 0: mqlcl_run(kern, dims, global, global_count, local, local_count); break;
          case 1: {  // queued without waiting: the terminal's CLExecute arrays
            unsigned ug[3], ul[3];
            for (int i = 0; i < 3; ++i) {
              ug[i] = static_cast<unsigned>(g[i]);
              ul[i] = static_cast<unsigned>(l[i]);
            }
            mqlcl_enqueue(kern, dims, nullptr, 0, global ? ug : nullptr, global_count, local ? ul : nullptr, local_count);
            break;
          }
          case 2: mqlcl_kernel_status(kern); break;
          case 3: mqlcl_kernel_timing(kern, in.ConsumeIntegralInRange(-1, 2)); break;
          default: mqlcl_finish(pick(in, p.mem, p)); break;
        }
        break;
      }
      case 15: {
        const int cap = count(in, 64);
        mqlcl_last_error(pick(in, p.ctx, p), cap > 0 && cap <= 64 ? (text.assign(64, 0), text.data()) : nullptr, cap);
        break;
      }
      case 16: {
        const int cap = count(in, 64);
        mqlcl_device_info(in.ConsumeIntegralInRange(-2, 2), in.ConsumeIntegralInRange(-1, 18));
        mqlcl_device_text(in.ConsumeIntegralInRange(-2, 2), in.ConsumeIntegralInRange(-1, 8),
                          cap > 0 && cap <= 64 ? (text.assign(64, 0), text.data()) : nullptr, cap);
        mqlcl_stage_name(stage(in), cap > 0 && cap <= 64 ? (text.assign(64, 0), text.data()) : nullptr, cap);
        mqlcl_stage_info(stage(in), in.ConsumeIntegralInRange(-1, 12));
        mqlcl_stage_available(in.ConsumeIntegralInRange(-2, 2), stage(in));
        mqlcl_stage_best(in.ConsumeIntegralInRange(-2, 2), in.ConsumeIntegralInRange(-1, 4));
        mqlcl_errstr(in.ConsumeIntegralInRange(-100, 2), cap > 0 && cap <= 64 ? (text.assign(64, 0), text.data()) : nullptr, cap);
        break;
      }
      case 17:
        mqlcl_kernel_info(pick(in, p.kern, p), in.ConsumeIntegralInRange(-1, 7));
        break;
      case 18: {
        int params[5];
        for (int& v : params) v = in.ConsumeIntegralInRange(-2, 140);
        const int n = in.ConsumeIntegralInRange(-1, 5);  // the array holds 5; a smaller count is refused
        int* arr = in.ConsumeIntegralInRange(0, 9) ? params : nullptr;
        const int cap = in.ConsumeIntegralInRange(-1, 65);
        mqlcl_char* buf = cap > 0 && cap <= 64 ? (text.assign(64, 0), text.data()) : nullptr;
        switch (in.ConsumeIntegralInRange(0, 7)) {
          case 0: mqlcl_sgemm_set(c, arr, n); break;
          case 1: mqlcl_sgemm_get(c, arr, n); break;
          case 2: mqlcl_stage_params_set(c, stage(in), arr, n); break;
          case 3: mqlcl_stage_params_get(c, stage(in), arr, n); break;
          case 4: mqlcl_tuning_store(c, stage(in), arr, n); break;  // into the temporary file set below
          case 5: mqlcl_tuning_source(c, stage(in)); break;
          case 6: mqlcl_tuning_text(c, stage(in), buf, cap); break;
          default: mqlcl_tuning_path(buf, cap); break;
        }
        break;
      }
      case 19:
        mqlcl_last_kernel_ms(pick(in, p.kern, p));
        mqlcl_last_total_ms(c);
        mqlcl_last_convert_ms(c);
        mqlcl_last_upload_ms(c);
        mqlcl_last_download_ms(c);
        mqlcl_last_launches(c);
        mqlcl_handle_count();
        break;
      case 21: {  // GEMM on host arrays: each count at most what its array holds
        const int m = in.ConsumeIntegralInRange(-1, 9), n = in.ConsumeIntegralInRange(-1, 9),
                  k = in.ConsumeIntegralInRange(-1, 9);
        const int lda = in.ConsumeIntegralInRange(-1, 12), ldb = in.ConsumeIntegralInRange(-1, 12),
                  ldc = in.ConsumeIntegralInRange(-1, 12);
        const int flags = in.ConsumeBool() ? in.ConsumeIntegral<int>() : in.ConsumeIntegralInRange(0, 0x3f);
        const int sa = in.ConsumeIntegralInRange(0, 128), sb = in.ConsumeIntegralInRange(0, 128),
                  sc = in.ConsumeIntegralInRange(0, 128);
        const int ca = in.ConsumeIntegralInRange(-1, sa), cb = in.ConsumeIntegralInRange(-1, sb),
                  cc = in.ConsumeIntegralInRange(-1, sc);
        const int which = in.ConsumeIntegralInRange(0, 2);
        if (which == 2) {  // buffers of any context or kind, offsets anywhere
          const int ba = pick(in, p.mem, p), bb = pick(in, p.mem, p), bc = pick(in, p.mem, p);
          const long long oa = in.ConsumeIntegralInRange<long long>(-2, 64), ob = in.ConsumeIntegralInRange<long long>(-2, 64),
                          oc = in.ConsumeBool() ? in.ConsumeIntegral<long long>() : in.ConsumeIntegralInRange<long long>(-2, 64);
          if (in.ConsumeBool())
            mqlcl_sgemm_buffers(c, flags, m, n, k, 1.0f, ba, oa, lda, bb, ob, ldb, in.ConsumeBool() ? 0.0f : 1.0f, bc, oc, ldc);
          else
            mqlcl_dgemm_buffers(c, flags, m, n, k, 1.0, ba, oa, lda, bb, ob, ldb, in.ConsumeBool() ? 0.0 : 1.0, bc, oc, ldc);
        } else if (which == 1) {
          std::vector<float> fa, fb, fc;
          mqlcl_sgemm(c, flags, m, n, k, 1.5f, array(in, fa, sa), ca, lda, array(in, fb, sb), cb, ldb,
                      in.ConsumeBool() ? 0.0f : 2.0f, array(in, fc, sc), cc, ldc);
        } else {
          std::vector<double> da, db, dc;
          mqlcl_dgemm(c, flags, m, n, k, 1.5, array(in, da, sa), ca, lda, array(in, db, sb), cb, ldb,
                      in.ConsumeBool() ? 0.0 : 2.0, array(in, dc, sc), cc, ldc);
        }
        break;
      }
      default:
        mqlcl_measure_peak(c, in.ConsumeIntegralInRange(-1, 7), in.ConsumeIntegralInRange(-1, 1));
        break;
    }
  }
  for (int h : p.ctx) mqlcl_free(h);  // frees everything they own
  return 0;
}
