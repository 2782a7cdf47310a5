#include "remote/server_election.hpp"

#include "core/error.hpp"
#include "core/os_error.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace mqlcl {

#if defined(_WIN32)

ServerElection::ServerElection(const UserRendezvous& at) {
  const std::wstring name = at.object_name(L"server");
  mutex_ = CreateMutexW(static_cast<SECURITY_ATTRIBUTES*>(at.user_only()), FALSE, name.c_str());
  if (!mutex_) {
    const DWORD err = GetLastError();
    if (err == ERROR_ACCESS_DENIED)
      fail(MQLCL_ERR_NO_OPENCL, "the server's lock at ", at.where(), " is refused: another user made it");
    fail(MQLCL_ERR_NO_OPENCL, "the server's lock at ", at.where(), " cannot be made: ", os_error_text(err));
  }
  const DWORD got = WaitForSingleObject(mutex_, 0);
  won_ = got == WAIT_OBJECT_0 || got == WAIT_ABANDONED;
}

ServerElection::~ServerElection() {
  if (won_) ReleaseMutex(mutex_);
  if (mutex_) CloseHandle(mutex_);
}

#else

ServerElection::ServerElection(const UserRendezvous& at) {
  const std::string path = at.path("server.lock");
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd_ < 0) fail(MQLCL_ERR_NO_OPENCL, "the server's lock ", path, " cannot be opened: ", last_os_error());
  int rc;
  while ((rc = flock(fd_, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  if (rc == 0) {
    won_ = true;
  } else if (errno != EWOULDBLOCK) {
    const std::string why = last_os_error();
    close(fd_);
    fd_ = -1;
    fail(MQLCL_ERR_NO_OPENCL, "the server's lock ", path, " cannot be taken: ", why);
  }
}

ServerElection::~ServerElection() {
  if (fd_ >= 0) close(fd_);  // releases the lock
}

#endif

}  // namespace mqlcl
