// Which device image the runtime loads for the device's compute capability
// (fake CUDA driver): the cubin for the same SM (ELF ABI v8 or older e_flags
// layout), a cubin of the same major and lower minor, PTX for newer GPUs, the
// next candidate when the driver refuses one, and a clear error when nothing
// fits.
// RUN: mkdir -p %t.dir && %host-clang -shared -fPIC %S/Inputs/fake-cuda.c -o %t.dir/libcuda.so.1 -ldl
// RUN: %host-clangxx -std=c++17 -rdynamic -I%runtime-include -I%abi-include -I%S %s -L%libomptarget-dir -lomptarget -Wl,-rpath,%libomptarget-dir -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 FAKE_CUDA_SM=90 %t 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 FAKE_CUDA_SM=86 %t 2>&1 | FileCheck %s --check-prefix=SM86
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 FAKE_CUDA_SM=120 %t 2>&1 | FileCheck %s --check-prefix=SM120
// RUN: env LD_LIBRARY_PATH=%t.dir LIBOMPTARGET_INFO=1 FAKE_CUDA_SM=90 FAKE_CUDA_REJECT=cubin %t 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_SM=75 not %t 2>&1 | FileCheck %s --check-prefix=NOFIT
// RUN: env LD_LIBRARY_PATH=%t.dir FAKE_CUDA_SM=120 FAKE_CUDA_REJECT=ptx not %t 2>&1 | FileCheck %s --check-prefix=REFUSED

#include "Inputs/synthetic.h"

extern "C" {
KernelEnvironmentTy fakedev_kern_kernel_environment = {
    {0, 0, OMP_TGT_EXEC_MODE_SPMD, 1, 256, 0, 0, 0, 0}, nullptr, nullptr};
void fakedev_kern(void **, unsigned, unsigned) {}
}

char Region;

int main() {
  static const char PTX[] = ".version 8.8\n.target sm_90\n.address_size 64\n";
  synthetic::Cubin Sm90 = synthetic::cubinV8(90), Sm80 = synthetic::cubinV7(80);
  synthetic::Program Program;
  Program.addImage(Sm90.Bytes, sizeof(Sm90.Bytes));
  Program.addImage(Sm80.Bytes, sizeof(Sm80.Bytes));
  Program.addPTX(PTX);
  Program.Entries.push_back(synthetic::entry(&Region, "kern", 0));
  Program.registerLib();
  ident_t Loc = synthetic::location(";choice.c;main;7;1;;");
  synthetic::MapItems None;
  __tgt_kernel_arguments Args = None.kernelArgs();
  Args.NumTeams[0] = 1;
  return __tgt_target_kernel(&Loc, 0, 1, 0, &Region, &Args);
}

// SM90: device 0 (sm_90): loaded image 1 of 3 (cubin sm_90); the program carries cubin sm_90, cubin sm_80, ptx sm_90
// SM86: device 0 (sm_86): loaded image 2 of 3 (cubin sm_80)
// SM120: device 0 (sm_120): loaded image 3 of 3 (ptx sm_90)
// REJECT: device 0 (sm_90): loaded image 3 of 3 (ptx sm_90)
// NOFIT: omptarget fatal error: no device image of the program can run on device 0 (Fake GPU 0, sm_75): it carries cubin sm_90, cubin sm_80, ptx sm_90 at choice.c:7 (function main)
// REFUSED: omptarget fatal error: no device image of the program can run on device 0 (Fake GPU 0, sm_120): it carries cubin sm_90, cubin sm_80, ptx sm_90; the driver rejected the ptx sm_90: CUDA_ERROR_INVALID_PTX at choice.c:7 (function main)
