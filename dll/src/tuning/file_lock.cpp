#include "tuning/file_lock.hpp"

#include "core/os_error.hpp"
#include "core/text.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace mqlcl {

std::mutex& tuning_file_mutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}

#if defined(_WIN32)

TuningFileLock::TuningFileLock(const NativePath& tuning_file) {
  const NativePath path = tuning_file + L".lock";
  // Every share mode: other processes open the same lock file at once. Read access is enough
  // to lock, so a lock file that another user made and we may not write still serves.
  const DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, share, nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL,
                         nullptr);
  const DWORD open_error = GetLastError();
  if (h == INVALID_HANDLE_VALUE)
    h = CreateFileW(path.c_str(), GENERIC_READ, share, nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    why_not_ = "its lock file " + path_text(path) + " cannot be opened: " + os_error_text(open_error);
    return;
  }
  OVERLAPPED at{};  // byte 0; a synchronous handle: LockFileEx waits until it has the lock
  if (!LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &at)) {
    why_not_ = "its lock file " + path_text(path) + " cannot be locked: " + last_os_error();
    CloseHandle(h);
    return;
  }
  handle_ = h;
}

TuningFileLock::~TuningFileLock() {
  if (!handle_) return;
  OVERLAPPED at{};
  UnlockFileEx(handle_, 0, 1, 0, &at);
  CloseHandle(handle_);  // would release the lock too
}

#else

TuningFileLock::TuningFileLock(const NativePath& tuning_file) {
  const NativePath path = tuning_file + ".lock";
  // Read-write where possible (NFS emulates flock with fcntl locks, whose exclusive lock needs
  // a file open for writing); else read-only: a lock file that another user made still serves.
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  const int open_error = errno;
  if (fd < 0) fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    why_not_ = "its lock file " + path + " cannot be opened: " + os_error_text(static_cast<unsigned long>(open_error));
    return;
  }
  int rc = 0;
  while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
  }
  if (rc != 0) {
    why_not_ = "its lock file " + path + " cannot be locked: " + last_os_error();
    close(fd);
    return;
  }
  fd_ = fd;
}

TuningFileLock::~TuningFileLock() {
  if (fd_ < 0) return;
  flock(fd_, LOCK_UN);
  close(fd_);  // would release the lock too
}

#endif

}  // namespace mqlcl
