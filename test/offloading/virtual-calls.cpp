// Virtual calls on the device through base pointers: a class hierarchy with
// a pure virtual function, an override two levels down, multiple inheritance
// (a call through the second base, which goes through a thunk), on objects
// built in the target region (device vtables), and on objects built on the
// host and mapped, whose vtable pointers hold host vtables: the device finds
// the device vtable in the table the host runtime builds from the program's
// vtable entries. clang-22 emits those only under -fopenmp-version=60
// (virtual-calls-openmp60.cpp builds this program so); under the default
// version the link step registers the vtables itself. Polymorphic classes are
// not trivially copyable, so clang warns about their maps (-Wopenmp-mapping);
// the copy is what the program means.
// RUN: %clangxx -O2 %offload -Wno-openmp-mapping %s -o %t 2> %t.link && %run %t | FileCheck %s
// RUN: count 0 < %t.link
// RUN: %clangxx -O0 %offload -Wno-openmp-mapping %s -o %t.O0 && %run %t.O0 | FileCheck %s
// CHECK: built on the device: 1 20 300 300 4000
// CHECK: mapped from the host: 1 20 300 300 4000
// CHECK: mapped array in a loop: 64 of 64 right
#include <cstdio>

#pragma omp begin declare target
struct Shape {
  virtual ~Shape() {}
  virtual int sides() const = 0;
  virtual int scaled(int By) const { return sides() * By; }
};
struct Point : Shape {
  int sides() const override { return 1; }
};
struct Square : Shape {
  int sides() const override { return 4; }
  int scaled(int By) const override { return 5 * By; }
};
struct Cube : Square {
  int scaled(int By) const override { return 100 * By; }
};
struct Named {
  virtual ~Named() {}
  virtual int code() const { return 0; }
};
// Multiple inheritance: a Labelled is reached through a Named pointer too.
struct Labelled : Point, Named {
  int Label = 4000;
  int code() const override { return Label; }
};

int describe(const Shape *S, const Named *N) {
  (void)S;
  return N->code();
}
#pragma omp end declare target

enum { N = 64 };

int main() {
  int Failures = 0;
  int R[5] = {0};
#pragma omp target map(from : R)
  {
    Point P;
    Square Q;
    Cube C;
    Labelled L;
    const Shape *Shapes[3] = {&P, &Q, &C};
    R[0] = Shapes[0]->sides();
    R[1] = Shapes[1]->scaled(4);
    R[2] = Shapes[2]->scaled(3);
    R[3] = static_cast<const Square *>(Shapes[2])->scaled(3);
    R[4] = describe(&L, &L);
  }
  std::printf("built on the device: %d %d %d %d %d\n", R[0], R[1], R[2], R[3],
              R[4]);
  Failures += R[0] != 1 || R[1] != 20 || R[2] != 300 || R[3] != 300 ||
              R[4] != 4000;

  Point P;
  Square Q;
  Cube C;
  Labelled L;
  int M[5] = {0};
#pragma omp target map(to : P, Q, C, L) map(from : M)
  {
    const Shape *Shapes[3] = {&P, &Q, &C};
    M[0] = Shapes[0]->sides();
    M[1] = Shapes[1]->scaled(4);
    M[2] = Shapes[2]->scaled(3);
    M[3] = static_cast<const Square *>(Shapes[2])->scaled(3);
    M[4] = describe(&L, &L);
  }
  std::printf("mapped from the host: %d %d %d %d %d\n", M[0], M[1], M[2],
              M[3], M[4]);
  Failures += M[0] != 1 || M[1] != 20 || M[2] != 300 || M[3] != 300 ||
              M[4] != 4000;

  Cube Cubes[N];
  int Out[N];
#pragma omp target teams distribute parallel for map(to : Cubes) map(from : Out)
  for (int I = 0; I < N; ++I) {
    const Shape *S = &Cubes[I];
    Out[I] = S->scaled(I) + S->sides();
  }
  int Right = 0;
  for (int I = 0; I < N; ++I)
    Right += Out[I] == 100 * I + 4;
  std::printf("mapped array in a loop: %d of %d right\n", Right, N);
  Failures += Right != N;
  return Failures;
}
