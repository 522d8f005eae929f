void shift(double *x, int n, double by) {
#pragma omp target teams distribute parallel for map(tofrom : x[:n])
  for (int i = 0; i < n; ++i)
    x[i] += by;
}
