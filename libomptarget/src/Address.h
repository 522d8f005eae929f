//===- Address.h - Host and device addresses as integers --------*- C++ -*-===//
//
// The runtime does its range arithmetic (mapped ranges, offsets of members
// and base pointers, device buffers) on addresses held as uintptr_t, host and
// device alike: device memory is never dereferenced on the host, and
// CUdeviceptr has the same width. These are the only conversions between
// pointers and such integers.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_ADDRESS_H
#define OMPTARGET_ADDRESS_H

#include <cstdint>

namespace omptarget {

/// The address of \p P as an integer.
inline uintptr_t addressOf(const void *P) {
  return reinterpret_cast<uintptr_t>(P);
}

/// The pointer to \p Address, host or device.
template <typename T = void> T *pointerTo(uintptr_t Address) {
  return reinterpret_cast<T *>(Address);
}

/// The address that lies to \p To as \p Address lies to \p From: the device
/// address of a host address inside a mapped range, or the base pointer of a
/// device copy given the device address of its begin.
inline uintptr_t rebase(uintptr_t Address, uintptr_t From, uintptr_t To) {
  return To + (Address - From);
}

/// The pointer stored at the host address \p Where, as an address.
inline uintptr_t loadAddress(uintptr_t Where) {
  return *pointerTo<uintptr_t>(Where);
}

/// Stores \p Value as the pointer at the host address \p Where.
inline void storeAddress(uintptr_t Where, uintptr_t Value) {
  *pointerTo<uintptr_t>(Where) = Value;
}

} // namespace omptarget

#endif // OMPTARGET_ADDRESS_H
