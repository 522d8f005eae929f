// Offloading targets and modes we do not support stop with a clear error.
// RUN: not %clang -fopenmp -fopenmp-targets=amdgcn-amd-amdhsa -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=AMD
// AMD: clang: error: unsupported offloading target 'amdgcn-amd-amdhsa': this toolchain supports nvptx64 (nvptx64-nvidia-cuda) only
// RUN: not %clang %offload -fno-offload-lto -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOLTO
// NOLTO: clang: error: -fno-offload-lto is not supported
int main(void) { return 0; }
