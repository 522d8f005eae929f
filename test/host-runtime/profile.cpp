// LIBOMPTARGET_PROFILE=<file> writes a timeline of the program in the Trace
// Event Format (Perfetto, chrome://tracing): data mapping per construct with
// its source location, copies with bytes and direction, allocations, kernels
// with their geometry and GPU time, on one track per host thread and one per
// device stream, all named by metadata events. Checked with two fake devices
// whose kernels keep the GPU busy for 20 ms (the launch returns at once, the
// wait takes the time: only the CUDA events can tell the kernel's duration),
// from two host threads; Inputs/check-trace.py checks the JSON's structure.
// A fatal error writes the trace up to the error; a trace that cannot be
// written stops the program before it starts. The devices start at the first
// construct (LIBOMPTARGET_EARLY_START=0), on the thread that checks for them.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -rdynamic -pthread -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: rm -f %t.json && env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 FAKE_CUDA_DEVICES=2 FAKE_CUDA_KERNEL_US=20000 LIBOMPTARGET_PROFILE=%t.json %t 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: python3 %S/Inputs/check-trace.py --kernel-us 20000 %t.json | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 FAKE_CUDA_KERNEL_ERROR=700 LIBOMPTARGET_PROFILE=%t.fatal.json not %t fault 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: python3 %S/Inputs/check-trace.py %t.fatal.json | FileCheck %s --check-prefix=FAULT-TRACE
// RUN: env LIBOMPTARGET_PROFILE=%t.dir/missing/t.json not %t 2>&1 | FileCheck %s --check-prefix=UNWRITABLE

#include "Inputs/synthetic.h"

#include <cstring>
#include <string>
#include <thread>

extern "C" {
void *omp_target_alloc(size_t Size, int Device);
void omp_target_free(void *Ptr, int Device);
int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                      size_t DstOffset, size_t SrcOffset, int DstDevice,
                      int SrcDevice);
void *omp_target_memset(void *Ptr, int Value, size_t Count, int Device);

// The device side: an SPMD kernel scaling a mapped array, a generic one.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l30_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
KernelEnvironmentTy fakedev___omp_offloading_10_20__Z6workerv_l50_kernel_environment = {
    {1, 1, OMP_TGT_EXEC_MODE_GENERIC, 1, 64, 0, 0, 0, 0}, nullptr, nullptr};
// (launch environment, long n, double *a)
void fakedev___omp_offloading_10_20_main_l30(void **Params, unsigned,
                                             unsigned) {
  long N = *static_cast<long *>(Params[1]);
  double *A = *static_cast<double **>(Params[2]);
  for (long I = 0; I < N; ++I)
    A[I] *= 2;
}
// (launch environment, int *b)
void fakedev___omp_offloading_10_20__Z6workerv_l50(void **Params, unsigned,
                                                   unsigned) {
  int *B = *static_cast<int **>(Params[1]);
  B[0] = 42;
}
}

char RegionL30, RegionL50;
constexpr long N = 1000;
double A[N];

/// The target region of line 30 on device 0: map(tofrom: a[0:n]).
int scale(ident_t *Loc) {
  synthetic::MapItems M;
  M.add(reinterpret_cast<void *>(N), reinterpret_cast<void *>(N), 8,
        OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_TARGET_PARAM);
  M.add(A, A, sizeof(A),
        OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM |
            OMP_TGT_MAPTYPE_TARGET_PARAM,
        ";a;prof.c;30;40;;");
  __tgt_kernel_arguments Args = M.kernelArgs();
  Args.Tripcount = N;
  return __tgt_target_kernel(Loc, 0, 0, 0, &RegionL30, &Args);
}

