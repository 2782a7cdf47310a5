// A process named so that another process can tell later whether it still runs: its id and
// its start time, since an id is reused once its process ends. Used by the placement registry
// (tuning/context_registry) to reclaim the entries of processes that ended without freeing
// their contexts (a strategy-tester agent killed, a terminal closed).
#pragma once
#include <string>

namespace mqlcl {

struct ProcessIdentity {
  unsigned long long pid = 0;
  // Linux: /proc/<pid>/stat's start time (clock ticks after boot); Windows: the creation time
  // (FILETIME). 0 where it could not be read: the id alone is then checked.
  unsigned long long start = 0;
};

ProcessIdentity this_process();
// Whether `p` still runs: a process of that id exists, is not a zombie, and (where both start
// times are known) started when `p` did. A process this one may not inspect counts as running.
bool process_running(const ProcessIdentity& p);

}  // namespace mqlcl
