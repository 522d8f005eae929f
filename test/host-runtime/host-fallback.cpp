// Without a usable GPU (no libcuda.so.1 on this machine, a driver that finds
// no device, or OMP_TARGET_OFFLOAD=disabled) target regions run on the host:
// __tgt_target_kernel fails so that clang's code runs the host version, data
// mapping does nothing, the host is the only device. Under
// OMP_TARGET_OFFLOAD=mandatory the first construct stops the program with one
// clear message.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LIBOMPTARGET_INFO=1 %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,NOLIB
// RUN: env LIBOMPTARGET_INFO=1 LD_LIBRARY_PATH=%t.dir FAKE_CUDA_INIT_ERROR=100 %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,NODEV
// RUN: env LIBOMPTARGET_INFO=1 LD_LIBRARY_PATH=%t.dir OMP_TARGET_OFFLOAD=disabled %t 2>&1 | FileCheck %s --check-prefixes=CHECK,DISABLED
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=%t.dir FAKE_CUDA_INIT_ERROR=100 not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY-NODEV
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %t nog 2>&1 | FileCheck %s --check-prefix=MANDATORY-NOG
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %t data 2>&1 | FileCheck %s --check-prefix=MANDATORY-DATA
// The runs without the fake driver expect a machine without libcuda.so.1, as
// the test machines are.

#include "Inputs/synthetic.h"

#include <string>

extern "C" {
void *omp_target_alloc(size_t Size, int Device);
void omp_target_free(void *Ptr, int Device);
int omp_target_is_present(const void *Ptr, int Device);
int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                      size_t DstOffset, size_t SrcOffset, int DstDevice,
                      int SrcDevice);
}

char Region;

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "";
  synthetic::Cubin Cubin = synthetic::cubinV8(90);
  synthetic::Program Program;
  Program.addImage(Cubin.Bytes, sizeof(Cubin.Bytes));
  Program.Entries.push_back(
      synthetic::entry(&Region, "__omp_offloading_10_20_main_l12", 0));
  Program.registerLib();
  ident_t Loc = synthetic::location(";src/app.c;main;12;3;;");
  ident_t NoG = synthetic::location(";unknown;unknown;0;0;;");

  double A[4] = {1, 2, 3, 4};
  synthetic::MapItems M;
  M.add(A, A, sizeof(A),
        OMP_TGT_MAPTYPE_TO | OMP_TGT_MAPTYPE_FROM |
            OMP_TGT_MAPTYPE_TARGET_PARAM | OMP_TGT_MAPTYPE_RETURN_PARAM);
  if (Mode == "data")
    synthetic::dataBegin(&Loc, -1, M);
  // MANDATORY-DATA: omptarget fatal error: OMP_TARGET_OFFLOAD=mandatory but no GPU is available ({{.*}}) at src/app.c:12 (function main)
  __tgt_kernel_arguments Args = M.kernelArgs();
  int Rc = __tgt_target_kernel(Mode == "nog" ? &NoG : &Loc, -1, 0, 0, &Region,
                               &Args);
  // NOLIB: omptarget info: no GPU is available (libcuda.so.1: cannot open shared object file: No such file or directory): target regions run on the host
  // NODEV: omptarget info: no GPU is available (the CUDA driver failed to start: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)): target regions run on the host
  // DISABLED: omptarget info: no GPU is available (OMP_TARGET_OFFLOAD=disabled): target regions run on the host
  // MANDATORY: omptarget fatal error: OMP_TARGET_OFFLOAD=mandatory but no GPU is available (libcuda.so.1: cannot open shared object file: No such file or directory) at src/app.c:12 (function main)
  // MANDATORY-NODEV: omptarget fatal error: OMP_TARGET_OFFLOAD=mandatory but no GPU is available (the CUDA driver failed to start: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)) at src/app.c:12 (function main)
  // MANDATORY-NOG: omptarget fatal error: OMP_TARGET_OFFLOAD=mandatory but no GPU is available ({{.*}}) at function main, line 12 (compile with -g for the file name)
  fprintf(stderr, "kernel rc %d\n", Rc);
  // CHECK: kernel rc -1

  // Data mapping does nothing: use_device_ptr keeps the host address.
  synthetic::dataBegin(&Loc, -1, M);
  synthetic::dataUpdate(&Loc, -1, M);
  synthetic::dataEnd(&Loc, -1, M);
  fprintf(stderr, "base kept %d, A[3] %g\n", M.Bases[0] == A, A[3]);
  // CHECK: base kept 1, A[3] 4

  // The host is the only device: number 0 = omp_get_initial_device().
  int N = __tgt_get_num_devices();
  double *H = static_cast<double *>(omp_target_alloc(sizeof(A), N));
  int Copy = omp_target_memcpy(H, A, sizeof(A), 0, 0, N, N);
  fprintf(stderr, "devices %d, alloc on host %d, memcpy %d H[2] %g, present %d\n",
          N, H != nullptr, Copy, H[2], omp_target_is_present(A, N));
  // CHECK: devices 0, alloc on host 1, memcpy 0 H[2] 3, present 1
  omp_target_free(H, N);
  fprintf(stderr, "invalid device alloc %p\n", omp_target_alloc(8, 3));
  // CHECK: invalid device alloc (nil)
  return 0;
}
