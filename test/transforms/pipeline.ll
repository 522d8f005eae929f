; The link step's passes in order, as the pass plugin's named pipelines build
; them (llvm/lib/Transforms/OpenMPGPU/Pipeline.cpp orders them): ours before
; and after the device runtime is linked, the math calls kept out of line
; around LLVM's pipeline, ours at two extension points of it, ours after it; at -O0, the always-inliner and the fold of
; the runtime's constant choices instead of the passes after the pipeline,
; except the two that fix the atomics' scopes and orderings, which run last
; at every level.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes='ompgpu-link<O2>' -print-pipeline-passes \
; RUN:   -disable-output %s | tr ',' '\n' | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes='ompgpu-optimize<O0>' -print-pipeline-passes \
; RUN:   -disable-output %s | tr ',' '\n' | FileCheck %s --check-prefix=O0
; RUN: not %opt -load-pass-plugin %ompgpu-plugin -passes='ompgpu-optimize<O4>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD-LEVEL
target triple = "nvptx64-nvidia-cuda"

; CHECK: ompgpu-kernel-modes
; CHECK-NEXT: ompgpu-shared-locals
; CHECK-NEXT: ompgpu-guarded-write-barriers
; CHECK-NEXT: ompgpu-indirect-call-lookup
; CHECK: ompgpu-defer-reductions
; CHECK-NEXT: ompgpu-grid-stride-loops
; CHECK-NEXT: ompgpu-full-warp-shuffles
; CHECK: ompgpu-task-shared-captures
; CHECK-NEXT: ompgpu-request-sincos
; CHECK-NEXT: ompgpu-kernel-target-attributes
; CHECK-NEXT: ompgpu-program-tasks
; CHECK-NEXT: ompgpu-kernel-bounds
; CHECK-NEXT: ompgpu-memory-parallelism
; CHECK-NEXT: ompgpu-worker-dispatch
; CHECK-NEXT: ompgpu-internalize
; CHECK-NEXT: ompgpu-defer-pure-math
; CHECK: inline
; CHECK: ompgpu-thread-state-promotion
; CHECK-NEXT: function(ompgpu-full-team-version)
; CHECK: loop-simplify
; CHECK-NEXT: ompgpu-grid-shaped-loops
; CHECK-NEXT: ompgpu-aligned-rows
; CHECK-NEXT: ompgpu-narrow-division
; CHECK: loop-vectorize
; CHECK: ompgpu-pair-sincos
; CHECK-NEXT: ompgpu-inline-pure-math
; CHECK-NEXT: ompgpu-mixed-space-loads
; CHECK-NEXT: ompgpu-empty-uncalled-functions
; CHECK-NEXT: globaldce
; CHECK-NEXT: ompgpu-unread-shared-state
; CHECK-NEXT: ompgpu-thread-iterations
; CHECK-NEXT: ompgpu-aligned-barriers
; CHECK-NEXT: ompgpu-redundant-barriers
; CHECK-NEXT: ompgpu-shared-atomic-scope
; CHECK-NEXT: ompgpu-atomic-ordering-fences
; CHECK-NOT: ompgpu-

; O0: always-inline
; O0: instsimplify
; O0-NEXT: simplifycfg
; O0: globaldce
; O0-NEXT: ompgpu-shared-atomic-scope
; O0-NEXT: ompgpu-atomic-ordering-fences
; O0-NOT: ompgpu-empty-uncalled-functions

; BAD-LEVEL: unknown pass name 'ompgpu-optimize<O4>'

define void @f() {
  ret void
}
