; The PureMathCalls passes. DeferPureMath marks libdevice-style functions whose
; arguments and result are scalars and whose bodies (with what they call) read
; only globals nothing writes and their own stack, and use no convergent operation,
; as pure and out of line, with their calls no longer convergent; it leaves
; functions that write memory, take pointers or use barriers as they were.
; LLVM's passes then hoist a loop-invariant call out of its loop, and
; InlinePureMath inlines it there. The compile-time plugin runs DeferPureMath at
; the start of an optimizing pipeline of device code only (not at -O0, nor for
; the host).
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-defer-pure-math -S %s | FileCheck %s --check-prefix=DEFER
; RUN: %opt -load-pass-plugin %ompgpu-plugin \
; RUN:   -passes='ompgpu-defer-pure-math,function(loop-mssa(licm)),ompgpu-inline-pure-math' -S %s \
; RUN:   | FileCheck %s --check-prefix=HOIST
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-defer-pure-math -disable-output \
; RUN:   -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin %compile-plugin -passes='default<O2>' -S %s | FileCheck %s --check-prefix=COMPILE
; RUN: %opt -load-pass-plugin %compile-plugin -passes='default<O0>' -S %s | FileCheck %s --check-prefix=HOST
; RUN: sed 's/nvptx64-nvidia-cuda/x86_64-pc-linux-gnu/' %s \
; RUN:   | %opt -load-pass-plugin %compile-plugin -passes='default<O2>' -S | FileCheck %s --check-prefix=HOST

target triple = "nvptx64-nvidia-cuda"

@table = internal addrspace(1) constant [2 x double] [double 0.5, double 0.25]
@state = internal addrspace(1) global double 0.0
@.reflect = private constant [11 x i8] c"__CUDA_FTZ\00"

declare i32 @__nvvm_reflect(ptr)
declare double @llvm.nvvm.fma.rn.d(double, double, double)
declare void @llvm.nvvm.barrier0()

; What libdevice's reduction of large arguments looks like: a stack array and
; multi-word arithmetic in inline assembly without side effects.
define internal double @__internal_reduce(double %x) #1 {
  %words = alloca [2 x i64], align 8
  %bits = bitcast double %x to i64
  %high = call i64 asm "mul.hi.u64 $0, $1, $1;", "=l,l"(i64 %bits) #3
  store i64 %high, ptr %words, align 8
  %back = load i64, ptr %words, align 8
  %r = bitcast i64 %back to double
  ret double %r
}

define internal double @__nv_sin(double %x) #0 {
  %ftz = call i32 @__nvvm_reflect(ptr @.reflect)
  %entry0 = getelementptr [2 x double], ptr addrspace(1) @table, i64 0, i64 0
  %c0 = load double, ptr addrspace(1) %entry0, align 8
  %big = fcmp ogt double %x, 1.0e6
  br i1 %big, label %slow, label %fast
slow:
  %reduced = call double @__internal_reduce(double %x) #2
  br label %fast
fast:
  %arg = phi double [ %x, %0 ], [ %reduced, %slow ]
  %y = call double @llvm.nvvm.fma.rn.d(double %arg, double %c0, double %arg)
  ret double %y
}

; Reads a table that is not marked constant but that nothing writes, as
; libdevice's float reduction does: pure.
@readonly.table = internal addrspace(1) global [2 x float] [float 1.0, float 2.0]
define internal float @__nv_sinf(float %x) #0 {
  %entry0 = getelementptr [2 x float], ptr addrspace(1) @readonly.table, i64 0, i64 1
  %c = load float, ptr addrspace(1) %entry0, align 4
  %y = fmul float %x, %c
  ret float %y
}

; Reads a global that something else writes: not pure.
@written = internal addrspace(1) global float 0.0
define internal float @__nv_cosf(float %x) #0 {
  %c = load float, ptr addrspace(1) @written, align 4
  %y = fmul float %x, %c
  ret float %y
}

define void @write(float %v) {
  store float %v, ptr addrspace(1) @written, align 4
  ret void
}

