//===- Ordered.h - Ordered blocks of worksharing loops ----------*- C++ -*-===//
//
// What dispatch loops with the ordered clause share with the ordered blocks
// (Ordered.cpp): where each thread keeps the offset of the iteration it runs.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_ORDERED_H
#define OMPGPU_DEVICE_ORDERED_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace ordered {

/// One offset per thread of the block. Only kernels with ordered loops refer
/// to it, and so only they get its shared memory: other dispatch loops reach
/// it through their slot, where it is null.
uint64_t *iterations();

} // namespace ordered
} // namespace ompgpu

#endif // OMPGPU_DEVICE_ORDERED_H
