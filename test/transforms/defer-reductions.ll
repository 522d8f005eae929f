; The DeferReductions pass: in an SPMD kernel that reduces across teams, the
; parallel-level reduction keeps each thread's partial and the teams reduction
; reduces the block once (the deferred entry points). An SPMD kernel without a
; teams reduction (target parallel for) and a generic kernel keep clang's
; entry points.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-defer-reductions -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-defer-reductions -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

; Execution mode (third member) 2 is SPMD, 1 generic; the eighth is the size
; of a teams-reduction record.
@__omp_offloading_10_20_combined_l17_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 8, i32 1024 }, ptr null, ptr null }
@__omp_offloading_10_20_parallel_only_l25_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 1, i32 1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_generic_l33_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 8, i32 1024 }, ptr null, ptr null }

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_combined_l17(
; CHECK: call i32 @__ompgpu_teams_reduce_deferred(
define ptx_kernel void @__omp_offloading_10_20_combined_l17(ptr %buffer, ptr %data) {
  call void @combined_chunk(ptr %data)
  %r = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr null, ptr %buffer, i32 1024, i64 8, ptr %data, ptr null, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

; CHECK-LABEL: define internal void @combined_chunk(
; CHECK: call i32 @__ompgpu_parallel_reduce_deferred(
define internal void @combined_chunk(ptr %data) {
  %r = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %data, ptr null, ptr null)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_parallel_only_l25(
define ptx_kernel void @__omp_offloading_10_20_parallel_only_l25(ptr %data) {
  call void @parallel_only_region(ptr %data)
  ret void
}

; CHECK-LABEL: define internal void @parallel_only_region(
; CHECK: call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(
define internal void @parallel_only_region(ptr %data) {
  %r = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %data, ptr null, ptr null)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_generic_l33(
; CHECK: call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(
define ptx_kernel void @__omp_offloading_10_20_generic_l33(ptr %buffer, ptr %data) {
  call void @generic_region(ptr %data)
  %r = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr null, ptr %buffer, i32 1024, i64 8, ptr %data, ptr null, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

; CHECK-LABEL: define internal void @generic_region(
; CHECK: call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(
define internal void @generic_region(ptr %data) {
  %r = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %data, ptr null, ptr null)
  ret void
}

declare i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr, i64, ptr, ptr, ptr)
declare i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)

; REMARK-DAG: remark: <unknown>:0:0: in the target region in 'combined' at line 17 each thread keeps its own partial across distribute chunks and the team reduces once, here, instead of once per chunk
; REMARK-DAG: remark: <unknown>:0:0: this teams reduction stays as clang emitted it: the target region in 'generic' at line 33 does not run in pure SPMD mode
