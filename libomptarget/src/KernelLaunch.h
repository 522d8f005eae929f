//===- KernelLaunch.h - The launch of a target region -----------*- C++ -*-===//
//
// A target region on a device: map its data, pass its arguments, pick the
// geometry, queue its kernel and unmap. The region returns without waiting for
// its kernel unless the program could see the kernel's work at once.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_KERNELLAUNCH_H
#define OMPTARGET_KERNELLAUNCH_H

#include "DataEnvironment.h"
#include "omptarget.h"

#include <cstdint>

namespace omptarget {

class Device;
struct Kernel;

/// Runs the target region at \p Loc on \p D (which the caller holds) on the
/// device's current lane: the data mapping of its map clauses around the
/// launch of \p K. Without \p Deferred the region completes as the program
/// sees it: data copied out has landed, and the kernel is done wherever the
/// host could see its work otherwise (memory both use in place, printf);
/// else the kernel only is queued. With \p Deferred (an asynchronous region)
/// nothing is waited for and \p Deferred receives the host pointers to
/// restore once the queued work is done.
void launchKernel(Device &D, Kernel &K, const ident_t *Loc, int32_t NumTeams,
                  const __tgt_kernel_arguments &Args,
                  DataEnvironment::Restores *Deferred);

} // namespace omptarget

#endif // OMPTARGET_KERNELLAUNCH_H
