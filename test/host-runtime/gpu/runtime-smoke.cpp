// GPU smoke test of libomptarget.so without the compiler: registers the
// hand-written kernels of kernels.ptx (as a cubin and as PTX, or as PTX only)
// and runs target regions, data mapping, declare target globals and the device
// memory API at the ABI level; checks that a kernel fault is reported, naming
// the target region, at the next operation that waits for the device or at
// the program's end; then compares back-to-back launches with bare
// cuLaunchKernel calls. Run with OMP_TARGET_OFFLOAD=mandatory
// LIBOMPTARGET_INFO=1; `make gpu-bundle` builds it (build.sh) and the
// bundle's run.py runs it as bundle-tests.json says.
//   runtime-smoke CUBIN PTX [all|ptx|fault|fault-at-exit|perf]
#include "omptarget.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
void *omp_target_alloc(size_t Size, int Device);
void omp_target_free(void *Ptr, int Device);
int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                      size_t DstOffset, size_t SrcOffset, int DstDevice,
                      int SrcDevice);
int omp_get_initial_device(void) __attribute__((weak));
}

static int Failures = 0;
#define EXPECT(Cond)                                                           \
  do {                                                                         \
    bool Ok = (Cond);                                                          \
    printf("%s: %s\n", Ok ? "PASS" : "FAIL", #Cond);                           \
    Failures += !Ok;                                                           \
  } while (0)

/// Checks a[i] == 2i, reporting the first mismatch.
static bool checkTwice(const std::vector<double> &A) {
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I] != 2.0 * I) {
      printf("a[%zu] = %g, expected %g\n", I, A[I], 2.0 * I);
      return false;
    }
  return true;
}

