// Fatal errors name the construct's file and line although this program is
// built without -g: a present check in a target region names file:line from
// the kernel name and the source files the link step registered; one in a
// data construct names the file and the function. The checks fail only where
// a device runs the constructs, so each case runs in a child process whose
// message this program reads: on a GPU it must name the place, with host
// fallback the child runs to its end.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: region: ok
// CHECK: data: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { RegionLine = __LINE__ + 4 };

__attribute__((noinline)) static void targetRegion(void) {
  int X = 0;
#pragma omp target map(present, tofrom : X)
  X = 1;
}

__attribute__((noinline)) static void dataConstruct(void) {
  int X = 0;
#pragma omp target enter data map(present, to : X)
}

/// Runs this program as "<self> Case" and checks its stderr for Expected
/// (on a GPU) or a clean exit (on the host).
static void check(const char *Case, const char *Expected) {
  char Self[256] = "", Command[512], Output[4096] = "";
  if (readlink("/proc/self/exe", Self, sizeof(Self) - 1) < 0)
    return;
  snprintf(Command, sizeof(Command), "'%s' %s 2>&1", Self, Case);
  FILE *Child = popen(Command, "r");
  size_t Length = fread(Output, 1, sizeof(Output) - 1, Child);
  Output[Length] = '\0';
  int Status = pclose(Child);
  int OnGpu = omp_get_num_devices() > 0;
  int Ok = OnGpu ? Status != 0 && strstr(Output, Expected) != NULL
                 : Status == 0 && Length == 0;
  printf("%s: %s\n", Case, Ok ? "ok" : Output);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    if (!strcmp(argv[1], "region"))
      targetRegion();
    else
      dataConstruct();
    return 0;
  }
  char Region[64];
  snprintf(Region, sizeof(Region),
           "error-locations.c:%d (function targetRegion)", RegionLine);
  check("region", Region);
  check("data", "error-locations.c (function dataConstruct; compile with -g "
                "for the line)");
  return 0;
}
