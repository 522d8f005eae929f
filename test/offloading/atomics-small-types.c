// #pragma omp atomic in every form on 8- and 16-bit integers and _Float16:
// update (+ - * & | ^), min/max through compare, capture, compare-capture, and
// concurrent read/write, from every thread of many teams. Cell j of every
// array is hit by iterations j, j + K, j + 2K, ...; neighbouring cells share a
// 32-bit word, which the GPU updates with a word-wide compare-and-swap, so an
// atomic that clobbers its neighbours shows up as a wrong cell. Results are
// compared with a sequential host computation of the same operations.
// The file includes itself once per type (the part below #else).
// clang lowers `if (x > e) x = e` on _Float16 to atomicrmw fmin, which the x86
// host expands into a call of fminf: hence -lm.
// RUN: %clang -O2 %offload %s -o %t -lm && %run %t | FileCheck %s
// CHECK: char update: ok
// CHECK: char capture: ok
// CHECK: char compare: ok
// CHECK: char read/write: ok
// CHECK: unsigned char update: ok
// CHECK: unsigned char capture: ok
// CHECK: unsigned char compare: ok
// CHECK: unsigned char read/write: ok
// CHECK: short update: ok
// CHECK: short capture: ok
// CHECK: short compare: ok
// CHECK: short read/write: ok
// CHECK: unsigned short update: ok
// CHECK: unsigned short capture: ok
// CHECK: unsigned short compare: ok
// CHECK: unsigned short read/write: ok
// CHECK: _Float16 update: ok
// CHECK: _Float16 capture: ok
// CHECK: _Float16 compare: ok
// CHECK: _Float16 read/write: ok
// CHECK: all small-type atomics ok

#ifndef T
#include <stdio.h>
#include <stdlib.h>

enum { K = 256, H = 100, N = K * H }; // cells, hits per cell, iterations

static int Failures;

static void report(const char *Type, const char *What, int Bad) {
  printf("%s %s: %s\n", Type, What, Bad ? "WRONG" : "ok");
  Failures += Bad != 0;
}

#define CAT2(A, B) A##_##B
#define CAT(A, B) CAT2(A, B)
#define FN(Name) CAT(Name, ID)

// Per type: ADD is added 100 times per cell, MUL multiplies MULS times, BITS
// is the width for the bitwise operations (0: none), VALUE(i) are the values
// compared for min/max, and read/write tags are (j % MOD) + MOD * (t % R).
#define T char
#define ID char
#define NAME "char"
#define ADD 1   // 100
#define SUB0 0  // -100
#define MUL -2  // -128
#define MULS 7
#define BITS 8
#define VALUE(i) (T)(-100 + (int)(((unsigned)(i) * 7919u) % 201u))
#define MOD 16
#define R 8
#include __FILE__

#define T unsigned char
#define ID uchar
#define NAME "unsigned char"
#define ADD 2    // 200
#define SUB0 255 // 55
#define MUL 3    // 243
#define MULS 5
#define BITS 8
#define VALUE(i) (T)(((unsigned)(i) * 7919u) % 251u)
#define MOD 16
#define R 16
#include __FILE__

#define T short
#define ID short
#define NAME "short"
#define ADD 300 // 30000
#define SUB0 0  // -30000
#define MUL -2  // -32768
#define MULS 15
#define BITS 16
#define VALUE(i) (T)(-30000 + (int)(((unsigned)(i) * 7919u) % 60001u))
#define MOD 256
#define R 128
#include __FILE__

#define T unsigned short
#define ID ushort
#define NAME "unsigned short"
#define ADD 600    // 60000
#define SUB0 65535 // 5535
#define MUL 3      // 59049
#define MULS 10
#define BITS 16
#define VALUE(i) (T)(((unsigned)(i) * 7919u) % 65001u)
#define MOD 256
#define R 256
#include __FILE__

// clang-22 accepts _Float16 on x86-64 (computed in float, rounded on each
// store) and on nvptx64. All sums and products below are exact in half.
#define T _Float16
#define ID half
#define NAME "_Float16"
#define IS_FLOAT 1
#define ADD 0.25f // 25
#define SUB0 0    // -25
#define MUL -2    // 1024
#define MULS 10
#define BITS 0
#define VALUE(i) (T)(0.25f * (-1000 + (int)(((unsigned)(i) * 7919u) % 2001u)))
#define MOD 256
#define R 4
#include __FILE__

int main(void) {
  tests_char();
  tests_uchar();
  tests_short();
  tests_ushort();
  tests_half();
  if (!Failures)
    printf("all small-type atomics ok\n");
  return Failures != 0;
}

#else // The tests of one type T.