static std::string readFile(const char *Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

static char SpmdId, GeomId, EmptyId, FaultId;
static double g[4] = {1, 2, 3, 4};

static __tgt_offload_entry entry(void *Address, const char *Name,
                                 uint64_t Size) {
  __tgt_offload_entry E = {};
  E.Version = 1;
  E.Kind = 1;
  E.Address = Address;
  E.SymbolName = const_cast<char *>(Name);
  E.Size = Size;
  return E;
}

struct Args {
  std::vector<void *> Bases, Begins;
  std::vector<int64_t> Sizes, Types;
  void add(void *Base, void *Begin, int64_t Size, int64_t Type) {
    Bases.push_back(Base);
    Begins.push_back(Begin);
    Sizes.push_back(Size);
    Types.push_back(Type);
  }
  __tgt_kernel_arguments kernel(uint64_t Tripcount = 0) {
    __tgt_kernel_arguments A = {};
    A.Version = 3;
    A.NumArgs = static_cast<uint32_t>(Types.size());
    A.ArgBasePtrs = Bases.data();
    A.ArgPtrs = Begins.data();
    A.ArgSizes = Sizes.data();
    A.ArgTypes = Types.data();
    A.Tripcount = Tripcount;
    return A;
  }
};

constexpr int64_t TO = OMP_TGT_MAPTYPE_TO, FROM = OMP_TGT_MAPTYPE_FROM,
                  PARAM = OMP_TGT_MAPTYPE_TARGET_PARAM,
                  LITERAL = OMP_TGT_MAPTYPE_LITERAL,
                  IMPLICIT = OMP_TGT_MAPTYPE_IMPLICIT;

/// The source location of a construct in function \p Function at this line,
/// as clang writes it.
#define STRINGIFY(X) #X
#define LINE_STRING(Line) STRINGIFY(Line)
#define LOCATION(Function)                                                     \
  ident_t {                                                                    \
    0, 2, 0, 0,                                                                \
        ";runtime-smoke.cpp;" Function ";" LINE_STRING(__LINE__) ";1;;"        \
  }

/// Back-to-back launches straight through the driver, then one wait for
/// them, for comparison: microseconds per launch.
static double bareLaunchMicroseconds(const std::string &Cubin, int Count) {
  void *Cuda = dlopen("libcuda.so.1", RTLD_NOW);
  using Fn = int (*)(...);
  auto Sym = [&](const char *Name) {
    return reinterpret_cast<Fn>(dlsym(Cuda, Name));
  };
  void *Context, *Module, *Function, *Stream;
  int Device;
  Sym("cuDeviceGet")(&Device, 0);
  Sym("cuDevicePrimaryCtxRetain")(&Context, Device);
  Sym("cuCtxSetCurrent")(Context);
  Sym("cuStreamCreate")(&Stream, 1u);
  Sym("cuModuleLoadData")(&Module, Cubin.data());
  Sym("cuModuleGetFunction")(&Function, Module, "empty");
  void *Env = nullptr;
  void *Params[] = {&Env};
  auto Launch = [&] {
    Sym("cuLaunchKernel")(Function, 264u, 1u, 1u, 128u, 1u, 1u, 0u, Stream,
                          Params, nullptr);
  };
  for (int I = 0; I < 100; ++I)
    Launch();
  Sym("cuStreamSynchronize")(Stream);
  auto Start = std::chrono::steady_clock::now();
  for (int I = 0; I < Count; ++I)
    Launch();
  Sym("cuStreamSynchronize")(Stream);
  std::chrono::duration<double, std::micro> T =
      std::chrono::steady_clock::now() - Start;
  return T.count() / Count;
}

/// `target update from(g)`: an operation that waits for the device.
static void updateFromDevice(ident_t &Loc) {
  Args U;
  U.add(g, g, sizeof(g), FROM);
  __tgt_target_data_update_mapper(&Loc, 0, 1, U.Bases.data(), U.Begins.data(),
                                  U.Sizes.data(), U.Types.data(), nullptr,
                                  nullptr);
}

/// A kernel that stores through a null pointer. Target regions do not wait
/// for their kernels, so the runtime promises to report the fault, naming
/// the region, at the next operation that waits for the device (a `target
/// update from` here) or, if none comes, when the program ends; either way
/// the process ends with status 1.
static int fault(bool AtExit) {
  Args A;
  A.add(nullptr, nullptr, 0, LITERAL | PARAM);
  __tgt_kernel_arguments K = A.kernel();
  ident_t Region = LOCATION("launchFault");
  __tgt_target_kernel(&Region, 0, 1, 0, &FaultId, &K);
  printf("the faulting region returned\n");
  if (AtExit)
    return 0;
  ident_t Wait = LOCATION("waitForFault");
  updateFromDevice(Wait);
  printf("FAIL: the fault was not reported when the host waited\n");
  return 1;
}

int main(int Argc, char **Argv) {
  if (Argc < 4)
    return 2;
  std::string Cubin = readFile(Argv[1]), PTX = readFile(Argv[2]);
  std::string Mode = Argv[3];
  std::vector<__tgt_offload_entry> Entries = {
      entry(&SpmdId, "spmd", 0), entry(&GeomId, "geom", 0),
      entry(&EmptyId, "empty", 0), entry(&FaultId, "fault", 0),
      entry(g, "g", sizeof(g))};
  std::vector<__tgt_device_image> Images;
  if (Mode != "ptx")
    Images.push_back({&Cubin[0], &Cubin[0] + Cubin.size(), Entries.data(),
                      Entries.data() + Entries.size()});
  Images.push_back({&PTX[0], &PTX[0] + PTX.size() + 1, Entries.data(),
                    Entries.data() + Entries.size()});
  __tgt_bin_desc Desc = {static_cast<int32_t>(Images.size()), Images.data(),
                         Entries.data(), Entries.data() + Entries.size()};
  __tgt_register_lib(&Desc);
  ident_t Loc = LOCATION("main");

  EXPECT(__tgt_get_num_devices() >= 1);

  if (Mode == "fault" || Mode == "fault-at-exit")
    return fault(Mode == "fault-at-exit");

  // SPMD kernel over a mapped array, with the trip count deciding the teams.
  const long N = 1 << 20;
  std::vector<double> A(N, -1.0);
  {
    Args M;
    M.add(reinterpret_cast<void *>(N), reinterpret_cast<void *>(N), 8,
          LITERAL | PARAM);
    M.add(A.data(), A.data(), N * sizeof(double), TO | FROM | PARAM);
    __tgt_kernel_arguments K = M.kernel(N);
    EXPECT(__tgt_target_kernel(&Loc, -1, 0, 0, &SpmdId, &K) == 0);
    EXPECT(checkTwice(A));
    // num_teams(3) thread_limit(64): the clauses decide.
    K.NumTeams[0] = 3;
    K.ThreadLimit[0] = 64;
    std::fill(A.begin(), A.end(), -1.0);
    EXPECT(__tgt_target_kernel(&Loc, -1, 3, 64, &SpmdId, &K) == 0);
    EXPECT(checkTwice(A));
  }

  // A generic kernel without teams: 1 team of 128 + 32 threads; it updates
  // the declare target global on the device.
  {
    uint64_t Out[2] = {0, 0};
    Args M;
    M.add(Out, Out, sizeof(Out), FROM | PARAM);
    __tgt_kernel_arguments K = M.kernel();
    K.NumTeams[0] = static_cast<uint32_t>(-1);
    EXPECT(__tgt_target_kernel(&Loc, 0, -1, 0, &GeomId, &K) == 0);
    printf("generic kernel ran with blockDim.x %lu gridDim.x %lu\n",
           (unsigned long)Out[0], (unsigned long)Out[1]);
    EXPECT(Out[0] == 160 && Out[1] == 1);
    updateFromDevice(Loc);
    EXPECT(g[1] == 20);
  }

  // omp_target_alloc'ed memory passed as an unmapped pointer.
  {
    const long M = 1000;
    double *D = static_cast<double *>(omp_target_alloc(M * sizeof(double), 0));
    EXPECT(D != nullptr);
    Args P;
    P.add(reinterpret_cast<void *>(M), reinterpret_cast<void *>(M), 8,
          LITERAL | PARAM);
    P.add(D, D, 0, IMPLICIT | PARAM);
    __tgt_kernel_arguments K = P.kernel(M);
    EXPECT(__tgt_target_kernel(&Loc, 0, 0, 0, &SpmdId, &K) == 0);
    std::vector<double> H(M);
    int Host = __tgt_get_num_devices();
    EXPECT(omp_target_memcpy(H.data(), D, M * sizeof(double), 0, 0, Host, 0) ==
           0);
    EXPECT(H[999] == 1998);
    omp_target_free(D, 0);
  }

  // Back-to-back target regions of an empty kernel, which queue like CUDA
  // launches, then one operation that waits for them, against the bare
  // driver (run without LIBOMPTARGET_INFO, which prints a line per launch).
  if (Mode == "perf") {
    Args None;
    __tgt_kernel_arguments K = None.kernel();
    K.NumTeams[0] = 264;
    const int Count = 20000;
    for (int I = 0; I < 100; ++I)
      __tgt_target_kernel(&Loc, 0, 264, 0, &EmptyId, &K);
    updateFromDevice(Loc);
    auto Start = std::chrono::steady_clock::now();
    for (int I = 0; I < Count; ++I)
      __tgt_target_kernel(&Loc, 0, 264, 0, &EmptyId, &K);
    updateFromDevice(Loc);
    std::chrono::duration<double, std::micro> T =
        std::chrono::steady_clock::now() - Start;
    printf("back-to-back launches of an empty kernel, then a wait: "
           "libomptarget %.2f us, bare CUDA driver %.2f us per launch\n",
           T.count() / Count, bareLaunchMicroseconds(Cubin, Count));
  }
  __tgt_unregister_lib(&Desc);
  printf("%d failures\n", Failures);
  return Failures != 0;
}
