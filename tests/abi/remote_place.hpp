// A rendezvous of a test's own for the shared GPU server's tests (test_remote_transport.cpp,
// test_remote_server.cpp): on Linux a fresh folder under /tmp (the place a folder inside it,
// removed with the object), on Windows a scope of object names unique to the process and object.
#pragma once
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>

#if defined(_WIN32)
#include <process.h>
#else
#include <stdlib.h>
#endif

namespace t {

class RemotePlace {
 public:
  explicit RemotePlace(const std::string& prefix) {
#if defined(_WIN32)
    static std::atomic<int> made{0};
    place_ = prefix + "-" + std::to_string(_getpid()) + "-" + std::to_string(made.fetch_add(1));
#else
    std::string name = "/tmp/" + prefix + "-XXXXXX";
    parent_ = mkdtemp(&name[0]) ? name : "";
    EXPECT_FALSE(parent_.empty());
    place_ = parent_ + "/r";
#endif
  }
  ~RemotePlace() {
#if !defined(_WIN32)
    std::error_code ec;
    std::filesystem::remove_all(parent_, ec);
#endif
  }
  RemotePlace(const RemotePlace&) = delete;
  RemotePlace& operator=(const RemotePlace&) = delete;
  const std::string& place() const { return place_; }
  const std::string& parent() const { return parent_; }  // Linux: the folder around the place

 private:
  std::string parent_, place_;
};

}  // namespace t
