/*
 * mqlcl — OpenCL for MetaTrader 5 (MQL5) programs.
 *
 * A flat C ABI in the style of SQLite's: integer handles, integer result codes, one error
 * message per handle, explicit lifecycles. Every parameter maps 1:1 to an MQL5 type:
 *   int -> int, long long -> long, float -> float, double -> double,
 *   T* -> T &a[] (an MQL5 array passed by reference), const mqlcl_char* -> string.
 * Strings are UTF-16 (MQL5's string), on Windows and Linux alike.
 *
 * The comment above each function is its reference; docs/ABI.md explains the concepts
 * (handles, codes, threading, placement, the planner, the tuning file). Rules that hold for
 * every function:
 *   - A result < 0 is an error code (MQLCL_ERR_*); mqlcl_last_error() gives the readable cause.
 *   - A freed, stale or foreign handle is an error (MQLCL_ERR_HANDLE), never a crash.
 *   - No C++ exception, abort or signal leaves the library.
 *   - Every function may be called from any thread.
 */
#ifndef MQLCL_H
#define MQLCL_H

#ifdef __cplusplus
extern "C" {
typedef char16_t mqlcl_char;
#else
#include <uchar.h>
typedef char16_t mqlcl_char;
#endif

#if defined(_WIN32)
#if defined(MQLCL_BUILDING)
#define MQLCL_API __declspec(dllexport)
#else
#define MQLCL_API __declspec(dllimport)
#endif
#else
#define MQLCL_API __attribute__((visibility("default")))
#endif

/* ---- Result codes ------------------------------------------------------------------- */
/* Each code's comment is its text in mqlcl_errstr (generated from these lines by
 * cmake/generate_codes.cmake); the cause of one failure is in the message (mqlcl_last_error):
 * the limit a shape missed, the OpenCL call and its error, a build log. */
#define MQLCL_OK 0                  /* success */
#define MQLCL_ERR_ARGUMENT -1       /* a null pointer, a zero or negative size, or an unknown flag, index or info id */
#define MQLCL_ERR_HANDLE -2         /* an unknown, freed, or wrong kind of handle */
#define MQLCL_ERR_RANGE -3          /* sizes overflow, or a count exceeds the buffer, slot or array */
#define MQLCL_ERR_STAGE -4          /* an unknown stage, DIA step or transpose variant */
#define MQLCL_ERR_SHAPE -5          /* a shape the stage cannot take */
#define MQLCL_ERR_LOCAL_SIZE -6     /* a work-group size the device or kernel cannot take */
#define MQLCL_ERR_BUILD -7          /* a kernel did not compile, or its build options were refused */
#define MQLCL_ERR_OPENCL -8         /* an OpenCL call failed */
#define MQLCL_ERR_NO_OPENCL -9      /* no OpenCL runtime (OpenCL.dll / libOpenCL) or platform */
#define MQLCL_ERR_DEVICE -10        /* a device index out of range */
#define MQLCL_ERR_NO_DATA -11       /* an input slot was not uploaded, or has the wrong size or type */
#define MQLCL_ERR_MEMORY -12        /* host or device allocation failed */
#define MQLCL_ERR_UNSUPPORTED -13   /* the device lacks a feature (e.g. images) */
#define MQLCL_ERR_LAUNCH -14        /* a queued kernel launch failed on the device */
#define MQLCL_ERR_INTERNAL -99      /* an unexpected failure inside the library (a bug) */
/* The code's name and meaning ("MQLCL_ERR_SHAPE: a shape the stage cannot take"), as
 * SQLite's sqlite3_errstr; the same buffer rules as mqlcl_device_text; MQLCL_ERR_ARGUMENT
 * for a code that does not exist. */
MQLCL_API int mqlcl_errstr(int code, mqlcl_char* buf, int cap);

/* ---- Library and devices ------------------------------------------------------------ */
/* The version this header declares, as 10000*major + 100*minor + patch: the one source of the
 * version (CMake's project version is read from it). mqlcl_version() returns the library's:
 * a caller built against this header may compare the two. */
#define MQLCL_VERSION_NUMBER 21500
MQLCL_API int mqlcl_version(void);
/* Devices of all platforms in one list, numbered from 0. */
MQLCL_API int mqlcl_device_count(void);
/* Wherever a device number is taken (mqlcl_create, mqlcl_device_info, ...), the best device:
 * a GPU before an accelerator before a CPU, among them the most compute units x clock
 * (docs/ABI.md). With two or more devices of that kind, the one with the fewest contexts of
 * all processes sharing the tuning file (the strategy tester's agents spread over the GPUs),
 * the faster by the cached profile on a tie; $MQLCL_DEVICE = N pins device N.
 * mqlcl_device_best() says which number a context made now would take. */
#define MQLCL_DEVICE_BEST -1
MQLCL_API int mqlcl_device_best(void);

/* mqlcl_device_info(device, what): a numeric device fact (>= 0), or an error code. */
#define MQLCL_INFO_TYPE 1                 /* CL_DEVICE_TYPE bits: 2 CPU, 4 GPU, 8 accelerator */
#define MQLCL_INFO_COMPUTE_UNITS 2
#define MQLCL_INFO_MAX_WORK_GROUP_SIZE 3
#define MQLCL_INFO_MAX_WORK_ITEM_SIZE_0 4
#define MQLCL_INFO_MAX_WORK_ITEM_SIZE_1 5
#define MQLCL_INFO_MAX_WORK_ITEM_SIZE_2 6
#define MQLCL_INFO_LOCAL_MEM_SIZE 7       /* bytes */
#define MQLCL_INFO_LOCAL_MEM_TYPE 8       /* 1 = dedicated (CL_LOCAL), 2 = in global (CL_GLOBAL) */
#define MQLCL_INFO_PREFERRED_VECTOR_WIDTH_FLOAT 9
#define MQLCL_INFO_IMAGE_SUPPORT 10       /* 0 or 1 */
#define MQLCL_INFO_GLOBAL_MEM_SIZE 11     /* bytes */
#define MQLCL_INFO_MAX_MEM_ALLOC_SIZE 12  /* bytes */
#define MQLCL_INFO_MAX_CLOCK_MHZ 13
#define MQLCL_INFO_IMAGE2D_MAX_WIDTH 14
#define MQLCL_INFO_IMAGE2D_MAX_HEIGHT 15
#define MQLCL_INFO_DOUBLE_SUPPORT 16      /* 0 or 1 */
MQLCL_API long long mqlcl_device_info(int device, int what);

/* mqlcl_device_text(device, what, buf, cap): writes at most cap-1 UTF-16 units and a
 * terminating 0 into buf; returns the full length of the text (truncated when >= cap). */
#define MQLCL_TEXT_NAME 1
#define MQLCL_TEXT_VENDOR 2
#define MQLCL_TEXT_VERSION 3
#define MQLCL_TEXT_DRIVER_VERSION 4
#define MQLCL_TEXT_OPENCL_C_VERSION 5
#define MQLCL_TEXT_PLATFORM 6
#define MQLCL_TEXT_EXTENSIONS 7
MQLCL_API int mqlcl_device_text(int device, int what, mqlcl_char* buf, int cap);
/* The raw bytes of an OpenCL 1.2 device property (clGetDeviceInfo; property a cl_device_info
 * id, 0x1000 .. 0x104B, as CL_DEVICE_NAME 0x102B), or of a property of the device's platform
 * (clGetPlatformInfo; a cl_platform_info id, 0x0900 .. 0x0904, as CL_PLATFORM_VERSION 0x0901)
 * into out, an array of cap bytes: writes min(size, cap) bytes and returns the property's full
 * size; MQLCL_ERR_ARGUMENT for an id the driver does not know. What the terminal's
 * CLGetDeviceInfo returns. */
MQLCL_API int mqlcl_device_property(int device, int property, unsigned char* out, int cap);

/* ---- Contexts and handles ----------------------------------------------------------- */
/* A context owns an OpenCL context and an in-order, profiling queue on one device, the data
 * slots below and a cache of built programs. Returns a handle > 0, or an error code. */
MQLCL_API int mqlcl_create(int device);
/* mqlcl_create with a choice of where the context lives (docs/ABI.md, "Shared GPU"). In this
 * user's GPU server (mqlcl-gpu-server, beside the library, started by the first process that
 * needs it), every process that opts in shares one OpenCL context per device, each context with a
 * queue of its own: the driver then switches no contexts between processes (the strategy tester's
 * agents on one GPU). Its handles work with every export as a context's of this process do, with
 * the same codes and messages. Where no server can be reached, the context is this process's own
 * and, the first time, its message (mqlcl_last_error) says why; MQLCL_HINFO_SHARED_GPU tells
 * which. flags 0: as $MQLCL_SHARED_GPU says, which is what mqlcl_create does: 1, the server for a
 * device that is not a CPU (a context on a CPU stays this process's own, its message saying so the
 * first time: the server shares GPUs, and on a CPU it measured slower than processes of their
 * own); all, the server for every device. */
#define MQLCL_CREATE_SHARED_GPU 1 /* in this user's GPU server, where one can be reached */
#define MQLCL_CREATE_OWN 2        /* in this process, whatever $MQLCL_SHARED_GPU says */
MQLCL_API int mqlcl_create_with(int device, int flags);
/* A new context on ctx's device and OpenCL context, with queues of its own: what is queued on
 * one does not wait behind the other's work, and the driver does not switch between them (as it
 * does between OpenCL contexts). Programs, kernels and buffers belong to the context that made
 * them. The GPU server gives each of its clients' contexts this way. */
MQLCL_API int mqlcl_context_share(int ctx);
/* Frees any handle. Freeing a context also frees every handle created from it. */
MQLCL_API int mqlcl_free(int handle);
/* Number of live handles of every kind in the process (leak checks). */
MQLCL_API int mqlcl_handle_count(void);
/* The message of the last failure on that handle, or with handle 0 the last failure of the
 * calling thread. Same buffer rules as mqlcl_device_text; returns the message length. */
MQLCL_API int mqlcl_last_error(int handle, mqlcl_char* buf, int cap);

/* ---- The lab: data slots of a context (row-major matrices, as MQL5 arrays are) ---------------
 * The lab's exports (this section and "Experiments") run the optimisation experiments the
 * project reproduces (mqlcl-host, mql5/Scripts/mqlcl/lab); the product's calls are the generic
 * layer, the launches, GEMM and tuning. */
#define MQLCL_SLOT_A 0        /* matmul input A (rows1 x colsrows); transpose input */
#define MQLCL_SLOT_B 1        /* matmul input B (colsrows x cols2) */
#define MQLCL_SLOT_C 2        /* matmul output C (rows1 x cols2); transpose output */
#define MQLCL_SLOT_X 3        /* DIA SpMV input vector x (rows) */
#define MQLCL_SLOT_Y 4        /* DIA SpMV output vector y (rows) */
#define MQLCL_SLOT_DIA_VALUES 5  /* DIA matrix: diags x rows, one row per diagonal */
#define MQLCL_SLOT_DIA_OFFSETS 6 /* DIA diagonal offsets (int), -(rows-1) .. rows-1 */
/* Copies count floats (ints) into a slot, replacing what it held. Returns count. */
MQLCL_API int mqlcl_upload(int ctx, int slot, const float* data, int count);
MQLCL_API int mqlcl_upload_int(int ctx, int slot, const int* data, int count);
/* Reads the first count floats (ints) of a slot into out (count <= the slot's size).
 * Slots are typed: reading an int slot as floats, or a float slot as ints, is
 * MQLCL_ERR_ARGUMENT. Returns count. */
MQLCL_API int mqlcl_read(int ctx, int slot, float* out, int count);
MQLCL_API int mqlcl_read_int(int ctx, int slot, int* out, int count);

/* ---- The lab: experiments ---------------------------------------------------------------- */
/* Matmul stages (docs/ABI.md has the table with what each one changes). */
#define MQLCL_STAGE_1DIM 1                /* article: matr_mul_1dim */
#define MQLCL_STAGE_1DIM_COALESCED 2      /* article: matr_mul_1dim_coalesced */
#define MQLCL_STAGE_SUM_LOCAL 3           /* article: matr_mul_sum_local */
#define MQLCL_STAGE_ROW_CALC 4            /* article: matr_mul_row_calc */
#define MQLCL_STAGE_ROW_IN_PRIVATE 5      /* article: matr_mul_row_in_private */
#define MQLCL_STAGE_COL_LOCAL 6           /* article: matr_mul_col_local */
#define MQLCL_STAGE_VECT 7                /* article: matr_mul_vect */
#define MQLCL_STAGE_VECT_V2 8             /* article: matr_mul_vect_v2 */
#define MQLCL_STAGE_VECT_V3 9             /* article: matr_mul_vect_v3 */
#define MQLCL_STAGE_SGEMM_TUNED 10        /* register-blocked SGEMM, tuned per device */
#define MQLCL_STAGE_REPORT_ROW 11         /* report: MatrixMultiply0, one work-item per row */
#define MQLCL_STAGE_REPORT_COLUMN 12      /* report: MatrixMultiply1, one per column */
#define MQLCL_STAGE_REPORT_ELEMENT 13     /* report: MatrixMultiply2, one per element */
#define MQLCL_STAGE_REPORT_RANK1 14       /* report: MatrixMultiply3, one launch per k */
#define MQLCL_STAGE_REPORT_REDUCE_TREE 15 /* report: work-group per element, tree sum */
#define MQLCL_STAGE_REPORT_REDUCE_ATOMIC 16 /* report: work-group per element, atomic sum */
#define MQLCL_STAGE_LAB_BLOCK2D 20        /* lab Q1: 2D blocks local0 x local1 */
#define MQLCL_STAGE_LAB_UNROLL 21         /* lab Q2: k-loop unrolled by param (2, 4, 8) */
#define MQLCL_STAGE_LAB_TILES 22          /* lab Q4: square __local tiles local0 = local1 */
#define MQLCL_STAGE_LAB_TILES_NO_BARRIER1 23 /* lab Q4C: first barrier removed (wrong!) */
#define MQLCL_STAGE_LAB_TILES_NO_BARRIER2 24 /* lab Q4C: second barrier removed (wrong!) */
#define MQLCL_STAGE_LAB_TILES_RECT 25     /* lab Q5: rectangular tiles, TILE_K = param */
#define MQLCL_STAGE_TENSOR_TF32 30        /* tensor cores, TF32 inputs (NVIDIA, compute capability >= 8.0) */
#define MQLCL_STAGE_TENSOR_3XTF32 31      /* tensor cores, 3xTF32 split: FP32 accuracy (same devices) */
/* FP16 tensor cores (same devices): each row of A and column of B scaled by a power of two into
 * FP16's range (undone exactly in C). Where some row or column cannot be (NaN or Inf in it, or
 * its non-zero values spread over more than about 2^29), the stage runs stage 30 (32) or 31 (33)
 * instead: mqlcl_last_product says which ran. */
#define MQLCL_STAGE_TENSOR_FP16 32        /* FP16 inputs: TF32-class accuracy, twice the TF32 rate */
#define MQLCL_STAGE_TENSOR_3XFP16 33      /* FP16 hi/lo split, three products: FP32 accuracy */
/* The stages are one table inside the library: enumerate it rather than copying numbers.
 * mqlcl_stage_count: the number of stages; mqlcl_stage_at(index): the stage number of
 * entry index (0 .. count-1, ascending), MQLCL_ERR_RANGE beyond. */
MQLCL_API int mqlcl_stage_count(void);
MQLCL_API int mqlcl_stage_at(int index);
/* The name of matmul stage N: the kernel or script it reproduces (article: its kernel,
 * e.g. "matr_mul_vect_v2"; report: "report_MatrixMultiply0"; lab: "lab_tiles_rect");
 * the same buffer rules as mqlcl_device_text; MQLCL_ERR_STAGE for an unknown stage. */
MQLCL_API int mqlcl_stage_name(int stage, mqlcl_char* buf, int cap);
/* mqlcl_stage_info(stage, what): a fact of the stage (>= 0), or an error code. */
#define MQLCL_STAGE_INFO_LOCAL_DIMS 1       /* local sizes the caller may give: 0 (pass 0, 0), 1 (local0), 2 */
#define MQLCL_STAGE_INFO_PARAM_MIN 2        /* param range; 0/0/0 = the stage takes no param */
#define MQLCL_STAGE_INFO_PARAM_MAX 3
#define MQLCL_STAGE_INFO_PARAM_DEFAULT 4    /* what param 0 means */
#define MQLCL_STAGE_INFO_PRECISION 5        /* MQLCL_PRECISION_* */
#define MQLCL_STAGE_INFO_WRONG_ON_PURPOSE 6 /* 1: a lesson (a race): results may be wrong */
#define MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR 7 /* 1: reads B column-major (converted, timed as convert) */
#define MQLCL_STAGE_INFO_MAX_COLSROWS 8     /* largest colsrows (0 = no limit of its own) */
#define MQLCL_STAGE_INFO_SQUARE_LOCAL 9     /* 1: local0 must equal local1 */
#define MQLCL_STAGE_INFO_POW2_LOCAL 10      /* 1: local0 must be a power of two */
/* Precision classes of the stages' results. */
#define MQLCL_PRECISION_FP32 1         /* exact FP32 arithmetic */
#define MQLCL_PRECISION_FP32_TENSOR 2  /* FP32 accuracy on tensor cores (3xTF32 split) */
#define MQLCL_PRECISION_TF32 3         /* reduced: TF32 inputs (10-bit mantissa) */
#define MQLCL_PRECISION_FP64 4         /* FP64 arithmetic (DGEMM's kernels, mqlcl_gemm_plan) */
MQLCL_API long long mqlcl_stage_info(int stage, int what);
/* 1 when the stage can run on the device; 0 when it cannot, with the reason as the calling
 * thread's message (mqlcl_last_error(0, ...): "stage N (name) cannot run on DEVICE: why",
 * without the "[code] " of a failure); or an error code (unknown stage/device). */
MQLCL_API int mqlcl_stage_available(int device, int stage);
/* The stage the GEMM planner (mqlcl_gemm_plan) runs on the device for a 4096^3 product whose
 * results are at least as accurate as the precision class asks (MQLCL_PRECISION_FP32 or
 * _FP32_TENSOR: stage 10 or 31; _TF32: 10, 30 or 31), predicted from the device's measured
 * profile (where there is a choice, the first call on a device may measure it: up to 2 s on a
 * GPU). Never a teaching stage. MQLCL_ERR_ARGUMENT for an unknown precision or
 * MQLCL_PRECISION_FP64 (DGEMM's kernels are not stages: mqlcl_gemm_plan), MQLCL_ERR_DEVICE for
 * a device out of range. */
MQLCL_API int mqlcl_stage_best(int device, int precision);
/* C = A * B with stage N (docs/ABI.md, table of stages) on the uploaded A and B.
 * local0/local1: explicit work-group size, 0 = the driver chooses.
 * param: the stage's own parameter (unroll factor, tile length), 0 = its default; a
 * non-zero param for a stage that has none is MQLCL_ERR_ARGUMENT. */
MQLCL_API int mqlcl_matmul(int ctx, int stage, int rows1, int colsrows, int cols2, int local0,
                           int local1, int param);
/* y = A * x, A in DIA storage (slots DIA_VALUES, DIA_OFFSETS, X -> Y), step 1..5. */
MQLCL_API int mqlcl_dia_spmv(int ctx, int step, int rows, int diags, int local0);
/* C (cols x rows) = transpose of A (rows x cols); variant 1 naive, 2 local tile,
 * 3 padded local tile; tile 1 .. 1024 (0 = 16) that fits the device's local memory and
 * work-group (docs/ABI.md). */
MQLCL_API int mqlcl_transpose(int ctx, int variant, int rows, int cols, int tile);

/* The device's measured ceilings (what rooflines and benchmarks compare against):
 * MQLCL_PEAK_BANDWIDTH: global-memory copy rate in GB/s (bytes read + written), copying
 *   megabytes MB (0 = 64) between two buffers of that size, each at most the smaller of
 *   CL_DEVICE_MAX_MEM_ALLOC_SIZE and half the device memory (else MQLCL_ERR_MEMORY naming the
 *   limit); MQLCL_PEAK_FP32: FP32 GFLOP/s from dependent mad() chains;
 * MQLCL_PEAK_MMA_TF32 / MQLCL_PEAK_MMA_BF16: tensor-core GFLOP/s from register-only chains
 *   of mma.sync m16n8k8 .tf32 / m16n8k16 .bf16 (the ceilings of stages 30 and 31), only on
 *   the devices of those stages (else MQLCL_ERR_UNSUPPORTED with the reason);
 * MQLCL_PEAK_FP64: FP64 GFLOP/s from dependent fma() chains (MQLCL_ERR_UNSUPPORTED without
 *   cl_khr_fp64); MQLCL_PEAK_MMA_FP64: FP64 tensor-core GFLOP/s from register-only chains of
 *   mma.sync .f64, the best of the shapes the device has (m8n8k4; from compute capability 9.0
 *   also m16n8k4/k8/k16), on the devices of stages 30/31 only (the ceiling of mqlcl_dgemm). */
#define MQLCL_PEAK_BANDWIDTH 1
#define MQLCL_PEAK_FP32 2
#define MQLCL_PEAK_MMA_TF32 3
#define MQLCL_PEAK_MMA_BF16 4
#define MQLCL_PEAK_FP64 5
#define MQLCL_PEAK_MMA_FP64 6
#define MQLCL_PEAK_MMA_FP16 7 /* FP16 inputs, FP32 sums (m16n8k16 .f16), GFLOP/s */
#define MQLCL_PEAK_MMA_INT8 8 /* INT8 inputs, INT32 sums (m16n8k32 .s8), GOP/s */
MQLCL_API double mqlcl_measure_peak(int ctx, int what, int megabytes);

/* ---- Device profile: what the device measures, once -------------------------------------
 * The GEMM planner predicts each kernel's time from these measured ceilings. The first call
 * that needs the profile of a device and driver measures it (register-only chains and short
 * copies: at most 2 s on a GPU, 5 s on a CPU) and caches it as a line of the tuning file;
 * contexts created later, in any process, read that line; a different driver version measures
 * again. A plan with one candidate (a CPU device) does not need it. */
#define MQLCL_PROFILE_FP32 0        /* FP32 GFLOP/s (dependent mad chains) */
#define MQLCL_PROFILE_FP64 1        /* FP64 GFLOP/s; 0 without cl_khr_fp64 */
#define MQLCL_PROFILE_MMA_TF32 2    /* tensor cores (mma.sync) GFLOP/s; 0 where absent */
#define MQLCL_PROFILE_MMA_FP16 3
#define MQLCL_PROFILE_MMA_BF16 4
#define MQLCL_PROFILE_MMA_INT8 5    /* GOP/s */
#define MQLCL_PROFILE_MMA_FP64 6
#define MQLCL_PROFILE_COPY 7        /* device memory GB/s (bytes read + written) */
#define MQLCL_PROFILE_TO_DEVICE 8   /* host -> device GB/s from pageable memory */
#define MQLCL_PROFILE_FROM_DEVICE 9 /* device -> host GB/s into pageable memory */
#define MQLCL_PROFILE_TO_DEVICE_STAGED 10   /* the same through the library's transfers */
#define MQLCL_PROFILE_FROM_DEVICE_STAGED 11 /* (pinned staging where it pays, MQLCL_TUNABLE_TRANSFER) */
#define MQLCL_PROFILE_LAUNCH_US 12  /* an empty kernel's launch and wait, microseconds */
#define MQLCL_PROFILE_CEILINGS 13   /* fields 0 .. 12: what mqlcl_profile_set takes */
#define MQLCL_PROFILE_MEASURE_MS 13 /* what measuring took; 0 when the profile was read */
#define MQLCL_PROFILE_SOURCE 14     /* MQLCL_PROFILE_MEASURED / _CACHED / _SET */
#define MQLCL_PROFILE_MEASUREMENTS 15 /* profiles this process has measured so far (any device) */
#define MQLCL_PROFILE_FIELDS 16
#define MQLCL_PROFILE_MEASURED 1 /* measured for this context */
#define MQLCL_PROFILE_CACHED 2   /* read from the tuning file */
#define MQLCL_PROFILE_SET 3      /* mqlcl_profile_set */
/* The context's profile into values[0 .. min(count, MQLCL_PROFILE_FIELDS) - 1] (measured or
 * read first where needed); returns MQLCL_PROFILE_FIELDS. */
MQLCL_API int mqlcl_device_profile(int ctx, double* values, int count);
/* The profile in words: device, driver, each ceiling, where it came from (and why a cached
 * line was not used, or could not be written); the same buffer rules as mqlcl_device_text. */
MQLCL_API int mqlcl_profile_text(int ctx, mqlcl_char* buf, int cap);
/* Replaces the context's profile by values[0 .. MQLCL_PROFILE_CEILINGS - 1] (count >= that):
 * for tests and what-if planning ("what would this card choose"); not stored. A profile that
 * claims tensor cores (MQLCL_PROFILE_MMA_TF32 > 0) on a device without mma.sync makes the
 * tensor kernels run with their PTX emulated in plain OpenCL C: correct, slow, for checking.
 * MQLCL_ERR_ARGUMENT for a negative or non-finite value, or FP32 / copy / launch <= 0. */
MQLCL_API int mqlcl_profile_set(int ctx, const double* values, int count);

/* Timings of the last operation, in milliseconds (< 0: an error code). A context's last
 * operation is its last experiment (matmul, DIA, transpose, peak); a user kernel's is its last
 * mqlcl_run, which leaves the context's figures alone.
 * kernel: sum of the OpenCL profiling times of its kernels (context or user-kernel handle);
 * total: wall time from the first slot upload or experiment after a slot read (or after
 * mqlcl_create) to the end of the next slot read, program builds excluded (the article's
 * "OpenCL total"; 0 until a read ends one); convert: the layout work a stage needed (B to
 * column-major, padding), reported apart from the kernel. */
MQLCL_API double mqlcl_last_kernel_ms(int handle);
MQLCL_API double mqlcl_last_total_ms(int ctx);
MQLCL_API double mqlcl_last_convert_ms(int ctx);
/* Wall times of the last host-array GEMM's (mqlcl_sgemm, mqlcl_dgemm) copies of the caller's
 * arrays to the device (A, B, and C when beta != 0) and of C back: the time during which a
 * copy in that direction was under way (with panels, mqlcl_last_panels > 1, they overlap each
 * other and the product); 0 for a last operation without them (experiments,
 * mqlcl_sgemm_buffers). */
MQLCL_API double mqlcl_last_upload_ms(int ctx);
MQLCL_API double mqlcl_last_download_ms(int ctx);
/* Kernel launches of the last operation (a stage may launch many; mqlcl_run launches one),
 * of a context or user-kernel handle. */
MQLCL_API int mqlcl_last_launches(int handle);
/* The stage (matmul) or GEMM kernel (MQLCL_GEMM_KERNEL_*) that computed the last operation's
 * product: the one asked or planned, or the one an FP16 stage fell back to (30 for 32, 31 for
 * 33); MQLCL_GEMM_HOST_BLAS where a host-array GEMM ran on the processor; 0 when the last
 * operation computed none (DIA, transpose, peak). */
MQLCL_API int mqlcl_last_product(int ctx);
/* The panels of rows the last host-array GEMM (mqlcl_sgemm, mqlcl_dgemm) ran in: 1 = upload,
 * product, download one after the other; more = the uploads and downloads of some panels
 * overlapped the products of others (docs/ABI.md, "GEMM"); 0 for any other operation. */
MQLCL_API int mqlcl_last_panels(int ctx);

/* ---- Tuning: every tunable's parameters -------------------------------------------------
 * A tunable takes a vector of integer parameters. Its id is a stage number for the tunable
 * stages (10 MQLCL_STAGE_SGEMM_TUNED: {TSM TSN TSK WPTM WPTN}; 30 to 33, the tensor-core
 * stages: {BM BN BK WM WN STAGES GROUP_M}, STAGES being the depth of their copy pipeline, BK
 * 16 or 32, also 8 for 32), a GEMM kernel's number for the Ozaki kernels' INT8 products (35,
 * 42: as 32) or one of (each one's default and rule: docs/ABI.md, "Tuning"): */
#define MQLCL_TUNABLE_SGEMM_TUNED 10  /* stage 10's tiles, the FP32 units' SGEMM: {TSM TSN TSK WPTM WPTN} */
#define MQLCL_TUNABLE_DGEMM 40        /* DGEMM on the FP64 units: {TSM TSN TSK WPTM WPTN} */
#define MQLCL_TUNABLE_DGEMM_TENSOR 41 /* DGEMM on FP64 tensor cores: {BM BN BK WM WN STAGES SHAPE GROUP_M} */
#define MQLCL_TUNABLE_TRANSFER 90     /* host-array transfers: {CHUNK_KIB THREADS} */
#define MQLCL_TUNABLE_EFFICIENCY 91   /* the GEMM planner's efficiency of each GEMM kernel, in the order
                                         of mqlcl_gemm_kernel_at, per mille of its measured ceiling */
#define MQLCL_TUNABLE_PREPARATION 92  /* the GEMM planner's fixed cost of a call of each GEMM kernel (its
                                         product's and preparation's launches, waits, read-backs), in
                                         the order of mqlcl_gemm_kernel_at, in hundredths of the
                                         profile's launch-and-wait time: 0 .. 100000 */
