// Who may rewrite the tuning file at a time. MetaTrader's strategy tester starts many agent
// processes that load the library at once; two read-modify-writes of the file at the same
// time would each rename their own copy over it and lose the other's lines. A writer takes
// this process's mutex, then an exclusive lock on a sibling file `<tuning file>.lock`
// (created if absent and never deleted: a lock on a file that was removed and made again
// would not exclude the next writer). POSIX: flock; Windows: LockFileEx, which wineserver
// arbitrates between Wine processes as Windows does. Readers take no lock: the rewrite is a
// rename, so a reader sees the old file or the new one (on Windows the rename waits for
// readers to close the file: replace_tuning_file).
#pragma once
#include <mutex>
#include <string>

#include "core/error.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

// The exclusive lock on `<tuning_file>.lock`, held from construction (which waits for it)
// to destruction; it protects against other processes only (see tuning_file_mutex). A lock
// file that cannot be opened (a read-only folder, a missing one) throws nothing: locked()
// is false and why_not() says why, for the caller to decide.
class TuningFileLock {
 public:
  explicit TuningFileLock(const NativePath& tuning_file);
  ~TuningFileLock();
  TuningFileLock(const TuningFileLock&) = delete;
  TuningFileLock& operator=(const TuningFileLock&) = delete;

  bool locked() const { return why_not_.empty(); }
  std::string why_not() const { return why_not_; }  // "" when locked

 private:
#if defined(_WIN32)
  void* handle_ = nullptr;  // the lock file's HANDLE (no <windows.h> in this header)
#else
  int fd_ = -1;
#endif
  std::string why_not_;
};

// This process's turn at the tuning file, for readers and writers: a reader of this process
// never holds the file open while a store of this process renames over it (Windows refuses
// such a rename). Taken before the file lock. Never destroyed: no exit-time destructor in the DLL.
std::mutex& tuning_file_mutex();

// Runs body() holding this process's mutex and the cross-process lock on `tuning_file`, and
// returns what it returns: a read-modify-write of the file inside it loses no other writer's
// lines. Throws MQLCL_ERR_ARGUMENT ("the tuning file cannot be written: ...") when the lock
// file cannot be opened; body() is then not run. body() reads with read_tuning_file, never
// through something that takes tuning_file_mutex again (a context's creation): it is not
// recursive. Other processes that store meanwhile wait until body() returns.
template <class F>
auto with_tuning_file_locked(const NativePath& tuning_file, F&& body) -> decltype(body()) {
  std::lock_guard<std::mutex> in_process(tuning_file_mutex());
  TuningFileLock across_processes(tuning_file);
  if (!across_processes.locked())
    fail(MQLCL_ERR_ARGUMENT, "the tuning file cannot be written: ", across_processes.why_not());
  return body();
}

}  // namespace mqlcl
