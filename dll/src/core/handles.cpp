#include "core/handles.hpp"

#include <climits>
#include <vector>

namespace mqlcl {

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Context: return "context";
    case Kind::Program: return "program";
    case Kind::Kernel: return "kernel";
    case Kind::Buffer: return "buffer";
    case Kind::Image: return "image";
  }
  return "object";
}

Registry& Registry::instance() {
  // Never destroyed: exports may run while the process tears down static objects.
  static Registry* r = new Registry();
  return *r;
}

int Registry::add(std::shared_ptr<Object> obj, int owner) {
  std::unique_lock<std::mutex> lock(mutex_);
  // Checked under the lock that remove() holds while it takes a context and its children
  // away: a child is either registered before its context goes (and goes with it) or refused.
  if (owner != 0) {
    auto it = objects_.find(owner);
    if (it == objects_.end() || it->second->kind != Kind::Context) {
      lock.unlock();
      obj.reset();  // released outside the lock, like every removed object
      fail(MQLCL_ERR_HANDLE, "context ", owner, " was freed while this object was being created in it");
    }
  }
  obj->owner = owner;
  for (;;) {
    const int h = next_;
    next_ = (next_ == INT_MAX) ? kFirstHandle : next_ + 1;
    if (objects_.find(h) == objects_.end()) {
      objects_.emplace(h, std::move(obj));
      return h;
    }
  }
}

std::shared_ptr<Object> Registry::find(int handle) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = objects_.find(handle);
  return it == objects_.end() ? nullptr : it->second;
}

std::shared_ptr<Object> Registry::get(int handle, Kind k) {
  auto obj = find(handle);
  if (!obj) fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed)");
  if (obj->kind != k)
    fail(MQLCL_ERR_HANDLE, "handle ", handle, " is a ", kind_name(obj->kind), ", not a ", kind_name(k));
  return obj;
}

bool Registry::remove(int handle) {
  // Objects are destroyed outside the lock: releasing OpenCL objects may take time.
  std::vector<std::shared_ptr<Object>> doomed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = objects_.find(handle);
    if (it == objects_.end()) return false;
    doomed.push_back(it->second);
    objects_.erase(it);
    if (doomed.front()->kind == Kind::Context) {
      for (auto o = objects_.begin(); o != objects_.end();) {
        if (o->second->owner == handle) {
          doomed.push_back(o->second);
          o = objects_.erase(o);
        } else {
          ++o;
        }
      }
    }
  }
  return true;
}

size_t Registry::live_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return objects_.size();
}

}  // namespace mqlcl
