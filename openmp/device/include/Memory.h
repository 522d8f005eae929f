//===- Memory.h - Data-sharing stack of generic kernels ---------*- C++ -*-===//
//
// The main thread of a generic kernel keeps the locals it shares with its
// workers on a LIFO stack in the block's dynamic shared memory. The host
// decides its size when it launches the kernel; allocations that do not fit go
// to global memory.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_MEMORY_H
#define OMPGPU_DEVICE_MEMORY_H

#include "Debug.h"
#include "DeviceTypes.h"
#include "Hardware.h"
#include "State.h"

extern "C" __attribute__((address_space(3)))
__attribute__((aligned(16))) char __ompgpu_dynamic_shared[];

namespace ompgpu {
namespace memory {

constexpr uint32_t StackAlignment = 16;

inline char *stackBase() { return (char *)__ompgpu_dynamic_shared; }
inline uint32_t stackSize() {
  return hw::dynamicSharedSize() & ~(StackAlignment - 1);
}

/// The top of the stack; what is below it is in use.
inline uint32_t stackTop() {
  uint32_t Top = state::TeamState.StackTop;
  OMPGPU_CHECK(Top % StackAlignment == 0 && Top <= stackSize(), nullptr,
               "the data-sharing stack's top is out of place");
  return Top;
}

/// Returns null when Bytes do not fit.
inline void *pushStack(uint64_t Bytes) {
  uint32_t Top = stackTop();
  uint64_t Free = stackSize() - Top;
  if (Bytes > Free)
    return nullptr;
  uint32_t Size =
      (uint32_t(Bytes) + StackAlignment - 1) & ~(StackAlignment - 1);
  if (Size > Free)
    return nullptr;
  state::TeamState.StackTop = Top + Size;
  return stackBase() + Top;
}

inline bool onStack(void *Ptr) {
  char *P = static_cast<char *>(Ptr);
  return P >= stackBase() && P < stackBase() + stackSize();
}

/// Pops the allocation of Bytes at Ptr; false if it is not the top of the
/// stack (frees are out of order).
inline bool popStack(void *Ptr, uint64_t Bytes) {
  uint32_t Size =
      (uint32_t(Bytes) + StackAlignment - 1) & ~(StackAlignment - 1);
  uint32_t Top = stackTop();
  if (Size > Top || stackBase() + (Top - Size) != Ptr)
    return false;
  state::TeamState.StackTop = Top - Size;
  return true;
}

} // namespace memory
} // namespace ompgpu

#endif // OMPGPU_DEVICE_MEMORY_H
