// What compute-sanitizer's racecheck reports, on CUDA programs that are free
// of data races under PTX's memory model and copy the shapes of our runtime's
// protocols (docs/DESIGN.md, "Race checking", has the figures they gave).
// Not part of the test suite: the evidence behind the design's choices.
//   nvcc -O2 -arch=sm_90 racecheck-probes.cu -o probes
//   compute-sanitizer --tool racecheck --racecheck-report all ./probes MODE
// MODE:
//   same-store     128 threads store one value to a word (st.relaxed.cta),
//                  then load it (ld.relaxed.cta): a dispatch loop's slot as
//                  every thread of the team writes it
//   same-exchange  the same stores as atomic exchanges (hw::publish)
//   flag           one thread writes four words and a release flag, the
//                  others acquire the flag and read the words
//   fork-join      generic-mode fork/join of 992 workers and a main thread
//                  (barrier 0), whose teams with a partial last warp keep
//                  the warp's idle lanes at counted barrier 1 until thread 0
//                  publishes the last one; thread 0 writes a word the main
//                  thread reads after the join
//   fork-join-no-idle  the same without the idle lanes' barrier 1
#include <cstdio>
#include <cstring>

__device__ __forceinline__ unsigned sharedAddress(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}
__device__ __forceinline__ void barrier0() {
  asm volatile("barrier.sync 0;" ::: "memory");
}
__device__ __forceinline__ void barrier1(unsigned Count) {
  asm volatile("barrier.sync 1, %0;" ::"r"(Count) : "memory");
}

__global__ void sameValue(int *Out, bool Exchange) {
  __shared__ unsigned Word;
  if (threadIdx.x == 0)
    Word = 0;
  __syncthreads();
  unsigned Got;
  if (Exchange)
    asm volatile("atom.relaxed.cta.shared.exch.b32 %0, [%1], 7;"
                 : "=r"(Got)
                 : "r"(sharedAddress(&Word))
                 : "memory");
  else
    asm volatile("st.relaxed.cta.shared.u32 [%0], 7;" ::"r"(
                     sharedAddress(&Word))
                 : "memory");
  asm volatile("ld.relaxed.cta.shared.u32 %0, [%1];"
               : "=r"(Got)
               : "r"(sharedAddress(&Word))
               : "memory");
  Out[threadIdx.x] = Got;
}

__global__ void flag(int *Out) {
  __shared__ unsigned Data[4], Flag;
  if (threadIdx.x == 0)
    Flag = 0;
  __syncthreads();
  if (threadIdx.x == 5) {
    for (int K = 0; K < 4; ++K)
      Data[K] = 11 + K;
    asm volatile("st.release.cta.shared.u32 [%0], 1;" ::"r"(
                     sharedAddress(&Flag))
                 : "memory");
  }
  unsigned Seen = 0;
  while (!Seen)
    asm volatile("ld.acquire.cta.shared.u32 %0, [%1];"
                 : "=r"(Seen)
                 : "r"(sharedAddress(&Flag))
                 : "memory");
  int Sum = 0;
  for (int K = 0; K < 4; ++K)
    Sum += reinterpret_cast<volatile unsigned *>(Data)[K];
  Out[threadIdx.x] = Sum;
}

// The team sizes of test/offloading/histogram.c's second kernel.
__device__ const int Asks[10] = {1000, 33, 1024, 517, 1, 999, 64, 2, 1023, 96};

__global__ void forkJoin(int *Out, bool IdleLanes) {
  __shared__ int WorkThreads, Size, PartialEnd;
  __shared__ unsigned long long WorkFn;
  const int Tid = threadIdx.x, Main = blockDim.x - 32;
  if (Tid > Main)
    return;
  if (Tid == Main) {
    for (int K = 0; K < 10; ++K) {
      int Team = Asks[K] < Main ? Asks[K] : Main;
      if (Team < 2) {
        Out[K] = 1;
        continue;
      }
      WorkFn = 16;
      WorkThreads = Team;
      barrier0(); // fork
      barrier0(); // join
      Out[K] = Size;
      WorkFn = 1;
    }
    WorkFn = 0;
    barrier0();
    return;
  }
  for (;;) {
    barrier0();
    if (WorkFn == 0)
      return;
    int Team = WorkThreads;
    unsigned Rounded = (Team + 31) & ~31u;
    bool HasIdle = IdleLanes && Team % 32 && Team > 32;
    if (Tid < Team) {
      if (Tid == 0) {
        if (HasIdle)
          atomicExch(&PartialEnd, 0);
        *reinterpret_cast<volatile int *>(&Size) = Team;
        if (HasIdle)
          atomicExch(&PartialEnd, 1);
      }
      if (HasIdle)
        barrier1(Rounded);
    } else if (HasIdle && Tid < int(Rounded)) {
      for (int Passed = 1;; ++Passed) {
        barrier1(Rounded);
        if (atomicOr(&PartialEnd, 0) == Passed)
          break;
      }
    }
    barrier0(); // join
  }
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  int *Out;
  cudaMalloc(&Out, 4096 * sizeof(int));
  if (!strcmp(Mode, "same-store") || !strcmp(Mode, "same-exchange"))
    sameValue<<<1, 128>>>(Out, !strcmp(Mode, "same-exchange"));
  else if (!strcmp(Mode, "flag"))
    flag<<<1, 128>>>(Out);
  else if (!strcmp(Mode, "fork-join") || !strcmp(Mode, "fork-join-no-idle"))
    forkJoin<<<1, 1024>>>(Out, !strcmp(Mode, "fork-join"));
  else {
    fprintf(stderr, "usage: probes same-store|same-exchange|flag|fork-join|"
                    "fork-join-no-idle\n");
    return 2;
  }
  cudaError_t Status = cudaDeviceSynchronize();
  printf("%s: %s\n", Mode, cudaGetErrorString(Status));
  return Status != cudaSuccess;
}
