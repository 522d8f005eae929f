; The UnreadSharedState pass: a kernel's stores to a shared variable that no
; code it can run reads go; stores to one that the kernel, or a function it
; calls, reads stay, and so do stores to a variable whose address escapes.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-unread-shared-state -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-unread-shared-state -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

@unread = internal addrspace(3) global i32 0
@read_by_callee = internal addrspace(3) global i32 0
@escapes = internal addrspace(3) global i32 0
@holder = internal global ptr addrspace(3) @escapes

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

; REMARK: remark: <unknown>:0:0: the target region in 'spmd' at line 3 never reads 'unread' in shared memory: its 2 stores to it removed
