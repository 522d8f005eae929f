// Level-synchronous breadth-first search on a power-law graph (a few hubs
// with up to hundreds of thousands of edges, most vertices with four): one
// frontier vertex per thread (flat) against the same loop whose high-degree
// vertices scan their edges in a nested teams region, a child grid launched
// from the device when the degree exceeds the threshold (dynamic
// parallelism, README "Launching grids from the device").
// usage: bfs_nested [--small] [--vertices N] [--threshold T]
//   without --threshold it sweeps T over 64, 1024 and 16384 edges.
#include "../common/dp_sweep.h"
#include "../common/irregular.h"
#include <string.h>

// One level: the vertices at depth visit their edges; returns whether any
// vertex was reached.
static int level_flat(int n, const int *row_start, const int *col, int *level,
                      int *reached, int depth) {
  *reached = 0;
#pragma omp target update to(reached[:1])
#pragma omp target teams distribute parallel for
  for (int v = 0; v < n; ++v) {
    if (level[v] != depth)
      continue;
    for (int e = row_start[v]; e < row_start[v + 1]; ++e)
      if (level[col[e]] < 0) {
        level[col[e]] = depth + 1;
        *reached = 1;
      }
  }
#pragma omp target update from(reached[:1])
  return *reached;
}

static int level_nested(int n, const int *row_start, const int *col,
                        int *level, int *reached, int depth, int threshold) {
  *reached = 0;
#pragma omp target update to(reached[:1])
#pragma omp target teams distribute parallel for
  for (int v = 0; v < n; ++v) {
    if (level[v] != depth)
      continue;
    int start = row_start[v], end = row_start[v + 1];
#pragma omp teams distribute parallel for if (end - start > threshold)
    for (int e = start; e < end; ++e)
      if (level[col[e]] < 0) {
        level[col[e]] = depth + 1;
        *reached = 1;
      }
  }
#pragma omp target update from(reached[:1])
  return *reached;
}

static void bfs_host(const csr_matrix *g, int *expected) {
  int n = g->rows, *queue = malloc(n * sizeof(int)), head = 0, tail = 0;
  for (int v = 0; v < n; ++v)
    expected[v] = -1;
  expected[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    int v = queue[head++];
    for (int e = g->row_start[v]; e < g->row_start[v + 1]; ++e)
      if (expected[g->col[e]] < 0) {
        expected[g->col[e]] = expected[v] + 1;
        queue[tail++] = g->col[e];
      }
  }
  free(queue);
}

int main(int argc, char **argv) {
  int small = bench_flag(argc, argv, "--small");
  int n = (int)bench_option(argc, argv, "--vertices", small ? 20000 : 2000000);
  const int defaults[] = {64, 1024, 16384};
  const dp_sweep sweep = dp_sweep_make(argc, argv, defaults, 3);
  csr_matrix g = power_law_graph(n, 4, small ? 20000 : 400000);
  int edges = g.nnz, *row_start = g.row_start, *col = g.col;
  int *level = malloc(n * sizeof(int)), *expected = malloc(n * sizeof(int));
  int reached[1];
  bfs_host(&g, expected);
  double *samples = malloc(sweep.reps * sizeof(double));
  char name[64];
  int ok = 1;
#pragma omp target data map(to : row_start[:n + 1], col[:edges]) map(alloc : level[:n], reached[:1])
  {
    for (int variant = -1; variant < sweep.thresholds; ++variant) {
      for (int r = 0; r < sweep.warmups + sweep.reps; ++r) {
        for (int v = 0; v < n; ++v)
          level[v] = v == 0 ? 0 : -1;
#pragma omp target update to(level[:n])
        double t0 = bench_now_us();
        for (int depth = 0;; ++depth)
          if (!(variant < 0
                    ? level_flat(n, row_start, col, level, reached, depth)
                    : level_nested(n, row_start, col, level, reached, depth,
                                   sweep.threshold[variant])))
            break;
        bench_sample(samples, r, sweep.warmups, t0);
      }
#pragma omp target update from(level[:n])
      dp_result_name(name, sizeof(name), "bfs", &sweep, variant);
      if (memcmp(level, expected, n * sizeof(int))) {
        fprintf(stderr, "%s: wrong levels\n", name);
        ok = 0;
      }
      bench_report(name, bench_median(samples, sweep.reps));
    }
  }
  return ok ? 0 : 1;
}
