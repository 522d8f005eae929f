; The EmptyUncalledFunctions pass: in a program that calls nothing through a
; pointer, a function only used as a value (a region wrapper the main thread
; publishes and the workers compare) keeps its address but gets `unreachable`
; as its body; functions that are called keep theirs. The same program with
; one call through a pointer keeps every body.
; RUN: split-file %s %t
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-empty-uncalled-functions -S %t/direct.ll \
; RUN:   | FileCheck %s --check-prefix=DIRECT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-empty-uncalled-functions -S %t/indirect.ll \
; RUN:   | FileCheck %s --check-prefix=INDIRECT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-empty-uncalled-functions -disable-output \
; RUN:   -pass-remarks=ompgpu %t/direct.ll 2>&1 | FileCheck %s --check-prefix=DIRECT-REMARK
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-empty-uncalled-functions -disable-output \
; RUN:   -pass-remarks-missed=ompgpu %t/indirect.ll 2>&1 | FileCheck %s --check-prefix=INDIRECT-REMARK

; DIRECT-LABEL: define ptx_kernel void @__omp_offloading_10_20_main_l7(
; DIRECT: store ptr @__omp_offloading_10_20_main_l7_omp_outlined_wrapper, ptr addrspace(3) @published
; DIRECT: call void @helper()
; DIRECT-LABEL: define internal void @__omp_offloading_10_20_main_l7_omp_outlined_wrapper(i16 zeroext %level, i32 %tid) {
; DIRECT-NEXT: unreachable
; DIRECT-NEXT: }
; DIRECT-LABEL: define internal void @helper() {
; DIRECT-NEXT: store i32 1, ptr addrspace(3) @counter
; DIRECT-NEXT: ret void

; INDIRECT-LABEL: define internal void @__omp_offloading_10_20_main_l7_omp_outlined_wrapper(
; INDIRECT-NEXT: call void @helper()
; INDIRECT-NEXT: ret void

; DIRECT-REMARK: remark: <unknown>:0:0: '__omp_offloading_10_20_main_l7_omp_outlined_wrapper' (the target region in 'main' at line 7) is only used as a value and the program calls nothing through a pointer: its body is removed
; INDIRECT-REMARK: remark: <unknown>:0:0: 1 function used only as a value (a parallel region's wrapper) keeps its body: the target region in 'main' at line 7 calls through a pointer here

;--- direct.ll
target triple = "nvptx64-nvidia-cuda"
@published = internal addrspace(3) global ptr null
@counter = internal addrspace(3) global i32 0

define ptx_kernel void @__omp_offloading_10_20_main_l7() {
  store ptr @__omp_offloading_10_20_main_l7_omp_outlined_wrapper, ptr addrspace(3) @published
  call void @helper()
  ret void
}

define internal void @__omp_offloading_10_20_main_l7_omp_outlined_wrapper(i16 zeroext %level, i32 %tid) {
  call void @helper()
  ret void
}

define internal void @helper() {
  store i32 1, ptr addrspace(3) @counter
  ret void
}

;--- indirect.ll
target triple = "nvptx64-nvidia-cuda"
@published = internal addrspace(3) global ptr null
@counter = internal addrspace(3) global i32 0

define ptx_kernel void @__omp_offloading_10_20_main_l7() {
  store ptr @__omp_offloading_10_20_main_l7_omp_outlined_wrapper, ptr addrspace(3) @published
  %fn = load ptr, ptr addrspace(3) @published
  call void %fn(i16 0, i32 0)
  ret void
}

define internal void @__omp_offloading_10_20_main_l7_omp_outlined_wrapper(i16 zeroext %level, i32 %tid) {
  call void @helper()
  ret void
}

define internal void @helper() {
  store i32 1, ptr addrspace(3) @counter
  ret void
}
