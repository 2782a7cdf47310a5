// One caller's kernel as the GPU server runs the same launch of several processes: a kernel
// derived from the kernel's own source, over one more dimension than the launch (the last),
// whose index says whose launch a work-item belongs to. Each process's buffers and values are
// parameters of their own, one per slot, and the kernel's parameters become variables of its
// body chosen by that index, so the body runs as written on the process's own arguments. A
// __local parameter stays one (the launches merged have the same sizes). The work-item
// functions answer as in the launch of one process (get_work_dim the launch's dimensions, the
// added one not seen), so each work-item computes what it computes alone.
#pragma once
#include <string>
#include <vector>

namespace mqlcl {

struct MergeableKernel {
  std::string why;  // empty where it can be merged; else why not ("it has an image argument")
  // Whether its results cannot depend on the work-group's size: its program uses no work-group
  // function (barrier, get_local_id, __local ...). Only such a kernel is merged where the
  // driver chooses the work-groups, which may differ over one more dimension.
  bool any_work_group = false;
  struct Param {
    std::string type;  // the declaration without its name, as written ("__global const float*")
    std::string name;
    bool shared = false;  // a __local parameter: one for all processes
  };
  std::vector<Param> params;
  std::string kernel_name;
  std::string source;  // the program's source
  size_t params_begin = 0, params_end = 0;  // the parameter list, inside its parentheses
  size_t body = 0;                          // just after the body's opening brace
};

// Reads kernel `name` from its program's `source`. Not mergeable (why) where the kernel is not
// defined once as written (a macro makes it, or conditions the reader does not evaluate define
// it twice), has an image or sampler parameter, or its program asks for the global offset or
// defines a work-item function's name.
MergeableKernel read_mergeable(const std::string& source, const std::string& name);

// The program whose kernel of the same name runs up to `slots` (at most 32) processes' launches
// of `dims` dimensions (1 or 2) as one of dims + 1: the argument of parameter p for slot s is at
// merged_arg_index(p, s), and the last one (merged_used_index, a uint) has bit s set for each
// slot s a launch uses: the work-items of the others return at once. The caller places the
// launches in the same order each time (generic/launch_merging: by their contexts' slots), so
// that the arguments of the same processes meeting again stay set.
std::string merged_source(const MergeableKernel& k, int dims, int slots);
unsigned merged_arg_index(const MergeableKernel& k, size_t param, int slot, int slots);
unsigned merged_used_index(const MergeableKernel& k, int slots);

}  // namespace mqlcl