; Writes a global: not pure.
define internal double @__nv_impure(double %x) #0 {
  store double %x, ptr addrspace(1) @state, align 8
  ret double %x
}

; Writes through a pointer argument: not a scalar function.
define internal double @__nv_frexp(double %x, ptr %e) #0 {
  store i32 1, ptr %e, align 4
  ret double %x
}

; Waits at a barrier: convergent.
define internal double @__nv_barrier(double %x) #0 {
  call void @llvm.nvvm.barrier0()
  ret double %x
}

; DEFER: define internal double @__nv_sin(double %x) [[PURE:#[0-9]+]]
; DEFER: define internal float @__nv_sinf(float %x) [[PURE]]
; DEFER: define internal float @__nv_cosf(float %x) [[LEFT:#[0-9]+]]
; DEFER: define internal double @__nv_impure(double %x) [[LEFT]]
; DEFER: define internal double @__nv_frexp(double %x, ptr %e) [[LEFT]]
; DEFER: define internal double @__nv_barrier(double %x) [[LEFT]]
; DEFER-LABEL: define void @kernel(
; DEFER: call double @__nv_sin(double %x) [[CALL:#[0-9]+]]
; DEFER: call double @__nv_impure(double %x) [[CONVERGENT:#[0-9]+]]
; DEFER: call float @__nv_sinf(float %xf) [[CALL]]
; DEFER: call float @__nv_cosf(float %xf) [[CONVERGENT]]
; DEFER-DAG: attributes [[PURE]] = { noinline nosync nounwind willreturn memory(none) "ompgpu-deferred-math" }
; DEFER-DAG: attributes [[LEFT]] = { alwaysinline convergent nounwind }
; DEFER-DAG: attributes [[CALL]] = { nounwind }
; DEFER-DAG: attributes [[CONVERGENT]] = { convergent nounwind }

; The loop-invariant sin is computed once, before the loop, and inlined there
; (InstCombine folds its table load); the function itself is gone.
; HOIST-NOT: @__nv_sin(
; HOIST-LABEL: define void @kernel(
; HOIST: call double @__internal_reduce(double %x)
; HOIST: call double @llvm.fma.f64(double %arg.i, double 5.000000e-01, double %arg.i)
; HOIST: loop:
; HOIST-NOT: fma
; HOIST: call double @__nv_impure(double %x)
; HOIST: exit:

; REMARK: remark: <unknown>:0:0: '__nv_sin' is a pure function of its arguments: the optimizer sees its 1 call(s) as such (equal calls merged, loop-invariant ones hoisted) and inlines them after it
; REMARK: remark: <unknown>:0:0: '__nv_sinf' is a pure function of its arguments
; REMARK-NOT: __nv_cosf
; REMARK-NOT: __nv_impure
; REMARK-NOT: __nv_frexp
; REMARK-NOT: __nv_barrier

; COMPILE: define internal {{.*}}double @__nv_sin(double %x) {{.*}}[[COMPILED:#[0-9]+]]
; COMPILE: attributes [[COMPILED]] = { {{.*}}noinline{{.*}}"ompgpu-deferred-math"
; HOST-NOT: ompgpu-deferred-math

define void @kernel(double %x, ptr %out, i32 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %s = call double @__nv_sin(double %x) #2
  %t = call double @__nv_impure(double %x) #2
  %u = call double @__nv_barrier(double %x) #2
  %f = call double @__nv_frexp(double %x, ptr %out) #2
  %xf = fptrunc double %x to float
  %sf = call float @__nv_sinf(float %xf) #2
  %cf = call float @__nv_cosf(float %xf) #2
  %sfcf = fadd float %sf, %cf
  %sfcf.d = fpext float %sfcf to double
  %sum = fadd double %s, %t
  %sum2 = fadd double %sum, %u
  %sum3.f = fadd double %sum2, %f
  %sum3 = fadd double %sum3.f, %sfcf.d
  %slot = getelementptr double, ptr %out, i32 %i
  store double %sum3, ptr %slot, align 8
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

attributes #0 = { alwaysinline convergent nounwind }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nounwind }
attributes #3 = { nounwind memory(none) }