/* The tunables are one table inside the library: mqlcl_tunable_count, and the id of entry
 * index (0 .. count-1), MQLCL_ERR_RANGE beyond. Below, "id" (a "stage" in the names before
 * 2.8) is any tunable id. */
MQLCL_API int mqlcl_tunable_count(void);
MQLCL_API int mqlcl_tunable_at(int index);
/* The tunable's name ("sgemm_tuned", "transfer") or its parameter names ("TSM TSN TSK WPTM
 * WPTN"); the same buffer rules as mqlcl_device_text. */
#define MQLCL_TUNABLE_TEXT_NAME 1
#define MQLCL_TUNABLE_TEXT_PARAMS 2
MQLCL_API int mqlcl_tunable_text(int id, int what, mqlcl_char* buf, int cap);
/* A GEMM kernel's tiles (its tunable) have a search space in the library: the vectors
 * mqlcl-host tune tries, best first. Only those that fit the device are offered (the
 * tunable's rule on its facts: what mqlcl_tunable_set accepts on a context of it); whether the
 * kernel itself runs there is the planner's (mqlcl_gemm_pin, mqlcl_gemm_plan). The other
 * tunables (MQLCL_TUNABLE_TRANSFER, _EFFICIENCY, _PREPARATION) have none: 0 candidates.
 * mqlcl_tunable_candidate_count: how many candidates the device is offered (>= 0).
 * mqlcl_tunable_candidate: candidate index (0 .. that count - 1) into params (count >= the
 * tunable's number of parameters); returns that number. Both: MQLCL_ERR_STAGE for an id
 * without parameters, MQLCL_ERR_DEVICE for a device that does not exist (MQLCL_DEVICE_BEST
 * allowed); then MQLCL_ERR_RANGE for an index outside the candidates, MQLCL_ERR_ARGUMENT for a
 * null params, MQLCL_ERR_RANGE for a count smaller than the vector, each naming both. */
