// A C++ target region with a reduction, built through OpenMP::OpenMP_CXX.
#include <cstdio>
#include <vector>

int main() {
  std::vector<double> v(10000, 0.5);
  const double *p = v.data();
  double sum = 0;
#pragma omp target teams distribute parallel for map(to : p[:v.size()])       \
    reduction(+ : sum)
  for (size_t i = 0; i < v.size(); ++i)
    sum += p[i];
  std::printf("sum %.1f\n", sum);
  return sum != 5000;
}