/// void worker() { target map(tofrom: b) on device 1 }, from another thread.
void worker() {
  ident_t Loc = synthetic::location(";prof.c;worker;50;1;;");
  int B[16] = {};
  synthetic::MapItems M;
  M.add(B, B, sizeof(B),
        OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM |
            OMP_TGT_MAPTYPE_TARGET_PARAM,
        ";b;prof.c;50;30;;");
  __tgt_kernel_arguments Args = M.kernelArgs();
  Args.NumTeams[0] = static_cast<uint32_t>(-1);
  __tgt_target_kernel(&Loc, 1, -1, 0, &RegionL50, &Args);
  fprintf(stderr, "worker: b[0] %d\n", B[0]);
}

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "";
  synthetic::Cubin Cubin = synthetic::cubinV8(90);
  synthetic::Program Program;
  Program.addImage(Cubin.Bytes, sizeof(Cubin.Bytes));
  Program.Entries.push_back(
      synthetic::entry(&RegionL30, "__omp_offloading_10_20_main_l30", 0));
  Program.Entries.push_back(synthetic::entry(
      &RegionL50, "__omp_offloading_10_20__Z6workerv_l50", 0));
  Program.registerLib();
  for (long I = 0; I < N; ++I)
    A[I] = I;

  ident_t Region = synthetic::location(";prof.c;main;30;1;;");
  if (Mode == "fault")
    return scale(&Region);
  // FAULT: omptarget fatal error: kernel __omp_offloading_10_20_main_l30 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered) at prof.c:30 (function main)
  // FAULT-TRACE: valid trace
  // FAULT-TRACE: instant fatal error: {"message": "kernel __omp_offloading_10_20_main_l30 failed on device 0: {{.*}} at prof.c:30 (function main)"}

  // target data map(to: a[0:n]) around two regions and an update.
  ident_t Data = synthetic::location(";prof.c;main;20;1;;");
  synthetic::MapItems M;
  M.add(A, A, sizeof(A), OMP_TGT_MAPTYPE_TO, ";a;prof.c;20;30;;");
  synthetic::dataBegin(&Data, 0, M);
  std::thread Worker(worker);
  scale(&Region);
  scale(&Region);
  // A file name with characters that JSON strings must escape.
  ident_t Update = synthetic::location(";we\"ird\\dir\t/prof.c;main;35;1;;");
  synthetic::MapItems From;
  From.add(A, A, sizeof(A), OMP_TGT_MAPTYPE_FROM, ";a;prof.c;35;30;;");
  synthetic::dataUpdate(&Update, 0, From);
  synthetic::dataEnd(&Data, 0, M);
  Worker.join();
  fprintf(stderr, "a[3] %g\n", A[3]);
  // OUT: worker: b[0] 42
  // OUT: a[3] 12

  // The device memory API: copies between host and devices, a memset, a
  // block too large for the pool.
  char Host[4096];
  memset(Host, 1, sizeof(Host));
  char *D0 = static_cast<char *>(omp_target_alloc(sizeof(Host), 0));
  char *D1 = static_cast<char *>(omp_target_alloc(sizeof(Host), 1));
  omp_target_memcpy(D0, Host, sizeof(Host), 0, 0, 0, 2);
  omp_target_memcpy(D0, D0, 1024, 2048, 0, 0, 0);
  omp_target_memcpy(D1, D0, sizeof(Host), 0, 0, 1, 0);
  omp_target_memset(D1, 7, 512, 1);
  omp_target_memcpy(Host, D1, sizeof(Host), 0, 0, 2, 1);
  void *Large = omp_target_alloc(2 << 20, 0);
  omp_target_free(Large, 0);
  omp_target_free(D0, 0);
  omp_target_free(D1, 1);
  fprintf(stderr, "host[0] %d host[3000] %d\n", Host[0], Host[3000]);
  // OUT: host[0] 7 host[3000] 1
  return 0;
}

// Host threads: the constructs (a target region is named after its kernel,
// by function and line), their data mapping steps, launches, waits for a
// stream (main: once while loading the image, for the kernel environment it
// reads and the image's own copies; in the update, which waits for both
// regions of line 30 (their array stays mapped by the data region, so they do
// not wait), and in the memory API's copies to another device and to the
// host; the worker: once while loading, and for its region's copy back), the
// small copies to pageable memory that land in pinned memory and move into
// place at such a wait ("land copies": main's kernel environment, update and
// copy to the host; the worker's kernel environment and copy back), device
// initialization, image loads and allocations ("cuMemAlloc" where the pool
// had no block).
// CHECK: valid trace
// CHECK-NEXT: process 1: host: {{.*}} (pid {{[0-9]+}})
// CHECK-NEXT:   thread main: alloc 4, cuMemAlloc 4, enter data 3, exit data 3, free 4, initialize device 1, land copies 3, launch 2, load image 1, main:30 2, update 1, wait 4
// CHECK-NEXT:   thread 2: alloc 1, cuMemAlloc 1, enter data 1, exit data 1, free 1, initialize device 1, land copies 2, launch 1, load image 1, wait 2, worker():50 1
// Device streams: kernels and copies (loading an image reads each kernel's
// environment: 28 bytes from the device).
// CHECK-NEXT: process 2: device 0: Fake GPU 0 (sm_90)
// CHECK-NEXT:   thread stream 0: main:30 2, memcpy DtoD 1, memcpy DtoH 3, memcpy HtoD 2, memcpy peer 1
// CHECK-NEXT: process 3: device 1: Fake GPU 1 (sm_90)
// CHECK-NEXT:   thread stream 0: memcpy DtoH 4, memcpy HtoD 1, memset 1, worker():50 1
// CHECK-NEXT: kernel main:30 on device 0: SPMD, 8 teams x 128 threads, grid [8, 1, 1] block [128, 1, 1], at prof.c:30 (function main)
// CHECK-NEXT: kernel main:30 on device 0: SPMD, 8 teams x 128 threads
// CHECK-NEXT: kernel worker():50 on device 1: generic, 1 teams x 96 threads, grid [1, 1, 1] block [96, 1, 1], at prof.c:50 (function worker)
// a: 8000 bytes in and out, b: 64; the memory API: 4096 in, 4096 out, 1024
// within device 0, 4096 from device 0 to device 1.
// CHECK-NEXT: bytes copied: DtoD 1024, DtoH 12272, HtoD 12160, peer 4096

// UNWRITABLE: omptarget fatal error: cannot write the LIBOMPTARGET_PROFILE trace to {{.*}}missing/t.json: No such file or directory
