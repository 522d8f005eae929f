// Command-line options shared by the benchmarks and their CUDA twins:
// `--small` picks sizes for a quick correctness run (for the OpenMP programs
// with OMP_TARGET_OFFLOAD=disabled, on the host), `--NAME VALUE` sets one size.
#ifndef BENCHMARKS_ARGS_H
#define BENCHMARKS_ARGS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int bench_flag(int argc, char **argv, const char *flag) {
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], flag))
      return 1;
  return 0;
}

// The value after `name`, or `fallback` when the option is absent. A value
// that is not a positive number stops the program: a typo must not run a
// benchmark of another size.
static inline long bench_option(int argc, char **argv, const char *name,
                                long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (!strcmp(argv[i], name)) {
      char *end;
      long value = strtol(argv[i + 1], &end, 0);
      if (*end || value <= 0) {
        fprintf(stderr, "%s: expected a positive number, got '%s'\n", name,
                argv[i + 1]);
        exit(2);
      }
      return value;
    }
  return fallback;
}

#endif
