//===- DebugRuntime.h - Which device runtime a device link takes ----------===//
//
// clang-22 defines __omp_rtl_debug_kind in the device code of every
// translation unit: N for -fopenmp-target-debug=N (1 for the bare flag), 0
// without the flag. A device link with an input whose value is not 0 takes
// the debug build of the device runtime (libompdevice-nvptx-debug.bc), which
// checks the runtime's invariants and the program's use of the runtime,
// instead of the release build.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_CLANGLINKERWRAPPER_DEBUGRUNTIME_H
#define OMPGPU_CLANGLINKERWRAPPER_DEBUGRUNTIME_H

#include "ompgpu/OffloadLink/DeviceInputs.h"

namespace ompgpu {

/// The first of \p Inputs compiled with -fopenmp-target-debug, if any.
llvm::Expected<const DeviceInput *>
findDebugRuntimeRequest(llvm::ArrayRef<DeviceInput> Inputs);

} // namespace ompgpu

#endif
