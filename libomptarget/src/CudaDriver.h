//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The runtime builds without CUDA and without a GPU: it declares the few driver
// API types and functions it uses itself and resolves them from
// libcuda.so.1 with dlopen at the first target construct.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_CUDADRIVER_H
#define OMPTARGET_CUDADRIVER_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace omptarget {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUarray = struct CUarray_st *;

// Device addresses are held as uintptr_t throughout (Address.h).
static_assert(sizeof(CUdeviceptr) == sizeof(uintptr_t),
              "device and host addresses must have the same width");

enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_LAUNCH_FAILED = 719,
};

/// Whether \p Result is one of the errors a failing kernel leaves in its
/// context (illegal address or instruction, trap, assert, timeout, ...),
/// which every later call on the context returns.
inline bool isKernelFault(CUresult Result) {
  return Result == CUDA_ERROR_ILLEGAL_ADDRESS ||
         Result == CUDA_ERROR_LAUNCH_TIMEOUT || Result == CUDA_ERROR_ASSERT ||
         (Result >= CUDA_ERROR_HARDWARE_STACK_ERROR &&
          Result <= CUDA_ERROR_LAUNCH_FAILED);
}

enum : int {
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  // A stream created with CU_STREAM_DEFAULT is ordered with the legacy
  // default stream (NULL), one with CU_STREAM_NON_BLOCKING is not.
  CU_STREAM_DEFAULT = 0,
  CU_STREAM_NON_BLOCKING = 1,
  CU_EVENT_DEFAULT = 0,
  CU_EVENT_DISABLE_TIMING = 2,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_MEM_ATTACH_GLOBAL = 1,
  // The same bits for cuMemHostAlloc and cuMemHostRegister.
  CU_MEMHOST_PORTABLE = 1,
  CU_MEMHOST_DEVICEMAP = 2,
  // Sizes of a context's device-side services (cuCtxSetLimit).
  CU_LIMIT_STACK_SIZE = 0,
  CU_LIMIT_PRINTF_FIFO_SIZE = 1,
  CU_LIMIT_MALLOC_HEAP_SIZE = 2,
  CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT = 4,
};

/// The keys of cuLaunchKernel's Extra list, which passes the kernel's
/// parameters as one buffer (the driver copies it at the launch) and its size.
inline void *const CU_LAUNCH_PARAM_END = nullptr;
inline void *const CU_LAUNCH_PARAM_BUFFER_POINTER = reinterpret_cast<void *>(1);
inline void *const CU_LAUNCH_PARAM_BUFFER_SIZE = reinterpret_cast<void *>(2);

/// Where one side of a 2-D or 3-D copy is.
enum CUmemorytype : int {
  CU_MEMORYTYPE_HOST = 1,
  CU_MEMORYTYPE_DEVICE = 2,
};

/// cuMemcpy2DAsync_v2's parameters (cuda.h's CUDA_MEMCPY2D_v2 layout).
struct CUDA_MEMCPY2D {
  size_t srcXInBytes, srcY;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes, dstY;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes, Height;
};

/// cuMemcpy3DAsync_v2's parameters (cuda.h's CUDA_MEMCPY3D_v2 layout), and
/// cuMemcpy3DPeerAsync's (CUDA_MEMCPY3D_PEER, the same layout with each
/// side's context where the other has reserved words, which must be null).
struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  CUcontext srcContext;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  CUcontext dstContext;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};
static_assert(sizeof(CUDA_MEMCPY2D) == 128 && sizeof(CUDA_MEMCPY3D) == 200,
              "the copy parameters must have cuda.h's layout");

