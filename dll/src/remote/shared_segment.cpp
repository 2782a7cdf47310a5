#include "remote/shared_segment.hpp"

#include <utility>

#include "core/error.hpp"
#include "core/os_error.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace mqlcl {

void SharedSegment::swap(SharedSegment& other) noexcept {
  std::swap(base_, other.base_);
  std::swap(size_, other.size_);
#if defined(_WIN32)
  std::swap(mapping_, other.mapping_);
#else
  std::swap(fd_, other.fd_);
#endif
}

#if defined(_WIN32)

SharedSegment::~SharedSegment() {
  if (base_) UnmapViewOfFile(base_);
  if (mapping_) CloseHandle(mapping_);
}

SharedSegment SharedSegment::create(size_t bytes, const std::wstring& name, void* security) {
  SharedSegment s;
  const unsigned long long size = bytes;
  s.mapping_ = CreateFileMappingW(INVALID_HANDLE_VALUE, static_cast<SECURITY_ATTRIBUTES*>(security), PAGE_READWRITE,
                                  static_cast<DWORD>(size >> 32), static_cast<DWORD>(size), name.c_str());
  if (!s.mapping_) fail(MQLCL_ERR_MEMORY, "shared memory of ", bytes, " bytes cannot be made: ", last_os_error());
  if (GetLastError() == ERROR_ALREADY_EXISTS)
    fail(MQLCL_ERR_NO_OPENCL, "shared memory cannot be made: its name exists already (another process's object)");
  s.base_ = MapViewOfFile(s.mapping_, FILE_MAP_ALL_ACCESS, 0, 0, bytes);
  if (!s.base_) fail(MQLCL_ERR_MEMORY, "shared memory of ", bytes, " bytes cannot be mapped: ", last_os_error());
  s.size_ = bytes;
  return s;
}

SharedSegment SharedSegment::open(size_t bytes, const std::wstring& name) {
  SharedSegment s;
  s.mapping_ = OpenFileMappingW(FILE_MAP_ALL_ACCESS, FALSE, name.c_str());
  if (!s.mapping_) fail(MQLCL_ERR_NO_OPENCL, "the peer's shared memory cannot be opened: ", last_os_error());
  // A view longer than the mapping fails, so a short mapping is refused here.
  s.base_ = MapViewOfFile(s.mapping_, FILE_MAP_ALL_ACCESS, 0, 0, bytes);
  if (!s.base_)
    fail(MQLCL_ERR_NO_OPENCL, "the peer's shared memory cannot be mapped ", bytes, " bytes long: ", last_os_error());
  s.size_ = bytes;
  return s;
}

#else

SharedSegment::~SharedSegment() {
  if (base_) munmap(base_, size_);
  if (fd_ >= 0) close(fd_);
}

SharedSegment SharedSegment::create(size_t bytes, const char* label) {
  SharedSegment s;
  s.fd_ = memfd_create(label, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (s.fd_ < 0) fail(MQLCL_ERR_MEMORY, "shared memory cannot be made: ", last_os_error());
  if (ftruncate(s.fd_, static_cast<off_t>(bytes)) != 0)
    fail(MQLCL_ERR_MEMORY, "shared memory of ", bytes, " bytes cannot be made: ", last_os_error());
  if (fcntl(s.fd_, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0)
    fail(MQLCL_ERR_MEMORY, "shared memory cannot be sealed: ", last_os_error());
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, s.fd_, 0);
  if (p == MAP_FAILED) fail(MQLCL_ERR_MEMORY, "shared memory of ", bytes, " bytes cannot be mapped: ", last_os_error());
  s.base_ = p;
  s.size_ = bytes;
  return s;
}

SharedSegment SharedSegment::adopt(int fd, size_t bytes) {
  SharedSegment s;
  s.fd_ = fd;
  struct stat st {};
  if (fstat(fd, &st) != 0) fail(MQLCL_ERR_NO_OPENCL, "the peer's shared memory cannot be read: ", last_os_error());
  if (!S_ISREG(st.st_mode) || static_cast<unsigned long long>(st.st_size) != bytes)
    fail(MQLCL_ERR_RANGE, "the peer's shared memory is refused: ", static_cast<long long>(st.st_size),
         " bytes where ", bytes, " are expected");
  const int seals = fcntl(fd, F_GET_SEALS);
  if (seals < 0 || (seals & F_SEAL_SHRINK) == 0)
    fail(MQLCL_ERR_ARGUMENT, "the peer's shared memory is refused: it is not sealed against shrinking");
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) fail(MQLCL_ERR_MEMORY, "the peer's shared memory cannot be mapped: ", last_os_error());
  s.base_ = p;
  s.size_ = bytes;
  return s;
}

#endif

}  // namespace mqlcl
