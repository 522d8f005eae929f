; The RuntimeAtomicScope pass, which the device runtime's build runs on the
; runtime's bitcode: every atomic and fence of system scope (what clang-22
; emits for every __scoped_atomic_*) gets device scope, whatever its kind and
; memory; a scope that was chosen stays. In the PTX, .gpu instead of .sys.
; Shared-memory atomics go on to block scope at link time (next RUN line:
; SharedAtomicScope narrows device scope too).
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-runtime-atomic-scope -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-runtime-atomic-scope,ompgpu-shared-atomic-scope \
; RUN:   -S %s | FileCheck %s --check-prefix=LINKED
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-runtime-atomic-scope -disable-output \
; RUN:   -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-runtime-atomic-scope %s \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX

target triple = "nvptx64-nvidia-cuda"

; A lock word in global memory: taken with an acquire compare-and-swap,
; released with a release store.
; CHECK-LABEL: define void @lock(
; CHECK-NEXT: load atomic i32, ptr %w syncscope("device") monotonic
; CHECK-NEXT: cmpxchg ptr %w, i32 0, i32 1 syncscope("device") acquire monotonic
; CHECK-NEXT: store atomic i32 0, ptr %w syncscope("device") release
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %g, i32 1 syncscope("device") monotonic
; CHECK-NEXT: fence syncscope("device") acq_rel
; CHECK-NEXT: atomicrmw xchg ptr %w, i32 3 syncscope("block") monotonic
; CHECK-NEXT: ret void
; PTX-LABEL: lock(
; PTX: ld.relaxed.gpu.b32
; PTX: atom.acquire.gpu.cas.b32
; PTX: st.release.gpu.b32
; PTX-NOT: .sys
define void @lock(ptr %w, ptr addrspace(1) %g) {
  %l = load atomic i32, ptr %w monotonic, align 4
  %c = cmpxchg ptr %w, i32 0, i32 1 acquire monotonic
  store atomic i32 0, ptr %w release, align 4
  %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  fence acq_rel
  %s = atomicrmw xchg ptr %w, i32 3 syncscope("block") monotonic
  ret void
}

; The runtime's state in shared memory: device scope here, block scope once
; linked.
; CHECK-LABEL: define i64 @shared(
; CHECK-NEXT: load atomic i64, ptr addrspace(3) %p syncscope("device") acquire
; LINKED-LABEL: define i64 @shared(
; LINKED-NEXT: load atomic i64, ptr addrspace(3) %p syncscope("block") acquire
define i64 @shared(ptr addrspace(3) %p) {
  %l = load atomic i64, ptr addrspace(3) %p acquire, align 8
  ret i64 %l
}

; Plain accesses are not atomics.
; CHECK-LABEL: define i32 @plain(
; CHECK-NEXT: load i32, ptr %p, align 4
define i32 @plain(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; REMARK: remark: <unknown>:0:0: 5 atomics in function 'lock' order with the threads of the device only (device scope)
; REMARK: remark: <unknown>:0:0: 1 atomic in function 'shared' order with the threads of the device only (device scope)
; REMARK-NOT: plain
