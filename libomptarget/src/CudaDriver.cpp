//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//
//
// Resolves the driver functions listed in CudaDriver.h from libcuda.so.1, the
// name every NVIDIA driver installation provides (libcuda.so comes only with
// development packages).
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "Diagnostics.h"

#include <dlfcn.h>

using namespace omptarget;

std::string CudaDriver::describe(CUresult Error) const {
  const char *Name = nullptr, *Str = nullptr;
  if (GetErrorName(Error, &Name) != CUDA_SUCCESS || !Name)
    return format("CUDA error %d", Error);
  if (GetErrorString(Error, &Str) != CUDA_SUCCESS || !Str)
    return Name;
  return format("%s (%s)", Name, Str);
}

void CudaDriver::check(CUresult Result, int Device, const char *What) const {
  if (Result != CUDA_SUCCESS)
    fatal("device %d: %s: %s", Device, What, describe(Result).c_str());
}

const CudaDriver *omptarget::loadCudaDriver(std::string &Reason) {
  void *Library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Library) {
    const char *Error = dlerror();
    Reason = Error ? Error : "cannot load libcuda.so.1";
    return nullptr;
  }
  // Lives as long as the process: kernels and memory outlive every scope.
  auto *Driver = new CudaDriver();
#define OMPTARGET_CUDA_RESOLVE(Member, Symbol, Params)                         \
  Driver->Member =                                                             \
      reinterpret_cast<decltype(Driver->Member)>(dlsym(Library, Symbol));      \
  if (!Driver->Member) {                                                       \
    Reason = "libcuda.so.1 has no " Symbol " (the NVIDIA driver is too old)";  \
    delete Driver;                                                             \
    dlclose(Library);                                                          \
    return nullptr;                                                            \
  }
  OMPTARGET_CUDA_FUNCTIONS(OMPTARGET_CUDA_RESOLVE)
#undef OMPTARGET_CUDA_RESOLVE
  return Driver;
}
