// C++ in target regions: templates, classes with member functions, lambdas.
// RUN: %clangxx -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: float axpy: ok
// CHECK: double axpy: ok
// CHECK: struct method: 3000
#include <cstdio>
#include <vector>

template <typename T> bool axpyIsRight(int n) {
  std::vector<T> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = T(i);
    y[i] = T(1);
  }
  T *px = x.data(), *py = y.data();
  T a = T(3);
#pragma omp target teams distribute parallel for map(to : px[:n]) map(tofrom : py[:n])
  for (int i = 0; i < n; ++i)
    py[i] += a * px[i];
  for (int i = 0; i < n; ++i)
    if (y[i] != T(1) + T(3) * T(i))
      return false;
  return true;
}

struct Accumulator {
  int Scale;
  int apply(int V) const { return V * Scale; }
};

int main() {
  std::printf("float axpy: %s\n", axpyIsRight<float>(1000) ? "ok" : "WRONG");
  std::printf("double axpy: %s\n", axpyIsRight<double>(100001) ? "ok" : "WRONG");
  Accumulator Acc{3};
  int Out[1] = {0};
#pragma omp target map(to : Acc) map(from : Out)
  {
    auto Twice = [&](int V) { return Acc.apply(V) * 2; };
    Out[0] = Twice(500);
  }
  std::printf("struct method: %d\n", Out[0]);
  return 0;
}
