// Fatal errors end the process with one message naming the source location
// (from the ident_t, or from the kernel name without -g), never a crash:
// kernel faults (noticed when the program ends, since target regions do not
// wait for their kernels, unless the kernel uses host memory in place; with
// advice where the program requires unified shared memory and the GPU cannot
// reach host memory), regions without a kernel under
// OMP_TARGET_OFFLOAD=mandatory (by default they run on the host),
// unsupported requirements, bad device numbers, out of device memory. A
// declare target variable the image lacks is no error: the device code does
// not use it. Uses the fake CUDA driver.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -rdynamic -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_KERNEL_ERROR=700 not %t fault-g 2>&1 | FileCheck %s --check-prefix=FAULT-G
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_KERNEL_ERROR=700 not %t fault 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: env LD_LIBRARY_PATH=%t.dir OMP_TARGET_OFFLOAD=mandatory not %t no-kernel 2>&1 | FileCheck %s --check-prefix=NO-KERNEL
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 %t no-kernel-default 2>&1 | FileCheck %s --check-prefix=NO-KERNEL-DEFAULT
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_KERNEL_ERROR=700 not %t usm 2>&1 | FileCheck %s --check-prefix=USM
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_KERNEL_ERROR=700 FAKE_CUDA_PAGEABLE=1 not %t usm 2>&1 | FileCheck %s --check-prefix=USM-HMM
// RUN: env LD_LIBRARY_PATH=%t.dir not %t reverse-offload 2>&1 | FileCheck %s --check-prefix=REVERSE
// RUN: env LD_LIBRARY_PATH=%t.dir OMP_TARGET_OFFLOAD=mandatory not %t bad-device 2>&1 | FileCheck %s --check-prefix=BAD-DEVICE
// RUN: env LD_LIBRARY_PATH=%t.dir not %t invalid-device 2>&1 | FileCheck %s --check-prefix=INVALID-DEVICE
// RUN: env LD_LIBRARY_PATH=%t.dir %t bad-device-default 2>&1 | FileCheck %s --check-prefix=BAD-DEVICE-DEFAULT
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_MEMORY=100 not %t oom 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 %t missing-global 2>&1 | FileCheck %s --check-prefix=MISSING-GLOBAL

#include "Inputs/synthetic.h"

#include <string>

extern "C" {
KernelEnvironmentTy fakedev___omp_offloading_fd00_1f2e3d_foo_bar_l17_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 128, 0, 0, 0, 0}, nullptr, nullptr};
void fakedev___omp_offloading_fd00_1f2e3d_foo_bar_l17(void **, unsigned,
                                                      unsigned) {}
// A C++ parent function: its mangled name appears in the kernel name.
void fakedev___omp_offloading_fd00_1f2e3d__Z4axpyiPd_l9(void **, unsigned,
                                                       unsigned) {}
}

char Region, CxxRegion, Unknown, Global[16];

