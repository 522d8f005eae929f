//===- CudaDeviceRuntime.h - Linking CUDA's device runtime ------*- C++ -*-===//
//
// A device program that launches grids from device code (dynamic
// parallelism, docs/DESIGN.md) calls CUDA's device runtime, which exists
// only as relocatable device code (libcudadevrt.a): ptxas then compiles the
// program as relocatable code (-c) and nvlink links it with that library
// into the cubin. Relocatable code costs other kernels performance, so only
// programs that still launch after optimization take this path: one whose
// launches all folded away (an if clause that is false) is compiled whole,
// as if it had none.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_CUDADEVICERUNTIME_H
#define OMPGPU_OFFLOADLINK_CUDADEVICERUNTIME_H

#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/IR/Module.h"

namespace ompgpu {

/// Whether \p Name is a function of CUDA's device runtime, which nvlink
/// brings from libcudadevrt.a.
bool isCudaDeviceRuntimeFunction(llvm::StringRef Name);

/// Whether the optimized device program \p Program launches grids.
bool launchesFromDevice(const llvm::Module &Program);

/// Links the relocatable cubin \p Object with libcudadevrt.a of
/// \p CudaLibDir into the cubin \p Cubin for \p Arch, with \p Nvlink.
llvm::Error linkCudaDeviceRuntime(const LinkSession &Session,
                                  llvm::StringRef Nvlink,
                                  llvm::StringRef CudaLibDir,
                                  llvm::StringRef Arch, llvm::StringRef Object,
                                  llvm::StringRef Cubin);

} // namespace ompgpu

#endif
