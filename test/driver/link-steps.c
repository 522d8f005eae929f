// -v shows every step of the device link: the bitcode link with the device
// runtime and libdevice, PTX generation, ptxas, the registration object and
// the host link with libomptarget and libomp (rpath to where they are).
// RUN: %clang -O2 %offload -v %s -o %t 2>&1 | FileCheck %s -DARCH=%default-arch
// CHECK: clang-linker-wrapper: device link for [[ARCH]]: {{.*}}libompdevice-nvptx.bc + {{.*}}libdevice.10.bc
// CHECK: clang-linker-wrapper: optimizing at -O2 and emitting PTX for [[ARCH]]
// CHECK: ptxas" "-m64" "-O2" "--gpu-name" "[[ARCH]]"
// CHECK: clang-linker-wrapper: registering 2 device images
// CHECK: "-lomp" "-lomptarget"
// CHECK-SAME: "-rpath" "{{.*}}lib"

// --save-temps keeps the linked bitcode, the optimized bitcode that code
// generation reads, the PTX and the cubin.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: ls %t.dir | FileCheck %s -DARCH=%default-arch --check-prefix=TEMPS
// TEMPS-DAG: prog.[[ARCH]].linked.bc
// TEMPS-DAG: prog.[[ARCH]].optimized.bc
// TEMPS-DAG: prog.[[ARCH]].ptx
// TEMPS-DAG: prog.[[ARCH]].cubin
// RUN: llvm-dis %t.dir/prog.%default-arch.optimized.bc -o - | FileCheck %s --check-prefix=OPTIMIZED
// OPTIMIZED: define {{.*}}void @__omp_offloading_{{.*}}_main_l[[@LINE+7]](
// RUN: FileCheck %s -DARCH=%default-arch --check-prefix=PTX < %t.dir/prog.%default-arch.ptx
// PTX: .target [[ARCH]]
// PTX: .entry __omp_offloading_{{.*}}_main_l[[@LINE+4]]
int main(void) {
  int n = 1024;
  float x[1024];
#pragma omp target teams distribute parallel for map(from : x)
  for (int i = 0; i < n; ++i)
    x[i] = i;
  return x[n - 1] != n - 1;
}
