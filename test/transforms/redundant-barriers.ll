; The RedundantBarriers pass: an aligned block barrier with no access of
; memory other threads may see on one side (since the kernel's start or the
; barrier before it, or up to the kernel's end or the next barrier) goes; one
; that orders accesses only on the paths round a loop moves onto the loop's
; back edge, where every thread takes the branch alike. A barrier with
; accesses on both sides stays, of two barriers with nothing between them one
; stays, and barriers behind branches threads may take apart, unaligned
; barriers and barriers outside kernels are left as they are.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-redundant-barriers -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-redundant-barriers -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x double] undef
@table = internal addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

; The barrier at the start has only the thread's own memory and constants
; before it; the one at the end has nothing after it. The middle one orders
; the tile's store against its load.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_ends_l5(
; CHECK-NEXT: entry:
; CHECK-NEXT: %own = alloca i32
; CHECK-NOT: barrier
; CHECK: store double %x, ptr addrspace(3) %slot
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT: barrier
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_ends_l5(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %own = alloca i32
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = load i32, ptr addrspace(4) @table
  store i32 %k, ptr %own
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i = zext i32 %tid to i64
  %src = getelementptr double, ptr addrspace(1) %in, i64 %i
  %x = load double, ptr addrspace(1) %src
  %slot = getelementptr [256 x double], ptr addrspace(3) @tile, i64 0, i64 %i
  store double %x, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %next = xor i64 %i, 1
  %other = getelementptr [256 x double], ptr addrspace(3) @tile, i64 0, i64 %next
  %y = load double, ptr addrspace(3) %other
  %dst = getelementptr double, ptr addrspace(1) %out, i64 %i
  store double %y, ptr addrspace(1) %dst
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; Two barriers with nothing between them: one of them stays.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_twice_l9(
; CHECK: store double 1.000000e+00
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: load double
define ptx_kernel void @__omp_offloading_10_20_twice_l9() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %slot = getelementptr [256 x double], ptr addrspace(3) @tile, i64 0, i64 %i
  store double 1.0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %y = load double, ptr addrspace(3) @tile
  call void @sink(double %y)
  ret void
}

; The trailing barrier of a loop over blocks (load into the tile, barrier,
; read it, barrier) orders the next trip's stores against this trip's loads:
; it moves onto the back edge, and the last trip no longer waits.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_blocks_l13(
; CHECK: body:
; CHECK: store double %x, ptr addrspace(3) %slot
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: store double %y
; CHECK-NEXT: %base.next = add i64 %base, %stride
; CHECK-NEXT: %more = icmp slt i64 %base.next, %n
; CHECK-NEXT: br i1 %more, label %[[BACK:.*]], label %done
; CHECK: [[BACK]]:
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: br label %body
; CHECK: done:
; CHECK-NEXT: ret void
define ptx_kernel void @__omp_offloading_10_20_blocks_l13(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %team = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %teams = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %t = zext i32 %tid to i64
  %first = zext i32 %team to i64
  %start = shl i64 %first, 8
  %count = zext i32 %teams to i64
  %stride = shl i64 %count, 8
  %any = icmp slt i64 %start, %n
  br i1 %any, label %body, label %done
body:
  %base = phi i64 [ %start, %entry ], [ %base.next, %body ]
  %i = add i64 %base, %t
  %src = getelementptr double, ptr addrspace(1) %in, i64 %i
  %x = load double, ptr addrspace(1) %src
  %slot = getelementptr [256 x double], ptr addrspace(3) @tile, i64 0, i64 %t
  store double %x, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %y = load double, ptr addrspace(3) @tile
  %dst = getelementptr double, ptr addrspace(1) %out, i64 %i
  store double %y, ptr addrspace(1) %dst
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %base.next = add i64 %base, %stride
  %more = icmp slt i64 %base.next, %n
  br i1 %more, label %body, label %done
done:
  ret void
}

; The same loop ended by a branch on the thread number: the trailing barrier
; cannot move onto a branch threads may take apart, and stays.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_thread_loop_l17(
; CHECK: store double %y
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: %i.next = add i64 %i, 256
define ptx_kernel void @__omp_offloading_10_20_thread_loop_l17(ptr addrspace(1) %out, i64 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  br label %body
body:
  %i = phi i64 [ %t, %entry ], [ %i.next, %body ]
  %slot = getelementptr [256 x double], ptr addrspace(3) @tile, i64 0, i64 %t
  store double 1.0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %y = load double, ptr addrspace(3) @tile
  %dst = getelementptr double, ptr addrspace(1) %out, i64 %i
  store double %y, ptr addrspace(1) %dst
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i64 %i, 256
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %body, label %done
done:
  ret void
}

; Calls may access anything: the barrier between two stays. So does a
; barrier some threads may pass apart (not of the aligned form).
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_calls_l21(
; CHECK: call void @sink(double 1.000000e+00)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @sink(double 2.000000e+00)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
define ptx_kernel void @__omp_offloading_10_20_calls_l21() {
  call void @sink(double 1.0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @sink(double 2.0)
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}

; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
define void @not_a_kernel() {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare void @sink(double)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

; REMARK: remark: <unknown>:0:0: this block barrier of the target region in 'ends' at line 5 orders no memory access: none since the kernel's start or the barrier before it; removed
; REMARK: remark: <unknown>:0:0: this block barrier of the target region in 'ends' at line 5 orders no memory access: none after it before the kernel's end or the next barrier; removed
; REMARK: remark: <unknown>:0:0: this block barrier of the target region in 'twice' at line 9 orders no memory access
; REMARK: remark: <unknown>:0:0: this block barrier of the target region in 'blocks' at line 13 moved onto the 1 branch(es) after it that lead to memory accesses: the paths that end without one no longer wait
; REMARK-NOT: remark
