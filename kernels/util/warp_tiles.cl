// What the warp-level (mma.sync) kernels share: the grouped raster of their blocks, and the
// cp.async plumbing — the shared-window address of __local tiles and the group commit — with
// its EMULATE_PTX stand-ins (plain OpenCL C for a CPU device). Included by the mma.sync
// kernels (grep "util/warp_tiles.cl" kernels/); cmake/embed_kernels.cmake
// inlines it into the library's copies, the dev harnesses build with -I kernels.
#ifndef GROUP_M
#define GROUP_M 8  // block rows per raster group: neighbours in launch order share B columns in L2
#endif

// Grouped raster: work-group `pid` of blocks_m x blocks_n blocks, GROUP_M block rows walked
// column by column; the block's row and column (in blocks).
int2 raster_block(int pid, int blocks_m, int blocks_n) {
  const int group_size = GROUP_M * blocks_n;
  const int first_m = (pid / group_size) * GROUP_M;
  const int rows_here = min(blocks_m - first_m, GROUP_M);
  return (int2)(first_m + (pid % group_size) % rows_here, (pid % group_size) / rows_here);
}

#ifndef EMULATE_PTX
// Shared-window address of a __local pointer. Depending on the compiler the operand arrives as
// a generic address (high bits set: convert it) or already as the shared offset.
uint shared_address(__local const void* p) {
  ulong v;
  asm volatile("mov.b64 %0, %1;" : "=l"(v) : "l"(p));
  if (v >> 32) asm volatile("cvta.to.shared.u64 %0, %0;" : "+l"(v));
  return (uint)v;
}
void copy_commit(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }
#else
uint shared_address(__local const void* p) { return 0; }
void copy_commit(void) {}
#endif
