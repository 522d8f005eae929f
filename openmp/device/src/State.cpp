//===- State.cpp - Team and thread state in shared memory -----------------===//
//
// Defines the shared-memory state declared in State.h: the threads' state
// bytes and the team state of generic kernels.
//
//===----------------------------------------------------------------------===//

#include "State.h"

namespace ompgpu {
namespace state {

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
uint8_t ThreadStates[MaxThreadsPerBlock];

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
TeamStateTy TeamState;

} // namespace state
} // namespace ompgpu
