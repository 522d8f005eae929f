//===- LaunchEnvironment.h - What a kernel's launcher passed it -*- C++ -*-===//
//
// Every kernel gets a launch environment pointer as its first argument
// (OffloadABI.h), which clang-22 hands to __kmpc_target_init and to nothing
// else. __kmpc_target_init keeps it for the block, where the code that uses
// what the launcher provides finds it: the teams-reduction records. Every
// thread stores the same value and reads only after its own store, so no
// barrier is needed; in kernels that never read it, the link step drops the
// stores (UnreadSharedState).
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_LAUNCHENVIRONMENT_H
#define OMPGPU_DEVICE_LAUNCHENVIRONMENT_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace launch {

using LaunchEnvironmentPointer = KernelLaunchEnvironmentTy *;
/// The launch environment of the calling thread's kernel (defined in
/// Kernel.cpp, which writes it).
extern __attribute__((address_space(3)))
LaunchEnvironmentPointer BlockEnvironment;

inline KernelLaunchEnvironmentTy *environment() { return BlockEnvironment; }

} // namespace launch
} // namespace ompgpu

#endif // OMPGPU_DEVICE_LAUNCHENVIRONMENT_H
