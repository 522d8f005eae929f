// Generic kernels for the device runtime's GPU harness (harness.py), built
// twice: with clang's SPMD conversion off, so they stay generic, and on, so
// that most become generic-SPMD kernels with teams smaller than the block.
#include <omp.h>
#include <ompx.h>

void g_fork(int n, int nt, int *a, int *r) {
#pragma omp target teams map(tofrom : a[:n], r[:4])
  {
    int local = 7;
#pragma omp parallel for num_threads(nt)
    for (int i = 0; i < n; i++)
      a[i] += i + local;
    r[0] = omp_get_num_threads();
    r[1] = omp_get_level();
#pragma omp parallel num_threads(nt)
    {
      if (omp_get_thread_num() == 0) {
        r[2] = omp_get_num_threads();
        r[3] = omp_get_level() * 10 + omp_get_active_level();
      }
    }
  }
}

void g_sharing(int *out) {
#pragma omp target map(tofrom : out[:40])
  {
    double buf[32];
    for (int k = 0; k < 32; k++)
      buf[k] = k;
#pragma omp parallel for
    for (int i = 0; i < 32; i++)
      buf[i] *= 2;
    for (int i = 0; i < 32; i++)
      out[i] = (int)buf[i];
    int counter = 0;
#pragma omp parallel
    {
#pragma omp atomic
      counter += 1;
    }
    out[32] = counter;
  }
}

void g_barrier(int nt, int *r) {
#pragma omp target map(tofrom : r[:2 * 1024 + 2])
  {
#pragma omp parallel num_threads(nt)
    {
      int t = omp_get_thread_num(), n = omp_get_num_threads();
      if (t == 0)
        r[2048] = n;
      for (int round = 0; round < 50; round++) {
        r[t] = round * 1000 + t;
#pragma omp barrier
        int v = r[(t + 1) % n];
        if (v != round * 1000 + (t + 1) % n)
          r[1024 + t] += 1;
#pragma omp barrier
      }
    }
  }
}

void g_nested(int *r) {
#pragma omp target map(tofrom : r[:16])
  {
#pragma omp parallel if (0)
    {
      r[0] = omp_get_num_threads();
      r[1] = omp_get_level();
      r[2] = omp_get_active_level();
#pragma omp parallel num_threads(3)
      r[3] = omp_get_num_threads() + 10 * omp_get_level();
    }
#pragma omp parallel num_threads(64)
    {
      if (omp_get_thread_num() == 5) {
#pragma omp parallel num_threads(8)
        {
          r[4] = omp_get_num_threads();
          r[5] = omp_get_level();
          r[6] = omp_get_active_level();
          r[7] = omp_get_ancestor_thread_num(1);
          r[8] = omp_get_team_size(1);
          r[9] = omp_get_thread_num();
        }
      }
    }
    omp_set_num_threads(40);
    r[10] = omp_get_max_threads();
#pragma omp parallel
    if (omp_get_thread_num() == 0)
      r[11] = omp_get_num_threads();
    ompx_sync_block(0);
    r[12] = 1;
  }
}

void g_distribute(int n, int *a) {
#pragma omp target teams distribute map(tofrom : a[:n * 64])
  for (int i = 0; i < n; i++) {
    int base = i * 64;
#pragma omp parallel for
    for (int j = 0; j < 64; j++)
      a[base + j] += j + 1;
  }
}

void g_many(int n, int *a) {
#pragma omp target map(tofrom : a[:n])
  {
    for (int rep = 0; rep < 200; rep++) {
#pragma omp parallel for
      for (int i = 0; i < n; i++)
        a[i] += 1;
    }
  }
}

void g_args(int *a) {
  int v0 = 1, v1 = 2, v2 = 3, v3 = 4, v4 = 5, v5 = 6, v6 = 7, v7 = 8, v8 = 9, v9 = 10;
  int w0 = 11, w1 = 12, w2 = 13, w3 = 14, w4 = 15, w5 = 16, w6 = 17, w7 = 18, w8 = 19, w9 = 20;
#pragma omp target map(tofrom : a[:64])
  {
    int s0 = v0, s1 = v1, s2 = v2, s3 = v3, s4 = v4, s5 = v5, s6 = v6, s7 = v7, s8 = v8, s9 = v9;
#pragma omp parallel for
    for (int i = 0; i < 64; i++)
      a[i] = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + w0 + w1 + w2 + w3 + w4 + w5 + w6 + w7 + w8 + w9 + i;
  }
}

void g_bigshared(int *out) {
#pragma omp target map(tofrom : out[:2])
  {
    double big[2048];
    for (int k = 0; k < 2048; k++)
      big[k] = 0;
#pragma omp parallel for
    for (int i = 0; i < 2048; i++)
      big[i] = i;
    double s = 0;
    for (int k = 0; k < 2048; k++)
      s += big[k];
    out[0] = (int)(s / 1024);
  }
}

void g_barrier2(int nt, int *r) {
#pragma omp target map(tofrom : r[:2 * 1024 + 4])
  {
    r[2049] = 1;
#pragma omp parallel num_threads(nt)
    {
      int t = omp_get_thread_num(), n = omp_get_num_threads();
      if (t == 0)
        r[2048] = n;
      for (int round = 0; round < 50; round++) {
        r[t] = round * 1000 + t;
#pragma omp barrier
        int v = r[(t + 1) % n];
        if (v != round * 1000 + (t + 1) % n)
          r[1024 + t] += 1;
#pragma omp barrier
      }
    }
#pragma omp parallel num_threads(nt)
    {
#pragma omp critical
      r[2050] += 1;
#pragma omp single
      r[2051] += 1;
    }
  }
}
