// A stand-in for libcuda.so.1 so that the host runtime's GPU paths (device
// set-up, image choice, kernel lookup, launch geometry, argument passing, data
// movement, error reporting) run in tests on machines without a GPU. "Device"
// memory is host memory; a "kernel" is a host function of the test program
// named fakedev_<kernel name>, called once per launch with the kernel
// parameters and the geometry; a device global <name> is the test program's
// symbol fakedev_<name>. Names of clang's kernels carry machine-specific ids:
// __omp_offloading_<dev>_<file>_main_l5 is also found as fakedev_omp_main_l5
// (and its environment as fakedev_omp_main_l5_kernel_environment). Test
// programs are linked with -rdynamic so that dlsym finds them.
//
// Settings (environment): FAKE_CUDA_DEVICES (1), FAKE_CUDA_SM (90),
// FAKE_CUDA_SMS (132 multiprocessors), FAKE_CUDA_OCCUPANCY (16 blocks per
// multiprocessor), FAKE_CUDA_MAX_THREADS (1024 threads per block for every
// kernel), FAKE_CUDA_MEMORY (bytes that may be allocated), FAKE_CUDA_INIT_ERROR
// (cuInit's result), FAKE_CUDA_KERNEL_ERROR (what waiting for a kernel
// returns), FAKE_CUDA_REJECT ("cubin" or "ptx": images the driver refuses),
// FAKE_CUDA_TRACE=1 (print module loads, launches, allocations and copies),
// FAKE_CUDA_KERNEL_US (GPU time of every kernel, in microseconds),
// FAKE_CUDA_COUNT_FAILURES=1 (print each failed call, and their number at
// exit),
// FAKE_CUDA_PAGEABLE (1: kernels reach all host memory, as with HMM; 0 by
// default, like an H100 without HMM), FAKE_CUDA_MAX_PITCH (largest pitch of a
// 2-D or 3-D copy).
//
// Streams have a clock: work runs when it is queued, but each kernel keeps its
// stream busy for FAKE_CUDA_KERNEL_US microseconds (0 by default) from the
// moment the stream is free; events record when the stream reaches them, and
// waiting for a stream sleeps until it is done. So, like on a real GPU, a
// launch returns at once, the wait takes the kernel's time, and only events
// tell how long the kernel ran.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void (*FakeKernel)(void **Params, unsigned Teams, unsigned Threads);

struct Module {
  int IsPTX;
};
struct Function {
  char Name[256];
  FakeKernel Body;
};

static int setting(const char *Name, int Default) {
  const char *V = getenv(Name);
  return V && *V ? atoi(V) : Default;
}

static void trace(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
static void trace(const char *Fmt, ...) {
  if (!setting("FAKE_CUDA_TRACE", 0))
    return;
  va_list Args;
  va_start(Args, Fmt);
  fprintf(stderr, "fake-cuda: ");
  vfprintf(stderr, Fmt, Args);
  fprintf(stderr, "\n");
  va_end(Args);
}

/// Failed calls, which a normal run of the runtime makes none of: it never
/// probes the driver for what an image may lack.
static int Failures;
static CUresult result(CUresult E, const char *Call) {
  if (E) {
    ++Failures;
    if (setting("FAKE_CUDA_COUNT_FAILURES", 0))
      fprintf(stderr, "fake-cuda: %s failed with %d\n", Call, E);
  }
  return E;
}
#define RESULT(E) result((E), __func__)
__attribute__((destructor)) static void reportFailures(void) {
  if (setting("FAKE_CUDA_COUNT_FAILURES", 0))
    fprintf(stderr, "fake-cuda: %d failed calls\n", Failures);
}

static long long Allocated;
static int PendingKernelError;

/// Milliseconds on the host's monotonic clock.
static double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}
struct Stream {
  /// When the work queued so far is done.
  double BusyUntilMs;
};
/// When work queued now on \p S starts: when the stream is free.
static double freeMs(void *S) {
  double Now = nowMs(), Busy = ((struct Stream *)S)->BusyUntilMs;
  return Busy > Now ? Busy : Now;
}

