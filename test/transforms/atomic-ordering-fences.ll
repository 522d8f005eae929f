; The AtomicOrderingFences pass: an atomicrmw stronger than monotonic becomes
; a monotonic one between fences of its scope (NVPTX's backend in LLVM 22
; would drop its ordering): a release fence before it where it releases, an
; acquire fence after it where it acquires, sequentially consistent fences
; for a seq_cst one. cmpxchg, atomic loads and stores, and monotonic
; read-modify-writes stay as they are. The PTX has fence.release.cta (or
; fence.acq_rel.cta before PTX 8.6) before the exchange.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-atomic-ordering-fences -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-atomic-ordering-fences -disable-output \
; RUN:   -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-atomic-ordering-fences %s \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @release(
; CHECK-NEXT: store i32 1, ptr addrspace(1) %data
; CHECK-NEXT: fence syncscope("block") release
; CHECK-NEXT: atomicrmw xchg ptr addrspace(3) %flag, i64 1 syncscope("block") monotonic
; CHECK-NEXT: ret void
; PTX-LABEL: release(
; PTX: st.global.b32
; PTX-NEXT: fence.{{release|acq_rel}}.cta;
; PTX-NEXT: atom.shared.exch.b64
define void @release(ptr addrspace(3) %flag, ptr addrspace(1) %data) {
  store i32 1, ptr addrspace(1) %data
  %old = atomicrmw xchg ptr addrspace(3) %flag, i64 1 syncscope("block") release
  ret void
}

; CHECK-LABEL: define i32 @acq_rel(
; CHECK-NEXT: fence syncscope("device") release
; CHECK-NEXT: %old = atomicrmw add ptr addrspace(1) %counter, i32 1 syncscope("device") monotonic
; CHECK-NEXT: fence syncscope("device") acquire
; CHECK-NEXT: %seen = load i32, ptr addrspace(1) %data
define i32 @acq_rel(ptr addrspace(1) %counter, ptr addrspace(1) %data) {
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 syncscope("device") acq_rel
  %seen = load i32, ptr addrspace(1) %data
  %sum = add i32 %old, %seen
  ret i32 %sum
}

; CHECK-LABEL: define i32 @acquire(
; CHECK-NEXT: %old = atomicrmw or ptr %word, i32 0 monotonic
; CHECK-NEXT: fence acquire
define i32 @acquire(ptr %word) {
  %old = atomicrmw or ptr %word, i32 0 acquire
  ret i32 %old
}

; CHECK-LABEL: define i32 @sequential(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %old = atomicrmw max ptr %word, i32 %v monotonic
; CHECK-NEXT: fence seq_cst
define i32 @sequential(ptr %word, i32 %v) {
  %old = atomicrmw max ptr %word, i32 %v seq_cst
  ret i32 %old
}

; CHECK-LABEL: define i64 @untouched(
; CHECK-NOT: fence
; CHECK: atomicrmw add ptr addrspace(3) %p, i64 1 syncscope("block") monotonic
; CHECK-NEXT: cmpxchg ptr addrspace(3) %p, i64 0, i64 1 syncscope("block") acq_rel monotonic
; CHECK-NEXT: load atomic i64, ptr addrspace(3) %p syncscope("block") acquire
; CHECK-NEXT: store atomic i64 2, ptr addrspace(3) %p syncscope("block") release
; CHECK-NOT: fence
; CHECK: ret i64
define i64 @untouched(ptr addrspace(3) %p) {
  %a = atomicrmw add ptr addrspace(3) %p, i64 1 syncscope("block") monotonic
  %c = cmpxchg ptr addrspace(3) %p, i64 0, i64 1 syncscope("block") acq_rel monotonic
  %l = load atomic i64, ptr addrspace(3) %p syncscope("block") acquire, align 8
  store atomic i64 2, ptr addrspace(3) %p syncscope("block") release, align 8
  %r = add i64 %a, %l
  ret i64 %r
}

; REMARK: remark: <unknown>:0:0: 1 ordered atomic read-modify-write in function 'release' became relaxed ones between fences (the NVPTX backend would drop their ordering)
; REMARK-NOT: untouched
