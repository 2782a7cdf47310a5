// Tuning on first use. Users call mqlcl_sgemm and never run `mqlcl-host tune`, so the library
// searches a GEMM kernel's tiles itself the first time a call of at least kSelfTuneMinSize^3
// multiply-adds runs that kernel on a device with no tuned entry for its tiles (neither in the
// tuning file nor set by the caller): its tile rule's candidates that fit the device
// (catalog/tile_rule), best first, each run on the device at kSelfTuneMaxSize^3 (less on a slow
// device; none where one call of the defaults at kSelfTuneMinSize^3 leaves the budget no room
// to compare one) on operands of small integers, where
// every kernel's product is exact, so a candidate whose result differs from the default tiles'
// is wrong and dropped; until MQLCL_TUNE_SECONDS (default kSelfTuneSeconds) are spent. The
// fastest is stored in the tuning file and used from then on, by this process and every later
// one. The search runs under the tuning file's lock: a process that finds it held waits, then
// reads what the other stored, so agents starting together neither repeat it nor lose an entry.
// Smaller calls keep the defaults until a large one has run it.
// The planner's calibration too (gemm/planner_calibration): the first such call whose kernel
// the planner chooses among several (no pin), on a device whose efficiency and preparation are
// the built-in defaults, fits every candidate kernel's efficiency and fixed cost (the
// candidates of every precision with more than one), then searches the tiles of each kernel at
// the sizes of kPlannedSizes where the planner runs it or nearly (kContender), each within the
// budget, then fits again where that changed some kernel's tiles, and stores both. A device
// with one kernel per precision (a CPU without tensor cores) never calibrates: nothing to choose.
// MQLCL_TUNE=off disables both; a file that cannot be written leaves the defaults (never a
// failed call), and the context does not try again.
#pragma once
#include "context.hpp"
#include "gemm/gemm.hpp"

namespace mqlcl {

constexpr double kSelfTuneMinSize = 512;   // the smallest call (its cube root) that runs the search
constexpr double kSelfTuneMaxSize = 2048;  // the size it times (`tune`'s default)
// The sizes at which the calibration asks which kernel the planner runs, to search each one's
// tiles there (planner_fit::unaligned of 1024, 2048, 4096: off every tile multiple).
constexpr double kPlannedSizes[] = {1000, 2000, 4000};
// A kernel predicted within this factor of the one the planner runs at a size is a contender
// there: default tiles whose large blocks leave a wave partly empty can cost a kernel that much.
constexpr double kContender = 1.5;
constexpr double kSelfTuneSeconds = 10;    // the default budget per kernel's tiles and device (and the
                                           // calibration's sizes: one call within a twentieth)

// The planner's kernel for the call, its tiles tuned first where this is their first use.
int kernel_for_call(Context& ctx, const GemmShape& s);

}  // namespace mqlcl