struct Event {
  double Ms;
};

CUresult cuInit(unsigned Flags) {
  (void)Flags;
  return RESULT(setting("FAKE_CUDA_INIT_ERROR", 0));
}
CUresult cuDriverGetVersion(int *V) {
  *V = 13000;
  return 0;
}
CUresult cuGetErrorName(CUresult E, const char **Name) {
  switch (E) {
  case 2: *Name = "CUDA_ERROR_OUT_OF_MEMORY"; return 0;
  case 100: *Name = "CUDA_ERROR_NO_DEVICE"; return 0;
  case 209: *Name = "CUDA_ERROR_NO_BINARY_FOR_GPU"; return 0;
  case 218: *Name = "CUDA_ERROR_INVALID_PTX"; return 0;
  case 500: *Name = "CUDA_ERROR_NOT_FOUND"; return 0;
  case 700: *Name = "CUDA_ERROR_ILLEGAL_ADDRESS"; return 0;
  }
  return RESULT(1);
}
CUresult cuGetErrorString(CUresult E, const char **Str) {
  switch (E) {
  case 700: *Str = "an illegal memory access was encountered"; return 0;
  case 100: *Str = "no CUDA-capable device is detected"; return 0;
  }
  return RESULT(1);
}
CUresult cuDeviceGetCount(int *N) {
  *N = setting("FAKE_CUDA_DEVICES", 1);
  return 0;
}
CUresult cuDeviceGet(int *D, int Ordinal) {
  *D = Ordinal;
  return 0;
}
CUresult cuDeviceGetName(char *Name, int Len, int D) {
  snprintf(Name, Len, "Fake GPU %d", D);
  return 0;
}
CUresult cuDeviceGetAttribute(int *V, int Attribute, int D) {
  (void)D;
  int SM = setting("FAKE_CUDA_SM", 90);
  switch (Attribute) {
  case 5: *V = 0x7fffffff; return 0;
  case 11: *V = setting("FAKE_CUDA_MAX_PITCH", 0x7fffffff); return 0;
  case 16: *V = setting("FAKE_CUDA_SMS", 132); return 0;
  case 75: *V = SM / 10; return 0;
  case 76: *V = SM % 10; return 0;
  case 88: *V = setting("FAKE_CUDA_PAGEABLE", 0); return 0;
  case 89: *V = 1; return 0;
  }
  return RESULT(1);
}
CUresult cuDeviceTotalMem_v2(size_t *Bytes, int D) {
  (void)D;
  *Bytes = (size_t)80 << 30;
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **Ctx, int D) {
  *Ctx = (void *)(uintptr_t)(0x1000 + D);
  trace("context for device %d", D);
  return 0;
}
CUresult cuCtxSetCurrent(void *Ctx) {
  (void)Ctx;
  return 0;
}
CUresult cuStreamCreate(void **S, unsigned Flags) {
  (void)Flags;
  *S = calloc(1, sizeof(struct Stream));
  return 0;
}
CUresult cuStreamSynchronize(void *S) {
  double Left = ((struct Stream *)S)->BusyUntilMs - nowMs();
  if (Left > 0) {
    struct timespec T = {(time_t)(Left / 1e3),
                         (long)((Left - (time_t)(Left / 1e3) * 1e3) * 1e6)};
    nanosleep(&T, NULL);
  }
  int E = PendingKernelError;
  PendingKernelError = 0;
  return RESULT(E);
}
CUresult cuModuleLoadDataEx(void **M, const void *Image, unsigned N,
                            int *Options, void **Values) {
  (void)N, (void)Options, (void)Values;
  int IsPTX = memcmp(Image, "\x7f" "ELF", 4) != 0;
  const char *Reject = getenv("FAKE_CUDA_REJECT");
  if (Reject && !strcmp(Reject, IsPTX ? "ptx" : "cubin"))
    return RESULT(IsPTX ? 218 : 209);
  struct Module *Mod = calloc(1, sizeof(struct Module));
  Mod->IsPTX = IsPTX;
  *M = Mod;
  trace("loaded a %s module", IsPTX ? "PTX" : "cubin");
  return 0;
}
CUresult cuModuleUnload(void *M) {
  free(M);
  trace("unloaded a module");
  return 0;
}
static void *lookup(const char *Name) {
  char Symbol[300];
  snprintf(Symbol, sizeof(Symbol), "fakedev_%s", Name);
  void *Found = dlsym(RTLD_DEFAULT, Symbol);
  static const char Prefix[] = "__omp_offloading_";
  if (Found || strncmp(Name, Prefix, sizeof(Prefix) - 1) != 0)
    return Found;
  // Skip the device and file ids.
  const char *Rest = strchr(Name + sizeof(Prefix) - 1, '_');
  Rest = Rest ? strchr(Rest + 1, '_') : NULL;
  if (!Rest)
    return NULL;
  snprintf(Symbol, sizeof(Symbol), "fakedev_omp_%s", Rest + 1);
  return dlsym(RTLD_DEFAULT, Symbol);
}
CUresult cuModuleGetFunction(void **F, void *M, const char *Name) {
  (void)M;
  void *Body = lookup(Name);
  if (!Body)
    return RESULT(500);
  struct Function *Fn = calloc(1, sizeof(struct Function));
  snprintf(Fn->Name, sizeof(Fn->Name), "%s", Name);
  Fn->Body = (FakeKernel)Body;
  *F = Fn;
  return 0;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *Ptr, size_t *Bytes, void *M,
                              const char *Name) {
  (void)M;
  void *Address = lookup(Name);
  Dl_info Info;
  const ElfW(Sym) *Sym = NULL;
  if (!Address ||
      !dladdr1(Address, &Info, (void **)&Sym, RTLD_DL_SYMENT) || !Sym)
    return RESULT(500);
  *Ptr = (CUdeviceptr)(uintptr_t)Address;
  *Bytes = Sym->st_size;
  return 0;
}
CUresult cuFuncGetAttribute(int *V, int Attribute, void *F) {
  (void)F;
  if (Attribute != 0)
    return RESULT(1);
  *V = setting("FAKE_CUDA_MAX_THREADS", 1024);
  return 0;
}
CUresult cuFuncSetAttribute(void *F, int Attribute, int Value) {
  trace("%s: attribute %d = %d", ((struct Function *)F)->Name, Attribute,
        Value);
  return 0;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *N, void *F,
                                                      int BlockSize,
                                                      size_t Shared) {
  (void)F, (void)BlockSize, (void)Shared;
  *N = setting("FAKE_CUDA_OCCUPANCY", 16);
  return 0;
}
CUresult cuLaunchKernel(void *F, unsigned GX, unsigned GY, unsigned GZ,
                        unsigned BX, unsigned BY, unsigned BZ, unsigned Shared,
                        void *Stream, void **Params, void **Extra) {
  (void)Extra;
  struct Function *Fn = F;
  trace("launch %s grid %ux%ux%u block %ux%ux%u shared %u", Fn->Name, GX, GY,
        GZ, BX, BY, BZ, Shared);
  Fn->Body(Params, GX, BX);
  ((struct Stream *)Stream)->BusyUntilMs =
      freeMs(Stream) + setting("FAKE_CUDA_KERNEL_US", 0) / 1e3;
  PendingKernelError = setting("FAKE_CUDA_KERNEL_ERROR", 0);
  return 0;
}
CUresult cuEventCreate(void **E, unsigned Flags) {
  (void)Flags;
  *E = calloc(1, sizeof(struct Event));
  return 0;
}
CUresult cuEventRecord(void *E, void *Stream) {
  ((struct Event *)E)->Ms = freeMs(Stream);
  return 0;
}
CUresult cuEventElapsedTime(float *Ms, void *Start, void *End) {
  *Ms = (float)(((struct Event *)End)->Ms - ((struct Event *)Start)->Ms);
  return 0;
}
/// Device or managed memory, within FAKE_CUDA_MEMORY.
static CUresult allocate(CUdeviceptr *Ptr, size_t Bytes) {
  long long Limit = setting("FAKE_CUDA_MEMORY", -1);
  if (Limit >= 0 && Allocated + (long long)Bytes > Limit)
    return RESULT(2);
  // Real allocations are 256-byte aligned. The size goes in the 256 bytes
  // before the block, so that cuMemFree can give it back to the limit.
  char *P = aligned_alloc(256, 256 + ((Bytes + 255) & ~(size_t)255));
  memcpy(P, &Bytes, sizeof Bytes);
  memset(P + 256, 0xee, Bytes);
  Allocated += Bytes;
  *Ptr = (CUdeviceptr)(uintptr_t)(P + 256);
  return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *Ptr, size_t Bytes) {
  CUresult E = allocate(Ptr, Bytes);
  if (!E)
    trace("alloc %zu bytes", Bytes);
  return RESULT(E);
}
CUresult cuMemAllocManaged(CUdeviceptr *Ptr, size_t Bytes, unsigned Flags) {
  CUresult E = allocate(Ptr, Bytes);
  if (!E)
    trace("alloc %zu bytes of managed memory (flags %u)", Bytes, Flags);
  return RESULT(E);
}
CUresult cuMemHostAlloc(void **Ptr, size_t Bytes, unsigned Flags) {
  *Ptr = malloc(Bytes);
  trace("alloc %zu bytes of pinned host memory (flags %u)", Bytes, Flags);
  return 0;
}
CUresult cuMemFreeHost(void *Ptr) {
  free(Ptr);
  trace("free pinned host memory");
  return 0;
}
CUresult cuMemHostRegister_v2(void *Ptr, size_t Bytes, unsigned Flags) {
  (void)Ptr;
  trace("lock %zu bytes of host memory (flags %u)", Bytes, Flags);
  return 0;
}
CUresult cuMemHostUnregister(void *Ptr) {
  (void)Ptr;
  trace("unlock host memory");
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr Ptr) {
  char *P = (char *)(uintptr_t)Ptr - 256;
  size_t Bytes;
  memcpy(&Bytes, P, sizeof Bytes);
  Allocated -= Bytes;
  free(P);
  trace("free");
  return 0;
}
CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  *Free = 1 << 20;
  *Total = (size_t)80 << 30;
  return 0;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr Dst, const void *Src, size_t Bytes,
                              void *S) {
  (void)S;
  memcpy((void *)(uintptr_t)Dst, Src, Bytes);
  trace("copy %zu bytes to the device", Bytes);
  return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *Dst, CUdeviceptr Src, size_t Bytes,
                              void *S) {
  (void)S;
  memcpy(Dst, (void *)(uintptr_t)Src, Bytes);
  trace("copy %zu bytes from the device", Bytes);
  return 0;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes,
                              void *S) {
  (void)S;
  memcpy((void *)(uintptr_t)Dst, (void *)(uintptr_t)Src, Bytes);
  trace("copy %zu bytes on the device", Bytes);
  return 0;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr Dst, void *DstCtx, CUdeviceptr Src,
                           void *SrcCtx, size_t Bytes, void *S) {
  (void)DstCtx, (void)SrcCtx, (void)S;
  memcpy((void *)(uintptr_t)Dst, (void *)(uintptr_t)Src, Bytes);
  trace("copy %zu bytes between devices", Bytes);
  return 0;
}
// The 2-D and 3-D copy parameters, in cuda.h's layout (memory type 1 is the
// host, 2 the device; here both are host memory).
struct Copy2D {
  size_t SrcX, SrcY;
  int SrcType;
  const void *SrcHost;
  CUdeviceptr SrcDevice;
  void *SrcArray;
  size_t SrcPitch;
  size_t DstX, DstY;
  int DstType;
  void *DstHost;
  CUdeviceptr DstDevice;
  void *DstArray;
  size_t DstPitch;
  size_t Width, Height;
};
struct Copy3D {
  size_t SrcX, SrcY, SrcZ, SrcLOD;
  int SrcType;
  const void *SrcHost;
  CUdeviceptr SrcDevice;
  void *SrcArray, *Reserved0;
  size_t SrcPitch, SrcHeight;
  size_t DstX, DstY, DstZ, DstLOD;
  int DstType;
  void *DstHost;
  CUdeviceptr DstDevice;
  void *DstArray, *Reserved1;
  size_t DstPitch, DstHeight;
  size_t Width, Height, Depth;
};
static const char *direction(int SrcType, int DstType) {
  return SrcType == 1 ? (DstType == 1 ? "on the host" : "to the device")
                      : (DstType == 1 ? "from the device" : "on the device");
}
/// A pitch the real driver rejects.
static int badPitch(size_t Width, size_t SrcPitch, size_t DstPitch) {
  size_t Max = (size_t)setting("FAKE_CUDA_MAX_PITCH", 0x7fffffff);
  return SrcPitch < Width || DstPitch < Width || SrcPitch > Max ||
         DstPitch > Max;
}
CUresult cuMemcpy2DAsync_v2(const struct Copy2D *C, void *S) {
  (void)S;
  if (badPitch(C->Width, C->SrcPitch, C->DstPitch))
    return RESULT(1);
  const char *Src = C->SrcType == 1 ? (const char *)C->SrcHost
                                    : (const char *)(uintptr_t)C->SrcDevice;
  char *Dst = C->DstType == 1 ? (char *)C->DstHost
                              : (char *)(uintptr_t)C->DstDevice;
  for (size_t Y = 0; Y < C->Height; ++Y)
    memcpy(Dst + Y * C->DstPitch, Src + Y * C->SrcPitch, C->Width);
  trace("copy 2-D %zu rows of %zu bytes (pitch %zu, %zu) %s", C->Height,
        C->Width, C->SrcPitch, C->DstPitch, direction(C->SrcType, C->DstType));
  return 0;
}
CUresult cuMemcpy3DAsync_v2(const struct Copy3D *C, void *S) {
  (void)S;
  if (badPitch(C->Width, C->SrcPitch, C->DstPitch) ||
      C->SrcHeight < C->Height || C->DstHeight < C->Height)
    return RESULT(1);
  const char *Src = C->SrcType == 1 ? (const char *)C->SrcHost
                                    : (const char *)(uintptr_t)C->SrcDevice;
  char *Dst = C->DstType == 1 ? (char *)C->DstHost
                              : (char *)(uintptr_t)C->DstDevice;
  for (size_t Z = 0; Z < C->Depth; ++Z)
    for (size_t Y = 0; Y < C->Height; ++Y)
      memcpy(Dst + (Z * C->DstHeight + Y) * C->DstPitch,
             Src + (Z * C->SrcHeight + Y) * C->SrcPitch, C->Width);
  trace("copy 3-D %zu slices of %zu rows of %zu bytes (pitch %zu, %zu; "
        "height %zu, %zu) %s",
        C->Depth, C->Height, C->Width, C->SrcPitch, C->DstPitch, C->SrcHeight,
        C->DstHeight, direction(C->SrcType, C->DstType));
  return 0;
}
CUresult cuMemsetD8Async(CUdeviceptr Dst, unsigned char V, size_t Bytes,
                         void *S) {
  (void)S;
  memset((void *)(uintptr_t)Dst, V, Bytes);
  return 0;
}
