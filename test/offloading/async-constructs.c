// Asynchronous constructs and what orders them: nowait target regions and
// nowait enter data / update / exit data chained by `depend`, taskwait and
// taskgroup (teams reductions in nowait regions running at the same time:
// nowait-teams-rounds.c); omp_target_memcpy_async and
// omp_target_memcpy_rect_async ordered by depend objects;
// omp_target_memset(_async); an interop object whose CUDA stream, device and
// context the program gets (none with host fallback).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: dependence chain: ok
// CHECK: taskgroup: ok
// CHECK: memcpy_async and memcpy_rect_async: ok
// CHECK: memset and memset_async: ok
// GPU: interop: cuda, stream given, device 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 20, Regions = 8, Rows = 64, Cols = 128 };

static int chain(void) {
  double *X = malloc(N * sizeof(double));
  for (int I = 0; I < N; ++I)
    X[I] = I;
#pragma omp target enter data map(to : X[0:N]) nowait depend(out : X[0])
#pragma omp target teams distribute parallel for nowait depend(inout : X[0])
  for (int I = 0; I < N; ++I)
    X[I] = 2 * X[I] + 1;
#pragma omp target update from(X[0:N]) nowait depend(inout : X[0])
#pragma omp target exit data map(release : X[0:N]) nowait depend(in : X[0])
#pragma omp taskwait
  int Ok = !omp_target_is_present(X, omp_get_default_device()) ||
           omp_get_num_devices() == 0;
  for (int I = 0; I < N; ++I)
    Ok &= X[I] == 2.0 * I + 1;
  free(X);
  return Ok;
}

static int group(void) {
  int Values[Regions] = {0};
#pragma omp taskgroup
  {
    for (int R = 0; R < Regions; ++R)
#pragma omp target nowait map(tofrom : Values[R:1]) firstprivate(R)
      Values[R] = R * R;
  }
  int Ok = 1;
  for (int R = 0; R < Regions; ++R)
    Ok &= Values[R] == R * R;
  return Ok;
}

static int memoryRoutines(void) {
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  size_t Bytes = N * sizeof(double);
  double *In = malloc(Bytes), *Out = malloc(Bytes);
  for (int I = 0; I < N; ++I)
    In[I] = I + 0.25, Out[I] = 0;
  double *D = omp_target_alloc(Bytes, Dev);
  omp_depend_t Obj;
#pragma omp depobj(Obj) depend(inout : D[0])
  omp_target_memcpy_async(D, In, Bytes, 0, 0, Dev, Host, 1, &Obj);
  omp_target_memcpy_async(Out, D, Bytes, 0, 0, Host, Dev, 1, &Obj);
#pragma omp taskwait
  int Ok = !memcmp(In, Out, Bytes);

  // A Rows/2 x Cols/2 block at (3, 5) of a host matrix to (1, 2) of a device
  // matrix of the same shape, and back to (0, 0) of a small host matrix.
  static double M[Rows][Cols], Back[Rows / 2][Cols / 2];
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      M[R][C] = R * 1000 + C;
  double *DM = omp_target_alloc(sizeof(M), Dev);
  size_t Volume[2] = {Rows / 2, Cols / 2}, Zero[2] = {0, 0}, At35[2] = {3, 5},
         At12[2] = {1, 2}, Dims[2] = {Rows, Cols},
         BackDims[2] = {Rows / 2, Cols / 2};
  omp_target_memcpy_rect_async(DM, M, sizeof(double), 2, Volume, At12, At35,
                               Dims, Dims, Dev, Host, 1, &Obj);
  omp_target_memcpy_rect_async(Back, DM, sizeof(double), 2, Volume, Zero,
                               At12, BackDims, Dims, Host, Dev, 1, &Obj);
#pragma omp taskwait
  for (int R = 0; R < Rows / 2; ++R)
    for (int C = 0; C < Cols / 2; ++C)
      Ok &= Back[R][C] == (R + 3) * 1000 + C + 5;
  omp_target_free(DM, Dev);
  omp_target_free(D, Dev);
  free(In);
  free(Out);
  return Ok;
}

static int fill(void) {
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  enum { Bytes = 4096 };
  unsigned char *D = omp_target_alloc(Bytes, Dev), Seen[Bytes];
  omp_depend_t Obj;
#pragma omp depobj(Obj) depend(inout : D[0])
  omp_target_memset(D, 0x11, Bytes, Dev);
  omp_target_memset_async(D + 1024, 0x22, 1024, Dev, 1, &Obj);
  omp_target_memcpy_async(Seen, D, Bytes, 0, 0, Host, Dev, 1, &Obj);
#pragma omp taskwait
  int Ok = 1;
  for (int I = 0; I < Bytes; ++I)
    Ok &= Seen[I] == (I >= 1024 && I < 2048 ? 0x22 : 0x11);
  omp_target_free(D, Dev);
  return Ok;
}

static void interop(void) {
  omp_interop_t Obj = omp_interop_none;
#pragma omp interop init(targetsync : Obj)
  if (Obj == omp_interop_none) {
    printf("interop: none (host fallback)\n");
    return;
  }
  printf("interop: %s, stream %s, device %d\n",
         omp_get_interop_str(Obj, omp_ipr_fr_name, NULL),
         omp_get_interop_ptr(Obj, omp_ipr_targetsync, NULL) ? "given"
                                                            : "missing",
         (int)omp_get_interop_int(Obj, omp_ipr_device_num, NULL));
#pragma omp interop use(Obj)
#pragma omp interop destroy(Obj)
}

int main(void) {
  printf("dependence chain: %s\n", chain() ? "ok" : "wrong");
  printf("taskgroup: %s\n", group() ? "ok" : "wrong");
  printf("memcpy_async and memcpy_rect_async: %s\n",
         memoryRoutines() ? "ok" : "wrong");
  printf("memset and memset_async: %s\n", fill() ? "ok" : "wrong");
  interop();
  return 0;
}
