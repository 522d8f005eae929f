; The MixedSpaceLoads pass: a generic load from a phi of pointers into
; shared and other memory (SimplifyCFG's sinking of two branches' loads, as in
; `k ? tile[k] - tile[k - 1] : in[i] - in[i - 1]`) is made in each
; predecessor instead, from its own pointer, and the PTX then has ld.shared
; and ld.global where it had one generic ld. Loads stay where a store comes
; first in their block, where a predecessor branches elsewhere too, and where
; the pointers share one space.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-mixed-space-loads -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-mixed-space-loads -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 < %s | FileCheck %s --check-prefix=BEFORE
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-mixed-space-loads %s \
; RUN:   | %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x double] undef, align 16

; REMARK: remark: {{.*}}a load from pointers into different memories in function 'difference' is made in each branch that reaches it, so that each has its memory's load
; REMARK-NOT: remark:

; CHECK-LABEL: define double @difference(
; CHECK: shared:
; CHECK-NEXT: %from.tile = getelementptr inbounds double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %k
; CHECK-NEXT: %before1 = getelementptr i8, ptr %from.tile, i64 -8
; CHECK-NEXT: %previous2 = load double, ptr %before1, align 8
; CHECK-NEXT: br label %join
; CHECK: other:
; CHECK-NEXT: %from.in = getelementptr double, ptr %in, i64 %i
; CHECK-NEXT: %before3 = getelementptr i8, ptr %from.in, i64 -8
; CHECK-NEXT: %previous4 = load double, ptr %before3, align 8
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %previous.split = phi double [ %previous2, %shared ], [ %previous4, %other ]
; CHECK-NOT: phi ptr
; CHECK: fsub double %own, %previous.split
; BEFORE-LABEL: difference(
; BEFORE: ld.b64
; PTX-LABEL: difference(
; PTX-NOT: ld.b64
; PTX-DAG: ld.shared.b64
; PTX-DAG: ld.global.b64
; PTX: ret;
define double @difference(ptr addrspace(1) %in.global, i64 %k, i64 %i, double %own) {
entry:
  %in = addrspacecast ptr addrspace(1) %in.global to ptr
  %is.tile = icmp ne i64 %k, 0
  br i1 %is.tile, label %shared, label %other

shared:
  %from.tile = getelementptr inbounds double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %k
  br label %join

other:
  %from.in = getelementptr double, ptr %in, i64 %i
  br label %join

join:
  %p = phi ptr [ %from.tile, %shared ], [ %from.in, %other ]
  %before = getelementptr i8, ptr %p, i64 -8
  %previous = load double, ptr %before, align 8
  %d = fsub double %own, %previous
  ret double %d
}

; A store before the load in its block: the load could read what it wrote.
; CHECK-LABEL: define double @store_first(
; CHECK: join:
; CHECK-NEXT: %p = phi ptr
; CHECK-NEXT: store double 0.0
; CHECK-NEXT: %v = load double, ptr %p
define double @store_first(ptr %other.ptr, i1 %c) {
entry:
  br i1 %c, label %shared, label %other

shared:
  br label %join

other:
  br label %join

join:
  %p = phi ptr [ addrspacecast (ptr addrspace(3) @tile to ptr), %shared ], [ %other.ptr, %other ]
  store double 0.0, ptr %other.ptr
  %v = load double, ptr %p
  ret double %v
}

; A predecessor that also branches elsewhere: a load there would run on a
; path that did not load before.
; CHECK-LABEL: define double @conditional_predecessor(
; CHECK: join:
; CHECK-NEXT: %p = phi ptr
; CHECK-NEXT: %v = load double, ptr %p
define double @conditional_predecessor(ptr %other.ptr, i1 %c, i1 %d) {
entry:
  br i1 %c, label %shared, label %join

shared:
  br i1 %d, label %join, label %exit

join:
  %p = phi ptr [ addrspacecast (ptr addrspace(3) @tile to ptr), %shared ], [ %other.ptr, %entry ]
  %v = load double, ptr %p
  ret double %v

exit:
  ret double 0.0
}

; Both pointers into shared memory: one shared load already.
; CHECK-LABEL: define double @one_space(
; CHECK: join:
; CHECK-NEXT: %p = phi ptr
; CHECK-NEXT: %v = load double, ptr %p
define double @one_space(i64 %a, i64 %b, i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %pa = getelementptr double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %a
  br label %join

right:
  %pb = getelementptr double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %b
  br label %join

join:
  %p = phi ptr [ %pa, %left ], [ %pb, %right ]
  %v = load double, ptr %p
  ret double %v
}