static int FN(differ)(const T *Got, const T *Want) {
  for (int J = 0; J < K; ++J)
    if (Got[J] != Want[J]) {
      printf("%s: cell %d is %g, expected %g\n", NAME, J, (double)Got[J],
             (double)Want[J]);
      return 1;
    }
  return 0;
}

// update with every operator; min and max through atomic compare.
static void FN(update)(void) {
  T Add[K], Sub[K], Mul[K], Min[K], Max[K], Min2[K], Max2[K], Hot = 0;
  T WAdd[K], WSub[K], WMul[K], WMin[K], WMax[K], WHot = 0;
#if BITS
  T And[K], Or[K], Xor[K], WAnd[K], WOr[K], WXor[K];
#endif
  for (int J = 0; J < K; ++J) {
    Add[J] = WAdd[J] = 0;
    Sub[J] = WSub[J] = SUB0;
    Mul[J] = WMul[J] = 1;
    Min[J] = Max[J] = Min2[J] = Max2[J] = WMin[J] = WMax[J] = VALUE(J);
#if BITS
    And[J] = WAnd[J] = (T)-1;
    Or[J] = Xor[J] = WOr[J] = WXor[J] = 0;
#endif
  }
#pragma omp target teams distribute parallel for map(tofrom : Add, Sub, Mul, \
    Min, Max, Min2, Max2, Hot)
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    T V = VALUE(I);
#pragma omp atomic
    Add[J] += ADD;
#pragma omp atomic update
    Sub[J] = Sub[J] - ADD;
    if (Tn < MULS) {
#pragma omp atomic
      Mul[J] *= MUL;
    }
#pragma omp atomic compare
    if (V < Min[J]) {
      Min[J] = V;
    }
#pragma omp atomic compare
    Max[J] = V > Max[J] ? V : Max[J];
#pragma omp atomic compare
    if (Min2[J] > V) {
      Min2[J] = V;
    }
#pragma omp atomic compare
    Max2[J] = Max2[J] < V ? V : Max2[J];
    // One address hit by all N iterations (wraps for the 8-bit types,
    // saturates at 2048 in half: both are deterministic).
#pragma omp atomic
    Hot += 1;
  }
#if BITS
#pragma omp target teams distribute parallel for map(tofrom : And, Or, Xor)
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    T Bit = (T)(1 << (Tn % BITS));
#pragma omp atomic
    And[J] &= (T) ~(1 << (Tn % (BITS - 1)));
#pragma omp atomic
    Or[J] = Bit | Or[J];
#pragma omp atomic update
    Xor[J] ^= Bit;
  }
#endif
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    T V = VALUE(I);
    WAdd[J] += ADD;
    WSub[J] -= ADD;
    if (Tn < MULS)
      WMul[J] *= MUL;
    WMin[J] = V < WMin[J] ? V : WMin[J];
    WMax[J] = V > WMax[J] ? V : WMax[J];
    WHot += 1;
#if BITS
    WAnd[J] &= (T) ~(1 << (Tn % (BITS - 1)));
    WOr[J] |= (T)(1 << (Tn % BITS));
    WXor[J] ^= (T)(1 << (Tn % BITS));
#endif
  }
  int Bad = FN(differ)(Add, WAdd) || FN(differ)(Sub, WSub) ||
            FN(differ)(Mul, WMul) || FN(differ)(Min, WMin) ||
            FN(differ)(Max, WMax) || FN(differ)(Min2, WMin) ||
            FN(differ)(Max2, WMax) || Hot != WHot;
#if BITS
  Bad = Bad || FN(differ)(And, WAnd) || FN(differ)(Or, WOr) ||
        FN(differ)(Xor, WXor);
#endif
  report(NAME, "update", Bad);
}

// capture: every iteration gets a distinct ticket from x++ and --x; swapping
// in distinct tags hands every tag (and the initial 0) out exactly once;
// for the integers, every bit of x |= bit is found clear by exactly one thread.
static void FN(capture)(void) {
  T Up[K], Down[K], Swap[K], Ones[K];
  int *Seen = calloc(3 * K * (H + 1), sizeof(int));
  int *Setters = calloc(K * 16, sizeof(int));
  for (int J = 0; J < K; ++J) {
    Up[J] = Swap[J] = Ones[J] = 0;
    Down[J] = H;
  }
#pragma omp target teams distribute parallel for map(tofrom : Up, Down, Swap, \
    Ones, Seen[:3 * K * (H + 1)], Setters[:K * 16])
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    T Old;
#pragma omp atomic capture
    Old = Up[J]++;
    int A = (int)Old >= 0 && (int)Old < H ? (int)Old : H;
#pragma omp atomic
    Seen[J * (H + 1) + A] += 1;
#pragma omp atomic capture
    Old = --Down[J];
    A = (int)Old >= 0 && (int)Old < H ? (int)Old : H;
