// printf from a kernel loses nothing: 100,000 lines from one target region
// all arrive. The test runs itself again with the argument "print" (that
// child prints) and counts what reaches it through a pipe: every line, each
// number once. On a GPU the lines cross to the host through the CUDA
// driver's printf buffer, which held about 64,000 such lines by default (1
// MiB); the host runtime now sizes it at 64 MiB for programs that print
// (README). LIBOMPTARGET_PRINTF_BUFFER_SIZE bounds it: with 64 KiB a GPU
// loses lines (the GPU line below), the host fallback does not.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: 100000 lines printed: 100000 arrived, each once
// GPU: with a 64 KiB buffer: lines lost
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { Lines = 100000 };

static int print(void) {
#pragma omp target teams distribute parallel for
  for (int I = 0; I < Lines; ++I)
    printf("line %d of the kernel\n", I);
  return 0;
}

/// Runs this program with "print" under Environment and counts the distinct
/// lines of its output; -1 if it fails or, when Strict, prints a line that
/// does not belong (a buffer too small may leave a partial record).
static int countLines(const char *Environment, int Strict) {
  char Self[4096];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length <= 0)
    return -1;
  Self[Length] = '\0';
  char Command[4200];
  snprintf(Command, sizeof(Command), "%s '%s' print", Environment, Self);
  FILE *Child = popen(Command, "r");
  if (!Child)
    return -1;
  static unsigned char Seen[Lines];
  memset(Seen, 0, sizeof(Seen));
  int Distinct = 0, Stray = 0;
  char Line[128];
  while (fgets(Line, sizeof(Line), Child)) {
    int I;
    char Rest[32];
    if (sscanf(Line, "line %d of the %31s", &I, Rest) != 2 || I < 0 ||
        I >= Lines || strcmp(Rest, "kernel") || Seen[I]) {
      ++Stray;
      continue;
    }
    Seen[I] = 1;
    ++Distinct;
  }
  int Status = pclose(Child);
  return (Strict && Stray) || Status ? -1 : Distinct;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "print"))
    return print();
  int Arrived = countLines("env", 1);
  printf("%d lines printed: %d arrived, %s\n", Lines, Arrived,
         Arrived == Lines ? "each once" : "WRONG");
  int Bounded = countLines("env LIBOMPTARGET_PRINTF_BUFFER_SIZE=64K", 0);
  printf("with a 64 KiB buffer: %s\n",
         Bounded < 0         ? "WRONG"
         : Bounded == Lines ? "all arrived"
                            : "lines lost");
  return Arrived != Lines;
}