/// Member name, exported symbol (the _v2 names where the driver has them),
/// return type and parameters of every driver function we call.
#define OMPTARGET_CUDA_FUNCTIONS(X)                                            \
  X(Init, "cuInit", (unsigned Flags))                                          \
  X(DriverGetVersion, "cuDriverGetVersion", (int *Version))                    \
  X(GetErrorName, "cuGetErrorName", (CUresult Error, const char **Name))       \
  X(GetErrorString, "cuGetErrorString", (CUresult Error, const char **Str))    \
  X(DeviceGetCount, "cuDeviceGetCount", (int *Count))                          \
  X(DeviceGet, "cuDeviceGet", (CUdevice * Device, int Ordinal))                \
  X(DeviceGetName, "cuDeviceGetName", (char *Name, int Len, CUdevice Device))  \
  X(DeviceGetAttribute, "cuDeviceGetAttribute",                                \
    (int *Value, int Attribute, CUdevice Device))                              \
  X(DeviceTotalMem, "cuDeviceTotalMem_v2", (size_t * Bytes, CUdevice Device))  \
  X(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                        \
    (CUcontext * Context, CUdevice Device))                                    \
  X(DeviceCanAccessPeer, "cuDeviceCanAccessPeer",                              \
    (int *CanAccess, CUdevice Device, CUdevice Peer))                          \
  X(CtxEnablePeerAccess, "cuCtxEnablePeerAccess",                              \
    (CUcontext Peer, unsigned Flags))                                          \
  X(CtxSetCurrent, "cuCtxSetCurrent", (CUcontext Context))                     \
  X(CtxSetLimit, "cuCtxSetLimit", (int Limit, size_t Value))                   \
  X(StreamCreate, "cuStreamCreate", (CUstream * Stream, unsigned Flags))       \
  X(StreamSynchronize, "cuStreamSynchronize", (CUstream Stream))               \
  X(StreamWaitEvent, "cuStreamWaitEvent",                                      \
    (CUstream Stream, CUevent Event, unsigned Flags))                          \
  X(StreamWriteValue32, "cuStreamWriteValue32_v2",                             \
    (CUstream Stream, CUdeviceptr Address, uint32_t Value, unsigned Flags))    \
  X(EventCreate, "cuEventCreate", (CUevent * Event, unsigned Flags))           \
  X(EventRecord, "cuEventRecord", (CUevent Event, CUstream Stream))            \
  X(EventQuery, "cuEventQuery", (CUevent Event))                               \
  X(EventSynchronize, "cuEventSynchronize", (CUevent Event))                   \
  X(EventElapsedTime, "cuEventElapsedTime",                                    \
    (float *Milliseconds, CUevent Start, CUevent End))                         \
  X(ModuleLoadDataEx, "cuModuleLoadDataEx",                                    \
    (CUmodule * Module, const void *Image, unsigned NumOptions, int *Options,  \
     void **OptionValues))                                                     \
  X(ModuleUnload, "cuModuleUnload", (CUmodule Module))                         \
  X(ModuleGetFunction, "cuModuleGetFunction",                                  \
    (CUfunction * Function, CUmodule Module, const char *Name))                \
  X(ModuleGetGlobal, "cuModuleGetGlobal_v2",                                   \
    (CUdeviceptr * Ptr, size_t * Bytes, CUmodule Module, const char *Name))    \
  X(FuncGetAttribute, "cuFuncGetAttribute",                                    \
    (int *Value, int Attribute, CUfunction Function))                          \
  X(FuncSetAttribute, "cuFuncSetAttribute",                                    \
    (CUfunction Function, int Attribute, int Value))                           \
  X(OccupancyMaxActiveBlocksPerMultiprocessor,                                 \
    "cuOccupancyMaxActiveBlocksPerMultiprocessor",                             \
    (int *NumBlocks, CUfunction Function, int BlockSize,                       \
     size_t DynamicSharedMemory))                                              \
  X(LaunchKernel, "cuLaunchKernel",                                            \
    (CUfunction Function, unsigned GridX, unsigned GridY, unsigned GridZ,      \
     unsigned BlockX, unsigned BlockY, unsigned BlockZ,                        \
     unsigned SharedMemBytes, CUstream Stream, void **KernelParams,            \
     void **Extra))                                                            \
  X(MemAlloc, "cuMemAlloc_v2", (CUdeviceptr * Ptr, size_t Bytes))              \
  X(MemFree, "cuMemFree_v2", (CUdeviceptr Ptr))                                \
  X(MemGetInfo, "cuMemGetInfo_v2", (size_t * Free, size_t * Total))            \
  X(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                   \
    (CUdeviceptr Dst, const void *Src, size_t Bytes, CUstream Stream))         \
  X(MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2",                                   \
    (void *Dst, CUdeviceptr Src, size_t Bytes, CUstream Stream))               \
  X(MemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2",                                   \
    (CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes, CUstream Stream))         \
  X(MemcpyPeerAsync, "cuMemcpyPeerAsync",                                      \
    (CUdeviceptr Dst, CUcontext DstContext, CUdeviceptr Src,                   \
     CUcontext SrcContext, size_t Bytes, CUstream Stream))                     \
  X(MemsetD8Async, "cuMemsetD8Async",                                          \
    (CUdeviceptr Dst, unsigned char Value, size_t Bytes, CUstream Stream))     \
  X(Memcpy2DAsync, "cuMemcpy2DAsync_v2",                                       \
    (const CUDA_MEMCPY2D *Copy, CUstream Stream))                              \
  X(Memcpy3DAsync, "cuMemcpy3DAsync_v2",                                       \
    (const CUDA_MEMCPY3D *Copy, CUstream Stream))                              \
  X(Memcpy3DPeerAsync, "cuMemcpy3DPeerAsync",                                  \
    (const CUDA_MEMCPY3D *Copy, CUstream Stream))                              \
  X(MemAllocManaged, "cuMemAllocManaged",                                      \
    (CUdeviceptr * Ptr, size_t Bytes, unsigned Flags))                         \
  X(MemHostAlloc, "cuMemHostAlloc",                                            \
    (void **Ptr, size_t Bytes, unsigned Flags))                                \
  X(MemFreeHost, "cuMemFreeHost", (void *Ptr))                                 \
  X(MemHostRegister, "cuMemHostRegister_v2",                                   \
    (void *Ptr, size_t Bytes, unsigned Flags))                                 \
  X(MemHostUnregister, "cuMemHostUnregister", (void *Ptr))

/// The driver's entry points, resolved once from libcuda.so.1.
struct CudaDriver {
#define OMPTARGET_CUDA_MEMBER(Member, Symbol, Params) CUresult(*Member) Params;
  OMPTARGET_CUDA_FUNCTIONS(OMPTARGET_CUDA_MEMBER)
#undef OMPTARGET_CUDA_MEMBER

  /// "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)".
  std::string describe(CUresult Error) const;

  /// Ends the process with "device <Device>: <What>: <error>" if \p Result is
  /// an error.
  void check(CUresult Result, int Device, const char *What) const;
};

/// Opens libcuda.so.1 and resolves every function; on failure returns nullptr
/// and says why in \p Reason.
const CudaDriver *loadCudaDriver(std::string &Reason);

} // namespace omptarget

#endif // OMPTARGET_CUDADRIVER_H
