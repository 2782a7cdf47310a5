// A context of the loaded library, freed on scope exit, with the calls the host makes.
#pragma once
#include <cmath>
#include <vector>

#include "library.hpp"

namespace host {

class Context {
 public:
  explicit Context(int device) : h_(check(lib().mqlcl_create(device), "mqlcl_create")) {}
  ~Context() { lib().mqlcl_free(h_); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  int handle() const { return h_; }

  void upload(int slot, const std::vector<float>& v) {
    check(lib().mqlcl_upload(h_, slot, v.data(), static_cast<int>(v.size())), "mqlcl_upload");
  }
  void upload(int slot, const std::vector<int>& v) {
    check(lib().mqlcl_upload_int(h_, slot, v.data(), static_cast<int>(v.size())), "mqlcl_upload_int");
  }
  std::vector<float> read(int slot, size_t count) {
    std::vector<float> out(count, std::nanf(""));  // poisoned: unwritten elements show
    check(lib().mqlcl_read(h_, slot, out.data(), static_cast<int>(count)), "mqlcl_read");
    return out;
  }
  double kernel_ms() const { return lib().mqlcl_last_kernel_ms(h_); }
  double convert_ms() const { return lib().mqlcl_last_convert_ms(h_); }
  double total_ms() const { return lib().mqlcl_last_total_ms(h_); }
  int launches() const { return lib().mqlcl_last_launches(h_); }

 private:
  int h_;
};

}  // namespace host
