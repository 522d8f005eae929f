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
// (cuInit's result), FAKE_CUDA_KERNEL_ERROR and FAKE_CUDA_FAULT_KERNEL
// (kernel faults, below), FAKE_CUDA_REJECT ("cubin" or "ptx": images the driver refuses),
// FAKE_CUDA_TRACE=1 (print module loads, launches, allocations and copies),
// FAKE_CUDA_KERNEL_US and FAKE_CUDA_COPY_US (GPU time of every kernel and
// copy, in microseconds), FAKE_CUDA_COUNT_SYNCS=1 (below),
// FAKE_CUDA_COUNT_FAILURES=1 (print each failed call, and their number at
// exit), FAKE_CUDA_COPY_ERROR (what copies to the device return),
// FAKE_CUDA_COPY_FROM_ERROR_AFTER=N (copies from the device after the first N
// fail with CUDA_ERROR_ILLEGAL_ADDRESS),
// FAKE_CUDA_PEER (1: the devices reach each other's memory; 0: copies
// between them pass through the host), FAKE_CUDA_PEER_PITCH_ERROR=1 (3-D
// peer copies refuse their pitches, as the driver may), FAKE_CUDA_PAGEABLE
// (1: kernels reach all host memory, as with HMM; 0 by default, like an H100
// without HMM), FAKE_CUDA_MAX_PITCH (largest pitch of a
// 2-D or 3-D copy), FAKE_CUDA_THREADS_PER_SM (2048 threads a multiprocessor
// holds), FAKE_CUDA_LIMIT_ERROR (what cuCtxSetLimit returns; FAKE_CUDA_TRACE
// prints the limits set).
//
// Streams run their work later, in order, as a GPU does: each operation
// (kernel, copy, memset, event record, wait for an event, stream write) is
// queued on its stream and carried out only when the host waits for it
// (cuStreamSynchronize, cuEventSynchronize, a cuEventQuery that finds it
// done) or a stream that waits for it runs. So a copy to the device reads the
// host memory when it runs, not when it is queued, a copy to the host lands
// only then, and a kernel sees what was queued before it on its stream. The
// kernel's parameters are copied at the launch (from cuLaunchKernel's Extra
// buffer; kernels launched with kernelParams run at once). Streams also have
// a clock: each kernel keeps its stream busy for FAKE_CUDA_KERNEL_US
// microseconds and each copy for FAKE_CUDA_COPY_US (0 by default) from the
// moment the stream is free; an event is done once its stream's clock passed
// it, and waiting sleeps until then, so that streams overlap. As in the CUDA
// driver, a copy from the device into pageable host memory (not allocated by
// cuMemHostAlloc, registered or managed) returns only once it is done, after
// everything queued before it on its stream: the host waits for the stream
// (counted and traced as a wait: "... to pageable memory (stream N): the host
// waits").
// FAKE_CUDA_KERNEL_ERROR (a CUDA error) makes kernels fault, the ones whose
// name contains FAKE_CUDA_FAULT_KERNEL if set: a fault stops all work, and
// every later wait returns the error, as in a CUDA context. FAKE_CUDA_TRACE
// also prints the streams created, launches with their stream, stream writes
// (cuStreamWriteValue32), and every time the host waits ("synchronize stream
// N", "wait for an event of stream N"); FAKE_CUDA_COUNT_SYNCS=1 prints the
// number of waits at exit.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
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

/// Host memory copies from the device reach without the host waiting:
/// cuMemHostAlloc'ed, registered or managed ranges (tests keep few at once).
struct HostRange {
  uintptr_t Begin, End;
};
static struct HostRange PinnedRanges[4096];
static int NumPinnedRanges;

/// Host threads call the driver at once (hidden helper threads complete
/// nowait constructs): one lock guards the streams, dropped while sleeping.
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCKED(Body)                                                           \
  do {                                                                         \
    pthread_mutex_lock(&Lock);                                                 \
    Body;                                                                      \
    pthread_mutex_unlock(&Lock);                                               \
  } while (0)

