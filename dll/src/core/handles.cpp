#include "core/handles.hpp"

#include <atomic>
#include <climits>
#include <mutex>
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

namespace {
// Whether this process is the GPU server: set by its main before anything else
// (number_as_server); a process that loads the library never sets it.
std::atomic<bool> g_as_server{false};
std::atomic<bool> g_made{false};  // the table was made: its numbering is fixed
}  // namespace

bool Registry::number_as_server() {
  if (g_made.load()) return false;
  g_as_server.store(true);
  return true;
}

Registry::Registry() {
  const bool in_server = g_as_server.load();
  first_ = in_server ? kServerFirstHandle : kFirstHandle;
  last_ = in_server ? INT_MAX : kServerFirstHandle - 1;
  next_ = first_;
}

Registry& Registry::instance() {
  // Never destroyed: exports may run while the process tears down static objects.
  static Registry* r = [] {
    g_made.store(true);
    return new Registry();
  }();
  return *r;
}

size_t Registry::slot_of(int handle) const {
  const size_t mask = slots_.size() - 1;
  size_t i = static_cast<size_t>(static_cast<unsigned>(handle)) & mask;
  while (slots_[i].handle != 0 && slots_[i].handle != handle) i = (i + 1) & mask;
  return i;
}

void Registry::insert(int handle, std::shared_ptr<Object> obj) {
  if (2 * (live_ + 1) > slots_.size()) {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (Slot& s : old)
      if (s.handle != 0) slots_[slot_of(s.handle)] = std::move(s);
  }
  Slot& s = slots_[slot_of(handle)];
  s.handle = handle;
  s.obj = std::move(obj);
  ++live_;
}

std::shared_ptr<Object> Registry::take(size_t slot) {
  std::shared_ptr<Object> obj = std::move(slots_[slot].obj);
  // Backward shift: a later entry of the run moves into the gap unless its own slot lies
  // after the gap (then its probe never passes the gap), so every probe still ends at its entry.
  const size_t mask = slots_.size() - 1;
  size_t gap = slot;
  for (size_t j = (slot + 1) & mask; slots_[j].handle != 0; j = (j + 1) & mask) {
    const size_t home = static_cast<size_t>(static_cast<unsigned>(slots_[j].handle)) & mask;
    if (((j - home) & mask) >= ((j - gap) & mask)) {
      slots_[gap] = std::move(slots_[j]);
      gap = j;
    }
  }
  slots_[gap].handle = 0;
  slots_[gap].obj.reset();  // moved from already
  --live_;
  return obj;
}

int Registry::add(std::shared_ptr<Object> obj, int owner) {
  std::unique_lock<TableLock> lock(lock_);
  // Checked under the lock that remove() holds while it takes a context and its children
  // away: a child is either registered before its context goes (and goes with it) or refused.
  if (owner != 0) {
    const Slot& s = slots_[slot_of(owner)];
    if (owner < kFirstHandle || s.handle != owner || s.obj->kind != Kind::Context) {
      lock.unlock();
      obj.reset();  // released outside the lock, like every removed object
      fail(MQLCL_ERR_HANDLE, "context ", owner, " was freed while this object was being created in it");
    }
  }
  obj->owner = owner;
  for (;;) {
    const int h = next_;
    next_ = (next_ == last_) ? first_ : next_ + 1;
    if (slots_[slot_of(h)].handle == 0) {
      insert(h, std::move(obj));
      return h;
    }
  }
}

std::shared_ptr<Object> Registry::find(int handle) {
  if (handle < kFirstHandle) return nullptr;
  std::lock_guard<TableLock> lock(lock_);
  const Slot& s = slots_[slot_of(handle)];
  return s.handle == handle ? s.obj : nullptr;
}

void Registry::refuse(int handle, Kind found, Kind wanted) {
  if (found == wanted) fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed)");
  fail(MQLCL_ERR_HANDLE, "handle ", handle, " is a ", kind_name(found), ", not a ", kind_name(wanted));
}

bool Registry::remove(int handle) {
  if (handle < kFirstHandle) return false;
  // Objects are destroyed outside the lock: releasing OpenCL objects may take time.
  std::vector<std::shared_ptr<Object>> doomed;
  {
    std::lock_guard<TableLock> lock(lock_);
    const size_t at = slot_of(handle);
    if (slots_[at].handle != handle) return false;
    doomed.push_back(take(at));
    if (doomed.front()->kind == Kind::Context) {
      std::vector<int> children;
      for (const Slot& s : slots_)
        if (s.handle != 0 && s.obj->owner == handle) children.push_back(s.handle);
      for (int child : children) doomed.push_back(take(slot_of(child)));
    }
  }
  // A call that took an object's lock through lock_object holds no reference: it ends first.
  for (const std::shared_ptr<Object>& o : doomed)
    if (o->kind != Kind::Context) {
      o->mutex.lock();
      o->mutex.unlock();
    }
  return true;
}

size_t Registry::live_count() {
  std::lock_guard<TableLock> lock(lock_);
  return live_;
}

}  // namespace mqlcl
