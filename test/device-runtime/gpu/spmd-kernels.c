// SPMD kernels for the device runtime's GPU harness (harness.py): clang-native
// SPMD constructs, with every index type, schedule and synchronization.
#include <omp.h>
#include <limits.h>

void k_fill(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (int i = 0; i < n; i++)
    a[i] += i + 1;
}

void k_fill_long(long n, long *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (long i = 0; i < n; i++)
    a[i] += i + 1;
}

void k_fill_u(unsigned n, unsigned base, int *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (unsigned i = base; i < base + n; i++)
    a[i - base] += 1;
}

void k_fill_ul(unsigned long n, unsigned long base, int *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (unsigned long i = base; i < base + n; i++)
    a[i - base] += 1;
}

// Near the top of int: the loop variable reaches INT_MAX - 1.
void k_fill_top(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (int i = INT_MAX - n; i < INT_MAX; i++)
    a[i - (INT_MAX - n)] += 1;
}

void k_sched(int n, int *a) {
#pragma omp target teams distribute parallel for schedule(static, 3) dist_schedule(static, 7) map(tofrom : a[:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

void k_sched_nochunk(int n, int *a) {
#pragma omp target teams distribute parallel for schedule(static) dist_schedule(static) map(tofrom : a[:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

void k_sched_simd(int n, int *a) {
#pragma omp target teams distribute parallel for simd schedule(simd: static, 4) map(tofrom : a[:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

void k_lastprivate(int n, int *a, int *out) {
  int x = -1;
  int arr[3] = {-1, -1, -1};
#pragma omp target teams distribute parallel for lastprivate(x, arr) map(tofrom : a[:n], x, arr)
  for (int i = 0; i < n; i++) {
    x = i;
    arr[i % 3] = i;
    a[i] += 1;
  }
  out[0] = x;
  out[1] = arr[0];
  out[2] = arr[1];
  out[3] = arr[2];
}

// One record of 8 ints per iteration.
void k_queries(int n, int *r) {
#pragma omp target teams distribute parallel for map(tofrom : r[:8 * n])
  for (int i = 0; i < n; i++) {
    r[8 * i + 0] = omp_get_thread_num();
    r[8 * i + 1] = omp_get_num_threads();
    r[8 * i + 2] = omp_get_team_num();
    r[8 * i + 3] = omp_get_num_teams();
    r[8 * i + 4] = omp_get_level();
    r[8 * i + 5] = omp_get_active_level();
    r[8 * i + 6] = omp_in_parallel();
    r[8 * i + 7] = omp_get_team_size(1);
  }
}

// Nested parallel region: serialized on each thread.
void k_nested(int n, int *r) {
#pragma omp target teams distribute parallel for map(tofrom : r[:8 * n])
  for (int i = 0; i < n; i++) {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(4)
    {
      r[8 * i + 0] = omp_get_thread_num();
      r[8 * i + 1] = omp_get_num_threads();
      r[8 * i + 2] = omp_get_level();
      r[8 * i + 3] = omp_get_active_level();
      r[8 * i + 4] = omp_get_ancestor_thread_num(1) - outer;
      r[8 * i + 5] = omp_get_team_size(2);
      r[8 * i + 6] = omp_get_ancestor_thread_num(3);
#pragma omp barrier
      r[8 * i + 7] = omp_in_parallel();
    }
  }
}

// Barrier: each thread writes its slot, then reads its neighbour's.
void k_barrier(int nt, int *r) {
#pragma omp target parallel map(tofrom : r[:2 * nt])
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    for (int round = 0; round < 50; round++) {
      r[t] = round * 1000 + t;
#pragma omp barrier
      int v = r[(t + 1) % n];
      if (v != round * 1000 + (t + 1) % n)
        r[nt + t] += 1;
#pragma omp barrier
    }
  }
}

void k_critical(int n, int *c) {
#pragma omp target teams distribute parallel for map(tofrom : c[:2])
  for (int i = 0; i < n; i++) {
#pragma omp critical
    {
      c[0] += 1;
      c[1] += i;
    }
  }
}

void k_single(int *c) {
#pragma omp target teams map(tofrom : c[:64 * 4])
#pragma omp parallel
  {
    int t = omp_get_team_num();
#pragma omp single
    c[4 * t + 0] += 1;
#pragma omp master
    c[4 * t + 1] += 1;
#pragma omp masked filter(5)
    c[4 * t + 2] += 1;
#pragma omp atomic
    c[4 * t + 3] += 1;
  }
}

void k_locks(int n, int *c, omp_lock_t *l, omp_nest_lock_t *nl) {
#pragma omp target teams distribute parallel for map(tofrom : c[:4], l[:1], nl[:1])
  for (int i = 0; i < n; i++) {
    omp_set_lock(l);
    c[0] += 1;
    omp_unset_lock(l);
    omp_set_nest_lock(nl);
    omp_set_nest_lock(nl);
    c[1] += 1;
    omp_unset_nest_lock(nl);
    omp_unset_nest_lock(nl);
    omp_lock_t mine;
    omp_init_lock(&mine);
    if (omp_test_lock(&mine) && !omp_test_lock(&mine))
      omp_unset_lock(&mine);
    else
      c[2] += 1;
  }
}

void k_misc(double *d) {
#pragma omp target map(tofrom : d[:8])
  {
    double t0 = omp_get_wtime();
    d[0] = t0;
    d[1] = omp_get_wtime() - t0;
    d[2] = omp_get_wtick();
    d[3] = omp_is_initial_device();
    d[4] = omp_get_max_threads();
    d[5] = omp_get_thread_limit();
    d[6] = omp_get_dynamic();
    d[7] = omp_get_max_active_levels();
  }
}

void k_devnum(int *r) {
#pragma omp target map(tofrom : r[:3])
  {
    r[0] = omp_get_device_num();
    r[1] = omp_get_num_devices();
    r[2] = omp_get_default_device();
  }
}

void k_fatal(int *r) {
#pragma omp target parallel map(tofrom : r[:1])
  {
    // An allocator whose pool cannot hold the request and whose fallback
    // trait is abort_fb: a runtime error in the release runtime too.
    if (omp_get_thread_num() == 0) {
      omp_alloctrait_t Traits[] = {{omp_atk_pool_size, 16},
                                   {omp_atk_fallback, omp_atv_abort_fb}};
      omp_allocator_handle_t Small =
          omp_init_allocator(omp_default_mem_space, 2, Traits);
      r[0] = omp_alloc(64, Small) != 0;
      omp_destroy_allocator(Small);
    }
  }
}
