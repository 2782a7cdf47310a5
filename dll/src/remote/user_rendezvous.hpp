// Where this user's GPU server is found, and who may reach it. Only processes of the same user
// may connect, and another user cannot put a server of their own in its place:
// - Linux: a folder of the user's own, `$XDG_RUNTIME_DIR/mqlcl` (a tmpfs of the user's,
//   0700) else `/tmp/mqlcl-<uid>`, created 0700 and refused when it is a symbolic link, not a
//   folder, owned by another user, or open to its group or others (another user could then
//   plant a socket or a lock in it), or when its parent belongs to another user than this one
//   or root, or lets others rename its entries (writable without the sticky bit). Its files
//   (the server's socket, the election's lock) are reachable only through it.
// - Windows: named objects in the session's `Local\` namespace (and a pipe) whose names hold
//   the user's SID, each created with a security descriptor that grants that SID alone; the
//   peers' processes are checked to run as that SID (a name can be taken first by anyone).
#pragma once
#include <memory>
#include <string>

namespace mqlcl {

class UserRendezvous {
 public:
#if defined(_WIN32)
  // `scope` prefixes every name (the library's "mqlcl"; a test's own keeps it apart).
  UserRendezvous(const std::string& scope, const std::wstring& sid);
  const std::wstring& sid() const { return sid_; }
  // L"Local\\<scope>-<sid>-<what>": a mutex, an event, a file mapping.
  std::wstring object_name(const std::wstring& what) const;
  // L"\\\\.\\pipe\\<scope>-<sid>": where the server listens.
  std::wstring pipe_name() const;
  // A SECURITY_ATTRIBUTES* (no <windows.h> here) whose descriptor grants this user alone.
  void* user_only() const { return attributes_; }
  ~UserRendezvous();
  UserRendezvous(const UserRendezvous&) = delete;
  UserRendezvous& operator=(const UserRendezvous&) = delete;
#else
  explicit UserRendezvous(const std::string& folder) : folder_(folder) {}
  const std::string& folder() const { return folder_; }
  std::string path(const char* file) const { return folder_ + "/" + file; }
#endif
  // For messages: the folder, or the names' prefix.
  std::string where() const;

 private:
#if defined(_WIN32)
  std::string scope_;
  std::wstring sid_;
  void* descriptor_ = nullptr;  // PSECURITY_DESCRIPTOR, LocalFree'd
  void* attributes_ = nullptr;  // SECURITY_ATTRIBUTES*, owned
#else
  std::string folder_;
#endif
};

// This user's rendezvous (Linux: the folder above, created and checked; Windows: the process
// token's user as a SID). MQLCL_ERR_NO_OPENCL naming the cause when it cannot be made or is
// refused: no server can be reached through it, and the caller runs on its own context.
std::unique_ptr<UserRendezvous> user_rendezvous();
// The same in a place of the caller's: Linux, a folder (created 0700 when absent, its parent
// existing) checked as above; Windows, the names' scope instead of "mqlcl" (for tests).
std::unique_ptr<UserRendezvous> rendezvous_in(const std::string& place);

#if defined(_WIN32)
// Whether process `pid` runs as user `sid` (its token's user). False where it cannot be told.
bool process_runs_as(unsigned long pid, const std::wstring& sid);
#endif

}  // namespace mqlcl
