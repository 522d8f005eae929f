//===- Debug.h - Fatal runtime errors ---------------------------*- C++ -*-===//
//
// Errors a program can cause on the device (unsupported use, contract
// violations, exhausted memory) print one line naming the source location
// and the thread, then trap so the host sees a failed kernel.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DEBUG_H
#define OMPGPU_DEVICE_DEBUG_H

#include "DeviceTypes.h"

namespace ompgpu {

[[noreturn]] void fatal(const ident_t *Loc, const char *Msg);

} // namespace ompgpu

#endif // OMPGPU_DEVICE_DEBUG_H
