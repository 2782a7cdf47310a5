// Class objects and their pointers (docs: Object Pointers, Object Create Operator new, Object
// Delete Operator delete, GetPointer, CheckPointer). The translator gives every class the
// program declares mql5::object as its first base (an interface: none), so each object is
// registered while it lives, as automatic or dynamic (created by new); a pointer is a C++ pointer
// and CheckPointer asks the registry, so a deleted object's pointer answers POINTER_INVALID.
// Deleted objects' memory is not reused at once (a stale pointer never names a new object) and is
// overwritten, so a virtual call through it stops the program with "invalid pointer access".
#pragma once

#include <cstddef>
#include <type_traits>

enum ENUM_POINTER_TYPE { POINTER_INVALID = 0, POINTER_DYNAMIC = 1, POINTER_AUTOMATIC = 2 };

namespace mql5 {
void* object_allocate(std::size_t bytes);
void object_release(void* at, std::size_t bytes);
void object_born(const void* base);
void object_died(const void* base);
ENUM_POINTER_TYPE object_state(const void* base);
bool object_in_released(const void* at);
[[noreturn]] void invalid_pointer(const char* what);

// Destructors are always virtual in MQL5 (docs: Constructors and Destructors).
class object {
 public:
  object() { object_born(this); }
  object(const object&) { object_born(this); }
  object& operator=(const object&) { return *this; }
  virtual ~object() {
    alive_ = 0;
    object_died(this);
  }
  bool alive() const { return alive_ == kAlive; }
  static void* operator new(std::size_t bytes) { return object_allocate(bytes); }
  static void* operator new(std::size_t, void* at) { return at; }  // arrays of objects construct in place
  static void operator delete(void* at, std::size_t bytes) { object_release(at, bytes); }
  static void operator delete(void*, void*) {}

 private:
  static constexpr unsigned kAlive = 0x4D514C35u;
  unsigned alive_ = kAlive;
};

// An ancestor of a class or structure of the program (not the registry's base): MQL5 copies an
// ancestor's value into a descendant, its own members kept (docs: Structures, Classes: "from
// ancestor to descendant (Animal ==> Dog)"; translate.py class_bodies).
template <class U, class C>
constexpr bool is_ancestor = std::is_base_of<U, C>::value && !std::is_same<U, C>::value && !std::is_same<U, object>::value;

template <class T>
const object* object_base(const T* p) {
  if constexpr (std::is_base_of<object, T>::value)
    return (const object*)p;  // NOLINT: a C-style cast reaches a private base too (class X : B)
  else  // an interface: the object behind it, unless it was deleted
    return !p || object_in_released(p) ? nullptr : dynamic_cast<const object*>(p);
}

// The start of every method of a class: a call through a NULL or deleted object's pointer is
// the critical error "invalid pointer access" (docs: CheckPointer); a deleted object's memory is
// kept a while, overwritten, so its mark reads as dead.
template <class T>
inline void check_this(const T* self) {
  if (!self || !static_cast<const object*>(object_base(self))->alive()) invalid_pointer("invalid pointer access");
}

// delete p (docs: Object Delete Operator delete): NULL is nothing to do; an object not created by
// new, or already deleted, is not deleted (the terminal logs it and goes on).
void delete_refused(const char* why);
template <class T>
void destroy(T* p) {
  if (!p) return;
  switch (object_state(object_base(p))) {
    case POINTER_DYNAMIC:
      delete p;
      return;
    case POINTER_AUTOMATIC:
      delete_refused("delete of an automatic object");
      return;
    default:
      delete_refused("delete of an invalid pointer");
  }
}

// (CDerived*)p: the terminal checks the object's type; a wrong one is a critical error
// "incorrect casting of pointers" (dynamic_cast<CDerived*>(p) gives NULL instead).
template <class T>
struct pointer_to {
  T* p;
  template <class U>
  pointer_to(U* from) : p(nullptr) {  // NOLINT: the cast's source
    if (!from) return;
    if constexpr (std::is_convertible<U*, T*>::value) {
      p = from;
    } else {
      if (object_state(object_base(from)) == POINTER_INVALID) invalid_pointer("cast of an invalid pointer");
      // MQL5 casts a const object's pointer too: (CString*)node with `const CObject *node`
      // (the standard library's Compare methods do)
      p = dynamic_cast<T*>(const_cast<typename std::remove_const<U>::type*>(from));
      if (!p) invalid_pointer("incorrect casting of pointers");
    }
  }
  pointer_to(decltype(nullptr)) : p(nullptr) {}  // NOLINT
  pointer_to(long) : p(nullptr) {}  // NOLINT: (CFoo*)NULL
  pointer_to(long long) : p(nullptr) {}  // NOLINT: MinGW's NULL is a long long 0
  pointer_to(int) : p(nullptr) {}  // NOLINT
  operator T*() const { return p; }  // NOLINT
  T* operator->() const { return p; }
};

// typename(x) (docs: Function Templates): the type's name as MQL5 writes it.
template <class T, class = void>
struct has_type_name : std::false_type {};
template <class T>
struct has_type_name<T, decltype((void)T::mql5_type_name())> : std::true_type {};
template <class T>
struct type_name_of {
  static const char16_t* get() {
    if constexpr (std::is_pointer<T>::value) return type_name_of<typename std::remove_pointer<T>::type>::get();
    else if constexpr (has_type_name<T>::value) return T::mql5_type_name();
    else if constexpr (std::is_enum<T>::value) return u"enum";
    else return u"?";
  }
};
#define MQL5_TYPE_NAME(T, NAME) \
  template <>                   \
  struct type_name_of<T> {      \
    static const char16_t* get() { return NAME; } \
  };
MQL5_TYPE_NAME(bool, u"bool")
MQL5_TYPE_NAME(signed char, u"char")
MQL5_TYPE_NAME(char, u"char")
MQL5_TYPE_NAME(unsigned char, u"uchar")
MQL5_TYPE_NAME(short, u"short")
MQL5_TYPE_NAME(unsigned short, u"ushort")
MQL5_TYPE_NAME(char16_t, u"ushort")
MQL5_TYPE_NAME(int, u"int")
MQL5_TYPE_NAME(unsigned int, u"uint")
MQL5_TYPE_NAME(long long, u"long")
MQL5_TYPE_NAME(unsigned long long, u"ulong")
MQL5_TYPE_NAME(long, u"long")
MQL5_TYPE_NAME(unsigned long, u"ulong")
MQL5_TYPE_NAME(float, u"float")
MQL5_TYPE_NAME(double, u"double")
MQL5_TYPE_NAME(void, u"void")
MQL5_TYPE_NAME(string, u"string")
#undef MQL5_TYPE_NAME
}  // namespace mql5

