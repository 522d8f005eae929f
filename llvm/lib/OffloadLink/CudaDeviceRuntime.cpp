//===- CudaDeviceRuntime.cpp - Linking CUDA's device runtime --------------===//
#include "ompgpu/OffloadLink/CudaDeviceRuntime.h"

#include "OffloadABI.h"

using namespace llvm;

namespace ompgpu {

bool isCudaDeviceRuntimeFunction(StringRef Name) {
  // The CDP2 entry points nvcc's code calls on sm_90 and later.
  return Name.starts_with("__cudaCDP2");
}

bool launchesFromDevice(const Module &Program) {
  const Function *Launch =
      Program.getFunction(OMPGPU_CUDA_LAUNCH_DEVICE_SYMBOL);
  return Launch && !Launch->use_empty();
}

Error linkCudaDeviceRuntime(const LinkSession &Session, StringRef Nvlink,
                            StringRef CudaLibDir, StringRef Arch,
                            StringRef Object, StringRef Cubin) {
  note(Session, "the device program launches grids from device code: "
                "linking CUDA's device runtime with nvlink");
  return runCommand(Session, Nvlink,
                    {"-arch=" + Arch.str(), Object.str(),
                     "-L" + CudaLibDir.str(), "-lcudadevrt", "-o",
                     Cubin.str()});
}

} // namespace ompgpu
