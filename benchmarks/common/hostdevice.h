// BENCH_HOST_DEVICE marks the helpers that the CUDA twins call from kernels
// and from host checks; in the OpenMP programs it is empty (clang compiles a
// function for the device when a target region calls it).
#ifndef BENCHMARKS_HOSTDEVICE_H
#define BENCHMARKS_HOSTDEVICE_H

#ifdef __CUDACC__
#define BENCH_HOST_DEVICE __host__ __device__
#else
#define BENCH_HOST_DEVICE
#endif

#endif