int main(int, char **Argv) {
  std::string Mode = Argv[1];
  synthetic::Cubin Cubin = synthetic::cubinV8(90);
  synthetic::Program Program;
  Program.addImage(Cubin.Bytes, sizeof(Cubin.Bytes));
  Program.Entries.push_back(synthetic::entry(
      &Region, "__omp_offloading_fd00_1f2e3d_foo_bar_l17", 0));
  Program.Entries.push_back(synthetic::entry(
      &CxxRegion, "__omp_offloading_fd00_1f2e3d__Z4axpyiPd_l9", 0));
  if (Mode == "usm" || Mode == "reverse-offload") {
    __tgt_offload_entry Requires =
        synthetic::entry(nullptr, ".requires", 0, OMP_OFFLOAD_ENTRY_REQUIRES);
    Requires.Data = Mode == "usm" ? OMP_REQ_UNIFIED_SHARED_MEMORY
                                  : OMP_REQ_REVERSE_OFFLOAD;
    Program.Entries.push_back(Requires);
  }
  if (Mode == "missing-global")
    Program.Entries.push_back(synthetic::entry(Global, "gone", 16));
  Program.registerLib();

  ident_t WithG = synthetic::location(";src/foo.c;foo_bar;17;3;;");
  ident_t NoG = synthetic::location(";unknown;unknown;0;0;;");
  synthetic::MapItems None;
  __tgt_kernel_arguments Args = None.kernelArgs();
  if (Mode == "fault-g")
    return __tgt_target_kernel(&WithG, -1, 0, 0, &Region, &Args);
  // FAULT-G: omptarget fatal error: kernel __omp_offloading_fd00_1f2e3d_foo_bar_l17 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered); the host noticed the failure when the program ended (target regions do not wait for their kernels) at src/foo.c:17 (function foo_bar)
  if (Mode == "fault")
    return __tgt_target_kernel(&NoG, -1, 0, 0, &CxxRegion, &Args);
  // FAULT: omptarget fatal error: kernel __omp_offloading_fd00_1f2e3d__Z4axpyiPd_l9 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered); the host noticed the failure when the program ended (target regions do not wait for their kernels) at function axpy(int, double*), line 9 (compile with -g for the file name)
  if (Mode == "no-kernel")
    return __tgt_target_kernel(&WithG, -1, 0, 0, &Unknown, &Args);
  // NO-KERNEL: omptarget fatal error: the target region cannot run on device 0: its program's device image has no kernel for it (the link step warned about it) at src/foo.c:17 (function foo_bar)
  if (Mode == "no-kernel-default") {
    int Rc = __tgt_target_kernel(&WithG, -1, 0, 0, &Unknown, &Args);
    fprintf(stderr, "rc %d\n", Rc);
    // NO-KERNEL-DEFAULT: omptarget info: the target region at src/foo.c:17 (function foo_bar) runs on the host: its program's device image has no kernel for it
    // NO-KERNEL-DEFAULT-NEXT: rc -1
    return 0;
  }
  if (Mode == "usm" || Mode == "reverse-offload" || Mode == "missing-global")
    return __tgt_target_kernel(&WithG, -1, 0, 0, &Region, &Args);
  // MISSING-GLOBAL: omptarget info: device 0: the device image does not define the declare target variable gone
  // MISSING-GLOBAL: omptarget info: device 0: launching __omp_offloading_fd00_1f2e3d_foo_bar_l17
  // USM: omptarget fatal error: kernel __omp_offloading_fd00_1f2e3d_foo_bar_l17 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered); the host noticed the failure when the program ended (target regions do not wait for their kernels); the program requires unified_shared_memory, but device 0 (Fake GPU 0) cannot access host memory that was not mapped: this GPU and driver give kernels no access to pageable host memory (no HMM). Map the host data the kernel uses, or allocate it with omp_target_alloc_shared or llvm_omp_target_alloc_shared (managed memory), for the target region at src/foo.c:17 (function foo_bar)
  // USM-HMM: omptarget fatal error: kernel __omp_offloading_fd00_1f2e3d_foo_bar_l17 failed on device 0: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered) at src/foo.c:17 (function foo_bar)
  // REVERSE: omptarget fatal error: '#pragma omp requires reverse_offload' is not supported yet by the offloading runtime at src/foo.c:17 (function foo_bar)
  if (Mode == "bad-device")
    return __tgt_target_kernel(&WithG, 3, 0, 0, &Region, &Args);
  // BAD-DEVICE: omptarget fatal error: device number 3 is not valid: there are 1 devices (0 to 0) and the host is device 1 at src/foo.c:17 (function foo_bar)
  if (Mode == "invalid-device")
    return __tgt_target_kernel(&WithG, -2, 0, 0, &Region, &Args);
  // INVALID-DEVICE: omptarget fatal error: device number -2 is not valid
  if (Mode == "bad-device-default") {
    int Rc = __tgt_target_kernel(&WithG, 3, 0, 0, &Region, &Args);
    fprintf(stderr, "rc %d\n", Rc);
    // BAD-DEVICE-DEFAULT: rc -1
    return 0;
  }
  if (Mode == "oom") {
    static double Big[64];
    synthetic::MapItems M;
    M.add(Big, Big, sizeof(Big), OMP_TGT_MAPTYPE_TO, ";Big;src/foo.c;20;30;;");
    synthetic::dataBegin(&WithG, 0, M);
    // OOM: omptarget fatal error: out of device memory mapping 'Big' (src/foo.c:20) [0x{{[0-9a-f]+}}, +512 bytes) on device 0 (1 MiB of 81920 MiB free) at src/foo.c:17 (function foo_bar)
  }
  return 0;
}
