; The AlignedBarriers pass: a block barrier that every thread of the kernel
; reaches, directly or behind branches on values every thread shares (the
; block size, a kernel argument), takes the aligned form; one behind a branch
; on the thread number stays as it is, and so does a barrier in a function
; that is not a kernel.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-aligned-barriers -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-aligned-barriers -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_main_l5(
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: uniform:
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: divergent:
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
define ptx_kernel void @__omp_offloading_10_20_main_l5(i32 %n) {
entry:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %big = icmp ugt i32 %threads, %n
  br i1 %big, label %uniform, label %next
uniform:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  br label %next
next:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %divergent, label %exit
divergent:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @not_a_kernel(
; CHECK: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
define void @not_a_kernel() {
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; REMARK: remark: <unknown>:0:0: all threads of the target region in 'main' at line 5 reach this block barrier together: it takes the aligned form
; REMARK: remark: <unknown>:0:0: all threads of the target region in 'main' at line 5 reach this block barrier together: it takes the aligned form
; REMARK: remark: <unknown>:0:0: this block barrier of the target region in 'main' at line 5 stays unaligned: whether a thread reaches it depends on a branch that threads may take differently
