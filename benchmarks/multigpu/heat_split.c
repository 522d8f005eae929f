// A domain split over several GPUs: Jacobi sweeps of a 16384 x 16384 grid
// (2 GiB of doubles) cut into one slab of rows per GPU (common/heat_split.h).
// A timed repetition is 10 steps: each sweeps every slab with `target ...
// nowait` on its device, waits with `taskwait`, and copies the halo rows
// between neighbouring GPUs with omp_target_memcpy. RESULT heat_split_1gpu is
// the grid on one GPU, heat_split_<N>gpu on all N (only with two or more);
// their ratio is the scaling. The split result must equal the one-GPU result
// bit for bit. Twin: heat_split.cu.
// usage: heat_split [--small] [--n N] [--steps S]
#include "../common/heat_split.h"
#include <omp.h>

struct slab_memory {
  double *now, *next;
};

// What a step needs, for heat_time.
struct split {
  const struct heat_slab *slabs;
  struct slab_memory *mem;
  int count, n;
};

static void sweep(const struct heat_slab *s, struct slab_memory *m, int n) {
  const double *u = m->now;
  double *v = m->next;
  int rows = s->rows;
#pragma omp target teams distribute parallel for collapse(2) device(s->device) \
    is_device_ptr(u, v) nowait
  for (int i = 1; i <= rows; ++i)
    for (int j = 1; j < n - 1; ++j)
      v[(long)i * n + j] = jacobi_point(u, n, i, j);
}

// Returns with every device's work done: the taskwait waited for the
// sweeps, the halo copies are synchronous.
static void step(void *state) {
  const struct split *p = (const struct split *)state;
  const struct heat_slab *slabs = p->slabs;
  struct slab_memory *mem = p->mem;
  int count = p->count, n = p->n;
  for (int d = 0; d < count; ++d)
    sweep(&slabs[d], &mem[d], n);
#pragma omp taskwait
  size_t row = (size_t)n * sizeof(double);
  for (int d = 0; d + 1 < count; ++d) {
    const struct heat_slab *up = &slabs[d], *down = &slabs[d + 1];
    omp_target_memcpy(mem[d + 1].next, mem[d].next, row, 0, up->rows * row,
                      down->device, up->device);
    omp_target_memcpy(mem[d].next, mem[d + 1].next, row, (up->rows + 1) * row,
                      row, up->device, down->device);
  }
  for (int d = 0; d < count; ++d) {
    double *swap = mem[d].now;
    mem[d].now = mem[d].next;
    mem[d].next = swap;
  }
}

// Runs the benchmark on `count` devices (the host when there is no GPU),
// leaving the final grid in g; reports RESULT heat_split_<count>gpu.
static void run(double *g, int n, int steps, int count, int host_only) {
  struct heat_slab slabs[16];
  struct slab_memory mem[16];
  heat_cut(slabs, count, n);
  int host = omp_get_initial_device();
  size_t row = (size_t)n * sizeof(double);
  for (int d = 0; d < count; ++d) {
    if (host_only)
      slabs[d].device = host;
    size_t bytes = (slabs[d].rows + 2) * row;
    mem[d].now = (double *)omp_target_alloc(bytes, slabs[d].device);
    mem[d].next = (double *)omp_target_alloc(bytes, slabs[d].device);
    if (!mem[d].now || !mem[d].next) {
      fprintf(stderr, "heat_split: out of memory on device %d\n", d);
      exit(1);
    }
    const double *from = g + (size_t)(slabs[d].first - 1) * n;
    omp_target_memcpy(mem[d].now, from, bytes, 0, 0, slabs[d].device, host);
    omp_target_memcpy(mem[d].next, from, bytes, 0, 0, slabs[d].device, host);
  }
  struct split state = {slabs, mem, count, n};
  heat_time(count, steps, step, &state);
  for (int d = 0; d < count; ++d) {
    omp_target_memcpy(g + (size_t)slabs[d].first * n, mem[d].now,
                      slabs[d].rows * row, 0, row, host, slabs[d].device);
    omp_target_free(mem[d].now, slabs[d].device);
    omp_target_free(mem[d].next, slabs[d].device);
  }
}

int main(int argc, char **argv) {
  struct heat_options o = heat_parse(argc, argv);
  int small = o.small, n = o.n, steps = o.steps;
  int gpus = omp_get_num_devices();
  if (gpus > 16)
    gpus = 16;
  size_t bytes = (size_t)n * n * sizeof(double);
  double *one = (double *)malloc(bytes), *all = (double *)malloc(bytes);
  jacobi_init(one, (long)n * n);
  memcpy(all, one, bytes);
  int wrong = 0;
  if (small) {
    // Without a GPU, three slabs on the host check the halo exchange.
    double *ref = (double *)malloc(bytes);
    memcpy(ref, one, bytes);
    heat_reference(ref, n, (BENCH_WARMUP + BENCH_REPS) * steps);
    run(one, n, steps, 1, gpus == 0);
    run(all, n, steps, gpus > 1 ? gpus : 3, gpus == 0);
    wrong = heat_compare(one, ref, n, "the one-device grid") ||
            heat_compare(all, ref, n, "the split grid");
    free(ref);
  } else {
    run(one, n, steps, 1, gpus == 0);
    if (gpus > 1) {
      run(all, n, steps, gpus, 0);
      wrong = heat_compare(all, one, n, "the split grid");
    }
  }
  free(one);
  free(all);
  return wrong;
}
