//===- StreamingCopy.h - Copies that bypass the host's caches ---*- C++ -*-===//
//
// A staged copy moves each byte through host memory three times (the host
// reads it and writes it, the DMA reads or writes it), and the host's memory
// bandwidth bounds it. An ordinary store first reads the line it writes into
// the cache (a fourth pass); a non-temporal store writes the line to memory
// without reading it, and leaves the caches to the program.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_STREAMINGCOPY_H
#define OMPTARGET_STREAMINGCOPY_H

#include <cstddef>

namespace omptarget {

/// memcpy(Dst, Src, Size) with non-temporal stores where the host has them
/// (x86-64), memcpy elsewhere. Its stores are ordered before the caller's
/// next stores (a fence), so that a DMA the caller starts next reads them.
void streamingCopy(void *Dst, const void *Src, size_t Size);

} // namespace omptarget

#endif // OMPTARGET_STREAMINGCOPY_H
