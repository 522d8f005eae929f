; The InternalizeDeviceProgram pass: kernels and the protected globals the
; host looks up (declare-target variables, kernel environments) stay visible;
; every other function and global of the linked program becomes internal.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-internalize -S %s | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

; CHECK: @declare_target_variable = protected global i32 0
; CHECK: @runtime_state = internal global i32 0
@declare_target_variable = protected global i32 0
@runtime_state = global i32 0

; CHECK: define ptx_kernel void @__omp_offloading_10_20_main_l3()
define ptx_kernel void @__omp_offloading_10_20_main_l3() {
  call void @__kmpc_runtime_entry()
  ret void
}

; CHECK: define internal void @__kmpc_runtime_entry()
define void @__kmpc_runtime_entry() {
  store i32 1, ptr @runtime_state
  ret void
}
