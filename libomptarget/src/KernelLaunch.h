//===- KernelLaunch.h - The launch of a target region -----------*- C++ -*-===//
//
// A target region on a device: map its data, pass its arguments, pick the
// geometry, run its kernel, wait for it and unmap.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_KERNELLAUNCH_H
#define OMPTARGET_KERNELLAUNCH_H

#include "omptarget.h"

#include <cstdint>

namespace omptarget {

class Device;
struct Kernel;

/// Runs a target region on \p D (whose lock the caller holds): the data
/// mapping of its map clauses around the launch of \p K.
void launchKernel(Device &D, Kernel &K, int32_t NumTeams,
                  const __tgt_kernel_arguments &Args);

} // namespace omptarget

#endif // OMPTARGET_KERNELLAUNCH_H
