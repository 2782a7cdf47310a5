// Memory a client and the server map at once: made by the client, handed to the server, which
// checks it before use (a client could hand over anything):
// - Linux: an anonymous memory file (memfd) sealed against shrinking and growing before it is
//   handed over as a descriptor over the connection's socket, so no name exists for another
//   process to open, and a client cannot cut the file under the server's mapping (an access
//   beyond a file's end would kill the server with SIGBUS).
// - Windows: a named file mapping in `Local\` granted to the user alone (UserRendezvous); its
//   size cannot change once made.
#pragma once
#include <cstddef>
#include <string>

namespace mqlcl {

class SharedSegment {
 public:
  SharedSegment() = default;
  ~SharedSegment();
  SharedSegment(SharedSegment&& other) noexcept { swap(other); }
  SharedSegment& operator=(SharedSegment&& other) noexcept {
    SharedSegment gone;
    gone.swap(other);
    swap(gone);
    return *this;
  }
  SharedSegment(const SharedSegment&) = delete;
  SharedSegment& operator=(const SharedSegment&) = delete;

#if defined(_WIN32)
  // A new mapping of `bytes` zero bytes named `name`, with `security` (a SECURITY_ATTRIBUTES*);
  // refused when the name exists already (someone else's object).
  static SharedSegment create(size_t bytes, const std::wstring& name, void* security);
  // The peer's mapping `name`, mapped `bytes` long (refused when it is shorter).
  static SharedSegment open(size_t bytes, const std::wstring& name);
#else
  // A new sealed memory file of `bytes` zero bytes, `label` showing in /proc/<pid>/maps.
  static SharedSegment create(size_t bytes, const char* label);
  // The peer's memory file `fd` (taken: closed here whatever happens), refused unless it is
  // exactly `bytes` long and sealed against shrinking.
  static SharedSegment adopt(int fd, size_t bytes);
  int fd() const { return fd_; }
#endif

  void* base() const { return base_; }
  size_t size() const { return size_; }

 private:
  void swap(SharedSegment& other) noexcept;
  void* base_ = nullptr;
  size_t size_ = 0;
#if defined(_WIN32)
  void* mapping_ = nullptr;  // HANDLE
#else
  int fd_ = -1;
#endif
};

}  // namespace mqlcl