MQLCL_API int mqlcl_tunable_candidate_count(int device, int id);
MQLCL_API int mqlcl_tunable_candidate(int device, int id, int index, int* params, int count);
/* A context starts with the vector the tuning file holds for its device:
 * $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside the library (docs/ABI.md,
 * "Tuning", has the format). Lookup as CLBlast's: an entry for the exact device name, else
 * one for the device's architecture (vendor and type, plus the compute capability on
 * NVIDIA), else the tunable's built-in default for the device; an entry that does not fit the
 * device is skipped.
 * Tuning on first use: where a GEMM kernel's tiles have the built-in default (no entry, not
 * set), the first GEMM call of at least 512 x 512 x 512 that runs the kernel first searches
 * them (the candidates above, each checked for an exact result) for at most
 * $MQLCL_TUNE_SECONDS (default 10) seconds, stores the best as the device's entry and uses it
 * (source MQLCL_TUNING_DEVICE); once per kernel's tiles and device, under the file's lock (a
 * process that finds a search running waits for its entry). Smaller calls keep the default.
 * $MQLCL_TUNE=off disables it; a file that cannot be written leaves the default and fails no
 * call.
 * Every call below refuses an id without parameters with MQLCL_ERR_STAGE,
 * and a count smaller than the vector with MQLCL_ERR_RANGE naming both. */