static void addPinned(const void *Ptr, size_t Bytes) {
  struct HostRange R = {(uintptr_t)Ptr, (uintptr_t)Ptr + Bytes};
  LOCKED({
    if (NumPinnedRanges < 4096)
      PinnedRanges[NumPinnedRanges++] = R;
  });
}
static void removePinned(const void *Ptr) {
  LOCKED({
    for (int I = 0; I < NumPinnedRanges; ++I)
      if (PinnedRanges[I].Begin == (uintptr_t)Ptr) {
        PinnedRanges[I] = PinnedRanges[--NumPinnedRanges];
        break;
      }
  });
}
/// Whether [Ptr, Ptr + Bytes) lies in one pinned range (call locked).
static int isPinned(const void *Ptr, size_t Bytes) {
  for (int I = 0; I < NumPinnedRanges; ++I)
    if (PinnedRanges[I].Begin <= (uintptr_t)Ptr &&
        (uintptr_t)Ptr + Bytes <= PinnedRanges[I].End)
      return 1;
  return 0;
}

/// The fault of a kernel, which every later wait returns.
static CUresult Sticky;
/// Times the host waited for a stream or an event.
static int Syncs;
__attribute__((destructor)) static void reportSyncs(void) {
  if (setting("FAKE_CUDA_COUNT_SYNCS", 0))
    fprintf(stderr, "fake-cuda: %d host waits\n", Syncs);
}

/// Milliseconds on the host's monotonic clock.
static double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}
static void sleepUntil(double Ms) {
  double Left = Ms - nowMs();
  if (Left <= 0)
    return;
  struct timespec T = {(time_t)(Left / 1e3),
                       (long)((Left - (time_t)(Left / 1e3) * 1e3) * 1e6)};
  nanosleep(&T, NULL);
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
  void *SrcArray, *SrcContext; /* reserved (null) but in peer copies */
  size_t SrcPitch, SrcHeight;
  size_t DstX, DstY, DstZ, DstLOD;
  int DstType;
  void *DstHost;
  CUdeviceptr DstDevice;
  void *DstArray, *DstContext; /* reserved (null) but in peer copies */
  size_t DstPitch, DstHeight;
  size_t Width, Height, Depth;
};

struct Stream;
enum OpKind { OpKernel, OpCopy, OpCopy2D, OpCopy3D, OpMemset, OpRecord,
              OpWait, OpWrite };
