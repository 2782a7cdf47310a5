// Device facts as the article read them off GPU Caps Viewer (its Fig. 18).
#pragma once
#include <string>

namespace host {
std::string device_text(int device, int what);
long long device_info(int device, int what);
void print_devices();
void print_device_facts(int device);
}  // namespace host