#pragma omp atomic
    Seen[(K + J) * (H + 1) + A] += 1;
#pragma omp atomic capture
    {
      Old = Swap[J];
      Swap[J] = (T)(Tn + 1);
    }
    A = (int)Old >= 0 && (int)Old <= H ? (int)Old : 0;
#pragma omp atomic
    Seen[(2 * K + J) * (H + 1) + A] += 1;
#if BITS
    T Bit = (T)(1 << (Tn % BITS));
#pragma omp atomic capture
    {
      Old = Ones[J];
      Ones[J] |= Bit;
    }
    if (!(Old & Bit)) {
#pragma omp atomic
      Setters[J * 16 + Tn % BITS] += 1;
    }
#endif
  }
  int Bad = 0;
  for (int J = 0; J < K; ++J) {
    Bad |= Up[J] != H || Down[J] != 0;
    // The last tag swapped in stays in the cell instead of being captured.
    int Last = (int)Swap[J];
    for (int A = 0; A <= H; ++A) {
      Bad |= A < H && (Seen[J * (H + 1) + A] != 1 ||
                       Seen[(K + J) * (H + 1) + A] != 1);
      Bad |= Seen[(2 * K + J) * (H + 1) + A] != (A != Last);
    }
#if BITS
    Bad |= Ones[J] != (T)-1;
    for (int B = 0; B < BITS; ++B)
      Bad |= Setters[J * 16 + B] != 1;
#endif
  }
  free(Seen);
  free(Setters);
  report(NAME, "capture", Bad);
}

// compare (x == e ? x = d) without and with capture: exactly one iteration
// claims each cell.
static void FN(compare)(void) {
  T Claim[K], Claim2[K], Flag[K];
  int Wins[K], Wins2[K], Winner[K], Winner2[K];
  for (int J = 0; J < K; ++J) {
    Claim[J] = Claim2[J] = Flag[J] = 0;
    Wins[J] = Wins2[J] = Winner[J] = Winner2[J] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom : Claim, Claim2, \
    Flag, Wins, Wins2, Winner, Winner2)
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    T Mine = (T)(Tn + 1), Old, Zero = 0;
    int Won;
#pragma omp atomic compare
    if (Flag[J] == Zero) {
      Flag[J] = Mine;
    }
#pragma omp atomic compare capture
    {
      Old = Claim[J];
      if (Claim[J] == Zero) {
        Claim[J] = Mine;
      }
    }
    if (Old == Zero) {
#pragma omp atomic
      Wins[J] += 1;
      Winner[J] = Tn + 1;
    }
    // clang-22 stores the comparison result sign-extended (-1, not 1), so
    // only its truth is tested.
#pragma omp atomic compare capture
    {
      Won = Claim2[J] == Zero;
      if (Won) {
        Claim2[J] = Mine;
      }
    }
    if (Won) {
#pragma omp atomic
      Wins2[J] += 1;
      Winner2[J] = Tn + 1;
    }
  }
  int Bad = 0;
  for (int J = 0; J < K; ++J)
    Bad |= Wins[J] != 1 || Wins2[J] != 1 || (int)Claim[J] != Winner[J] ||
           (int)Claim2[J] != Winner2[J] || !(Flag[J] >= 1 && Flag[J] <= H);
  report(NAME, "compare", Bad);
}

// read and write at once: half the iterations write tags of their cell, the
// other half read and must only ever see whole tags of that cell.
static void FN(readwrite)(void) {
  T Cell[K];
  int Torn = 0;
  for (int J = 0; J < K; ++J)
    Cell[J] = (T)(J % MOD);
#pragma omp target teams distribute parallel for map(tofrom : Cell, Torn)
  for (int I = 0; I < N; ++I) {
    int J = I % K, Tn = I / K;
    if (Tn % 2 == 0) {
#pragma omp atomic write
      Cell[J] = (T)(J % MOD + MOD * (Tn % R));
    } else {
      T V;
#pragma omp atomic read
      V = Cell[J];
      if (!(V >= 0 && (int)V % MOD == J % MOD)) {
#pragma omp atomic
        Torn += 1;
      }
    }
  }
  for (int J = 0; J < K; ++J)
    Torn += !(Cell[J] >= 0 && (int)Cell[J] % MOD == J % MOD);
  report(NAME, "read/write", Torn);
}

static void FN(tests)(void) {
  FN(update)();
  FN(capture)();
  FN(compare)();
  FN(readwrite)();
}

#undef T
#undef ID
#undef NAME
#undef IS_FLOAT
#undef ADD
#undef SUB0
#undef MUL
#undef MULS
#undef BITS
#undef VALUE
#undef MOD
#undef R
#endif
