// Runs thread-loop-unroll.ll's functions, unrolled, against the same loops
// in C (each goes round while its next number passes the test, with the
// stride added modulo 2^w), for starts, strides and bounds around the tests'
// edges, and prints how many cases differ.
#include <stdint.h>
#include <stdio.h>

double dot64(uint64_t first, uint64_t step, uint64_t ub, const double *x,
             const double *y);
double dot64_below(uint64_t first, uint64_t step, uint64_t ub,
                   const double *x, const double *y);
double dot32(uint32_t first, uint32_t step, uint32_t ub, const double *x,
             const double *y);
void stores(uint64_t first, uint64_t step, uint64_t ub, double *x, double *y);

static double X[1024], Y[1024];

static double reference64(uint64_t i, uint64_t step, uint64_t ub, int below) {
  double sum = 0;
  for (;;) {
    sum = X[i & 1023] * Y[i & 1023] + sum;
    i += step;
    if (below ? i >= ub : i > ub)
      return sum;
  }
}

static double reference32(uint32_t i, uint32_t step, uint32_t ub) {
  double sum = 0;
  for (;;) {
    sum = X[i & 1023] * Y[i & 1023] + sum;
    i += step;
    if (i > ub)
      return sum;
  }
}

int main(void) {
  for (int i = 0; i < 1024; ++i) {
    X[i] = 1.0 / (i + 1);
    Y[i] = i % 7 - 3.25;
  }
  const uint64_t Q64 = UINT64_C(1) << 62;
  // first, step, ub: every loop ends after at most a few thousand iterations.
  const uint64_t Cases64[][3] = {
      {0, 1, 0},          {0, 1, 1},           {0, 1, 2},
      {0, 1, 3},          {0, 1, 4},           {0, 1, 5},
      {0, 1, 7},          {0, 1, 8},           {0, 1, 1000},
      {5, 3, 100},        {7, 256, 100000},    {0, 1000, 999},
      {3000, 1, 2000},    {0, 1000, 3000},     {1, 1000, 3000},
      {Q64 - 100, 7, Q64 - 1}, {Q64 - 100, 7, Q64}, {Q64 + 5, 9, Q64 + 500},
      {0, Q64 / 2, 3 * (Q64 / 2)}, {1, Q64 / 2, 3 * (Q64 / 2)},
      {0, Q64 - 1, 3 * (Q64 - 1)}, {1, Q64, 3 * Q64},
      {0, Q64 / 8, 3 * (Q64 / 8)},
      {UINT64_MAX - 20, 4, UINT64_MAX - 1}};
  const int N64 = sizeof(Cases64) / sizeof(Cases64[0]);
  int wrong = 0, wrong_below = 0, wrong32 = 0, wrong_stores = 0;
  for (int c = 0; c < N64; ++c) {
    uint64_t f = Cases64[c][0], s = Cases64[c][1], u = Cases64[c][2];
    wrong += dot64(f, s, u, X, Y) != reference64(f, s, u, 0);
    // Below ub: the same cases, and ub one above.
    if (f < u)
      wrong_below += dot64_below(f, s, u, X, Y) != reference64(f, s, u, 1);
    if (u != UINT64_MAX)
      wrong_below +=
          dot64_below(f, s, u + 1, X, Y) != reference64(f, s, u + 1, 1);
  }
  const uint32_t Q32 = UINT32_C(1) << 30;
  const uint32_t Cases32[][3] = {
      {0, 1, 0},         {0, 1, 3},          {0, 1, 4},
      {0, 1, 5},         {2, 5, 1000},       {0, 64, 63},
      {Q32 - 50, 3, Q32 - 1}, {Q32 - 50, 3, Q32}, {0, Q32 / 2, 3 * (Q32 / 2)},
      {1, Q32, 3 * Q32},  {0, Q32 / 8, 3 * (Q32 / 8)}, {UINT32_MAX - 9, 2, UINT32_MAX - 2}};
  for (unsigned c = 0; c < sizeof(Cases32) / sizeof(Cases32[0]); ++c)
    wrong32 += dot32(Cases32[c][0], Cases32[c][1], Cases32[c][2], X, Y) !=
               reference32(Cases32[c][0], Cases32[c][1], Cases32[c][2]);
  // stores doubles y[i & 1023] from x: once per iteration.
  double Ys[1024];
  for (int i = 0; i < 1024; ++i)
    Ys[i] = 0;
  stores(3, 5, 900, X, Ys);
  for (int i = 0; i < 1024; ++i)
    wrong_stores += Ys[i] != ((i >= 3 && i <= 900 && (i - 3) % 5 == 0)
                                  ? 2 * X[i]
                                  : 0.0);
  printf("dot64: %d wrong\n", wrong);
  printf("dot64_below: %d wrong\n", wrong_below);
  printf("dot32: %d wrong\n", wrong32);
  printf("stores: %d wrong\n", wrong_stores);
  return wrong || wrong_below || wrong32 || wrong_stores;
}
