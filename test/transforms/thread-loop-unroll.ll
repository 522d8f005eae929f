; The ThreadLoopUnroll pass on thread loops shaped like a grid-stride loop's
; share of a reduction (`sum += x[i] * y[i]`): the preheader tests whether
; the next four iterations all run (bound and stride below 2^(w-2), X + 3S
; against the bound), an unrolled loop runs four copies of the body with their
; loads first, their iteration numbers from a freeze of its own (opaque to
; LoopStrengthReduce), and the original loop runs what is left. Loops whose bodies
; store, or load too much, keep their one loop. The host program
; (Inputs/thread-loop-unroll-main.c) runs the unrolled functions for starts,
; strides and bounds around each test's edges (no iteration, one, a multiple
; of four and not, bounds and strides at and above 2^(w-2)) against the same
; loops written in C.

; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-loop-unroll -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %host-clang -O0 -ffp-contract=off -Wno-override-module %t.ll %S/Inputs/thread-loop-unroll-main.c -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-loop-unroll -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: the thread loop of function 'dot64' is unrolled 4 times, its 8 loads first
; REMARK: remark: <unknown>:0:0: the thread loop of function 'dot64_below' is unrolled 4 times, its 8 loads first
; REMARK: remark: <unknown>:0:0: the thread loop of function 'dot32' is unrolled 4 times, its 8 loads first
; REMARK-NOT: remark

; RESULT: dot64: 0 wrong
; RESULT: dot64_below: 0 wrong
; RESULT: dot32: 0 wrong
; RESULT: stores: 0 wrong

target triple = "x86_64-unknown-linux-gnu"

; Goes round while the next number is at most ub.
; CHECK-LABEL: define double @dot64(
; CHECK: entry:
; CHECK: %unroll.limit = sub i64 %ub, %[[AHEAD:.*]]
; CHECK: %unroll.enter = and i1
; CHECK: br i1 %unroll.enter, label %loop.unrolled, label %loop.rest
; CHECK: loop.unrolled:
; CHECK: %unroll.x = freeze i64 %x.i.unrolled
; CHECK-COUNT-8: load double
; CHECK-NOT: load
; CHECK: call double @llvm.fmuladd.f64
; CHECK: %unroll.more = icmp ule i64 %next.u3, %unroll.limit
; CHECK: br i1 %unroll.more, label %loop.unrolled, label %loop.unrolled.exit
; CHECK: loop.unrolled.exit:
; CHECK: %unroll.rest = icmp ule i64 %next.u3, %ub
; CHECK: br i1 %unroll.rest, label %loop.rest, label %exit
; CHECK: loop.rest:
; CHECK: br label %loop
; CHECK: loop:
; CHECK: %x.i = phi i64 [ %x.i.rest, %loop.rest ], [ %next, %loop ]
; CHECK: exit:
; CHECK: phi double [ %sum.next, %loop ], [ %sum.next.u3, %loop.unrolled.exit ]
define double @dot64(i64 %first, i64 %step, i64 %ub, ptr %x, ptr %y) #0 {
entry:
  br label %loop

loop:
  %x.i = phi i64 [ %first, %entry ], [ %next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %sum.next, %loop ]
  %at = and i64 %x.i, 1023
  %px = getelementptr inbounds double, ptr %x, i64 %at
  %vx = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %at
  %vy = load double, ptr %py
  %sum.next = call double @llvm.fmuladd.f64(double %vx, double %vy, double %sum)
  %next = add i64 %x.i, %step
  %more = icmp ule i64 %next, %ub
  br i1 %more, label %loop, label %exit

exit:
  %sum.lcssa = phi double [ %sum.next, %loop ]
  ret double %sum.lcssa
}

