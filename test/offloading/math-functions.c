// libdevice's math functions in device code, which the link step optimizes as
// calls of pure functions before it inlines them (PureMathCalls): the sine and
// cosine of one value come from one sincos (SinCosPairs), bit for bit what
// separate sin and cos kernels compute, for small, large (the out-of-line
// argument reduction) and special arguments, in double and float; a sine of a
// value a loop does not change leaves the loop. Everything agrees with the
// host's libm within a few units in the last place.
// RUN: %clang -O2 %offload %s -o %t -lm && %run %t | FileCheck %s
// RUN: %clang -O2 %offload %s -o %t.remarks -lm -Rpass=ompgpu 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: the target region in 'main' at line {{[0-9]+}} computes the sine and cosine of one value with one call of '__nv_sincos'
// REMARK-DAG: remark: the target region in 'main' at line {{[0-9]+}} computes the sine and cosine of one value with one call of '__nv_sincosf'
// CHECK: paired and separate sin/cos: bit for bit
// CHECK: against the host: ok
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { N = 24 };

/// Whether \p A is within \p Ulps units in the last place (of double or
/// float, \p Epsilon) of \p B, scaled by the larger magnitude.
static int close(double A, double B, double Epsilon, double Ulps) {
  if (isnan(A) || isnan(B))
    return isnan(A) && isnan(B);
  double Scale = fmax(1.0, fmax(fabs(A), fabs(B)));
  return fabs(A - B) <= Ulps * Epsilon * Scale;
}

int main(void) {
  double X[N], Sin[N], Cos[N], SinAlone[N], CosAlone[N], Loop[N];
  float XF[N], SinF[N], CosF[N], SinFAlone[N], CosFAlone[N];
  const double Special[] = {0.0, -0.0, 1e-300, 0.5, -1.25, 3.14159265358979,
                            1e6, -1e9, 1e22, 3.0e300, INFINITY, NAN};
  for (int I = 0; I < N; ++I) {
    X[I] = I < 12 ? Special[I] : (I - 12) * 0.7 - 3.0;
    XF[I] = (float)X[I];
  }
#pragma omp target teams distribute parallel for map(to : X, XF)              \
    map(from : Sin, Cos, SinF, CosF)
  for (int I = 0; I < N; ++I) {
    // One value each: a store to Sin may alias X, so X[I] loaded again would
    // be another value.
    const double V = X[I];
    const float VF = XF[I];
    Sin[I] = sin(V), Cos[I] = cos(V);
    SinF[I] = sinf(VF), CosF[I] = cosf(VF);
  }
#pragma omp target teams distribute parallel for map(to : X, XF)              \
    map(from : SinAlone, SinFAlone)
  for (int I = 0; I < N; ++I)
    SinAlone[I] = sin(X[I]), SinFAlone[I] = sinf(XF[I]);
#pragma omp target teams distribute parallel for map(to : X, XF)              \
    map(from : CosAlone, CosFAlone)
  for (int I = 0; I < N; ++I)
    CosAlone[I] = cos(X[I]), CosFAlone[I] = cosf(XF[I]);
  // The sine of Y, which the inner loop does not change.
#pragma omp target teams distribute parallel for map(to : X) map(from : Loop)
  for (int I = 0; I < N; ++I) {
    double Y = X[I] * 0.5, Sum = 0;
    for (int J = 0; J < 8; ++J)
      Sum += sin(Y) * J + atan(J * 0.25);
    Loop[I] = Sum;
  }
  int Same = !memcmp(Sin, SinAlone, sizeof Sin) &&
             !memcmp(Cos, CosAlone, sizeof Cos) &&
             !memcmp(SinF, SinFAlone, sizeof SinF) &&
             !memcmp(CosF, CosFAlone, sizeof CosF);
  printf("paired and separate sin/cos: %s\n",
         Same ? "bit for bit" : "DIFFERENT");
  int Ok = 1;
  for (int I = 0; I < N; ++I) {
    double Y = X[I] * 0.5, Sum = 0;
    for (int J = 0; J < 8; ++J)
      Sum += sin(Y) * J + atan(J * 0.25);
    int Good = close(Sin[I], sin(X[I]), 0x1p-52, 4) &&
               close(Cos[I], cos(X[I]), 0x1p-52, 4) &&
               close(SinF[I], sinf(XF[I]), 0x1p-23, 4) &&
               close(CosF[I], cosf(XF[I]), 0x1p-23, 4) &&
               close(Loop[I], Sum, 0x1p-52, 64);
    if (!Good)
      printf("x = %g: sin %.17g (host %.17g), cos %.17g (host %.17g), float "
             "%.9g %.9g (host %.9g %.9g), loop %.17g (host %.17g)\n",
             X[I], Sin[I], sin(X[I]), Cos[I], cos(X[I]), SinF[I], CosF[I],
             sinf(XF[I]), cosf(XF[I]), Loop[I], Sum);
    Ok &= Good;
  }
  printf("against the host: %s\n", Ok ? "ok" : "WRONG");
  return !(Same && Ok);
}
