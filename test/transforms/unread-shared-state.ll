; The UnreadSharedState pass: a kernel's stores to a shared variable that no
; code it can run reads go; stores to one that the kernel, or a function it
; calls, reads stay, and so do stores to a variable whose address escapes.
; Loads of a variable whose every store writes one kernel argument (or a cast
; of one) read the argument, computed at the kernel's entry, and its stores
; go; a variable that holds two values stays. Loads through a cast to the
; generic address space count, and a variable whose address is stored only
; into one nobody reads (the runtime's argument slots for worker threads) is
; forwarded once that store is gone.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-unread-shared-state -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-unread-shared-state -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

@unread = internal addrspace(3) global i32 0
@read_by_callee = internal addrspace(3) global i32 0
@escapes = internal addrspace(3) global i32 0
@holder = internal global ptr addrspace(3) @escapes
@shared_scalar = internal addrspace(3) global i32 poison
@shared_pointer = internal addrspace(3) global ptr poison
@two_values = internal addrspace(3) global i32 poison
@captured = internal addrspace(3) global ptr poison
@worker_args = internal addrspace(3) global ptr poison

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_spmd_l3(
; CHECK-NOT: @unread
; CHECK: store i32 2, ptr addrspace(3) @read_by_callee
; CHECK: store i32 3, ptr addrspace(3) @escapes
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_spmd_l3(ptr %out) {
  store i32 1, ptr addrspace(3) @unread
  store i32 2, ptr addrspace(3) @read_by_callee
  store i32 3, ptr addrspace(3) @escapes
  %slot = getelementptr i8, ptr addrspace(3) @unread, i64 0
  store i32 4, ptr addrspace(3) %slot
  call void @reader(ptr %out)
  ret void
}

define internal void @reader(ptr %out) {
  %v = load i32, ptr addrspace(3) @read_by_callee
  store i32 %v, ptr %out
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_generic_l9(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[N:%.*]] = trunc i64 %n to i32
; CHECK-NOT: @shared_scalar
; CHECK-NOT: @shared_pointer
; CHECK: store i32 %m, ptr addrspace(3) @two_values
; CHECK: store i32 [[N]], ptr %out
; CHECK: store i32 [[N]], ptr %p
; CHECK: store i32 7, ptr addrspace(3) @two_values
; CHECK: [[W:%.*]] = load i32, ptr addrspace(3) @two_values
; CHECK: store i32 [[W]]
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_generic_l9(ptr %out, i64 %n, ptr %p, i32 %m) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %main = icmp eq i32 %tid, 0
  br i1 %main, label %share, label %work

share:
  %n32 = trunc i64 %n to i32
  store i32 %n32, ptr addrspace(3) @shared_scalar
  store ptr %p, ptr addrspace(3) @shared_pointer
  store i32 %m, ptr addrspace(3) @two_values
  br label %work

work:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %v = load i32, ptr addrspace(3) @shared_scalar
  store i32 %v, ptr %out
  %q = load ptr, ptr addrspace(3) @shared_pointer
  store i32 %v, ptr %q
  store i32 7, ptr addrspace(3) @two_values
  %w = load i32, ptr addrspace(3) @two_values
  %second = getelementptr i32, ptr %out, i64 1
  store i32 %w, ptr %second
  ret void
}

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_spmd_l30(
; CHECK-NOT: @captured
; CHECK-NOT: @worker_args
; CHECK: store i32 1, ptr %data
; CHECK-NEXT: ret void
define ptx_kernel void @__omp_offloading_10_20_spmd_l30(ptr %data) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %main = icmp eq i32 %tid, 0
  br i1 %main, label %share, label %work

share:
  store ptr %data, ptr addrspace(3) @captured
  store ptr addrspacecast (ptr addrspace(3) @captured to ptr), ptr addrspace(3) @worker_args
  br label %work

work:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %d = load ptr, ptr addrspacecast (ptr addrspace(3) @captured to ptr)
  store i32 1, ptr %d
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.all(i32)

; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 3 never reads 'unread' in shared memory: its 2 stores to it removed
; REMARK: remark: <unknown>:0:0: the target region in 'generic' at line 9 reads 'shared_scalar' in shared memory, which only ever holds a value every thread has: its 1 load uses the value
; REMARK: remark: <unknown>:0:0: the target region in 'generic' at line 9 reads 'shared_pointer' in shared memory, which only ever holds a value every thread has: its 1 load uses the value
; REMARK: remark: <unknown>:0:0: the target region in 'generic' at line 9 never reads 'shared_scalar' in shared memory: its 1 store to it removed
; REMARK: remark: <unknown>:0:0: the target region in 'generic' at line 9 never reads 'shared_pointer' in shared memory: its 1 store to it removed
; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 30 never reads 'worker_args' in shared memory: its 1 store to it removed
; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 30 reads 'captured' in shared memory, which only ever holds a value every thread has: its 1 load uses the value
; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 30 never reads 'captured' in shared memory: its 1 store to it removed
; REMARK-NOT: two_values
