// Bandwidth of `map` by size, from and to pageable memory (a plain malloc):
// RESULT map_to_<size> is one `target enter data map(to:)` (allocation and
// copy in), RESULT map_from_<size> one `target exit data map(from:)` (copy
// out and release), for 4 KiB to 4 GiB (common/transfer_sizes.h). Sizes
// that do not fit in half the host's free memory are skipped. The last
// sample of each size is checked: a target region between the two maps
// checks the bytes that arrived and changes some, and the host checks those
// after the copy back. A map `to` may return before its copy has reached
// the device (once its host data are read), as cudaMemcpy from pageable
// memory does, so each is timed up to bench_device_sync
// (common/device_sync.h); a map `from` returns with the data in host memory.
// Twin: map_bandwidth.cu (cudaMemcpy from pageable and from pinned memory).
// usage: map_bandwidth [--small] [--sizes N]   (N: how many sizes, from 4 KiB)
#include "../common/args.h"
#include "../common/transfer_sizes.h"
#include <stdlib.h>

// Checks and changes the sampled bytes on the device; returns how many were
// wrong. Untimed, and synchronized before the copy back is timed.
static long flip_on_device(unsigned char *buffer, size_t bytes) {
  const size_t positions = transfer_positions(bytes);
  long wrong = 0;
#pragma omp target teams distribute parallel for reduction(+ : wrong)
  for (size_t k = 0; k < positions; ++k)
    wrong += transfer_flip(buffer, k);
  return wrong;
}

int main(int argc, char **argv) {
  const int sizes =
      bench_option(argc, argv, "--sizes",
                   bench_flag(argc, argv, "--small") ? 3 : TransferSizeCount);
  for (int s = 0; s < sizes && s < TransferSizeCount; ++s) {
    const size_t bytes = transfer_size(s);
    if (!transfer_fits_host(bytes, 1)) {
      printf("# map_bandwidth: %zu bytes do not fit in host memory, skipped\n",
             bytes);
      continue;
    }
    unsigned char *buffer = malloc(bytes);
    transfer_fill(buffer, bytes);
    const int warmups = transfer_warmups(bytes), reps = transfer_reps(bytes);
    double to[TransferMaxReps], from[TransferMaxReps];
    long wrong = 0;
    for (int r = 0; r < warmups + reps; ++r) {
      const int last = r == warmups + reps - 1;
      double t0 = bench_now_us();
#pragma omp target enter data map(to : buffer[:bytes])
      bench_device_sync();
      double t1 = bench_now_us();
      if (last)
        wrong = flip_on_device(buffer, bytes);
      double t2 = bench_now_us();
#pragma omp target exit data map(from : buffer[:bytes])
      double t3 = bench_now_us();
      if (r >= warmups) {
        to[r - warmups] = t1 - t0;
        from[r - warmups] = t3 - t2;
      }
    }
    if (transfer_check(buffer, bytes, wrong))
      return 1;
    transfer_report("to", bytes, "", to, reps);
    transfer_report("from", bytes, "", from, reps);
    free(buffer);
  }
  return 0;
}
