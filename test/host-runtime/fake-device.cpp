// The runtime's GPU paths against a fake CUDA driver (Inputs/fake-cuda.c):
// device set-up, image choice by compute capability, kernel environments,
// launch geometry, kernel arguments, data movement around launches, declare
// target globals and the LIBOMPTARGET_INFO lines. The device starts at the
// first construct (LIBOMPTARGET_EARLY_START=0), so that its info line comes
// in the program's order (early-start.c checks the early start).
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -rdynamic -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=1 OMP_NUM_TEAMS=5 OMP_TEAMS_THREAD_LIMIT=96 %t 2>&1 | FileCheck %s --check-prefix=ICV
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 LIBOMPTARGET_INFO=1 FAKE_CUDA_MAX_THREADS=64 FAKE_CUDA_SMS=2 FAKE_CUDA_OCCUPANCY=3 %t 2>&1 | FileCheck %s --check-prefix=LIMITS
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_EARLY_START=0 OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=1 LIBOMPTARGET_SHAPED_GRIDS=0 %t 2>&1 | FileCheck %s --check-prefix=UNSHAPED

#include "Inputs/synthetic.h"

#include <cstdio>

extern "C" int omp_target_is_present(const void *Ptr, int Device);

using synthetic::MapItems;

extern "C" {
// The device side: kernel bodies and their environments, found by the fake
// driver under fakedev_<name>.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l30_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l40_kernel_environment = {
    {1, 1, OMP_TGT_EXEC_MODE_GENERIC, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
// An SPMD kernel whose teams take blocks of its loop: the link step's
// iterations a thread.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l60_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
uint32_t fakedev___omp_offloading_10_20_main_l60_thread_iterations = 4;
void fakedev___omp_offloading_10_20_main_l60(void **, unsigned, unsigned) {}
// The same with rows the link step may pad to whole warps (AlignedRows): up
// to 1/32 more iterations than the trip count.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l70_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
uint32_t fakedev___omp_offloading_10_20_main_l70_thread_iterations = 4;
uint32_t fakedev___omp_offloading_10_20_main_l70_padded_rows = 32;
void fakedev___omp_offloading_10_20_main_l70(void **, unsigned, unsigned) {}
// A 3-D collapsed loop that may run on a grid of its shape (GridShapedLoops):
// each extent is its int parameter n (parameter 1, the first argument) less
// 2, and lane 0 of a warp is one column before the innermost index's first.
KernelEnvironmentTy fakedev___omp_offloading_10_20_main_l80_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
uint32_t fakedev___omp_offloading_10_20_main_l80_thread_iterations = 4;
uint32_t fakedev___omp_offloading_10_20_main_l80_grid_shape[8] = {
    3, 1, 2, uint32_t(-2), 2, uint32_t(-2), 2, uint32_t(-2)};
void fakedev___omp_offloading_10_20_main_l80(void **, unsigned, unsigned) {}
double fakedev_g[4] = {-1, -1, -1, -1}; // declare target double g[4]

struct Pair {
  int X, Y;
};

// SPMD kernel: (launch env, long n (literal), double *a (mapped, passed as
// a - 2 to check base offsets), Pair p (firstprivate), double *unmapped).
void fakedev___omp_offloading_10_20_main_l30(void **Params, unsigned Teams,
                                             unsigned Threads) {
  void *Env = *static_cast<void **>(Params[0]);
  long N = *static_cast<long *>(Params[1]);
  double *ABase = *static_cast<double **>(Params[2]);
  Pair *P = *static_cast<Pair **>(Params[3]);
  double *Unmapped = *static_cast<double **>(Params[4]);
  fprintf(stderr, "kernel l30: env %p n %ld p {%d,%d} unmapped %p, %u x %u\n",
          Env, N, P->X, P->Y, static_cast<void *>(Unmapped), Teams, Threads);
  for (long I = 2; I < N; ++I)
    ABase[I] = 2 * I;
  P->X = 1000; // a private copy: invisible to the host
}

// Generic kernel using the declare target global.
void fakedev___omp_offloading_10_20_main_l40(void **Params, unsigned Teams,
                                             unsigned Threads) {
  (void)Params;
  fprintf(stderr, "kernel l40: %u x %u, g[1] = %g\n", Teams, Threads,
          fakedev_g[1]);
  fakedev_g[1] = 42;
}

// A bare kernel (no environment).
void fakedev___omp_offloading_10_20_main_l50(void **Params, unsigned Teams,
                                             unsigned Threads) {
  (void)Params;
  fprintf(stderr, "kernel l50: %u x %u\n", Teams, Threads);
}
}

double g[4] = {0, 0, 0, 0};
char RegionL30, RegionL40, RegionL50, RegionL60, RegionL70, RegionL80;

int main() {
  static const char PTX[] = ".version 8.8\n.target sm_90\n.address_size 64\n";
  synthetic::Cubin Cubin = synthetic::cubinV8(90);
  synthetic::Program Program;
  Program.addImage(Cubin.Bytes, sizeof(Cubin.Bytes));
  Program.addPTX(PTX);
  Program.Entries.push_back(
      synthetic::entry(&RegionL30, "__omp_offloading_10_20_main_l30", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL40, "__omp_offloading_10_20_main_l40", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL50, "__omp_offloading_10_20_main_l50", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL60, "__omp_offloading_10_20_main_l60", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL70, "__omp_offloading_10_20_main_l70", 0));
  Program.Entries.push_back(
      synthetic::entry(&RegionL80, "__omp_offloading_10_20_main_l80", 0));
  Program.Entries.push_back(synthetic::entry(g, "g", sizeof(g)));
  Program.registerLib();
  ident_t Loc = synthetic::location(";fake.c;main;30;1;;");

  fprintf(stderr, "devices: %d\n", __tgt_get_num_devices());
  // CHECK: omptarget info: 1 CUDA device(s) available
  // CHECK: devices: 1

  double A[8] = {0};
  Pair P = {3, 4};
  double *Unmapped = reinterpret_cast<double *>(0x1234);
  MapItems M;
  M.add(reinterpret_cast<void *>(8), reinterpret_cast<void *>(8), 8,
        OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_TARGET_PARAM);
  M.add(A, A + 2, 6 * sizeof(double),
        OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM |
            OMP_TGT_MAPTYPE_TARGET_PARAM);
  M.add(&P, &P, sizeof(P),
        OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_PRIVATE |
            OMP_TGT_MAPTYPE_TARGET_PARAM);
  M.add(Unmapped, Unmapped, 0,
        OMP_TGT_MAPTYPE_IMPLICIT | OMP_TGT_MAPTYPE_TARGET_PARAM);
  __tgt_kernel_arguments Args = M.kernelArgs();
  Args.Tripcount = 1000;
  int Rc = __tgt_target_kernel(&Loc, -1, 0, 0, &RegionL30, &Args);
  fprintf(stderr, "rc %d a[2] %g a[7] %g p.x %d\n", Rc, A[2], A[7], P.X);
  // CHECK: omptarget info: device 0 is Fake GPU 0 (sm_90, 132 multiprocessors, 80.0 GiB), CUDA driver 13.0
  // CHECK: omptarget info: device 0 (sm_90): loaded image 1 of 2 (cubin sm_90); the program carries cubin sm_90, ptx sm_90
  // CHECK: omptarget info: device 0: launching __omp_offloading_10_20_main_l30 in SPMD mode with 8 teams x 128 threads (teams: loop trip count; threads: kernel default), 4 arguments at fake.c:30 (function main)
  // CHECK: kernel l30: env (nil) n 8 p {3,4} unmapped 0x1234, 8 x 128
  // CHECK: rc 0 a[2] 4 a[7] 14 p.x 3
  // ICV: with 5 teams x 96 threads (teams: OMP_NUM_TEAMS; threads: OMP_TEAMS_THREAD_LIMIT)
  // LIMITS: with 6 teams x 64 threads (teams: loop trip count, capped by device occupancy; threads: capped by the kernel's resource limit)

  // Clauses win over ICVs; the kernel's MaxThreads caps thread_limit.
  Args.NumTeams[0] = 7;
  Args.ThreadLimit[0] = 512;
  __tgt_target_kernel(&Loc, -1, 7, 512, &RegionL30, &Args);
  // CHECK: with 7 teams x 128 threads (teams: num_teams clause; threads: capped by the kernel's maximum)
  // ICV: with 7 teams x 128 threads (teams: num_teams clause; threads: capped by the kernel's maximum)

  // A generic `target` region without teams: one team, a master warp on top.
  MapItems None;
  __tgt_kernel_arguments GenericArgs = None.kernelArgs();
  GenericArgs.NumTeams[0] = static_cast<uint32_t>(-1);
  Rc = __tgt_target_kernel(&Loc, 0, -1, 0, &RegionL40, &GenericArgs);
  fprintf(stderr, "rc %d\n", Rc);
  // CHECK: launching __omp_offloading_10_20_main_l40 in generic mode with 1 teams x 160 threads (teams: no teams construct; threads: kernel default)
  // CHECK-NEXT: rc 0
  // LIMITS: launching __omp_offloading_10_20_main_l40 in generic mode with 1 teams x 64 threads (teams: no teams construct; threads: capped by the kernel's resource limit)

  // Generic teams with a distribute loop: a team per iteration.
  GenericArgs.NumTeams[0] = 0;
  GenericArgs.Tripcount = 100;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL40, &GenericArgs);
  // CHECK: in generic mode with 100 teams x 160 threads (teams: loop trip count; threads: kernel default)
  GenericArgs.Tripcount = 0;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL40, &GenericArgs);
  // CHECK: in generic mode with 2112 teams x 160 threads (teams: device occupancy; threads: kernel default)

  // Teams that take blocks of the loop: 4 iterations a thread, as many waves
  // as that takes, but never fewer teams than fill the device; one
  // iteration a thread where that fills it.
  GenericArgs.Tripcount = 100000000;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL60, &GenericArgs);
  // CHECK: launching __omp_offloading_10_20_main_l60 in SPMD mode with 195313 teams x 128 threads (teams: loop trip count, in blocks of the loop (several iterations a thread); threads: kernel default)
  // LIMITS: launching __omp_offloading_10_20_main_l60 in SPMD mode with 390625 teams x 64 threads (teams: loop trip count, in blocks of the loop (several iterations a thread); threads: capped by the kernel's resource limit)
  GenericArgs.Tripcount = 300000;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL60, &GenericArgs);
  // CHECK: launching __omp_offloading_10_20_main_l60 in SPMD mode with 2112 teams x 128 threads (teams: loop trip count, in blocks of the loop (several iterations a thread); threads: kernel default)
  GenericArgs.Tripcount = 1280;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL60, &GenericArgs);
  // CHECK: launching __omp_offloading_10_20_main_l60 in SPMD mode with 10 teams x 128 threads (teams: loop trip count; threads: kernel default)
  GenericArgs.Tripcount = 0;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL60, &GenericArgs);
  // CHECK: launching __omp_offloading_10_20_main_l60 in SPMD mode with 2112 teams x 128 threads (teams: device occupancy; threads: kernel default)
  // Padded rows: teams for 100000000 + 3125000 iterations.
  GenericArgs.Tripcount = 100000000;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL70, &GenericArgs);
  // CHECK: launching __omp_offloading_10_20_main_l70 in SPMD mode with 201417 teams x 128 threads (teams: loop trip count, in blocks of the loop (several iterations a thread); threads: kernel default)

  // A loop on a grid of its shape: 510 columns from one before the first
  // (16 teams of 32), 128 rows of four (a warp's row each), 510 planes.
  MapItems Shape;
  Shape.add(reinterpret_cast<void *>(512), reinterpret_cast<void *>(512), 4,
            OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_TARGET_PARAM);
  __tgt_kernel_arguments ShapeArgs = Shape.kernelArgs();
  ShapeArgs.Tripcount = 510L * 510 * 510;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL80, &ShapeArgs);
  // CHECK: launching __omp_offloading_10_20_main_l80 in SPMD mode with 16x128x510 teams x 128 threads (teams: loop shape (a team a tile of 32 innermost iterations by one row a warp); threads: kernel default)
  // ICV: launching __omp_offloading_10_20_main_l80 in SPMD mode with 5 teams x 96 threads (teams: OMP_NUM_TEAMS; threads: OMP_TEAMS_THREAD_LIMIT)
  // LIMITS: launching __omp_offloading_10_20_main_l80 in SPMD mode with 16x255x510 teams x 64 threads (teams: loop shape
  // LIBOMPTARGET_SHAPED_GRIDS=0: the grid-stride launch, blocks of four
  // iterations a thread.
  // UNSHAPED: launching __omp_offloading_10_20_main_l80 in SPMD mode with 259084 teams x 128 threads (teams: loop trip count, in blocks of the loop (several iterations a thread); threads: kernel default)
  // Extents that do not give the trip count, a num_teams clause, or one row
  // of teams: the grid-stride launch.
  ShapeArgs.Tripcount = 1000;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL80, &ShapeArgs);
  // CHECK: launching __omp_offloading_10_20_main_l80 in SPMD mode with 8 teams x 128 threads (teams: loop trip count; threads: kernel default)
  ShapeArgs.Tripcount = 510L * 510 * 510;
  ShapeArgs.NumTeams[0] = 3;
  __tgt_target_kernel(&Loc, 0, 3, 0, &RegionL80, &ShapeArgs);
  // CHECK: launching __omp_offloading_10_20_main_l80 in SPMD mode with 3 teams x 128 threads (teams: num_teams clause; threads: kernel default)
  MapItems Small;
  Small.add(reinterpret_cast<void *>(3), reinterpret_cast<void *>(3), 4,
            OMP_TGT_MAPTYPE_LITERAL | OMP_TGT_MAPTYPE_TARGET_PARAM);
  __tgt_kernel_arguments SmallArgs = Small.kernelArgs();
  SmallArgs.Tripcount = 1;
  __tgt_target_kernel(&Loc, 0, 0, 0, &RegionL80, &SmallArgs);
  // CHECK: launching __omp_offloading_10_20_main_l80 in SPMD mode with 1 teams x 128 threads (teams: loop trip count; threads: kernel default)

  // The declare target global stays mapped: update from reads its device copy.
  // The three regions above returned before their kernels ran; the update
  // waits for them (the fake driver runs queued work when the host waits).
  MapItems G;
  G.add(g, g, sizeof(g), OMP_TGT_MAPTYPE_FROM);
  synthetic::dataUpdate(&Loc, 0, G);
  fprintf(stderr, "g[1] %g present %d\n", g[1], omp_target_is_present(g, 0));
  // CHECK: kernel l40: 1 x 160, g[1] = -1
  // CHECK-NEXT: kernel l40: 100 x 160, g[1] = 42
  // CHECK-NEXT: kernel l40: 2112 x 160, g[1] = 42
  // CHECK-NEXT: g[1] 42 present 1

  // ompx_bare: exactly the clauses, in three dimensions.
  __tgt_kernel_arguments BareArgs = None.kernelArgs();
  BareArgs.NumTeams[0] = 4;
  BareArgs.NumTeams[1] = 2;
  BareArgs.ThreadLimit[0] = 64;
  __tgt_target_kernel(&Loc, 0, 4, 64, &RegionL50, &BareArgs);
  // CHECK: launching __omp_offloading_10_20_main_l50 in bare mode with 4x2x1 teams x 64x1x1 threads

  // The host is device 1 (the initial device): the region falls back.
  Rc = __tgt_target_kernel(&Loc, 1, 0, 0, &RegionL30, &Args);
  fprintf(stderr, "host rc %d\n", Rc);
  // CHECK: host rc -1
  // The end of the program waits for the bare kernel, which nothing else did.
  // CHECK-NEXT: kernel l50: 4 x 64
  return 0;
}


