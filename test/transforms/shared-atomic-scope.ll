; The SharedAtomicScope pass: atomics on shared memory (address space 3) of
; system scope (what clang-22 emits for every __scoped_atomic_*) or device
; scope (what the runtime's build gives the runtime's) get block scope,
; whatever kind they are; atomics on other memory, and shared-memory atomics
; whose scope was chosen narrower, keep theirs (in the PTX, .cta instead of
; .sys).
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-shared-atomic-scope -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-shared-atomic-scope -disable-output \
; RUN:   -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-shared-atomic-scope %s \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i64 @shared(
; CHECK-NEXT: load atomic i64, ptr addrspace(3) %p syncscope("block") acquire
; CHECK-NEXT: store atomic i64 1, ptr addrspace(3) %p syncscope("block") release
; CHECK-NEXT: atomicrmw add ptr addrspace(3) %p, i64 1 syncscope("block") monotonic
; CHECK-NEXT: cmpxchg ptr addrspace(3) %p, i64 0, i64 1 syncscope("block") acq_rel monotonic
; CHECK-NEXT: atomicrmw xchg ptr addrspace(3) %p, i64 3 syncscope("singlethread") monotonic
; CHECK-NEXT: store atomic i64 2, ptr addrspace(3) %p syncscope("block") release
; PTX-LABEL: shared(
; PTX: ld.acquire.cta.shared.b64
; PTX: st.release.cta.shared.b64
define i64 @shared(ptr addrspace(3) %p) {
  %l = load atomic i64, ptr addrspace(3) %p acquire, align 8
  store atomic i64 1, ptr addrspace(3) %p release, align 8
  %a = atomicrmw add ptr addrspace(3) %p, i64 1 monotonic
  %c = cmpxchg ptr addrspace(3) %p, i64 0, i64 1 acq_rel monotonic
  %s = atomicrmw xchg ptr addrspace(3) %p, i64 3 syncscope("singlethread") monotonic
  store atomic i64 2, ptr addrspace(3) %p syncscope("device") release, align 8
  %r = add i64 %l, %a
  ret i64 %r
}

; CHECK-LABEL: define i64 @elsewhere(
; CHECK-NEXT: load atomic i64, ptr addrspace(1) %g acquire
; CHECK-NEXT: atomicrmw add ptr %p, i64 1 monotonic
define i64 @elsewhere(ptr addrspace(1) %g, ptr %p) {
  %l = load atomic i64, ptr addrspace(1) %g acquire, align 8
  %a = atomicrmw add ptr %p, i64 1 monotonic
  %r = add i64 %l, %a
  ret i64 %r
}

; REMARK: remark: <unknown>:0:0: 5 atomics on shared memory in function 'shared' order with the threads of the block only (block scope)
; REMARK-NOT: elsewhere
