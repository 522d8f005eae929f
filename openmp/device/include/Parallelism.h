//===- Parallelism.h - Worker side of generic-mode fork/join ----*- C++ -*-===//
//
// The loop the worker threads of a generic kernel run until the main thread
// terminates the kernel; entered from __kmpc_target_init.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_PARALLELISM_H
#define OMPGPU_DEVICE_PARALLELISM_H

#include "DeviceTypes.h"

namespace ompgpu {

void runWorkerLoop(uint32_t Tid);

} // namespace ompgpu

#endif // OMPGPU_DEVICE_PARALLELISM_H
