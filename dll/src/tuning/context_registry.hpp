// The placement registry: the contexts alive in every process that shares the tuning file,
// one line each, in `<tuning file>.contexts` beside it. MetaTrader's strategy tester runs one
// agent process per core, each loading the library; a context made with MQLCL_DEVICE_BEST is
// placed on the device with the fewest (tuning/placement), which this file counts across them.
//
// Format, tab-separated, '#' starts a comment line:
//   # mqlcl-contexts 1
//   <process id>\t<process start>\t<context>\t<device number>\t<device name>
// A line of a process that no longer runs (core/process_identity) or that does not parse is
// dropped at the next rewrite and never counted: a killed agent's contexts return, a corrupt
// file costs nothing. Every read and rewrite holds this process's mutex and an exclusive lock
// on `<registry>.lock` (tuning/file_lock); rewrites are renames. A registry that cannot be
// written (a read-only folder) leaves placement to the devices' order, never fails a context.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/process_identity.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

struct RegisteredContext {
  ProcessIdentity process;
  unsigned long long context = 0;  // its number in its process
  int device = 0;                  // in that process's device list
  std::string device_name;         // CL_DEVICE_NAME: a line counts for a device of this name only
};

// $MQLCL_TUNING_FILE or the default tuning file, with ".contexts" appended.
NativePath context_registry_path();

// The contexts of running processes, read under the lock; empty where the registry is absent
// or cannot be locked.
std::vector<RegisteredContext> live_contexts();

// What a claim did: the device chosen and whether the context's line was written.
struct Claim {
  int device = 0;
  unsigned long long context = 0;
  bool registered = false;
};

// Under the lock: reads the live contexts, asks choose(live) for a device (its number and
// name; an exception leaves the file as it was and propagates), and rewrites the file with a
// line for a new context of this process on it, without dead or unreadable lines. Where the
// registry cannot be locked or written, choose() sees no contexts and nothing is registered.
Claim claim_context(const std::function<RegisteredContext(const std::vector<RegisteredContext>&)>& choose);

// Removes the line of this process's `context` (and dead lines); never throws.
void release_context(unsigned long long context) noexcept;

}  // namespace mqlcl
