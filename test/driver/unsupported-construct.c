// A construct the device runtime does not implement yet fails the link with a
// message naming the runtime function, the construct and the target region;
// so does a function that has no device version.
// RUN: not %clang -O1 %offload %s -o %t 2>&1 | FileCheck %s -DARCH=%default-arch
// CHECK: clang-linker-wrapper: error: the device code for [[ARCH]] uses functions that no device library defines:
// CHECK-DAG: '__kmpc_cancel' (used in the target region in 'main' at line [[@LINE+6]]): not supported by this device runtime yet (OpenMP construct: cancel)
// CHECK-DAG: 'host_only' (used in {{.*}}): undefined in device code
// CHECK: clang: error: linker command failed
void host_only(int *);
int main(void) {
  int x = 0;
#pragma omp target parallel map(tofrom : x)
  {
#pragma omp cancel parallel
    x = 1;
    host_only(&x);
  }
  return x;
}