; Leaves once the next number is at least ub (goes round while below it).
; CHECK-LABEL: define double @dot64_below(
; CHECK: %unroll.more = icmp ult i64 %next.u3, %unroll.limit
define double @dot64_below(i64 %first, i64 %step, i64 %ub, ptr %x, ptr %y) #0 {
entry:
  br label %loop

loop:
  %x.i = phi i64 [ %first, %entry ], [ %next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %sum.next, %loop ]
  %at = and i64 %x.i, 1023
  %px = getelementptr inbounds double, ptr %x, i64 %at
  %vx = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %at
  %vy = load double, ptr %py
  %sum.next = call double @llvm.fmuladd.f64(double %vx, double %vy, double %sum)
  %next = add i64 %x.i, %step
  %done = icmp uge i64 %next, %ub
  br i1 %done, label %exit, label %loop

exit:
  %sum.lcssa = phi double [ %sum.next, %loop ]
  ret double %sum.lcssa
}

; A 32-bit loop: the test's limit is 2^30.
; CHECK-LABEL: define double @dot32(
; CHECK: icmp ult i32 %ub, 1073741824
define double @dot32(i32 %first, i32 %step, i32 %ub, ptr %x, ptr %y) #0 {
entry:
  br label %loop

loop:
  %x.i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %sum.next, %loop ]
  %at = and i32 %x.i, 1023
  %px = getelementptr inbounds double, ptr %x, i32 %at
  %vx = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i32 %at
  %vy = load double, ptr %py
  %sum.next = call double @llvm.fmuladd.f64(double %vx, double %vy, double %sum)
  %next = add i32 %x.i, %step
  %more = icmp ule i32 %next, %ub
  br i1 %more, label %loop, label %exit

exit:
  %sum.lcssa = phi double [ %sum.next, %loop ]
  ret double %sum.lcssa
}

; A body that stores: its loads cannot go ahead of the store.
; CHECK-LABEL: define void @stores(
; CHECK-NOT: unrolled
; CHECK: ret void
define void @stores(i64 %first, i64 %step, i64 %ub, ptr %x, ptr %y) #0 {
entry:
  br label %loop

loop:
  %x.i = phi i64 [ %first, %entry ], [ %next, %loop ]
  %at = and i64 %x.i, 1023
  %px = getelementptr inbounds double, ptr %x, i64 %at
  %vx = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %at
  %twice = fmul double %vx, 2.0
  store double %twice, ptr %py
  %next = add i64 %x.i, %step
  %more = icmp ule i64 %next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Five loads a copy: enough in flight already.
; CHECK-LABEL: define double @many_loads(
; CHECK-NOT: unrolled
; CHECK: ret double
define double @many_loads(i64 %first, i64 %step, i64 %ub, ptr %x) #0 {
entry:
  br label %loop

loop:
  %x.i = phi i64 [ %first, %entry ], [ %next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %s4, %loop ]
  %at = and i64 %x.i, 1023
  %p0 = getelementptr inbounds double, ptr %x, i64 %at
  %v0 = load double, ptr %p0
  %p1 = getelementptr inbounds double, ptr %p0, i64 1
  %v1 = load double, ptr %p1
  %p2 = getelementptr inbounds double, ptr %p0, i64 2
  %v2 = load double, ptr %p2
  %p3 = getelementptr inbounds double, ptr %p0, i64 3
  %v3 = load double, ptr %p3
  %p4 = getelementptr inbounds double, ptr %p0, i64 4
  %v4 = load double, ptr %p4
  %s0 = fadd double %sum, %v0
  %s1 = fadd double %s0, %v1
  %s2 = fadd double %s1, %v2
  %s3 = fadd double %s2, %v3
  %s4 = fadd double %s3, %v4
  %next = add i64 %x.i, %step
  %more = icmp ule i64 %next, %ub
  br i1 %more, label %loop, label %exit

exit:
  %sum.lcssa = phi double [ %s4, %loop ]
  ret double %sum.lcssa
}

declare double @llvm.fmuladd.f64(double, double, double)

attributes #0 = { "ompgpu-grid-stride" }
