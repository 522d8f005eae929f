// Every reduction operator over every arithmetic type, several variables in
// one clause list, at the three places clang generates reductions: a combined
// SPMD construct (teams and parallel level), a target parallel for (parallel
// level only) and a generic teams distribute loop around a parallel for
// (teams level by the main thread, parallel level by the workers). Each
// result is compared with the same reduction computed on the host.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK-COUNT-21: {{^[a-z]+ [a-z]+: ok$}}
// CHECK: wrong results: 0
#include <stdio.h>

#define N 1000

static int wrong;

// The inputs: small values, products of ones and a few twos, AND masks that
// clear one low bit each, and truth values with exactly one exception.
#define INPUTS(T)                                                              \
  T add[N], mul[N], and_[N];                                                   \
  int all[N], any[N];                                                          \
  for (int i = 0; i < N; ++i) {                                                \
    add[i] = (T)(i % 50 + 1);                                                  \
    mul[i] = (T)(i % 97 == 5 ? 2 : 1);                                         \
    and_[i] = (T) ~(1 << (i % 5));                                             \
    all[i] = i != N / 2;                                                       \
    any[i] = i == N / 3;                                                       \
  }

#define INT_VARS(T)                                                            \
  T s = 5, p = 3, d = 7, a = (T)~0, o = 64, x = 9, mn = 100, mx = 0;           \
  int la = 1, lo = 0;
#define INT_BODY                                                               \
  s += add[i];                                                                 \
  p *= mul[i];                                                                 \
  d -= add[i];                                                                 \
  a &= and_[i];                                                                \
  o |= add[i];                                                                 \
  x ^= add[i];                                                                 \
  mn = add[i] < mn ? add[i] : mn;                                              \
  mx = add[i] > mx ? add[i] : mx;                                              \
  la = la && all[i];                                                           \
  lo = lo || any[i];
#define INT_CLAUSES                                                            \
  reduction(+ : s) reduction(* : p) reduction(- : d) reduction(& : a)         \
      reduction(| : o) reduction(^ : x) reduction(min : mn)                    \
          reduction(max : mx) reduction(&& : la) reduction(|| : lo)
#define INT_SAME(R)                                                            \
  (s == R##s && p == R##p && d == R##d && a == R##a && o == R##o &&            \
   x == R##x && mn == R##mn && mx == R##mx && la == R##la && lo == R##lo)

#define FP_VARS(T)                                                             \
  T s = 5, p = 3, d = 7, mn = 100, mx = 0;                                     \
  int la = 1, lo = 0;
#define FP_BODY                                                                \
  s += add[i];                                                                 \
  p *= mul[i];                                                                 \
  d -= add[i];                                                                 \
  mn = add[i] < mn ? add[i] : mn;                                              \
  mx = add[i] > mx ? add[i] : mx;                                              \
  la = la && all[i];                                                           \
  lo = lo || any[i];
#define FP_CLAUSES                                                             \
  reduction(+ : s) reduction(* : p) reduction(- : d) reduction(min : mn)      \
      reduction(max : mx) reduction(&& : la) reduction(|| : lo)
#define FP_SAME(R)                                                             \
  (s == R##s && p == R##p && d == R##d && mn == R##mn && mx == R##mx &&        \
   la == R##la && lo == R##lo)

#define MAPS map(to : add, mul, and_, all, any)

#define PRAGMA(X) _Pragma(#X)

// One function per type and kind of variable list: the host reference, then
// the three device versions.
#define TEST(T, KIND)                                                          \
  static void test_##T(const char *Name) {                                     \
    INPUTS(T)                                                                  \
    int ok;                                                                    \
    {                                                                          \
      KIND##_VARS(T)                                                           \
      for (int i = 0; i < N; ++i) {                                            \
        KIND##_BODY                                                            \
      }                                                                        \
      T rs = s, rp = p, rd = d, rmn = mn, rmx = mx;                            \
      int rla = la, rlo = lo;                                                  \
      KIND##_REF(T)                                                            \
      {                                                                        \
        KIND##_VARS(T)                                                         \
        PRAGMA(omp target teams distribute parallel for MAPS KIND##_CLAUSES)   \
        for (int i = 0; i < N; ++i) {                                          \
          KIND##_BODY                                                          \
        }                                                                      \
        ok = KIND##_SAME(r);                                                   \
        printf("%s teams: %s\n", Name, ok ? "ok" : "WRONG");      \
        wrong += !ok;                   \
      }                                                                        \
      {                                                                        \
        KIND##_VARS(T)                                                         \
        PRAGMA(omp target parallel for MAPS KIND##_CLAUSES)                    \
        for (int i = 0; i < N; ++i) {                                          \
          KIND##_BODY                                                          \
        }                                                                      \
        ok = KIND##_SAME(r);                                                   \
        printf("%s parallel: %s\n", Name, ok ? "ok" : "WRONG");      \
        wrong += !ok;                \
      }                                                                        \
      {                                                                        \
        KIND##_VARS(T)                                                         \
        PRAGMA(omp target teams distribute MAPS KIND##_CLAUSES)   \
        for (int j = 0; j < N / 40; ++j) {                                     \
          PRAGMA(omp parallel for KIND##_CLAUSES)                              \
          for (int i = j * 40; i < j * 40 + 40; ++i) {                         \
            KIND##_BODY                                                        \
          }                                                                    \
        }                                                                      \
        ok = KIND##_SAME(r);                                                   \
        printf("%s generic: %s\n", Name, ok ? "ok" : "WRONG");      \
        wrong += !ok;                 \
      }                                                                        \
    }                                                                          \
  }
#define INT_REF(T) T ra = a, ro = o, rx = x;
#define FP_REF(T)

typedef unsigned int uint;
TEST(int, INT)
TEST(long, INT)
TEST(uint, INT)
TEST(short, INT)
TEST(char, INT)
TEST(float, FP)
TEST(double, FP)

int main(void) {
  test_int("int");
  test_long("long");
  test_uint("unsigned");
  test_short("short");
  test_char("char");
  test_float("float");
  test_double("double");
  printf("wrong results: %d\n", wrong);
  return 0;
}
