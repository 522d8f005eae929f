; The KernelBounds pass: a generic kernel's block bound grows by the master
; warp; an SPMD kernel with clang's default bound (128, no thread_limit) may
; run 256 threads, in its attributes and in its environment's MaxThreads,
; marked as a bound the link step may revise once ptxas has compiled it. An
; SPMD kernel with a thread_limit of its own and a kernel without an
; environment keep theirs.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-bounds -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-bounds -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu -pass-remarks-analysis=ompgpu %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

; CHECK: @__omp_offloading_10_20_generic_l5_kernel_environment = {{.*}} { i8 1, i8 0, i8 1, i32 1, i32 128,
; CHECK: @__omp_offloading_10_20_spmd_l9_kernel_environment = {{.*}} { i8 0, i8 0, i8 2, i32 1, i32 256,
; CHECK: @__omp_offloading_10_20_limited_l13_kernel_environment = {{.*}} { i8 0, i8 0, i8 2, i32 1, i32 64,
@__omp_offloading_10_20_generic_l5_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_spmd_l9_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_limited_l13_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 64, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }

; CHECK: define ptx_kernel void @__omp_offloading_10_20_generic_l5() #[[GENERIC:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_generic_l5() #0 {
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_spmd_l9() #[[SPMD:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_spmd_l9() #0 {
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_limited_l13() #[[LIMITED:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_limited_l13() #1 {
  ret void
}

; Not an OpenMP kernel: no environment.
; CHECK: define ptx_kernel void @cuda_style() #[[CUDA:[0-9]+]]
define ptx_kernel void @cuda_style() #0 {
  ret void
}

attributes #0 = { "nvvm.maxntid"="128" "omp_target_thread_limit"="128" }
attributes #1 = { "nvvm.maxntid"="64" "omp_target_thread_limit"="64" }

; CHECK-DAG: attributes #[[GENERIC]] = { "nvvm.maxntid"="160" "omp_target_thread_limit"="128" }
; CHECK-DAG: attributes #[[SPMD]] = { "nvvm.maxntid"="256" "omp_target_thread_limit"="256" "ompgpu-revisable-maxntid" }
; CHECK-DAG: attributes #[[LIMITED]] = { "nvvm.maxntid"="64" "omp_target_thread_limit"="64" }
; CHECK-DAG: attributes #[[CUDA]] = { "nvvm.maxntid"="128" "omp_target_thread_limit"="128" }

; REMARK: remark: <unknown>:0:0: the target region in 'generic' at line 5 runs up to 128 worker threads and the master warp: blocks of up to 160 threads
; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 9 has clang's default block bound of 128 threads: teams of up to 256 threads, fewer where a thread_limit clause asks at launch
; REMARK: remark: <unknown>:0:0: the target region in 'limited' at line 13 keeps its block bound of 64 threads (a thread_limit of its own)
; REMARK: remark: <unknown>:0:0: function 'cuda_style' keeps the block bound clang gave it: it has no nvvm.maxntid or no kernel environment
