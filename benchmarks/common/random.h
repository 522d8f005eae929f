// Counter-based random numbers for the benchmarks' inputs: a value is a
// function of its key, so the GPU and the host derive the same inputs
// without sharing a generator's state.
#ifndef BENCHMARKS_RANDOM_H
#define BENCHMARKS_RANDOM_H

#include "hostdevice.h"
#include <stdint.h>

// A 64-bit mixing function (the splitmix64 finalizer): consecutive keys give
// independent-looking values.
BENCH_HOST_DEVICE static inline uint64_t bench_mix(uint64_t key) {
  key += 0x9e3779b97f4a7c15ull;
  key = (key ^ (key >> 30)) * 0xbf58476d1ce4e5b9ull;
  key = (key ^ (key >> 27)) * 0x94d049bb133111ebull;
  return key ^ (key >> 31);
}

// A number in [0, 1) from a key.
BENCH_HOST_DEVICE static inline double bench_unit(uint64_t key) {
  return (double)(bench_mix(key) >> 11) * 0x1p-53;
}

#endif
