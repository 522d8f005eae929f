; The WorkerDispatch pass, on a small stand-in for the device runtime (the
; worker loop, reached from __kmpc_target_init, calls the published region
; through __ompgpu_run_parallel_wrapper): each generic kernel gets its own
; copy of the loop and of __kmpc_target_init, whose dispatch compares the
; pointer with the wrappers the kernel forks and calls them directly, and
; traps on anything else. A kernel that calls through a loaded pointer keeps
; the indirect call as the last case. An SPMD kernel keeps the runtime's own.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-worker-dispatch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-worker-dispatch -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@__omp_offloading_10_20_direct_l4_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_fallback_l9_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_spmd_l14_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@published = internal addrspace(3) global ptr null

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_direct_l4(
; CHECK: call i32 @__kmpc_target_init.__omp_offloading_10_20_direct_l4(
define ptx_kernel void @__omp_offloading_10_20_direct_l4() {
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_direct_l4_kernel_environment, ptr null)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr null, i64 0, i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_fallback_l9(
; CHECK: call i32 @__kmpc_target_init.__omp_offloading_10_20_fallback_l9(
define ptx_kernel void @__omp_offloading_10_20_fallback_l9(ptr %callbacks) {
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_fallback_l9_kernel_environment, ptr null)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr null, i64 0, i32 0)
  %callback = load ptr, ptr %callbacks
  call void %callback()
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_spmd_l14(
; CHECK: call i32 @__kmpc_target_init(
define ptx_kernel void @__omp_offloading_10_20_spmd_l14() {
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_spmd_l14_kernel_environment, ptr null)
  ret void
}

define internal void @region(ptr %tid, ptr %bound) {
  ret void
}

define internal void @region_wrapper(i16 zeroext %level, i32 %tid) {
  call void @region(ptr null, ptr null)
  ret void
}

; The stand-in runtime.
define i32 @__kmpc_target_init(ptr %env, ptr %launch) {
  call void @worker_loop()
  ret i32 -1
}

define internal void @worker_loop() {
  %fn = load ptr, ptr addrspace(3) @published
  call void @__ompgpu_run_parallel_wrapper(ptr %fn, i32 0)
  ret void
}

; The indirect call loses noinline once the kernels have their dispatches.
; CHECK: define internal void @__ompgpu_run_parallel_wrapper(ptr %fn, i32 %tid) {
define internal void @__ompgpu_run_parallel_wrapper(ptr %fn, i32 %tid) noinline {
  call void %fn(i16 0, i32 %tid)
  ret void
}

declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)

; CHECK-LABEL: define internal void @__ompgpu_dispatch.__omp_offloading_10_20_direct_l4(ptr %0, i32 %1)
; CHECK: icmp eq ptr %0, @region_wrapper
; CHECK: call void @region_wrapper(i16 zeroext 0, i32 %1)
; CHECK: call void @llvm.trap()
; CHECK-NEXT: unreachable

; CHECK-LABEL: define internal void @worker_loop.__omp_offloading_10_20_direct_l4()
; CHECK: call void @__ompgpu_dispatch.__omp_offloading_10_20_direct_l4(

; CHECK-LABEL: define internal i32 @__kmpc_target_init.__omp_offloading_10_20_direct_l4(
; CHECK: call void @worker_loop.__omp_offloading_10_20_direct_l4()

; CHECK-LABEL: define internal void @__ompgpu_dispatch.__omp_offloading_10_20_fallback_l9(ptr %0, i32 %1)
; CHECK: icmp eq ptr %0, @region_wrapper
; CHECK: call void @region_wrapper(i16 zeroext 0, i32 %1)
; CHECK-NOT: llvm.trap
; CHECK: call void %0(i16 0, i32 %1)
; CHECK-NEXT: ret void

; REMARK-DAG: remark: <unknown>:0:0: the workers of the target region in 'direct' at line 4 call 1 parallel region directly: 'region_wrapper'
; REMARK-DAG: remark: <unknown>:0:0: the workers of the target region in 'fallback' at line 9 call 1 parallel region directly: 'region_wrapper'
; REMARK-DAG: remark: <unknown>:0:0: the workers of the target region in 'fallback' at line 9 keep an indirect call of the region as the last case