/* The context's vector for the tunable into params (count >= the tunable's number of
 * parameters); returns that number. */
MQLCL_API int mqlcl_tunable_get(int ctx, int id, int* params, int count);
/* Uses params for the tunable on this context from now on, after checking them against the
 * tunable's rule on the context's device (MQLCL_ERR_ARGUMENT / MQLCL_ERR_LOCAL_SIZE with the
 * cause); returns the number of parameters read. MQLCL_TUNABLE_SGEMM_TUNED's rule: multiples as
 * the kernel needs, WPTM x WPTN <= 64, TSK x WPTM x WPTN <= 4096, tiles within the device's local
 * memory and work-group (docs/ABI.md). */
MQLCL_API int mqlcl_tunable_set(int ctx, int id, const int* params, int count);
/* The names before 2.8, kept as aliases: mqlcl_stage_params_get/set are mqlcl_tunable_get/set;
 * mqlcl_sgemm_get/set are mqlcl_tunable_get/set(ctx, MQLCL_TUNABLE_SGEMM_TUNED, ...) returning
 * MQLCL_OK (count >= 5): stage 10's tiles, not a setting of mqlcl_sgemm. */
MQLCL_API int mqlcl_stage_params_get(int ctx, int stage, int* params, int count);
MQLCL_API int mqlcl_stage_params_set(int ctx, int stage, const int* params, int count);
MQLCL_API int mqlcl_sgemm_get(int ctx, int* params, int count);
MQLCL_API int mqlcl_sgemm_set(int ctx, const int* params, int count);
/* Stores params as the tuning file's entry for the context's device and the tunable `id` (device
 * name and architecture): checked as mqlcl_tunable_set, then this device's entry for
 * the tunable is replaced (or appended) by rewriting the file through a temporary file and a
 * rename. Contexts created afterwards use it; this context's vector is unchanged.
 * MQLCL_ERR_ARGUMENT when the file cannot be written (the message names the path);
 * MQLCL_ERR_UNSUPPORTED when the file is of a newer format. Returns MQLCL_OK. */
