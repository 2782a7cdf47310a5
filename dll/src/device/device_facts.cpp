#include "device/device_facts.hpp"

namespace mqlcl {

std::string trim_device_text(std::string s) {
  const size_t nul = s.find('\0');
  if (nul != std::string::npos) s.resize(nul);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

bool has_extension(const std::string& list, const std::string& name) {
  size_t pos = 0;
  while ((pos = list.find(name, pos)) != std::string::npos) {
    const size_t end = pos + name.size();
    if ((pos == 0 || list[pos - 1] == ' ') && (end == list.size() || list[end] == ' ')) return true;
    pos = end;
  }
  return false;
}

bool is_cpu(const DeviceFacts& f) { return (f.type & CL_DEVICE_TYPE_CPU) != 0; }

std::string architecture(const DeviceFacts& f) {
  const char* type = f.type & CL_DEVICE_TYPE_GPU ? "GPU"
                     : f.type & CL_DEVICE_TYPE_CPU ? "CPU"
                     : f.type & CL_DEVICE_TYPE_ACCELERATOR ? "accelerator"
                                                         : "device";
  std::string a = f.vendor + " " + type;
  if (f.has_cc) a += " compute capability " + std::to_string(f.cc_major) + "." + std::to_string(f.cc_minor);
  return a;
}

}  // namespace mqlcl
