// The transfers of data/map_bandwidth.c and its CUDA twin: the sizes, how
// many times each is timed, which fit the machine, the bytes a buffer holds
// and how a kernel and the host check that a transfer moved them, and how
// results are named, so that both programs measure the same transfers.
#ifndef BENCHMARKS_TRANSFER_SIZES_H
#define BENCHMARKS_TRANSFER_SIZES_H

#include "hostdevice.h"
#include "timing.h"
#include <string.h>
#include <unistd.h>

enum {
  TransferSizeCount = 7,
  TransferMaxReps = 51,
  TransferFill = 0x5a,
  TransferStride = 4096
};

// 4 KiB, 64 KiB, 1 MiB, 16 MiB, 256 MiB, 4 GiB and 64 GiB (which few hosts hold:
// map_bandwidth skips a size that does not fit).
static inline size_t transfer_size(int index) {
  return (size_t)4096 << (4 * index);
}

// Samples per size: enough for a stable median of the small transfers, at
// least three, and about a gigabyte per direction for the large ones, so
// that the whole benchmark stays within seconds. The warm-up transfer (it
// pays for the runtime's first use and the first touch of device memory)
// is left out from 1 GiB on, where the smaller sizes have done that already.
static inline int transfer_reps(size_t bytes) {
  size_t reps = ((size_t)1 << 30) / bytes;
  return reps > TransferMaxReps ? TransferMaxReps : reps < 3 ? 3 : (int)reps;
}

static inline int transfer_warmups(size_t bytes) {
  return bytes < ((size_t)1 << 30) ? 1 : 0;
}

// Whether `copies` host buffers of `bytes` fit in half the memory free now.
static inline int transfer_fits_host(size_t bytes, int copies) {
  double free_bytes =
      (double)sysconf(_SC_AVPHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  return (double)bytes * copies <= 0.5 * free_bytes;
}

// A buffer holds TransferFill except at one position in each TransferStride
// bytes, which holds a byte that depends on the position: a check of those
// positions finds a transfer that moved the wrong bytes or none, while
// filling a 4 GiB buffer takes a memset.
BENCH_HOST_DEVICE static inline size_t transfer_position(size_t k) {
  return k * TransferStride + (k * 61) % TransferStride;
}

BENCH_HOST_DEVICE static inline unsigned char transfer_byte(size_t k) {
  return (unsigned char)(k * 7 + 1);
}

static inline size_t transfer_positions(size_t bytes) {
  return bytes / TransferStride;
}

static inline void transfer_fill(unsigned char *buffer, size_t bytes) {
  memset(buffer, TransferFill, bytes);
  for (size_t k = 0; k < transfer_positions(bytes); ++k)
    buffer[transfer_position(k)] = transfer_byte(k);
}

// What the device does between a transfer in and the transfer back: count
// the positions that do not hold their byte and invert those bytes.
BENCH_HOST_DEVICE static inline int transfer_flip(unsigned char *buffer,
                                                  size_t k) {
  unsigned char *at = &buffer[transfer_position(k)];
  int wrong = *at != transfer_byte(k);
  *at = (unsigned char)~*at;
  return wrong;
}

// 0 when the device found every byte it expected and the host finds the
// inverted bytes back (and the fill next to them), else 1 with a message.
static inline int transfer_check(const unsigned char *buffer, size_t bytes,
                                 long wrong_on_device) {
  if (wrong_on_device) {
    fprintf(stderr, "map_bandwidth: %ld wrong bytes on the device (%zu B)\n",
            wrong_on_device, bytes);
    return 1;
  }
  for (size_t k = 0; k < transfer_positions(bytes); ++k) {
    size_t at = transfer_position(k);
    if (buffer[at] != (unsigned char)~transfer_byte(k) ||
        (at + 1 < bytes && buffer[at + 1] != TransferFill)) {
      fprintf(stderr, "map_bandwidth: wrong byte back at %zu (%zu B)\n", at,
              bytes);
      return 1;
    }
  }
  return 0;
}

// RESULT map_<direction>_<size><suffix>, e.g. map_to_256MiB_pinned, and a
// line with the bandwidth it amounts to for people reading the output
// (run.py computes its own from the RESULT lines).
static inline void transfer_report(const char *direction, size_t bytes,
                                   const char *suffix, double *samples,
                                   int count) {
  const char *unit[] = {"B", "KiB", "MiB", "GiB"};
  size_t amount = bytes;
  int u = 0;
  for (; u < 3 && amount % 1024 == 0; ++u)
    amount /= 1024;
  char name[64];
  snprintf(name, sizeof name, "map_%s_%zu%s%s", direction, amount, unit[u],
           suffix);
  double median_us = bench_median(samples, count);
  bench_report(name, median_us);
  printf("# %s: %.2f GB/s\n", name, bytes / median_us * 1e-3);
}

#endif