/// Work queued on a stream.
struct Op {
  enum OpKind Kind;
  unsigned long long Seq;
  struct Op *Next;
  struct Function *Fn;
  unsigned Teams, Threads;
  void **Params;
  char *ParamBuffer;
  void *Dst;
  const void *Src;
  size_t Bytes;
  unsigned char Value;
  uint32_t Word;
  struct Copy2D C2;
  struct Copy3D C3;
  struct Stream *WaitFor;
  unsigned long long WaitSeq;
};
struct Stream {
  int Number;
  /// When the work queued so far is done, on the stream's clock.
  double BusyUntilMs;
  struct Op *Head, *Tail;
  unsigned long long LastSeq, DoneSeq;
};
struct Event {
  /// When the stream reaches the event.
  double Ms;
  struct Stream *S;
  unsigned long long Seq;
};
static int Streams;
/// Every stream created, by number (tests create few).
static struct Stream *AllStreams[1024];
/// The stream the legacy default stream (NULL) stands for.
static struct Stream NullStream;
static struct Stream *stream(void *S) {
  return S ? (struct Stream *)S : &NullStream;
}
/// When work queued now on \p S starts: when the stream is free.
static double freeMs(struct Stream *S) {
  double Now = nowMs();
  return S->BusyUntilMs > Now ? S->BusyUntilMs : Now;
}
static struct Op *queue(struct Stream *S, enum OpKind Kind) {
  struct Op *O = calloc(1, sizeof(struct Op));
  O->Kind = Kind;
  O->Seq = ++S->LastSeq;
  if (S->Tail)
    S->Tail->Next = O;
  else
    S->Head = O;
  S->Tail = O;
  return O;
}
static void copy2D(const struct Copy2D *C);
static void copy3D(const struct Copy3D *C);
static int faults(const struct Function *Fn);
static void runUpTo(struct Stream *S, unsigned long long Seq);
static void run(struct Op *O) {
  // After a fault the context does nothing more.
  if (Sticky)
    return;
  switch (O->Kind) {
  case OpKernel:
    if (faults(O->Fn))
      Sticky = setting("FAKE_CUDA_KERNEL_ERROR", 0);
    else
      O->Fn->Body(O->Params, O->Teams, O->Threads);
    break;
  case OpCopy:
    memcpy(O->Dst, O->Src, O->Bytes);
    break;
  case OpCopy2D:
    copy2D(&O->C2);
    break;
  case OpCopy3D:
    copy3D(&O->C3);
    break;
  case OpMemset:
    memset(O->Dst, O->Value, O->Bytes);
    break;
  case OpRecord:
    break;
  case OpWait:
    runUpTo(O->WaitFor, O->WaitSeq);
    break;
  case OpWrite:
    *(uint32_t *)O->Dst = O->Word;
    break;
  }
}
/// Carries out the work of \p S up to the operation numbered \p Seq.
static void runUpTo(struct Stream *S, unsigned long long Seq) {
  while (S->Head && S->Head->Seq <= Seq) {
    struct Op *O = S->Head;
    S->Head = O->Next;
    if (!S->Head)
      S->Tail = NULL;
    run(O);
    S->DoneSeq = O->Seq;
    free(O->Params);
    free(O->ParamBuffer);
    free(O);
  }
}

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
  case 600: *Name = "CUDA_ERROR_NOT_READY"; return 0;
  case 700: *Name = "CUDA_ERROR_ILLEGAL_ADDRESS"; return 0;
  case 719: *Name = "CUDA_ERROR_LAUNCH_FAILED"; return 0;
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
  case 39: *V = setting("FAKE_CUDA_THREADS_PER_SM", 2048); return 0;
  case 75: *V = SM / 10; return 0;
  case 76: *V = SM % 10; return 0;
  case 88: *V = setting("FAKE_CUDA_PAGEABLE", 0); return 0;
  case 89: *V = 1; return 0;
  }
  return RESULT(1);
}
CUresult cuDeviceTotalMem_v2(size_t *Bytes, int D) {
  (void)D;
  long long Limit = setting("FAKE_CUDA_MEMORY", -1);
  *Bytes = Limit >= 0 ? (size_t)Limit : (size_t)80 << 30;
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **Ctx, int D) {
  *Ctx = (void *)(uintptr_t)(0x1000 + D);
  trace("context for device %d", D);
  return 0;
}
/// The context current on this thread (the fake's contexts are 0x1000 + the
/// device number).
static __thread uintptr_t CurrentContext;
CUresult cuCtxSetCurrent(void *Ctx) {
  CurrentContext = (uintptr_t)Ctx;
  return 0;
}
CUresult cuDeviceCanAccessPeer(int *CanAccess, int D, int Peer) {
  *CanAccess = D != Peer && setting("FAKE_CUDA_PEER", 1);
  return 0;
}
/// Bit 8 * From + To: device From's context reaches device To's memory.
static uint64_t PeerAccess;
CUresult cuCtxEnablePeerAccess(void *Peer, unsigned Flags) {
  (void)Flags;
  int From = (int)(CurrentContext - 0x1000);
  int To = (int)((uintptr_t)Peer - 0x1000);
  uint64_t Bit = 1ull << (8 * From + To);
  int Already;
  LOCKED(Already = (PeerAccess & Bit) != 0; PeerAccess |= Bit);
  if (Already)
    return RESULT(704);
  trace("device %d reaches device %d's memory", From, To);
  return 0;
}
CUresult cuCtxSetLimit(int Limit, size_t Value) {
  trace("context limit %d = %zu", Limit, Value);
  return RESULT(setting("FAKE_CUDA_LIMIT_ERROR", 0));
}
CUresult cuStreamCreate(void **S, unsigned Flags) {
  struct Stream *New = calloc(1, sizeof(struct Stream));
  LOCKED({
    New->Number = ++Streams;
    AllStreams[New->Number % 1024] = New;
  });
  *S = New;
  trace("create stream %d (%s)", New->Number,
        Flags & 1 ? "non-blocking" : "blocking");
  return 0;
}
CUresult cuStreamSynchronize(void *Handle) {
  struct Stream *S = stream(Handle);
  double Until;
  LOCKED(Until = S->BusyUntilMs; ++Syncs);
  trace("synchronize stream %d", S->Number);
  sleepUntil(Until);
  CUresult E;
  LOCKED(runUpTo(S, S->LastSeq); E = Sticky);
  return RESULT(E);
}
CUresult cuStreamWaitEvent(void *Handle, void *E, unsigned Flags) {
  (void)Flags;
  struct Stream *S = stream(Handle);
  struct Event *Ev = E;
  trace("stream %d waits for an event of stream %d", S->Number,
        Ev->S ? Ev->S->Number : 0);
  LOCKED({
    if (Ev->S && Ev->Seq > Ev->S->DoneSeq) {
      struct Op *O = queue(S, OpWait);
      O->WaitFor = Ev->S;
      O->WaitSeq = Ev->Seq;
      if (Ev->Ms > S->BusyUntilMs)
        S->BusyUntilMs = Ev->Ms;
    }
  });
  return 0;
}
CUresult cuStreamWriteValue32_v2(void *Handle, CUdeviceptr Address,
                                 uint32_t Value, unsigned Flags) {
  (void)Flags;
  LOCKED({
    struct Op *O = queue(stream(Handle), OpWrite);
    O->Dst = (void *)(uintptr_t)Address;
    O->Word = Value;
  });
  trace("write %u on stream %d", Value, stream(Handle)->Number);
  return 0;
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
/// Whether \p Fn faults: FAKE_CUDA_KERNEL_ERROR is set, for every kernel or
/// those whose name contains FAKE_CUDA_FAULT_KERNEL.
static int faults(const struct Function *Fn) {
  const char *Only = getenv("FAKE_CUDA_FAULT_KERNEL");
  return setting("FAKE_CUDA_KERNEL_ERROR", 0) &&
         (!Only || strstr(Fn->Name, Only));
}
CUresult cuLaunchKernel(void *F, unsigned GX, unsigned GY, unsigned GZ,
                        unsigned BX, unsigned BY, unsigned BZ, unsigned Shared,
                        void *Handle, void **Params, void **Extra) {
  struct Function *Fn = F;
  struct Stream *S = stream(Handle);
  trace("launch %s grid %ux%ux%u block %ux%ux%u shared %u (stream %d)",
        Fn->Name, GX, GY, GZ, BX, BY, BZ, Shared, S->Number);
  CUresult E;
  pthread_mutex_lock(&Lock);
  if (!Extra) {
    // Without the parameters' size they cannot be copied: run now, after
    // what was queued before.
    runUpTo(S, S->LastSeq);
    if (faults(Fn))
      Sticky = setting("FAKE_CUDA_KERNEL_ERROR", 0);
    else if (!Sticky)
      Fn->Body(Params, GX, BX);
  } else {
    // Extra: {BUFFER_POINTER (1), buffer, BUFFER_SIZE (2), &size, END (0)}.
    size_t Bytes = *(size_t *)Extra[3];
    struct Op *O = queue(S, OpKernel);
    O->Fn = Fn;
    O->Teams = GX;
    O->Threads = BX;
    O->ParamBuffer = malloc(Bytes ? Bytes : 1);
    memcpy(O->ParamBuffer, Extra[1], Bytes);
    O->Params = calloc(Bytes / 8 + 1, sizeof(void *));
    for (size_t I = 0; I < Bytes / 8; ++I)
      O->Params[I] = O->ParamBuffer + 8 * I;
  }
  S->BusyUntilMs = freeMs(S) + setting("FAKE_CUDA_KERNEL_US", 0) / 1e3;
  E = Sticky;
  pthread_mutex_unlock(&Lock);
  return RESULT(E);
}
CUresult cuEventCreate(void **E, unsigned Flags) {
  (void)Flags;
  *E = calloc(1, sizeof(struct Event));
  return 0;
}
CUresult cuEventRecord(void *E, void *Handle) {
  struct Event *Ev = E;
  struct Stream *S = stream(Handle);
  LOCKED({
    Ev->S = S;
    Ev->Seq = queue(S, OpRecord)->Seq;
    Ev->Ms = freeMs(S);
  });
  return 0;
}
CUresult cuEventQuery(void *E) {
  struct Event *Ev = E;
  CUresult R;
  LOCKED({
    if (Sticky)
      R = Sticky;
    else if (Ev->S && nowMs() < Ev->Ms)
      R = 600;
    else {
      if (Ev->S)
        runUpTo(Ev->S, Ev->Seq);
      R = Sticky;
    }
  });
  // Not ready is no failure.
  return R == 600 ? R : RESULT(R);
}
CUresult cuEventSynchronize(void *E) {
  struct Event *Ev = E;
  double Until;
  LOCKED(Until = Ev->Ms; ++Syncs);
  trace("wait for an event of stream %d", Ev->S ? Ev->S->Number : 0);
  sleepUntil(Until);
  CUresult R;
  LOCKED({
    if (Ev->S)
      runUpTo(Ev->S, Ev->Seq);
    R = Sticky;
  });
  return RESULT(R);
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
  if (!E) {
    addPinned((void *)(uintptr_t)*Ptr, Bytes);
    trace("alloc %zu bytes of managed memory (flags %u)", Bytes, Flags);
  }
  return RESULT(E);
}
CUresult cuMemHostAlloc(void **Ptr, size_t Bytes, unsigned Flags) {
  *Ptr = malloc(Bytes);
  addPinned(*Ptr, Bytes);
  trace("alloc %zu bytes of pinned host memory (flags %u)", Bytes, Flags);
  return 0;
}
CUresult cuMemFreeHost(void *Ptr) {
  removePinned(Ptr);
  free(Ptr);
  trace("free pinned host memory");
  return 0;
}
CUresult cuMemHostRegister_v2(void *Ptr, size_t Bytes, unsigned Flags) {
  addPinned(Ptr, Bytes);
  trace("lock %zu bytes of host memory (flags %u)", Bytes, Flags);
  return 0;
}
CUresult cuMemHostUnregister(void *Ptr) {
  removePinned(Ptr);
  trace("unlock host memory");
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr Ptr) {
  char *P = (char *)(uintptr_t)Ptr - 256;
  size_t Bytes;
  memcpy(&Bytes, P, sizeof Bytes);
  Allocated -= Bytes;
  removePinned((void *)(uintptr_t)Ptr);
  // Work still queued on the memory would read this.
  memset(P + 256, 0xdd, Bytes);
  free(P);
  trace("free");
  return 0;
}
CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  *Free = 1 << 20;
  *Total = (size_t)80 << 30;
  return 0;
}
/// Queues a copy of \p Bytes on \p Handle, reading \p Src when it runs.
static void queueCopy(void *Handle, void *Dst, const void *Src, size_t Bytes) {
  LOCKED({
    struct Stream *S = stream(Handle);
    struct Op *O = queue(S, OpCopy);
    O->Dst = Dst;
    O->Src = Src;
    O->Bytes = Bytes;
    S->BusyUntilMs = freeMs(S) + setting("FAKE_CUDA_COPY_US", 0) / 1e3;
  });
}
/// Whether a copy into the \p Bytes at host \p Dst makes the host wait:
/// they are pageable.
static int landsInPageableMemory(const void *Dst, size_t Bytes) {
  int Pinned;
  LOCKED(Pinned = isPinned(Dst, Bytes));
  return !Pinned;
}
/// The host's wait for a copy into pageable memory, the last work queued on
/// \p Handle: until the stream is done with it; returns the copy's result.
static CUresult waitForPageableCopy(void *Handle) {
  struct Stream *S = stream(Handle);
  double Until;
  unsigned long long Seq;
  LOCKED(Until = S->BusyUntilMs; Seq = S->LastSeq; ++Syncs);
  sleepUntil(Until);
  CUresult E;
  LOCKED(runUpTo(S, Seq); E = Sticky);
  return RESULT(E);
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr Dst, const void *Src, size_t Bytes,
                              void *S) {
  if (setting("FAKE_CUDA_COPY_ERROR", 0))
    return RESULT(setting("FAKE_CUDA_COPY_ERROR", 0));
  queueCopy(S, (void *)(uintptr_t)Dst, Src, Bytes);
  trace("copy %zu bytes to the device (stream %d)", Bytes, stream(S)->Number);
  return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *Dst, CUdeviceptr Src, size_t Bytes,
                              void *S) {
  static atomic_int CopiesFrom;
  int After = setting("FAKE_CUDA_COPY_FROM_ERROR_AFTER", -1);
  if (After >= 0 && atomic_fetch_add(&CopiesFrom, 1) >= After) {
    trace("refuse a copy of %zu bytes from the device", Bytes);
    return RESULT(700);
  }
  queueCopy(S, Dst, (void *)(uintptr_t)Src, Bytes);
  int Pageable = landsInPageableMemory(Dst, Bytes);
  trace("copy %zu bytes from the device%s (stream %d)%s", Bytes,
        Pageable ? " to pageable memory" : "", stream(S)->Number,
        Pageable ? ": the host waits" : "");
  return Pageable ? waitForPageableCopy(S) : 0;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes,
                              void *S) {
  queueCopy(S, (void *)(uintptr_t)Dst, (void *)(uintptr_t)Src, Bytes);
  trace("copy %zu bytes on the device (stream %d)", Bytes, stream(S)->Number);
  return 0;
}
CUresult cuMemcpyPeerAsync(CUdeviceptr Dst, void *DstCtx, CUdeviceptr Src,
                           void *SrcCtx, size_t Bytes, void *S) {
  (void)DstCtx, (void)SrcCtx;
  queueCopy(S, (void *)(uintptr_t)Dst, (void *)(uintptr_t)Src, Bytes);
  trace("copy %zu bytes between devices (stream %d)", Bytes,
        stream(S)->Number);
  return 0;
}
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
static void copy2D(const struct Copy2D *C) {
  const char *Src = C->SrcType == 1 ? (const char *)C->SrcHost
                                    : (const char *)(uintptr_t)C->SrcDevice;
  char *Dst = C->DstType == 1 ? (char *)C->DstHost
                              : (char *)(uintptr_t)C->DstDevice;
  for (size_t Y = 0; Y < C->Height; ++Y)
    memcpy(Dst + Y * C->DstPitch, Src + Y * C->SrcPitch, C->Width);
}
static void copy3D(const struct Copy3D *C) {
  const char *Src = C->SrcType == 1 ? (const char *)C->SrcHost
                                    : (const char *)(uintptr_t)C->SrcDevice;
  char *Dst = C->DstType == 1 ? (char *)C->DstHost
                              : (char *)(uintptr_t)C->DstDevice;
  for (size_t Z = 0; Z < C->Depth; ++Z)
    for (size_t Y = 0; Y < C->Height; ++Y)
      memcpy(Dst + (Z * C->DstHeight + Y) * C->DstPitch,
             Src + (Z * C->SrcHeight + Y) * C->SrcPitch, C->Width);
}
CUresult cuMemcpy2DAsync_v2(const struct Copy2D *C, void *S) {
  if (badPitch(C->Width, C->SrcPitch, C->DstPitch))
    return RESULT(1);
  LOCKED(queue(stream(S), OpCopy2D)->C2 = *C);
  int Pageable =
      C->DstType == 1 &&
      landsInPageableMemory((char *)C->DstHost + C->DstY * C->DstPitch + C->DstX,
                            (C->Height - 1) * C->DstPitch + C->Width);
  trace("copy 2-D %zu rows of %zu bytes (pitch %zu, %zu) %s%s (stream %d)%s",
        C->Height, C->Width, C->SrcPitch, C->DstPitch,
        direction(C->SrcType, C->DstType), Pageable ? " to pageable memory" : "",
        stream(S)->Number, Pageable ? ": the host waits" : "");
  return Pageable ? waitForPageableCopy(S) : 0;
}
/// A 3-D copy the real driver rejects.
static int badBox(const struct Copy3D *C) {
  return badPitch(C->Width, C->SrcPitch, C->DstPitch) ||
         C->SrcHeight < C->Height || C->DstHeight < C->Height;
}
CUresult cuMemcpy3DAsync_v2(const struct Copy3D *C, void *S) {
  if (badBox(C))
    return RESULT(1);
  LOCKED(queue(stream(S), OpCopy3D)->C3 = *C);
  size_t FirstRow = C->DstZ * C->DstHeight + C->DstY;
  size_t LastRow = (C->Depth - 1) * C->DstHeight + C->Height - 1;
  int Pageable =
      C->DstType == 1 &&
      landsInPageableMemory((char *)C->DstHost + FirstRow * C->DstPitch +
                                C->DstX,
                            LastRow * C->DstPitch + C->Width);
  trace("copy 3-D %zu slices of %zu rows of %zu bytes (pitch %zu, %zu; "
        "height %zu, %zu) %s%s (stream %d)%s",
        C->Depth, C->Height, C->Width, C->SrcPitch, C->DstPitch, C->SrcHeight,
        C->DstHeight, direction(C->SrcType, C->DstType),
        Pageable ? " to pageable memory" : "", stream(S)->Number,
        Pageable ? ": the host waits" : "");
  return Pageable ? waitForPageableCopy(S) : 0;
}
CUresult cuMemcpy3DPeerAsync(const struct Copy3D *C, void *S) {
  if (setting("FAKE_CUDA_PEER_PITCH_ERROR", 0) || badBox(C))
    return RESULT(1);
  LOCKED(queue(stream(S), OpCopy3D)->C3 = *C);
  trace("copy 3-D %zu slices of %zu rows of %zu bytes (pitch %zu, %zu) from "
        "device %d to device %d (stream %d)",
        C->Depth, C->Height, C->Width, C->SrcPitch, C->DstPitch,
        (int)((uintptr_t)C->SrcContext - 0x1000),
        (int)((uintptr_t)C->DstContext - 0x1000), stream(S)->Number);
  return 0;
}
CUresult cuMemsetD8Async(CUdeviceptr Dst, unsigned char V, size_t Bytes,
                         void *S) {
  LOCKED({
    struct Op *O = queue(stream(S), OpMemset);
    O->Dst = (void *)(uintptr_t)Dst;
    O->Value = V;
    O->Bytes = Bytes;
  });
  return 0;
}

/// For tests that read "device" memory directly instead of copying it back:
/// carries out everything queued, as if the GPU had caught up with the host
/// (no wait of the host: nothing is counted or traced).
void fakeCudaCatchUp(void) {
  LOCKED({
    runUpTo(&NullStream, NullStream.LastSeq);
    for (int I = 1; I <= Streams; ++I)
      runUpTo(AllStreams[I % 1024], AllStreams[I % 1024]->LastSeq);
  });
}
