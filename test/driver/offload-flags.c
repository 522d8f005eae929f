// An offloading compile keeps device code as bitcode (-foffload-lto) and
// compiles for the default architecture when none is named.
// RUN: %clang %offload -### -c %s -o %t.o 2>&1 | FileCheck %s -DARCH=%default-arch --check-prefix=DEFAULT
// DEFAULT: "-triple" "nvptx64-nvidia-cuda"
// DEFAULT-SAME: "-emit-llvm-bc" "-flto=full"
// DEFAULT-SAME: "-target-cpu" "[[ARCH]]"
// DEFAULT: "-fembed-offload-object=

// LLVM's folding of the block size to the thread limit is off (generic kernels
// run an extra master warp), and the static shared memory it gives master
// locals is bounded; only compiles get the options, links do not.
// RUN: %clang %offload -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOFOLD
// NOFOLD: "-triple" "nvptx64-nvidia-cuda"
// NOFOLD-SAME: "-mllvm" "-openmp-opt-disable-folding" "-mllvm" "-openmp-opt-shared-limit=16384"

// The device compile, and only it, loads our compile-time pass plugin.
// RUN: %clang %offload -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: "-triple" "x86_64
// PLUGIN-NOT: libOMPGPUCompile.so
// PLUGIN: "-triple" "nvptx64-nvidia-cuda"
// PLUGIN-SAME: "-fpass-plugin={{.*}}/lib/libOMPGPUCompile.so"
// PLUGIN: "-triple" "x86_64
// PLUGIN-NOT: libOMPGPUCompile.so
// RUN: %clang %offload -c %s -o %t.o && %clang %offload -### %t.o -o %t 2>&1 | FileCheck %s --check-prefix=LINKONLY
// LINKONLY-NOT: warning: argument unused

// The long triple works too, and every --offload-arch gets its own device
// compile; no default is added then.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_80 --offload-arch=sm_90 -### -c %s -o %t.o 2>&1 | FileCheck %s -DARCH=%default-arch --check-prefix=TWO
// TWO-DAG: "-target-cpu" "sm_80"
// TWO-DAG: "-target-cpu" "sm_90"
// TWO-NOT: "-target-cpu" "sm_{{[0-79]}}

// C++ mode comes from the name clang++.
// RUN: %clangxx %offload -### -c %s -o %t.o 2>&1 | FileCheck %s -DARCH=%default-arch --check-prefix=CXX
// CXX: "-x" "c++"

// At link time clang-22 runs our clang-linker-wrapper, found through -B.
// RUN: %clang %offload -### %s -o %t 2>&1 | FileCheck %s -DARCH=%default-arch --check-prefix=LINK
// LINK: {{/|"}}clang-linker-wrapper" "--should-extract=[[ARCH]]"
int main(void) {
  int x = 0;
#pragma omp target map(tofrom : x)
  x = 1;
  return !x;
}