MQLCL_API int mqlcl_tuning_store(int ctx, int id, const int* params, int count);
/* Where the context's vector of the tunable `id` came from: */
#define MQLCL_TUNING_DEFAULT 0      /* the built-in default: no entry fits the device */
#define MQLCL_TUNING_DEVICE 1       /* the file's entry for the exact device name */
#define MQLCL_TUNING_ARCHITECTURE 2 /* the file's entry for the device's architecture */
#define MQLCL_TUNING_SET 3          /* mqlcl_tunable_set (or its aliases) */
MQLCL_API int mqlcl_tuning_source(int ctx, int id);
/* The same in words: the file, the line used and its parameters, and every line that was
 * skipped and why (corrupt, or not fitting the device); the same buffer rules as
 * mqlcl_device_text. */
MQLCL_API int mqlcl_tuning_text(int ctx, int id, mqlcl_char* buf, int cap);
/* The tuning file's path as the library resolves it now; the same buffer rules. */
MQLCL_API int mqlcl_tuning_path(mqlcl_char* buf, int cap);

/* ---- Generic layer: your own kernels ---------------------------------------------------- */
/* Builds a program from OpenCL C source with build options (e.g. "-D TILE=16"); a failed
 * build is MQLCL_ERR_BUILD with the driver's log of the build with the caller's options in
 * the message; programs are cached per context by source and options. Built with
 * -cl-kernel-arg-info where the driver can (argument checks, docs/ABI.md); where that build
 * fails and the plain one succeeds, the program is kept and the handle's message says that
 * argument checks fell back to the weaker mode. */
MQLCL_API int mqlcl_program(int ctx, const mqlcl_char* source, const mqlcl_char* options);
/* The program's build log (the compiler's warnings; often empty), preceded by the fallback
 * note of mqlcl_program when there is one; the same buffer rules as mqlcl_device_text. */
MQLCL_API int mqlcl_program_log(int program, mqlcl_char* buf, int cap);
/* A kernel of the program, by its __kernel function's name. */
MQLCL_API int mqlcl_kernel(int program, const mqlcl_char* name);

#define MQLCL_MEM_READ_WRITE 0
#define MQLCL_MEM_READ_ONLY 1
#define MQLCL_MEM_WRITE_ONLY 2
#define MQLCL_MEM_ALLOC_HOST 4 /* added to one of the above: CL_MEM_ALLOC_HOST_PTR */
MQLCL_API int mqlcl_buffer(int ctx, long long bytes, int flags);
/* Transfers for arrays of any element type (MQL5: the #import block declares them once per
 * numeric array type and per matrix type): data is an array of data_count elements of elem_size bytes (1, 2, 4, 8 or 16);
 * its elements first .. first+count-1 (count >= 1) go to / come from the buffer from byte
 * buffer_offset. An element range beyond data_count, or bytes beyond the buffer, is
 * MQLCL_ERR_RANGE naming both. Blocking. Returns count. */
MQLCL_API int mqlcl_buffer_write_bytes(int buffer, long long buffer_offset, const void* data, int data_count,
                                       int elem_size, int first, int count);
MQLCL_API int mqlcl_buffer_read_bytes(int buffer, long long buffer_offset, void* data, int data_count,
                                      int elem_size, int first, int count);
/* Element-typed transfers; offset and count are in elements of that type, checked against the
 * buffer's size. Return count. */
MQLCL_API int mqlcl_buffer_write_float(int buffer, const float* data, int offset, int count);
MQLCL_API int mqlcl_buffer_read_float(int buffer, float* out, int offset, int count);
MQLCL_API int mqlcl_buffer_write_int(int buffer, const int* data, int offset, int count);
MQLCL_API int mqlcl_buffer_read_int(int buffer, int* out, int offset, int count);
MQLCL_API int mqlcl_buffer_write_double(int buffer, const double* data, int offset, int count);
MQLCL_API int mqlcl_buffer_read_double(int buffer, double* out, int offset, int count);
/* A read-only 2D image of float RGBA pixels from rgba, an array of count floats;
 * count >= width*height*4 (else MQLCL_ERR_RANGE). */
MQLCL_API int mqlcl_image2d(int ctx, int width, int height, const float* rgba, int count);

/* Kernel arguments, each checked against the argument's declaration in the source
 * (docs/ABI.md, "Kernel arguments"). */
MQLCL_API int mqlcl_arg_mem(int kernel, int index, int buffer_or_image);
MQLCL_API int mqlcl_arg_int(int kernel, int index, int value);
MQLCL_API int mqlcl_arg_float(int kernel, int index, float value);
MQLCL_API int mqlcl_arg_double(int kernel, int index, double value);
/* An integer argument of bytes 1, 2, 4 or 8 (char, short, int, long and their unsigned
 * forms: the value's low bytes), checked against the declaration as the others. */
