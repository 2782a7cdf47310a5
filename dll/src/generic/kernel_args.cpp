#include "generic/kernel_args.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "generic/kernel_source_args.hpp"

namespace mqlcl {

namespace {

// One clGetKernelArgInfo query of a fixed-size value; false when the driver has no answer.
template <class T>
bool arg_info(const cl::Kernel& k, cl_uint i, cl_kernel_arg_info what, T& out) {
  return clGetKernelArgInfo(k(), i, what, sizeof(T), &out, nullptr) == CL_SUCCESS;
}

bool arg_text(const cl::Kernel& k, cl_uint i, cl_kernel_arg_info what, std::string& out) {
  size_t n = 0;
  if (clGetKernelArgInfo(k(), i, what, 0, nullptr, &n) != CL_SUCCESS) return false;
  std::vector<char> buf(n + 1, '\0');
  if (clGetKernelArgInfo(k(), i, what, n, buf.data(), nullptr) != CL_SUCCESS) return false;
  out.assign(buf.data());  // the driver's text ends with a 0
  return true;
}

// The driver's name without spaces ("unsigned int" -> "unsignedint"), as OpenCL 1.2 returns it.
std::string squeezed(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

// A built-in scalar or vector type that no mqlcl_arg_* passes (char, long, float4, ...).
bool other_builtin(const std::string& t) {
  static const char* const kBases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                       "ulong", "half", "float", "double", "bool", "size_t",
                                       "ptrdiff_t", "intptr_t", "uintptr_t"};
  for (const char* base : kBases) {
    const size_t n = std::strlen(base);
    if (t.compare(0, n, base) != 0) continue;
    const std::string width = t.substr(n);
    if (width.empty() || width == "2" || width == "3" || width == "4" || width == "8" || width == "16") return true;
  }
  return false;
}

// Samplers, events and the image types other than image2d_t.
bool opaque(const std::string& t) {
  const bool image = t.compare(0, 5, "image") == 0 && t.size() > 7 && t.compare(t.size() - 2, 2, "_t") == 0;
  return image || t == "sampler_t" || t == "event_t";
}

// The driver's declaration of argument i; false where it has none.
bool driver_declaration(const cl::Kernel& kernel, cl_uint i, ArgDeclaration& d) {
  if (!(arg_info(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, d.address) &&
        arg_info(kernel, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, d.access) &&
        arg_info(kernel, i, CL_KERNEL_ARG_TYPE_QUALIFIER, d.qualifiers) &&
        arg_text(kernel, i, CL_KERNEL_ARG_TYPE_NAME, d.type)))
    return false;
  arg_text(kernel, i, CL_KERNEL_ARG_NAME, d.name);  // optional: the message then has no name
  return true;
}

// Bytes of a built-in scalar or vector value (a 3-vector takes 4 elements); 0 for others.
size_t value_bytes(const std::string& t) {
  static const std::pair<const char*, size_t> kBases[] = {
      {"uchar", 1}, {"char", 1}, {"ushort", 2}, {"short", 2}, {"half", 2}, {"uint", 4}, {"int", 4},
      {"float", 4}, {"ulong", 8}, {"long", 8}, {"double", 8}};
  for (const auto& [base, bytes] : kBases) {
    const size_t n = std::strlen(base);
    if (t.compare(0, n, base) != 0) continue;
    const std::string width = t.substr(n);
    if (width.empty()) return bytes;
    if (width == "2" || width == "4" || width == "8" || width == "16") return bytes * std::stoul(width);
    if (width == "3") return bytes * 4;
    return 0;
  }
  return 0;
}

// Whether the declarations read from the source match what the driver's own checks of
// clSetKernelArg reveal of each argument: every pointer takes a null value (NVIDIA's driver
// of any size), of them only a __global or __constant one a null memory object, a value
// neither (and, where it is a built-in of known size, a value of that size). Leaves the
// arguments unset.
bool driver_agrees(const cl::Kernel& kernel, const std::vector<ArgDeclaration>& decl) {
  const cl_mem none = nullptr;
  for (cl_uint i = 0; i < decl.size(); ++i) {
    const ArgDeclaration& d = decl[i];
    const bool pointer_arg = clSetKernelArg(kernel(), i, sizeof(cl_mem), nullptr) == CL_SUCCESS;
    const bool memory = pointer_arg && clSetKernelArg(kernel(), i, sizeof(cl_mem), &none) == CL_SUCCESS;
    const bool pointer = !d.type.empty() && d.type.back() == '*';
    if (d.address == CL_KERNEL_ARG_ADDRESS_LOCAL) {
      if (!pointer_arg || memory) return false;
    } else if (pointer && (d.address == CL_KERNEL_ARG_ADDRESS_GLOBAL || d.address == CL_KERNEL_ARG_ADDRESS_CONSTANT)) {
      if (!memory) return false;
    } else {
      if (pointer_arg) return false;
      const size_t bytes = pointer ? 0 : value_bytes(squeezed(d.builtin.empty() ? d.type : d.builtin));
      const std::vector<unsigned char> zeros(bytes, 0);
      if (bytes && clSetKernelArg(kernel(), i, bytes, zeros.data()) != CL_SUCCESS) return false;
    }
  }
  return true;
}

}  // namespace

namespace {
std::atomic<int> g_arg_info_mode{static_cast<int>(ArgInfoMode::On)};  // trivially destroyed
}  // namespace

ArgInfoMode arg_info_mode() { return static_cast<ArgInfoMode>(g_arg_info_mode.load()); }

void set_arg_info_mode(ArgInfoMode mode) { g_arg_info_mode.store(static_cast<int>(mode)); }

const char* passed_name(Passed p) {
  switch (p) {
    case Passed::Buffer: return "a buffer (mqlcl_arg_mem)";
    case Passed::Image: return "an image (mqlcl_arg_mem)";
    case Passed::Local: return "a __local size (mqlcl_arg_local)";
    case Passed::Int: return "an int (mqlcl_arg_int)";
    case Passed::Float: return "a float (mqlcl_arg_float)";
    case Passed::Double: return "a double (mqlcl_arg_double)";
    case Passed::Char: return "a 1-byte integer (mqlcl_arg_integer)";
    case Passed::Short: return "a 2-byte integer (mqlcl_arg_integer)";
    case Passed::Long: return "an 8-byte integer (mqlcl_arg_integer)";
  }
  return "a value";
}

KernelArgs::KernelArgs(const cl::Kernel& kernel, bool declared, ProgramSource* source) {
  args_.resize(kernel.getInfo<CL_KERNEL_NUM_ARGS>());
  std::vector<ArgDeclaration> decl(args_.size());
  has_info_ = declared && arg_info_mode() == ArgInfoMode::On;
  for (cl_uint i = 0; i < count() && has_info_; ++i) has_info_ = driver_declaration(kernel, i, decl[i]);
  if (!has_info_ && source != nullptr) {
    const std::vector<ArgDeclaration>* s = source->kernel(kernel.getInfo<CL_KERNEL_FUNCTION_NAME>());
    if (s != nullptr && s->size() == args_.size() && driver_agrees(kernel, *s)) {
      decl = *s;
      has_info_ = true;
    }
  }
  for (cl_uint i = 0; i < count() && has_info_; ++i) args_[i] = checked_as(decl[i]);
  unset_count_ = count();
}

// The check of a declaration, whoever read it (the driver or generic/kernel_source_args).
KernelArgs::Arg KernelArgs::checked_as(const ArgDeclaration& d) {
  Arg a;
  a.name = d.name;
  const std::string type = squeezed(d.type);
  // What decides the check: the built-in a typedef of the source stands for, else the type.
  const std::string kind = d.builtin.empty() ? type : squeezed(d.builtin);
  const bool pointer = !type.empty() && type.back() == '*';
  std::string qualifier_text;
  if (d.qualifiers & CL_KERNEL_ARG_TYPE_CONST) qualifier_text += "const ";
  if (d.qualifiers & CL_KERNEL_ARG_TYPE_VOLATILE) qualifier_text += "volatile ";
  if (kind == "image2d_t") {
    a.type = std::string(d.access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY   ? "__write_only "
                         : d.access == CL_KERNEL_ARG_ACCESS_READ_WRITE ? "__read_write "
                                                                       : "__read_only ") + type;
    a.rule = Rule::Exact;
    a.takes = Passed::Image;
    if (d.access != CL_KERNEL_ARG_ACCESS_READ_ONLY) {
      a.rule = Rule::Nothing;
      a.why_nothing = "images of mqlcl_image2d are read-only; declare it __read_only or write into a buffer";
    }
  } else if (d.address == CL_KERNEL_ARG_ADDRESS_LOCAL) {
    a.type = "__local " + qualifier_text + type;
    a.rule = Rule::Exact;
    a.takes = Passed::Local;
  } else if (pointer && (d.address == CL_KERNEL_ARG_ADDRESS_GLOBAL || d.address == CL_KERNEL_ARG_ADDRESS_CONSTANT)) {
    a.type = (d.address == CL_KERNEL_ARG_ADDRESS_GLOBAL ? "__global " : "__constant ") + qualifier_text + type;
    a.rule = Rule::Exact;
    a.takes = Passed::Buffer;
  } else {
    a.type = qualifier_text + type;
    a.rule = Rule::Exact;
    if (kind == "int" || kind == "uint" || kind == "unsignedint") {
      a.takes = Passed::Int;  // uint: the int's bits
    } else if (kind == "char" || kind == "uchar" || kind == "unsignedchar" || kind == "signedchar") {
      a.takes = Passed::Char;  // NVIDIA spells a signed char so
    } else if (kind == "short" || kind == "ushort" || kind == "unsignedshort") {
      a.takes = Passed::Short;
    } else if (kind == "long" || kind == "ulong" || kind == "unsignedlong") {
      a.takes = Passed::Long;
    } else if (kind == "float") {
      a.takes = Passed::Float;
    } else if (kind == "double") {
      a.takes = Passed::Double;
    } else if (opaque(kind)) {
      a.rule = Rule::Nothing;
      a.why_nothing = "no mqlcl_arg_* passes a " + kind +
                      " (declare samplers in the kernel source; of the images, image2d_t is supported)";
    } else if (pointer || other_builtin(kind)) {
      // half, bool, size_t, vectors, private pointers: no setter of the ABI fits
      a.rule = Rule::Nothing;
      a.why_nothing = "no mqlcl_arg_* passes a " + kind +
                      ": declare it a scalar integer, float or double, or pass the values in a buffer";
    } else {
      a.rule = Rule::SizeOnly;  // a typedef or struct: only the driver's size check applies
    }
  }
  return a;
}

std::string KernelArgs::describe(cl_uint index) const {
  const Arg& a = args_[index];
  std::string s = "argument " + std::to_string(index);
  if (!a.name.empty()) s += " \"" + a.name + "\"";
  if (!a.type.empty()) s += " (" + a.type + ")";
  return s;
}


void KernelArgs::check(cl::Kernel& kernel, cl_uint index, Passed passed, std::shared_ptr<Object>& unbound) {
  const Arg& a = args_[index];
  switch (a.rule) {
    case Rule::Unknown:
      unbound = unset(index);
      return probe(kernel, index, passed);
    case Rule::Nothing: fail(MQLCL_ERR_ARGUMENT, describe(index), " cannot be set: ", a.why_nothing);
    case Rule::SizeOnly:
      if (passed != Passed::Buffer && passed != Passed::Image && passed != Passed::Local) return;
      fail(MQLCL_ERR_ARGUMENT, describe(index), " is a value, not ", passed_name(passed));
    case Rule::Exact:
      if (a.takes == passed) return;
      fail(MQLCL_ERR_ARGUMENT, describe(index), " takes ", passed_name(a.takes), ", not ", passed_name(passed));
  }
}

// Without declarations, what a conforming driver reveals through clSetKernelArg with a null
// value: a __global/__constant pointer takes a null memory object of sizeof(cl_mem), a
// __local pointer a null value of any size, a scalar none. Each probe leaves the argument unset
// (check unsets it first).
void KernelArgs::probe(cl::Kernel& kernel, cl_uint index, Passed passed) {
  const char* const weak = " (the driver gives no argument info, so this is found by a probe)";
  switch (passed) {
    case Passed::Int:
    case Passed::Float:
    case Passed::Double:
    case Passed::Char:
    case Passed::Short:
    case Passed::Long:
      if (clSetKernelArg(kernel(), index, sizeof(cl_mem), nullptr) == CL_SUCCESS)
        fail(MQLCL_ERR_ARGUMENT, describe(index), " is a pointer, not a value: it takes mqlcl_arg_mem or mqlcl_arg_local, not ",
             passed_name(passed), weak);
      return;
    case Passed::Buffer:
      if (clSetKernelArg(kernel(), index, sizeof(cl_mem), nullptr) != CL_SUCCESS)
        fail(MQLCL_ERR_ARGUMENT, describe(index), " is not a __global or __constant pointer, so it takes no ",
             passed_name(passed), weak);
      return;
    case Passed::Local:
      if (clSetKernelArg(kernel(), index, 1, nullptr) != CL_SUCCESS)
        fail(MQLCL_ERR_ARGUMENT, describe(index), " is not a __local pointer, so it takes no ", passed_name(passed), weak);
      return;
    case Passed::Image: return;  // a null image is refused by image arguments too: nothing to learn
  }
}

std::shared_ptr<Object> KernelArgs::set(cl_uint index, const ArgValue& value, std::shared_ptr<Object> keep) {
  Arg& a = args_[index];
  if (!a.set) --unset_count_;
  a.set = true;
  a.value = value;
  if (a.bound == keep) return nullptr;
  std::swap(a.bound, keep);
  return keep;
}

std::shared_ptr<Object> KernelArgs::unset(cl_uint index) {
  Arg& a = args_[index];
  if (a.set) ++unset_count_;
  a.set = false;
  a.value = ArgValue{};
  return std::move(a.bound);
}

size_t KernelArgs::local_bytes() const {
  size_t sum = 0;
  for (const Arg& a : args_) sum += a.value.passed == Passed::Local ? a.value.bytes : 0;
  return sum;
}

void KernelArgs::require_all_set() const {
  if (unset_count_ == 0) return;
  std::string missing;
  for (cl_uint i = 0; i < count(); ++i) {
    const Arg& a = args_[i];
    if (a.set) continue;
    missing += missing.empty() ? "" : "; ";
    missing += describe(i);
    if (a.rule == Rule::Nothing) missing += ": " + a.why_nothing;
    if (a.rule == Rule::Exact) missing += std::string(": it takes ") + passed_name(a.takes);
  }
  if (!missing.empty()) fail(MQLCL_ERR_ARGUMENT, "arguments never set: ", missing);
}

}  // namespace mqlcl
