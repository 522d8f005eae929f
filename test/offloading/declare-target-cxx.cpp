// Declare target in C++: a region in a namespace, a static data member, a
// member function, a function template instantiated from a target region, a
// link array in a namespace. Every offload entry the host
// registers (mangled names) is in the device image.
// RUN: %clangxx -O2 %offload %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// CHECK: members and templates: 8 4.5 3
// CHECK: namespace link: 1.5 2.5
#include <cstdio>

namespace app {
#pragma omp begin declare target
int counter = 3;
template <typename T> T twice(T x) { return x + x; }
struct Scale {
  static int factor;
  int base;
  int apply() const { return base * factor; }
};
int Scale::factor = 2;
#pragma omp end declare target

double samples[1000];
#pragma omp declare target link(samples)
} // namespace app

int main() {
  app::Scale s{4};
  int scaled = 0, count = 0;
  double half = 0;
#pragma omp target map(from : scaled, half, count) map(to : s)
  {
    scaled = s.apply();
    half = app::twice(2.25);
    count = app::counter;
  }
  std::printf("members and templates: %d %g %d\n", scaled, half, count);

  app::samples[10] = 0.5;
  app::samples[20] = 1.5;
#pragma omp target map(tofrom : app::samples[0 : 100])
  {
    app::samples[10] += 1;
    app::samples[20] += 1;
  }
  std::printf("namespace link: %g %g\n", app::samples[10], app::samples[20]);
  return 0;
}
