; The ThreadStatePromotion pass: a kernel whose every access of the runtime's
; state array is a byte load or store gets a private copy of its thread's
; byte, written back to shared memory before a call that may read it and
; reloaded after; its cleanup then folds the tests on the copy (here the SPMD
; bit the kernel has just set). A kernel that passes the array's address on
; keeps its accesses in shared memory.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-state-promotion -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-state-promotion -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

@__ompgpu_thread_states = internal addrspace(3) global [1024 x i8] undef

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_promoted_l3(
; The test of the SPMD bit folds: the kernel stores what the test selects.
; CHECK: store i32 1, ptr %out
; Before the call, the copy goes back to shared memory; after it, it returns.
; CHECK: store i8 -128, ptr addrspace(3) [[OWN:%.*]],
; CHECK-NEXT: call void @reads_state(ptr {{.*}}%out)
; CHECK-NEXT: load i8, ptr addrspace(3) [[OWN]]
define ptx_kernel void @__omp_offloading_10_20_promoted_l3(ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %own = getelementptr inbounds [1024 x i8], ptr addrspace(3) @__ompgpu_thread_states, i64 0, i64 %idx
  store i8 -128, ptr addrspace(3) %own
  %state = load i8, ptr addrspace(3) %own
  %spmd = icmp slt i8 %state, 0
  %mode = select i1 %spmd, i32 1, i32 2
  store i32 %mode, ptr %out
  call void @reads_state(ptr %out)
  %after = load i8, ptr addrspace(3) %own
  %level = zext i8 %after to i32
  store i32 %level, ptr %out
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_kept_l9(
; CHECK: store i8 -128, ptr addrspace(3) [[KEPT:%.*]],
; CHECK: load i8, ptr addrspace(3) [[KEPT]]
define ptx_kernel void @__omp_offloading_10_20_kept_l9(ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %own = getelementptr inbounds [1024 x i8], ptr addrspace(3) @__ompgpu_thread_states, i64 0, i64 %idx
  store i8 -128, ptr addrspace(3) %own
  %state = load i8, ptr addrspace(3) %own
  %spmd = icmp slt i8 %state, 0
  %mode = select i1 %spmd, i32 1, i32 2
  store i32 %mode, ptr %out
  call void @takes_address(ptr addrspace(3) %own)
  ret void
}

define internal void @reads_state(ptr %out) noinline {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %own = getelementptr inbounds [1024 x i8], ptr addrspace(3) @__ompgpu_thread_states, i64 0, i64 %idx
  %state = load i8, ptr addrspace(3) %own
  %level = zext i8 %state to i32
  store i32 %level, ptr %out
  ret void
}

declare void @takes_address(ptr addrspace(3))
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; REMARK-DAG: remark: <unknown>:0:0: the target region in 'promoted' at line 3 keeps its threads' runtime state in a register (3 accesses), written back to shared memory around 1 call that may read it
; REMARK-DAG: remark: <unknown>:0:0: the target region in 'kept' at line 9 keeps its threads' runtime state in shared memory: this instruction uses the state array other than by loading or storing the thread's byte