MQLCL_API int mqlcl_arg_integer(int kernel, int index, long long value, int bytes);
/* A __local argument of the given size in bytes (> 0, at most the device's local memory). */
MQLCL_API int mqlcl_arg_local(int kernel, int index, int bytes);
/* Launches over dims (1..3) dimensions: global, an array of global_count >= dims ints, the
 * work-items; local, an array of local_count >= dims ints, the explicit work-group size
 * (local_count 0, local may then be null, or all zeros: the driver chooses, or the kernel's
 * reqd_work_group_size). Each local size divides its global size, as OpenCL 1.2 requires, and
 * fits the device and kernel; a count below dims is MQLCL_ERR_RANGE, and only the first dims
 * elements are read. Refuses while an argument is unset. Waits for the kernel; its time
 * is then mqlcl_last_kernel_ms(kernel). */
MQLCL_API int mqlcl_run(int kernel, int dims, const int* global, int global_count, const int* local,
                        int local_count);

/* As mqlcl_run, with the terminal's CLExecute arrays: dims uint sizes each; offset (the
 * global work offset) with offset_count 0 = none, local with local_count 0 = the driver
 * chooses (or the kernel's reqd_work_group_size). Waits for the kernel. */
MQLCL_API int mqlcl_execute(int kernel, int dims, const unsigned int* offset, int offset_count,
                            const unsigned int* global, int global_count, const unsigned int* local, int local_count);

/* ---- Launches that do not wait (the terminal's CLExecute) ----
 * mqlcl_enqueue checks and launches as mqlcl_execute, then returns once the launch is queued
 * on the context's in-order queue: later reads, writes, launches and GEMM calls of the context
 * see its result. The arguments' values are taken at this call (a scalar or __local argument
 * set afterwards does not change this launch); a buffer, kernel or program freed while a
 * launch using it is queued stays alive until the launch completes (the free returns at once).
 * A failure the device reports later is returned once, with a message naming the kernel and
 * its sizes (or, for an untimed launch where the driver does not say which of several failed,
 * the first and last of them), by the next call of that context that waits: mqlcl_finish, a
 * buffer read or write, mqlcl_kernel_status of that kernel, mqlcl_run / mqlcl_execute, a GEMM
 * call. */
MQLCL_API int mqlcl_enqueue(int kernel, int dims, const unsigned int* offset, int offset_count,
                            const unsigned int* global, int global_count, const unsigned int* local, int local_count);
/* Waits until everything queued on the context has completed (handle: the context, or any
 * program, kernel, buffer or image of it); MQLCL_OK, or the first launch failure not reported
 * yet. */
MQLCL_API int mqlcl_finish(int handle);
/* The state of the kernel's last launch without waiting (OpenCL's values, as the terminal's
 * CLExecutionStatus): a kernel never launched is complete; a launch that failed returns
 * MQLCL_ERR_LAUNCH with the message (the context's waits then do not return it again). An
 * untimed launch (below) is complete once everything queued before a marker this call places
 * after it is: the state may lag behind the kernel's own end, never run ahead of it. */
#define MQLCL_STATUS_COMPLETE 0
#define MQLCL_STATUS_RUNNING 1
#define MQLCL_STATUS_SUBMITTED 2
#define MQLCL_STATUS_QUEUED 3
MQLCL_API int mqlcl_kernel_status(int kernel);
/* on = 1: the kernel's launches by mqlcl_enqueue take a profiling event each, so that
 * mqlcl_last_kernel_ms(kernel) gives the time of its last one and its state and failures are
 * its own (an event costs about as much as a launch on NVIDIA's driver, so the default is 0:
 * mqlcl_last_kernel_ms of an untimed launch is MQLCL_ERR_UNSUPPORTED). mqlcl_run and
 * mqlcl_execute time every launch. */
MQLCL_API int mqlcl_kernel_timing(int kernel, int on);

/* mqlcl_test_control(ctx, op, value): the hooks the library's own tests use (as SQLite's
 * sqlite3_test_control) to make what no driver can be made to do on demand; not for programs.
 * MQLCL_TEST_FAIL_LAUNCH: value N > 0 makes the context's Nth launch from now of a caller's
 *   kernel report CL_OUT_OF_RESOURCES once it completes, as NVIDIA's driver reports a faulted
 *   kernel (0: none).
 * MQLCL_TEST_FAULT_LOSES: what that fault loses, as a real one on NVIDIA's driver does
 *   (MQLCL_HINFO_DEVICE_LOST then 1): 0 nothing; 1 the OpenCL context (this context and those
 *   shared from it afterwards); 2 every context of the process, made before or after.
 * MQLCL_TEST_LAUNCH_ITEMS: the most work-items of one launch where the library runs a 1D range
 *   in pieces (a fill or copy: default 2^30, what drivers take), a multiple of 64 up to 2^30.
 * MQLCL_TEST_KERNEL_ARG_INFO, ctx 0 (the process's, for programs and kernels made from now):
 *   0 the driver's argument info as it comes; 1 none read from the driver (as a driver that
 *   answers CL_KERNEL_ARG_INFO_NOT_AVAILABLE); 2 every build with -cl-kernel-arg-info taken as
 *   failed (as NVIDIA's compiler fails one for a program with a kernel without arguments).
 * MQLCL_TEST_MERGE_LAUNCHES, ctx 0 (this process) or a live context (the process it lives in: the
 *   GPU server for one of its own): whether contexts shared from now (mqlcl_context_share) merge
 *   the same launch of several of them into one, as the GPU server does: 0 off (the default but
 *   in the server), 1 on, 2 .. 16 on, and the launch that queues the waiting ones first waits up
 *   to two seconds until that many are waiting (a merge then happens on any machine). On, small
 *   writes are queued from a copy without waiting, as the server's always are (docs/ABI.md).
 * Returns MQLCL_OK; MQLCL_ERR_ARGUMENT for another op or value. */
#define MQLCL_TEST_FAIL_LAUNCH 1
#define MQLCL_TEST_FAULT_LOSES 2
#define MQLCL_TEST_LAUNCH_ITEMS 3
#define MQLCL_TEST_KERNEL_ARG_INFO 4
#define MQLCL_TEST_MERGE_LAUNCHES 5
MQLCL_API int mqlcl_test_control(int ctx, int op, int value);

/* mqlcl_handle_info(handle, what): facts of any handle. MQLCL_HINFO_KIND returns 0 for a
 * handle that is not live (as the terminal's CLHandleType), every other fact then
 * MQLCL_ERR_HANDLE; the buffer facts of another kind of handle are MQLCL_ERR_HANDLE. */
#define MQLCL_HINFO_KIND 1         /* MQLCL_KIND_* */
#define MQLCL_HINFO_DEVICE 2       /* the device number of the handle's context */
#define MQLCL_HINFO_CONTEXT 3      /* the context handle it belongs to (a context: itself) */
#define MQLCL_HINFO_BUFFER_BYTES 4 /* a buffer's size in bytes */
#define MQLCL_HINFO_BUFFER_FLAGS 5 /* a buffer's MQLCL_MEM_* flags */
#define MQLCL_HINFO_SHARED_GPU 6   /* 1: the handle lives in this user's GPU server; 0: in this process */
/* 1: the handle's context no longer works, 0: it does; asked after a call failed with
 * MQLCL_ERR_LAUNCH. A one-word blocking write on the context's queue is tried: after a kernel
 * faulted on the device, NVIDIA's driver fails every later call of that OpenCL context, and the
 * context must be freed and another created. A context in the GPU server whose device context
 * was lost (a fault of any client's kernel) is freed by the server with its objects; calls with
 * their handles return the cause (docs/ABI.md, "Shared GPU"). Costs a transfer's round trip. */
