// `#pragma omp requires unified_shared_memory`: mapped data, a declare target
// variable mapped explicitly, and memory from omp_target_alloc_shared and
// llvm_omp_target_alloc_shared (managed memory, used in place by host and
// device) all work on every GPU. Host memory that no map covers is reached
// in place where the GPU and driver give kernels access to all host memory
// (HMM, Grace Hopper); elsewhere (an H100 without HMM) a kernel that follows
// such a pointer stops the program with a message that says why and what to
// do. That case runs in a child process, which the program checks: it knows
// from omp_target_is_accessible which outcome is right.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: mapped: ok
// CHECK: declare target, mapped: ok
// CHECK: omp_target_alloc_shared: ok
// CHECK: llvm_omp_target_alloc_shared: ok
// CHECK: unmapped host memory: {{the kernel reached it|stopped: omptarget fatal error: kernel .* failed on device 0: CUDA_ERROR_.*requires unified_shared_memory.*cannot access host memory that was not mapped.*omp_target_alloc_shared.*}}
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#pragma omp requires unified_shared_memory

#define N 1024
double g[N];
#pragma omp declare target(g)

// Allocation routines omp.h does not declare.
void *omp_target_alloc_shared(size_t Size, int Device);
void *llvm_omp_target_alloc_shared(size_t Size, int Device);
void llvm_omp_target_free_shared(void *Ptr, int Device);

static void report(const char *What, int Errors) {
  printf("%s: %s\n", What, Errors ? "WRONG" : "ok");
}

/// Doubles every element of \p p on the device, through the pointer alone.
static int doubleInPlace(double *p) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; ++i)
    p[i] *= 2;
  int Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += p[i] != 2 * i;
  return Errors;
}

/// The child: a kernel writes to malloc'ed memory that no map covers.
static int unmapped(void) {
  double *h = malloc(N * sizeof(double));
  for (int i = 0; i < N; ++i)
    h[i] = i;
  int Errors = doubleInPlace(h);
  printf("reached: %s\n", Errors ? "WRONG" : "ok");
  return 0;
}

/// Runs the child and says whether it did what this device calls for.
static void checkUnmapped(int Device) {
  double *probe = malloc(sizeof(double));
  int Reachable = omp_target_is_accessible(probe, sizeof(double), Device);
  free(probe);
  char Self[4096] = "", Command[4200];
  if (readlink("/proc/self/exe", Self, sizeof(Self) - 1) < 0)
    return;
  snprintf(Command, sizeof(Command), "'%s' unmapped 2>&1", Self);
  FILE *Child = popen(Command, "r");
  char Output[8192] = "", Line[4096];
  while (fgets(Line, sizeof(Line), Child))
    if (strlen(Output) + strlen(Line) < sizeof(Output))
      strcat(Output, Line);
  int Status = pclose(Child);
  int Exit = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  char *Fatal = strstr(Output, "omptarget fatal error");
  if (Reachable && Exit == 0 && strstr(Output, "reached: ok")) {
    printf("unmapped host memory: the kernel reached it\n");
  } else if (!Reachable && Exit == 1 && Fatal &&
             strstr(Fatal, "requires unified_shared_memory")) {
    Fatal[strcspn(Fatal, "\n")] = 0;
    printf("unmapped host memory: stopped: %s\n", Fatal);
  } else {
    printf("unmapped host memory: WRONG (accessible %d, exit %d):\n%s\n",
           Reachable, Exit, Output);
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "unmapped"))
    return unmapped();
  int Device = omp_get_default_device();

  double a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < N; ++i)
    a[i] += 1;
  int Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += a[i] != i + 1;
  report("mapped", Errors);

#pragma omp target teams distribute parallel for map(tofrom : g)
  for (int i = 0; i < N; ++i)
    g[i] = 3 * i;
  Errors = 0;
  for (int i = 0; i < N; ++i)
    Errors += g[i] != 3 * i;
  report("declare target, mapped", Errors);

  double *s = omp_target_alloc_shared(N * sizeof(double), Device);
  for (int i = 0; i < N; ++i)
    s[i] = i;
  report("omp_target_alloc_shared", doubleInPlace(s));
  omp_target_free(s, Device);
  s = llvm_omp_target_alloc_shared(N * sizeof(double), Device);
  for (int i = 0; i < N; ++i)
    s[i] = i;
  report("llvm_omp_target_alloc_shared", doubleInPlace(s));
  llvm_omp_target_free_shared(s, Device);

  fflush(stdout);
  checkUnmapped(Device);
  return 0;
}