template <class T>
T* GetPointer(T& obj) {
  static_assert(std::is_polymorphic<T>::value, "GetPointer: only class objects have pointers (docs: GetPointer)");
  return &obj;
}
template <class T>
T* GetPointer(T* p) {
  return p;
}
template <class T>
ENUM_POINTER_TYPE CheckPointer(const T* p) {
  return p ? mql5::object_state(mql5::object_base(p)) : POINTER_INVALID;
}
inline ENUM_POINTER_TYPE CheckPointer(decltype(nullptr)) { return POINTER_INVALID; }
// A void * holds a class object's pointer (docs: Object Pointers): the object starts where its
// registered base does.
inline ENUM_POINTER_TYPE CheckPointer(const void* p) { return p ? mql5::object_state(p) : POINTER_INVALID; }
namespace mql5 {
// docs (Object Pointers): "!" checks a pointer "via an implicit call of the CheckPointer
// function": a deleted object's pointer is false as a condition, as NULL is (translate.py
// pointer_conditions writes the conditions so).
template <class T>
bool valid(const T* p) {
  return CheckPointer(p) != POINTER_INVALID;
}
}  // namespace mql5

namespace mql5 {
// A class pointer on its way to a pointer of another class (translate.py: pointer_conversions):
// converts to the destination's type, upwards as C++ does, downwards after checking the object.
template <class U>
struct any_pointer {
  U* p;
  template <class T>
  operator T*() const {  // NOLINT
    return pointer_to<T>(p);
  }
};
template <class U>
any_pointer<U> object_cast(U* p) {
  return {p};
}
template <class V, typename std::enable_if<!std::is_pointer<typename std::decay<V>::type>::value, int>::type = 0>
V&& object_cast(V&& v) {
  return static_cast<V&&>(v);
}
}  // namespace mql5

namespace mql5 {
// (S)x between simple structures: the bytes of x, as many as fit in S (docs: Typecasting,
// "Typecasting of simple structure types"). (S)x of a structure derived from S is x's S part,
// which an assignment writes to (EA31337-classes, compiled by MetaEditor in its CI, copies a
// base's members so: ((MqlParam)this) = ((MqlParam)other)).
template <class S>
struct struct_bits {
  S value;
  S* part = nullptr;
  template <class U>
  struct_bits(const U& from) : value() {  // NOLINT: the cast's source
    if constexpr (std::is_base_of<S, U>::value) {
      part = const_cast<S*>(static_cast<const S*>(&from));
    } else {
      static_assert(std::is_trivially_copyable<U>::value && std::is_trivially_copyable<S>::value,
                    "only simple structures are cast to each other");
      __builtin_memcpy(static_cast<void*>(&value), static_cast<const void*>(&from),
                       sizeof(S) < sizeof(U) ? sizeof(S) : sizeof(U));
    }
  }
  struct_bits(const struct_bits&) = default;
  S& target() { return part ? *part : value; }
  const S& target() const { return part ? *part : value; }
  struct_bits& operator=(const struct_bits& other) {
    target() = other.target();
    return *this;
  }
  struct_bits& operator=(const S& other) {
    target() = other;
    return *this;
  }
  operator S&() { return target(); }              // NOLINT
  operator const S&() const { return target(); }  // NOLINT
};
}  // namespace mql5

namespace mql5 {
// dynamic_cast<I*>(x) (docs: Dynamic Type Casting): the object as I, or NULL; a template's code
// may give it a value that is no pointer (T an int), which is NULL too.
template <class P, class U>
P dynamic_pointer(U* p) {
  return dynamic_cast<P>(p);
}
template <class P, class U, typename std::enable_if<!std::is_pointer<U>::value, int>::type = 0>
P dynamic_pointer(const U&) {
  return nullptr;
}
}  // namespace mql5
