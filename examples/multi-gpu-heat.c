// Several GPUs in one process: a 2-D heat equation (Jacobi sweeps of an
// N x N grid) split into slabs of rows, one slab per GPU. Each GPU keeps its
// slab and two halo rows in memory of its own (omp_target_alloc); every sweep
// runs on all GPUs at once (`target ... nowait` on each device, then
// `taskwait`), and the halo rows then travel between neighbouring GPUs with
// omp_target_memcpy (directly between GPUs that can reach each other). The
// result is checked against the same sweeps on one device: the arithmetic is
// the same, so the grids must be equal bit for bit.
// Build: build/bin/clang -O2 -fopenmp -fopenmp-targets=nvptx64
//          multi-gpu-heat.c -o multi-gpu-heat
// Usage: multi-gpu-heat [N [SWEEPS [SLABS]]]: default 1024 x 1024, 100
// sweeps, one slab per GPU; slab k runs on GPU k % GPUs, or on the host when
// there is no GPU.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A slab: rows [First, First + Rows) of the grid, with a halo row above and
// below, on device Device.
struct Slab {
  int Device, First, Rows;
  double *Now, *Next;
};

static void sweep(const struct Slab *S, int N) {
  const double *U = S->Now;
  double *V = S->Next;
  int Rows = S->Rows;
#pragma omp target teams distribute parallel for collapse(2) device(S->Device) \
    is_device_ptr(U, V) nowait
  for (int I = 1; I <= Rows; ++I)
    for (int J = 1; J < N - 1; ++J)
      V[(long)I * N + J] =
          0.25 * (U[(long)(I - 1) * N + J] + U[(long)(I + 1) * N + J] +
                  U[(long)I * N + J - 1] + U[(long)I * N + J + 1]);
}

// Runs Sweeps sweeps of Grid (N x N, boundary rows and columns fixed) split
// over the Count devices of Devices; returns the seconds the sweeps took.
static double solve(double *Grid, int N, int Sweeps, const int *Devices,
                    int Count) {
  int Host = omp_get_initial_device();
  struct Slab *Slabs = malloc(Count * sizeof(struct Slab));
  int Interior = N - 2;
  for (int D = 0, First = 1; D < Count; ++D) {
    struct Slab *S = &Slabs[D];
    S->Device = Devices[D];
    S->First = First;
    S->Rows = Interior / Count + (D < Interior % Count);
    First += S->Rows;
    size_t Bytes = (size_t)(S->Rows + 2) * N * sizeof(double);
    S->Now = omp_target_alloc(Bytes, S->Device);
    S->Next = omp_target_alloc(Bytes, S->Device);
    if (!S->Now || !S->Next) {
      fprintf(stderr, "multi-gpu-heat: out of memory on device %d\n",
              S->Device);
      exit(1);
    }
    // Both buffers start as the slab with its halos, so that the fixed
    // boundary columns (and boundary rows) are in place in each.
    const double *From = Grid + (size_t)(S->First - 1) * N;
    omp_target_memcpy(S->Now, From, Bytes, 0, 0, S->Device, Host);
    omp_target_memcpy(S->Next, From, Bytes, 0, 0, S->Device, Host);
  }

  double Start = omp_get_wtime();
  size_t Row = (size_t)N * sizeof(double);
  for (int T = 0; T < Sweeps; ++T) {
    for (int D = 0; D < Count; ++D)
      sweep(&Slabs[D], N);
#pragma omp taskwait
    // Each slab's first and last rows become its neighbours' halos.
    for (int D = 0; D + 1 < Count; ++D) {
      struct Slab *Up = &Slabs[D], *Down = &Slabs[D + 1];
      omp_target_memcpy(Down->Next, Up->Next, Row, 0, Up->Rows * Row,
                        Down->Device, Up->Device);
      omp_target_memcpy(Up->Next, Down->Next, Row, (Up->Rows + 1) * Row, Row,
                        Up->Device, Down->Device);
    }
    for (int D = 0; D < Count; ++D) {
      double *Swap = Slabs[D].Now;
      Slabs[D].Now = Slabs[D].Next;
      Slabs[D].Next = Swap;
    }
  }
  // Copying the interior rows back waits for the last sweep.
  for (int D = 0; D < Count; ++D) {
    struct Slab *S = &Slabs[D];
    omp_target_memcpy(Grid + (size_t)S->First * N, S->Now, S->Rows * Row, 0,
                      Row, Host, S->Device);
  }
  double Seconds = omp_get_wtime() - Start;
  for (int D = 0; D < Count; ++D) {
    omp_target_free(Slabs[D].Now, Slabs[D].Device);
    omp_target_free(Slabs[D].Next, Slabs[D].Device);
  }
  free(Slabs);
  return Seconds;
}

// A hot top edge, a cold rest, and a pattern inside so that every row
// differs.
static void initialize(double *Grid, int N) {
  for (long K = 0; K < (long)N * N; ++K)
    Grid[K] = (double)(K % 89) * 0.001;
  for (int J = 0; J < N; ++J)
    Grid[J] = 1.0;
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? atoi(Argv[1]) : 1024;
  int Sweeps = Argc > 2 ? atoi(Argv[2]) : 100;
  int Gpus = omp_get_num_devices();
  int Count = Argc > 3 ? atoi(Argv[3]) : Gpus > 0 ? Gpus : 1;
  if (Count < 1 || N < 2 + Count) {
    fprintf(stderr, "multi-gpu-heat: needs a slab or more, and N of at "
                    "least 2 + slabs\n");
    return 1;
  }
  int *Devices = malloc(Count * sizeof(int));
  for (int D = 0; D < Count; ++D)
    Devices[D] = Gpus > 0 ? D % Gpus : omp_get_initial_device();

  size_t Bytes = (size_t)N * N * sizeof(double);
  double *Split = malloc(Bytes), *Single = malloc(Bytes);
  initialize(Split, N);
  initialize(Single, N);
  // Warm-up: starts every device and loads the program on it.
  solve(Split, N, 1, Devices, Count);
  initialize(Split, N);
  double SplitSeconds = solve(Split, N, Sweeps, Devices, Count);
  double SingleSeconds = solve(Single, N, Sweeps, Devices, 1);

  int Equal = memcmp(Split, Single, Bytes) == 0;
  int Used = Gpus > 0 && Count > Gpus ? Gpus : Count;
  printf("multi-gpu-heat: %d x %d, %d sweeps in %d slab%s on %d %s%s: %.1f "
         "ms, on one: %.1f ms (%.2fx): %s\n",
         N, N, Sweeps, Count, Count > 1 ? "s" : "", Gpus > 0 ? Used : 1,
         Gpus > 0 ? "GPU" : "host", Gpus > 0 && Used > 1 ? "s" : "",
         SplitSeconds * 1e3, SingleSeconds * 1e3, SingleSeconds / SplitSeconds,
         Equal ? "correct" : "WRONG (differs from one device)");
  free(Split);
  free(Single);
  free(Devices);
  return !Equal;
}
