// firstprivate together with the device clause: scalars, an array and a
// struct are copied to the chosen device and changed only there (and a
// pointer into mapped data, which without a clause is private and points to
// the device's copy; an explicit firstprivate pointer keeps its host value,
// which the device must not dereference), on
// a device number held in a variable (itself firstprivate), on the default
// device named explicitly, on the initial device (the region runs on the
// host), and on a combined construct whose threads each start from the
// original value.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: device variable: 17.5, originals kept: 1
// CHECK: default device: 17, originals kept: 1
// CHECK: initial device: 7, on the host: 1
// CHECK: combined construct: 1000, originals kept: 1
#include <omp.h>
#include <stdio.h>

struct Pair {
  int First;
  double Second;
};

int main(void) {
  int Dev = omp_get_default_device();
  int Count = 5;
  double Table[3] = {0.5, 1.5, 2.5};
  struct Pair P = {3, 4.5};
  int Data[4] = {1, 2, 3, 4};
  int *Ptr = Data;
  double Out = 0;
#pragma omp target device(Dev) firstprivate(Dev, Count, Table, P) map(from : Out)
  {
    Count += 1;
    Table[1] += 1;
    P.First += 1;
    Dev = -1;
    Out = Count + Table[1] + P.First + P.Second + 0.5;
  }
  int Kept = Count == 5 && Table[1] == 1.5 && P.First == 3 && Dev >= 0;
  printf("device variable: %g, originals kept: %d\n", Out, Kept);

  int Sum = 0;
#pragma omp target device(omp_get_default_device()) firstprivate(Count) map(tofrom : Data, Sum)
  {
    Ptr += 1;
    Count *= 2;
    Sum = Ptr[0] + Ptr[2] + Count + 1;
  }
  printf("default device: %d, originals kept: %d\n", Sum,
         Ptr == Data && Count == 5);

  int OnHost = 0, Seen = 0;
#pragma omp target device(omp_get_initial_device()) firstprivate(Count) map(from : OnHost, Seen)
  {
    Count += 2;
    Seen = Count;
    OnHost = omp_is_initial_device();
  }
  printf("initial device: %d, on the host: %d\n", Seen, OnHost);

  int Results[1000];
  int Offset = 1;
#pragma omp target teams distribute parallel for device(Dev) firstprivate(Offset) map(from : Results)
  for (int I = 0; I < 1000; ++I) {
    Results[I] = I + Offset;
    Offset = 0; // each thread's own copy
  }
  int Good = 0;
  for (int I = 0; I < 1000; ++I)
    Good += Results[I] >= I && Results[I] <= I + 1;
  printf("combined construct: %d, originals kept: %d\n", Good, Offset == 1);
  return 0;
}
