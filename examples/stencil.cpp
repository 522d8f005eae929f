// A C++ example: a 1-D three-point stencil on std::vector data, offloaded with
// a target data region that keeps both arrays on the GPU across sweeps.
// Build: build/bin/clang++ -O2 -fopenmp -fopenmp-targets=nvptx64 stencil.cpp -o stencil
#include <cmath>
#include <cstdio>
#include <omp.h>
#include <vector>

namespace {

template <typename T> void sweep(const T *in, T *out, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / T(3);
}

} // namespace

int main() {
  const int n = 1 << 20, sweeps = 10;
  std::vector<double> a(n), b(n);
  for (int i = 0; i < n; ++i)
    a[i] = b[i] = std::sin(i * 0.001);
  std::vector<double> reference = a, scratch = a;

  double *pa = a.data(), *pb = b.data();
#pragma omp target data map(tofrom : pa[0:n]) map(alloc : pb[0:n])
  {
#pragma omp target update to(pb[0:n])
    for (int s = 0; s < sweeps; ++s) {
      sweep(pa, pb, n);
      sweep(pb, pa, n);
    }
  }

  // The same sweeps on the host, for reference.
  auto hostSweep = [n](const std::vector<double> &in, std::vector<double> &out) {
    for (int i = 1; i < n - 1; ++i)
      out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
  };
  for (int s = 0; s < sweeps; ++s) {
    hostSweep(reference, scratch);
    hostSweep(scratch, reference);
  }
  double maxError = 0;
  for (int i = 0; i < n; ++i)
    maxError = std::fmax(maxError, std::fabs(a[i] - reference[i]));
  std::printf("stencil: %d sweeps over %d points, max error %.2e: %s\n",
              2 * sweeps, n, maxError, maxError < 1e-12 ? "correct" : "WRONG");
  return maxError >= 1e-12;
}
