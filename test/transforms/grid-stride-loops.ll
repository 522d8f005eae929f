; The GridStrideLoops pass: a combined distribute parallel for in clang's
; shape (a distribute init of block-size chunks, one parallel region of the
; whole block, and in it one static init, chunked by 1, of the same width)
; gets the runtime's grid-stride entry points, with the same operands; loops
; with num_threads, with a chunk of their own (dist_schedule), or whose
; region is used elsewhere keep clang's entry points.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-grid-stride-loops -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-grid-stride-loops -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

declare i32 @__kmpc_get_hardware_num_threads_in_block()
declare void @__kmpc_distribute_static_init_8(ptr, i32, i32, ptr, ptr, ptr, ptr, i64, i64)
declare void @__kmpc_for_static_init_8(ptr, i32, i32, ptr, ptr, ptr, ptr, i64, i64)
declare void @__kmpc_distribute_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)

; CHECK-LABEL: define void @__omp_offloading_10_20_combined_l5(
; CHECK: call void @__ompgpu_distribute_grid_stride_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 %chunk)
; CHECK: call void @__kmpc_parallel_60(
define void @__omp_offloading_10_20_combined_l5(ptr %args) {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %threads = call i32 @__kmpc_get_hardware_num_threads_in_block()
  %chunk = sext i32 %threads to i64
  call void @__kmpc_distribute_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 %chunk)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr %args, i64 2, i32 0)
  ret void
}

; CHECK-LABEL: define internal void @region(
; CHECK: call void @__ompgpu_for_grid_stride_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
define internal void @region(ptr %gtid, ptr %btid, i64 %from, i64 %to) {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  store i64 %from, ptr %lb
  store i64 %to, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  ret void
}

; The wrapper's call of the region (generic kernels' workers) is allowed.
define internal void @region_wrapper(i16 %0, i32 %1) {
  call void @region(ptr null, ptr null, i64 0, i64 0)
  ret void
}

; num_threads(40): the region has fewer threads than the block.
; CHECK-LABEL: define void @__omp_offloading_10_20_num_threads_l9(
; CHECK: call void @__kmpc_distribute_static_init_4(
define void @__omp_offloading_10_20_num_threads_l9(ptr %args) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %threads = call i32 @__kmpc_get_hardware_num_threads_in_block()
  call void @__kmpc_distribute_static_init_4(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 %threads)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 40, i32 -1, ptr @region4, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

; CHECK-LABEL: define internal void @region4(
; CHECK: call void @__kmpc_for_static_init_4(
define internal void @region4(ptr %gtid, ptr %btid, i32 %from, i32 %to) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  ret void
}

; dist_schedule(static, 256): the program's own chunk.
; CHECK-LABEL: define void @__omp_offloading_10_20_own_chunk_l13(
; CHECK: call void @__kmpc_distribute_static_init_4(
; CHECK-LABEL: define internal void @region4b(
; CHECK: call void @__kmpc_for_static_init_4(
define void @__omp_offloading_10_20_own_chunk_l13(ptr %args) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_distribute_static_init_4(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 256)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @region4b, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

define internal void @region4b(ptr %gtid, ptr %btid, i32 %from, i32 %to) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  ret void
}

; A region some other code calls too.
; CHECK-LABEL: define void @__omp_offloading_10_20_shared_region_l17(
; CHECK: call void @__kmpc_distribute_static_init_4(
define void @__omp_offloading_10_20_shared_region_l17(ptr %args) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %threads = call i32 @__kmpc_get_hardware_num_threads_in_block()
  call void @__kmpc_distribute_static_init_4(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 %threads)
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @region4c, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

define internal void @region4c(ptr %gtid, ptr %btid, i32 %from, i32 %to) {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  ret void
}

define void @other_caller() {
  call void @region4c(ptr null, ptr null, i32 0, i32 9)
  ret void
}

; REMARK: remark: <unknown>:0:0: the distribute parallel for of the target region in 'combined' at line 5 runs as one grid-stride loop
; REMARK-NOT: runs as one grid-stride loop