#define MQLCL_HINFO_DEVICE_LOST 7
/* Of a context in the GPU server (of any other handle: its context's): how many of its launches
 * ran merged with the same launch of other processes' contexts, as one launch; and the sum of the
 * launches each of those ran with (MQLCL_HINFO_MERGED_BATCH / MQLCL_HINFO_MERGED_LAUNCHES: the mean
 * batch). 0 for a context of this process (docs/ABI.md, "Shared GPU"). */
#define MQLCL_HINFO_MERGED_LAUNCHES 8
#define MQLCL_HINFO_MERGED_BATCH 9
#define MQLCL_KIND_CONTEXT 1
#define MQLCL_KIND_PROGRAM 2
#define MQLCL_KIND_KERNEL 3
#define MQLCL_KIND_BUFFER 4
#define MQLCL_KIND_IMAGE 5
MQLCL_API long long mqlcl_handle_info(int handle, int what);

/* mqlcl_kernel_info(kernel, what): facts of a built kernel on its device. */
#define MQLCL_KINFO_WORK_GROUP_SIZE 1      /* largest work-group this kernel can take */
#define MQLCL_KINFO_PREFERRED_MULTIPLE 2   /* preferred work-group size multiple (warp) */
#define MQLCL_KINFO_LOCAL_MEM_SIZE 3       /* bytes of __local it uses */
#define MQLCL_KINFO_PRIVATE_MEM_SIZE 4     /* bytes of private memory per work-item */
#define MQLCL_KINFO_NUM_ARGS 5
MQLCL_API long long mqlcl_kernel_info(int kernel, int what);

/* ---- GEMM (docs/ABI.md, "GEMM") ----
 * C = alpha * op(A) * op(B) + beta * C on the context's device, row-major matrices (as MQL5's
 * matrix / matrixf) with leading dimensions: op(A) is m x k, op(B) k x n, C m x n. The stored
 * A is m x k (k x m with MQLCL_GEMM_TRANS_A), B k x n (n x k with MQLCL_GEMM_TRANS_B);
 * lda/ldb/ldc >= the columns of the stored matrix (else MQLCL_ERR_ARGUMENT naming it). Each
 * array holds at least (rows - 1) * ld + cols elements (the last row only its used columns),
 * else MQLCL_ERR_RANGE naming the count; m, n, k >= 1. beta = 0 never reads C (NaN included).
 * Figures: mqlcl_last_kernel_ms = the product, mqlcl_last_convert_ms = the layout work (pack,
 * epilogue), mqlcl_last_upload_ms / mqlcl_last_download_ms = the transfers,
 * mqlcl_last_total_ms = the call's wall time: upload + compute + download, or less where
 * the host arrays went by panels of rows with the transfers overlapping the product
 * (mqlcl_last_panels; the panels are planned from the measured transfer rates, or forced by
 * MQLCL_GEMM_PANEL_ROWS). Returns MQLCL_OK. */
#define MQLCL_GEMM_TRANS_A 1
#define MQLCL_GEMM_TRANS_B 2
#define MQLCL_GEMM_PRECISION_MASK 48 /* the precision field of flags */
#define MQLCL_GEMM_EXACT 0 /* default: FP32 accuracy, the planner's choice among the kernels of MQLCL_GEMM_KERNEL_INFO_FLAGS 0 */
#define MQLCL_GEMM_FAST 16 /* TF32-class allowed (the kernels of flags 16 too) where the planner predicts it faster (sgemm only) */
#define MQLCL_GEMM_FP64 32 /* dgemm only (which always computes in FP64) */
/* Where a host-array call (mqlcl_sgemm, mqlcl_dgemm) runs (docs/ABI.md, "GEMM on the
 * processor"): by default where its predicted time is lowest, the device's kernels with their
 * copies or the processor through a BLAS the library finds on the machine at run time
 * (OpenBLAS, else the reference libblas; $MQLCL_HOST_BLAS names one, or "off"); there its
 * results are that BLAS's. A pinned kernel (mqlcl_gemm_pin) keeps the call on the device.
 * mqlcl_last_product says MQLCL_GEMM_HOST_BLAS where the host ran. Loading the BLAS starts its
 * threads (OpenBLAS: a pool of one per core), which live as long as the process. */
#define MQLCL_GEMM_ON_DEVICE 64 /* the device's kernels only (the planner's choice among them) */
#define MQLCL_GEMM_ON_HOST 128  /* the host BLAS only: MQLCL_ERR_UNSUPPORTED (saying what was tried) where none is found */
#define MQLCL_GEMM_HOST_BLAS 90 /* mqlcl_last_product: the product ran on the host BLAS */
#define MQLCL_GEMM_CALLER_BLAS 91 /* mqlcl_gemm_where: the caller's own BLAS is predicted fastest */
MQLCL_API int mqlcl_sgemm(int ctx, int flags, int m, int n, int k, float alpha, const float* a, int a_count,
                          int lda, const float* b, int b_count, int ldb, float beta, float* c, int c_count,
                          int ldc);
/* The same product on buffers of this context (mqlcl_buffer): the matrices start at the
 * element offsets a_offset, b_offset, c_offset (floats); each extent from its offset must lie
 * inside its buffer (else MQLCL_ERR_RANGE naming it); a buffer of another context or a handle
 * of another kind is MQLCL_ERR_HANDLE. Waits until C is written; no host transfer. C may
 * share a buffer with A or B (they are copied first), but must not overlap them. */
MQLCL_API int mqlcl_sgemm_buffers(int ctx, int flags, int m, int n, int k, float alpha, int a_buffer,
                                  long long a_offset, int lda, int b_buffer, long long b_offset, int ldb, float beta,
                                  int c_buffer, long long c_offset, int ldc);
/* DGEMM (FP64 throughout): the product runs on the FP64 tensor cores (mma.sync .f64: FP64
 * products and sums, no reduced precision), on the FP64 units, or (host arrays) on the host
 * BLAS, whichever the planner predicts faster; MQLCL_ERR_UNSUPPORTED on devices without
 * cl_khr_fp64 where no host BLAS takes the call. */
MQLCL_API int mqlcl_dgemm(int ctx, int flags, int m, int n, int k, double alpha, const double* a, int a_count,
                          int lda, const double* b, int b_count, int ldb, double beta, double* c, int c_count,
                          int ldc);
/* The same product on buffers of this context, as mqlcl_sgemm_buffers: offsets and extents
 * counted in doubles. */
MQLCL_API int mqlcl_dgemm_buffers(int ctx, int flags, int m, int n, int k, double alpha, int a_buffer,
                                  long long a_offset, int lda, int b_buffer, long long b_offset, int ldb, double beta,
                                  int c_buffer, long long c_offset, int ldc);
/* A caller with a BLAS the library cannot call (MQL5: the terminal's MatMul, on OpenBLAS)
 * reports its cost, measured by itself: the wall time in ms of its n x n x n product for n = 4,
 * 128 and 512 (512 may be left out where 128 took over 1 ms), each in its own call; flags'
 * precision MQLCL_GEMM_FP64 for double, else float. Process-wide, the last report of each
 * kept. MQLCL_ERR_ARGUMENT for another n, or ms < 0 or not finite. */
MQLCL_API int mqlcl_gemm_caller_blas(int flags, int n, double ms);
/* Where a host-array call of these flags (MQLCL_GEMM_FP64: mqlcl_dgemm's; otherwise
 * mqlcl_sgemm's) and sizes would run (dense arrays, beta = 0): MQLCL_GEMM_HOST_BLAS, the GEMM
 * kernel of the device, or MQLCL_GEMM_CALLER_BLAS where the library has no BLAS of its own and
 * the one the caller reported is predicted faster than the device (the caller runs it; with
 * MQLCL_GEMM_ON_HOST too). Checks flags, m, n, k as the GEMM calls do; MQLCL_ERR_UNSUPPORTED
 * where MQLCL_GEMM_ON_HOST finds no BLAS. */
