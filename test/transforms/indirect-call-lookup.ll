; The IndirectCallLookup pass: in a program that registers indirect functions
; or vtables (omp_offload.info records of kind 1 with flag 0x8 or 0x20), an
; indirect call translates its callee through __llvm_omp_indirect_call_lookup,
; and a virtual call (callee read from a constant slot of the vtable that its
; `this` points to) translates the vtable pointer instead, once for all the
; calls through it. A program without such records is left alone.
; RUN: split-file %s %t
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-indirect-call-lookup -S %t/indirect.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-indirect-call-lookup -S %t/none.ll \
; RUN:   | FileCheck %s --check-prefix=NONE

; CHECK-LABEL: define i32 @call_pointer(ptr %fn, i32 %x)
; CHECK-NEXT: %fn.device = call ptr @__llvm_omp_indirect_call_lookup(ptr %fn)
; CHECK-NEXT: %r = call i32 %fn.device(i32 %x)

; CHECK-LABEL: define i32 @call_virtual(ptr %object)
; CHECK-NEXT: %vtable = load ptr, ptr %object
; CHECK-NEXT: %vtable.device = call ptr @__llvm_omp_indirect_call_lookup(ptr %vtable)
; CHECK-NEXT: %slot = getelementptr inbounds ptr, ptr %vtable.device, i64 1
; CHECK-NEXT: %foo = load ptr, ptr %slot
; CHECK-NEXT: %a = call i32 %foo(ptr %object)
; CHECK-NEXT: %bar = load ptr, ptr %vtable.device
; CHECK-NEXT: %b = call i32 %bar(ptr %object)
; CHECK-NOT: __llvm_omp_indirect_call_lookup
; CHECK: ret i32

; A virtual function that returns a structure takes `this` second.
; CHECK-LABEL: define void @call_virtual_sret(ptr %out, ptr %object)
; CHECK-NEXT: %vtable = load ptr, ptr %object
; CHECK-NEXT: %vtable.device = call ptr @__llvm_omp_indirect_call_lookup(ptr %vtable)
; CHECK-NEXT: %make = load ptr, ptr %vtable.device
; CHECK-NEXT: call void %make(ptr sret({ i64, i64 }) %out, ptr %object)

; A table of function pointers whose calls do not take the table's holder
; first: the callee is translated.
; CHECK-LABEL: define i32 @call_from_table(ptr %holder, i32 %x)
; CHECK: %entry = load ptr, ptr %slot
; CHECK-NEXT: %entry.device = call ptr @__llvm_omp_indirect_call_lookup(ptr %entry)
; CHECK-NEXT: %r = call i32 %entry.device(i32 %x)

; Direct calls and inline assembly are left alone.
; CHECK-LABEL: define void @direct()
; CHECK-NEXT: call void @other()
; CHECK-NEXT: call void asm sideeffect "", ""()

; CHECK: declare ptr @__llvm_omp_indirect_call_lookup(ptr) #[[LOOKUP:[0-9]+]]
; CHECK: attributes #[[LOOKUP]] = { nounwind willreturn memory(read) }

; NONE-NOT: __llvm_omp_indirect_call_lookup

;--- indirect.ll
target triple = "nvptx64-nvidia-cuda"

@__omp_offloading_10_20_add1_l3 = protected constant ptr @add1

define i32 @add1(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define i32 @call_pointer(ptr %fn, i32 %x) {
  %r = call i32 %fn(i32 %x)
  ret i32 %r
}

define i32 @call_virtual(ptr %object) {
  %vtable = load ptr, ptr %object
  %slot = getelementptr inbounds ptr, ptr %vtable, i64 1
  %foo = load ptr, ptr %slot
  %a = call i32 %foo(ptr %object)
  %bar = load ptr, ptr %vtable
  %b = call i32 %bar(ptr %object)
  %r = add i32 %a, %b
  ret i32 %r
}

define void @call_virtual_sret(ptr %out, ptr %object) {
  %vtable = load ptr, ptr %object
  %make = load ptr, ptr %vtable
  call void %make(ptr sret({ i64, i64 }) %out, ptr %object)
  ret void
}

define i32 @call_from_table(ptr %holder, i32 %x) {
  %table = load ptr, ptr %holder
  %slot = getelementptr inbounds ptr, ptr %table, i64 2
  %entry = load ptr, ptr %slot
  %r = call i32 %entry(i32 %x)
  ret i32 %r
}

declare void @other()

define void @direct() {
  call void @other()
  call void asm sideeffect "", ""()
  ret void
}

!omp_offload.info = !{!0}
!0 = !{i32 1, !"__omp_offloading_10_20_add1_l3", i32 8, i32 0}

;--- none.ll
target triple = "nvptx64-nvidia-cuda"

define i32 @call_pointer(ptr %fn, i32 %x) {
  %r = call i32 %fn(i32 %x)
  ret i32 %r
}

!omp_offload.info = !{!0}
!0 = !{i32 1, !"__omp_offloading_10_20_table", i32 0, i32 0}
