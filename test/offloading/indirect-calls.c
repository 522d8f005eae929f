// declare target indirect: host addresses of functions passed into target
// regions and called there (as a scalar, from a mapped array of function
// pointers, from a member of a mapped structure, in an SPMD loop), next to a
// function pointer taken in device code (a device address, which passes the
// lookup unchanged). The device finds each function in the table the host
// runtime builds from the program's indirect entries.
// RUN: %clang -O2 %offload %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// RUN: %clang -O0 %offload %s -o %t.O0 && %run %t.O0 | FileCheck %s
// CHECK: scalar pointers: 11 20 7
// CHECK: pointer array: 11 20 7 100
// CHECK: structure member: 20
// CHECK: device pointer: 11
// CHECK: loop: 1000 of 1000 right
#include <stdio.h>

#pragma omp begin declare target indirect
int add_one(int x) { return x + 1; }
int twice(int x) { return 2 * x; }
int seven(int x) { return x - x + 7; }
int square(int x) { return x * x; }
#pragma omp end declare target

typedef int (*Operation)(int);

struct Step {
  Operation Apply;
  int Argument;
};

enum { N = 1000 };

int main(void) {
  int Failures = 0;
  Operation First = add_one, Second = twice, Third = seven;
  int A = 0, B = 0, C = 0;
#pragma omp target map(from : A, B, C)
  {
    A = First(10);
    B = Second(10);
    C = Third(10);
  }
  printf("scalar pointers: %d %d %d\n", A, B, C);
  Failures += A != 11 || B != 20 || C != 7;

  Operation Table[4] = {add_one, twice, seven, square};
  int Results[4] = {0};
#pragma omp target map(to : Table) map(from : Results)
  for (int I = 0; I < 4; ++I)
    Results[I] = Table[I](10);
  printf("pointer array: %d %d %d %d\n", Results[0], Results[1], Results[2],
         Results[3]);
  Failures += Results[0] != 11 || Results[1] != 20 || Results[2] != 7 ||
              Results[3] != 100;

  struct Step S = {twice, 10};
  int Member = 0;
#pragma omp target map(to : S) map(from : Member)
  Member = S.Apply(S.Argument);
  printf("structure member: %d\n", Member);
  Failures += Member != 20;

  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  {
    Operation Local = add_one;
    OnDevice = Local(10);
  }
  printf("device pointer: %d\n", OnDevice);
  Failures += OnDevice != 11;

  int Out[N];
#pragma omp target teams distribute parallel for map(to : Table) map(from : Out)
  for (int I = 0; I < N; ++I)
    Out[I] = Table[I % 4](I);
  int Right = 0;
  for (int I = 0; I < N; ++I) {
    Operation Expected = Table[I % 4];
    Right += Out[I] == Expected(I);
  }
  printf("loop: %d of %d right\n", Right, N);
  Failures += Right != N;
  return Failures;
}
