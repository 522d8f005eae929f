; The KernelTargetAttributes pass: every function with a body takes the
; target-cpu and target-features of the program's kernels (the runtime is
; built for a baseline GPU), so that it may inline into them; declarations
; keep theirs. A program without kernels is left alone.
; RUN: split-file %s %t
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-target-attributes -S %t/program.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-target-attributes -S %t/library.ll \
; RUN:   | FileCheck %s --check-prefix=LIBRARY

; CHECK: define ptx_kernel void @__omp_offloading_10_20_main_l3() #[[USER:[0-9]+]]
; CHECK: define internal void @runtime_function() #[[USER]]
; CHECK: declare void @external() #[[BASELINE:[0-9]+]]
; CHECK-DAG: attributes #[[USER]] = { "target-cpu"="sm_90" "target-features"="+ptx86,+sm_90" }
; CHECK-DAG: attributes #[[BASELINE]] = { "target-cpu"="sm_70" "target-features"="+ptx63,+sm_70" }

; LIBRARY: define void @runtime_function() #[[BASELINE:[0-9]+]]
; LIBRARY: attributes #[[BASELINE]] = { "target-cpu"="sm_70" "target-features"="+ptx63,+sm_70" }

;--- program.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @__omp_offloading_10_20_main_l3() #0 {
  call void @runtime_function()
  call void @external()
  ret void
}

define internal void @runtime_function() #1 {
  ret void
}

declare void @external() #1

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx86,+sm_90" }
attributes #1 = { "target-cpu"="sm_70" "target-features"="+ptx63,+sm_70" }

;--- library.ll
target triple = "nvptx64-nvidia-cuda"

define void @runtime_function() #0 {
  ret void
}

attributes #0 = { "target-cpu"="sm_70" "target-features"="+ptx63,+sm_70" }