MQLCL_API int mqlcl_gemm_where(int ctx, int flags, int m, int n, int k);
/* For C and C++ programs, not MQL5 (whose arrays may move between calls; it is not in the
 * #import block): bytes >= 1 says that the caller's memory [data, data + bytes) stays mapped at
 * that address, readable and writable, until the caller withdraws it with bytes 0 (data the
 * same). Meanwhile the host-array GEMM calls (mqlcl_sgemm, mqlcl_dgemm) copy arrays lying wholly
 * inside it straight from and to it, without the library's staging copy, on the devices whose
 * driver pins such memory: measured once per OpenCL context, a write from it against one from
 * other memory (docs/ABI.md, "Memory a program keeps mapped"). The GPU server gives it the memory
 * it shares with each client. MQLCL_ERR_ARGUMENT for a null data, bytes < 0, a range
 * that overlaps one given before, or a withdrawal of a range not given. */
MQLCL_API int mqlcl_host_memory(void* data, long long bytes);

/* ---- The GEMM planner ---------------------------------------------------------------------
 * Every GEMM call (host arrays or buffers) runs the kernel the planner chooses: among the
 * kernels that meet the call's precision (flags' precision field: MQLCL_GEMM_EXACT / _FAST
 * for sgemm, MQLCL_GEMM_FP64 for dgemm) and that the device can run, the one of least
 * predicted time for m, n, k: padded flops / (its measured ceiling x its efficiency,
 * MQLCL_TUNABLE_EFFICIENCY) spread over the compute units in whole blocks, plus its
 * preparation's traffic ((m k + k n) operand elements x the kernel's bytes at the copy rate),
 * plus its fixed cost (MQLCL_TUNABLE_PREPARATION launch-and-wait times). mqlcl-host tune
 * --what planner fits both tunables on the device.
 * A GEMM kernel's number is its tunable id: */
#define MQLCL_GEMM_KERNEL_SGEMM_TUNED 10   /* FP32 units (stage 10) */
#define MQLCL_GEMM_KERNEL_SGEMM_CPU 17     /* FP32 on a processor's SIMD units (PoCL, a CPU OpenCL): no __local */
#define MQLCL_GEMM_KERNEL_TENSOR_TF32 30   /* tensor cores, TF32 (stage 30): MQLCL_GEMM_FAST only */
#define MQLCL_GEMM_KERNEL_TENSOR_3XTF32 31 /* tensor cores, 3xTF32: FP32 accuracy (stage 31) */
#define MQLCL_GEMM_KERNEL_TENSOR_FP16 32   /* FP16 tensor cores, scaled: MQLCL_GEMM_FAST only (stage 32) */
#define MQLCL_GEMM_KERNEL_TENSOR_3XFP16 33 /* FP16 tensor cores, hi/lo split: FP32 accuracy (stage 33) */
#define MQLCL_GEMM_KERNEL_OZAKI_FP32 35    /* INT8 tensor cores, Ozaki scheme II: FP32 accuracy (docs/ABI.md) */
#define MQLCL_GEMM_KERNEL_DGEMM 40         /* FP64 units */
#define MQLCL_GEMM_KERNEL_DGEMM_TENSOR 41  /* FP64 tensor cores */
#define MQLCL_GEMM_KERNEL_OZAKI_FP64 42    /* INT8 tensor cores, Ozaki scheme II: FP64 accuracy (docs/ABI.md) */
#define MQLCL_GEMM_KERNEL_DGEMM_CPU 43     /* FP64 on a processor's SIMD units (PoCL, a CPU OpenCL): no __local */
/* The GEMM kernels are one table inside the library: enumerate it rather than copying
 * numbers. mqlcl_gemm_kernel_count: how many; mqlcl_gemm_kernel_at(index): the kernel number
 * of entry index (0 .. count-1, ascending), MQLCL_ERR_RANGE beyond. */
MQLCL_API int mqlcl_gemm_kernel_count(void);
MQLCL_API int mqlcl_gemm_kernel_at(int index);
/* The kernel's name ("sgemm_tensor_3xfp16": also its tunable's name and what
 * mqlcl-host tune --what takes); the same buffer rules as mqlcl_device_text;
 * MQLCL_ERR_ARGUMENT (naming the kernels) for an unknown kernel. */
MQLCL_API int mqlcl_gemm_kernel_name(int kernel, mqlcl_char* buf, int cap);
/* mqlcl_gemm_kernel_info(kernel, what): a fact of the kernel (>= 0), or an error code. */
#define MQLCL_GEMM_KERNEL_INFO_PRECISION 1     /* MQLCL_PRECISION_* of its results */
#define MQLCL_GEMM_KERNEL_INFO_FLAGS 2         /* the flags' precision field that runs it (pin, plan): MQLCL_GEMM_EXACT, _FAST or _FP64 */
#define MQLCL_GEMM_KERNEL_INFO_CEILING 3       /* the MQLCL_PROFILE_* rate that bounds it */
#define MQLCL_GEMM_KERNEL_INFO_PASSES 4        /* products per multiply-add of C: its bound is that rate / passes */
#define MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES 5 /* 4: a kernel of mqlcl_sgemm; 8: of mqlcl_dgemm */
#define MQLCL_GEMM_KERNEL_INFO_STAGE 6         /* the matmul stage that runs its code, or 0 */
#define MQLCL_GEMM_KERNEL_INFO_TUNABLE 7       /* the tunable of its tiles */
#define MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA 8     /* 1: NVIDIA mma.sync (compute capability >= 8.0) */
#define MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64 9    /* 1: cl_khr_fp64 */
#define MQLCL_GEMM_KERNEL_INFO_PREP_LAUNCHES 10 /* launches (with a wait) that prepare its operands */
#define MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU 11 /* its default efficiency on a GPU, per mille (MQLCL_TUNABLE_EFFICIENCY) */
#define MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_CPU 12 /* its default efficiency on a CPU, per mille */
#define MQLCL_GEMM_KERNEL_INFO_PREPARATION 13 /* its default fixed cost of a call, hundredths of a launch and wait (MQLCL_TUNABLE_PREPARATION) */
MQLCL_API long long mqlcl_gemm_kernel_info(int kernel, int what);
/* The precision class a call's flags promise: the least accurate of the kernels they may run
 * (MQLCL_GEMM_EXACT: MQLCL_PRECISION_FP32, _FAST: _TF32, _FP64: _FP64); MQLCL_ERR_ARGUMENT for
 * any other precision field. The other bits of flags are ignored. */
MQLCL_API int mqlcl_gemm_flags_precision(int flags);
/* The candidates for this call, fastest first (kernels[0] is what runs: the choice, or the
 * pinned kernel): kernel numbers into kernels and predicted product times (ms) into
 * predicted_ms, at most count of each (both may be null with count 0); returns the number of
 * candidates. A lone candidate's time is -1 until the profile is known (nothing to choose:
 * nothing is measured for it). Checks flags, m, n, k as the GEMM calls do. */
MQLCL_API int mqlcl_gemm_plan(int ctx, int flags, int m, int n, int k, int* kernels, double* predicted_ms, int count);
/* The plan in words: every kernel of the precision with its predicted time or why it cannot
 * run here, what runs, and the profile it was predicted from; the same buffer rules as
 * mqlcl_device_text. */
MQLCL_API int mqlcl_gemm_plan_text(int ctx, int flags, int m, int n, int k, mqlcl_char* buf, int cap);
/* Pins a kernel for the flags' precision on this context (benchmarks, or a caller who knows
 * better); 0 gives the choice back to the planner. MQLCL_ERR_ARGUMENT for a kernel that does
 * not meet the precision, MQLCL_ERR_UNSUPPORTED (with the reason) for one the device cannot
 * run. Returns MQLCL_OK. A pinned kernel that can no longer run when a GEMM call comes (a
 * profile set since without its rate) makes the call return MQLCL_ERR_UNSUPPORTED saying why. */
MQLCL_API int mqlcl_gemm_pin(int ctx, int flags, int kernel);

#ifdef __cplusplus
}
#endif
#endif /* MQLCL_H */
