// The device side of a C test program that clang-22 compiled with
// --offload-host-only, for the fake CUDA driver (fake-cuda.c): FAKE_KERNEL
// defines the host function that stands for a kernel (it gets the kernel's
// parameters: the launch environment, then the region's arguments) and its
// kernel environment, with a body that may use fakeArg(Params, I), and a
// constructor registers one image, a cubin header
// for sm_90, with the program's offload entries, as LLVM's offload wrapper
// does. Device globals are the program's fakedev_<name> symbols. Programs
// include it once and link with -rdynamic.
#ifndef FAKE_IMAGE_H
#define FAKE_IMAGE_H

#include "OffloadABI.h"
#include "omptarget.h"
#include <stdlib.h>

#define FAKE_KERNEL(Name, ...)                                                 \
  KernelEnvironmentTy fakedev_omp_##Name##_kernel_environment = {              \
      {0, 0, OMP_TGT_EXEC_MODE_GENERIC_SPMD, 1, 128, -1, -1, 0, 0},            \
      NULL,                                                                    \
      NULL};                                                                   \
  void fakedev_omp_##Name(void **Params, unsigned Teams, unsigned Threads) {   \
    (void)Teams, (void)Threads;                                                \
    __VA_ARGS__;                                                               \
  }

/// The array a kernel gets as parameter I (1 for the region's first: 0 is the
/// launch environment), passed by reference as clang-22 passes mapped arrays.
static inline double *fakeArg(void **Params, int I) {
  return *(double **)Params[I];
}

// Weak: a program without target regions or declare target has no entries.
extern __tgt_offload_entry __start_llvm_offload_entries[] __attribute__((weak));
extern __tgt_offload_entry __stop_llvm_offload_entries[] __attribute__((weak));
// An ELF header that passes for a cubin: 64-bit, little endian, CUDA's OS
// ABI, ABI version 8, machine EM_CUDA (190), e_flags 0x06005a04 (sm_90).
static unsigned char FakeCubin[64] = {
    0x7f, 'E', 'L',        'F',         2,    1,    1,
    0x41, 8,   [18] = 190, [48] = 0x04, 0x5a, 0x00, 0x06};
static __tgt_device_image FakeImage = {FakeCubin, FakeCubin + 64,
                                       __start_llvm_offload_entries,
                                       __stop_llvm_offload_entries};
static __tgt_bin_desc FakeDesc = {1, &FakeImage, __start_llvm_offload_entries,
                                  __stop_llvm_offload_entries};
static void fakeUnregister(void) { __tgt_unregister_lib(&FakeDesc); }
__attribute__((constructor)) static void fakeRegister(void) {
  __tgt_register_lib(&FakeDesc);
  atexit(fakeUnregister);
}

#endif
