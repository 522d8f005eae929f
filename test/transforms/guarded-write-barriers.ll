; The GuardedWriteBarriers pass on a kernel as OpenMPOpt makes a generic
; kernel SPMD: thread 0 writes for the team in guarded regions, each ended by
; a barrier. The loop counter `k` is read by every thread after one barrier
; and then incremented by thread 0: a barrier must come before that guarded
; write (else thread 0 may write k + 1 before a slower thread read k). The
; first guarded region, which follows only the kernel's start, and a guarded
; write of memory nobody read since the last barrier, need none.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-guarded-write-barriers -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-guarded-write-barriers -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

@k = internal addrspace(3) global i32 poison
@flag = internal addrspace(3) global i32 poison
@loc = private constant i32 0

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_main_l35(
; CHECK: entry:
; CHECK: %is0 = icmp eq i32 %tid0, 0
; CHECK-NEXT: br i1 %is0, label %first, label %first.end
; CHECK: loop:
; CHECK: %is0.loop = icmp eq i32 %tid, 0
; CHECK-NEXT: call void @__kmpc_barrier_simple_spmd(ptr @loc, i32 %tid)
; CHECK-NEXT: br i1 %is0.loop, label %increment, label %increment.end
; CHECK: flag.check:
; CHECK-NEXT: %tid.flag = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT: %is0.flag = icmp eq i32 %tid.flag, 0
; CHECK-NEXT: br i1 %is0.flag, label %set.flag, label %set.flag.end
define ptx_kernel void @__omp_offloading_10_20_main_l35(ptr addrspace(1) %out) {
entry:
  %init = call i32 @__kmpc_target_init(ptr null, ptr null)
  %tid0 = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid0, 0
  br i1 %is0, label %first, label %first.end

first:
  store i32 0, ptr addrspace(3) @k
  br label %first.end

first.end:
  call void @__kmpc_barrier_simple_spmd(ptr @loc, i32 %tid0)
  br label %loop

loop:
  %v = load i32, ptr addrspace(3) @k
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %v
  store i32 1, ptr addrspace(1) %slot
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0.loop = icmp eq i32 %tid, 0
  br i1 %is0.loop, label %increment, label %increment.end

increment:
  %next = add i32 %v, 1
  store i32 %next, ptr addrspace(3) @k
  br label %increment.end

increment.end:
  call void @__kmpc_barrier_simple_spmd(ptr @loc, i32 %tid)
  %again = load i32, ptr addrspace(3) @k
  %more = icmp slt i32 %again, 8
  br i1 %more, label %loop, label %flag.check

flag.check:
  %tid.flag = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0.flag = icmp eq i32 %tid.flag, 0
  br i1 %is0.flag, label %set.flag, label %set.flag.end

set.flag:
  store i32 1, ptr addrspace(3) @flag
  br label %set.flag.end

set.flag.end:
  call void @__kmpc_barrier_simple_spmd(ptr @loc, i32 %tid.flag)
  ret void
}

declare i32 @__kmpc_target_init(ptr, ptr)
declare i32 @__kmpc_get_hardware_thread_id_in_block()
declare void @__kmpc_barrier_simple_spmd(ptr, i32)

; REMARK: remark: <unknown>:0:0: a block barrier now precedes the write thread 0 makes for the team in the target region in 'main' at line 35: other threads read that memory since the last barrier
; REMARK-NOT: remark
