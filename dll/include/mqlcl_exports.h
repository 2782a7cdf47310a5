/* Every function of mqlcl.h, once: lets a program that loads the library at run time
 * (mqlcl-host) resolve them all. tests/checks/check_exports.py keeps it equal to the
 * header and to the built library's export table. */
#ifndef MQLCL_EXPORTS_H
#define MQLCL_EXPORTS_H
#define MQLCL_EXPORTS(X)                                                                  \
  X(mqlcl_version) X(mqlcl_device_count) X(mqlcl_device_best) X(mqlcl_device_info) X(mqlcl_device_text)        \
  X(mqlcl_create) X(mqlcl_free) X(mqlcl_handle_count) X(mqlcl_last_error) X(mqlcl_upload) X(mqlcl_upload_int)   \
  X(mqlcl_read) X(mqlcl_read_int) X(mqlcl_errstr) X(mqlcl_stage_count) X(mqlcl_stage_at) X(mqlcl_stage_info) \
  X(mqlcl_stage_available) X(mqlcl_stage_best) X(mqlcl_stage_name) X(mqlcl_matmul) X(mqlcl_dia_spmv) X(mqlcl_transpose) X(mqlcl_measure_peak)                       \
  X(mqlcl_last_kernel_ms) X(mqlcl_last_total_ms) X(mqlcl_last_convert_ms)                  \
  X(mqlcl_last_upload_ms) X(mqlcl_last_download_ms)                                       \
  X(mqlcl_last_launches) X(mqlcl_sgemm_get) X(mqlcl_sgemm_set) X(mqlcl_stage_params_get)            \
  X(mqlcl_stage_params_set) X(mqlcl_tuning_store) X(mqlcl_tuning_source) X(mqlcl_tuning_text)   \
  X(mqlcl_tuning_path) X(mqlcl_program) X(mqlcl_program_log)  \
  X(mqlcl_kernel) X(mqlcl_buffer) X(mqlcl_buffer_write_float) X(mqlcl_buffer_read_float)   \
  X(mqlcl_buffer_write_int) X(mqlcl_buffer_read_int) X(mqlcl_buffer_write_double)          \
  X(mqlcl_buffer_read_double) X(mqlcl_image2d) X(mqlcl_arg_mem) X(mqlcl_arg_int)          \
  X(mqlcl_arg_float) X(mqlcl_arg_double) X(mqlcl_arg_local) X(mqlcl_run)                   \
  X(mqlcl_kernel_info) X(mqlcl_device_property) X(mqlcl_buffer_write_bytes) X(mqlcl_buffer_read_bytes) \
  X(mqlcl_arg_integer) X(mqlcl_execute) X(mqlcl_handle_info) X(mqlcl_sgemm) X(mqlcl_sgemm_buffers) X(mqlcl_dgemm) X(mqlcl_dgemm_buffers)
#endif
