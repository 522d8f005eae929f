//===- ParallelCopy.h - memcpy split across host threads --------*- C++ -*-===//
//
// A copy between host memory and the runtime's pinned memory, split across
// the threads of a HostThreads crew, for copies the link would otherwise
// wait for (the landing of copies to the host).
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_PARALLELCOPY_H
#define OMPTARGET_PARALLELCOPY_H

#include "HostThreads.h"

#include <cstddef>

namespace omptarget {

/// A split gains nothing below this: waking a thread costs about as much as
/// copying it alone.
constexpr size_t MinParallelPieceBytes = size_t(1) << 20;

/// memcpy(Dst, Src, Size), split into pieces of at least
/// MinParallelPieceBytes that \p Threads copy at once.
void parallelCopy(HostThreads &Threads, void *Dst, const void *Src,
                  size_t Size);

} // namespace omptarget

#endif // OMPTARGET_PARALLELCOPY_H
