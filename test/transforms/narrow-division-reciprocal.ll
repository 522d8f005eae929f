; The NarrowDivision pass on divisions by loop-invariant values (a collapsed
; loop's division of its iteration number by a run-time trip count): the loop's
; preheader computes a 32-bit reciprocal once, and each division whose operands
; are below 2^32 becomes a multiply and one correction step, with the
; remainder X - (X / D) * D from the same steps; other operands take the
; original division. The program below runs on the host after the pass and
; compares quotients and remainders with divisions outside any loop (which the
; pass leaves alone) for divisors 1 to 2^32 and dividends across 2^32.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %host-clang -O0 -Wno-override-module %t.ll -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: define i64 @sweep(
; CHECK: entry:
; CHECK: %divisor.fits32 = icmp ult i64
; CHECK: udiv i32
; CHECK: %reciprocal = select i1
; CHECK: loop:
; CHECK: %fits32 = and i1
; CHECK: br i1 %fits32, label %[[FAST:.*]], label %[[SLOW:.*]], !prof
; CHECK: [[FAST]]:
; CHECK: lshr i64 {{.*}}, 32
; CHECK: [[SLOW]]:
; CHECK: %q = sdiv i64 %x, %d
; CHECK: [[Q:%.*]] = phi i64
; CHECK: [[R:%.*]] = phi i64
; CHECK: icmp ne i64 [[Q]], %expected.q
; CHECK: icmp ne i64 [[R]], %expected.r
; CHECK: srem i64 %x, %d
; CHECK: ret i64

; Two divisors in one single-block loop: the first split moves the latch,
; the second reciprocal is still computed in the preheader.
; CHECK-LABEL: define i64 @two_divisors(
; CHECK: entry:
; CHECK: udiv i32
; CHECK: udiv i32
; CHECK: br label %loop
; CHECK: udiv i64 %i, %a
; CHECK: udiv i64 %i, %b
; CHECK: ret i64

; The divisor changes in the loop: nothing to hoist.
; CHECK-LABEL: define i64 @varying(
; CHECK-NOT: reciprocal
; CHECK: udiv i64 %i, %d
; CHECK-NOT: reciprocal
; CHECK: ret i64

; RESULT: 0 wrong of 3583000

; REMARK-COUNT-2: remark: <unknown>:0:0: 64-bit {{s?div|srem}} by a loop-invariant value in function 'sweep' takes a 32-bit path, a multiply by a reciprocal computed before the loop, when both operands are below 2^32
; REMARK-COUNT-2: remark: <unknown>:0:0: 64-bit udiv by a loop-invariant value in function 'two_divisors'
; REMARK-NOT: varying

define internal i64 @reference_quotient(i64 %x, i64 %d) noinline {
  %q = udiv i64 %x, %d
  ret i64 %q
}

define internal i64 @reference_remainder(i64 %x, i64 %d) noinline {
  %r = urem i64 %x, %d
  ret i64 %r
}

; How many of x = start + k * step (k < count) divide by d wrongly.
define i64 @sweep(i64 %d, i64 %start, i64 %step, i64 %count) noinline {
entry:
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %wrong = phi i64 [ 0, %entry ], [ %wrong.next, %loop ]
  %offset = mul i64 %k, %step
  %x = add i64 %start, %offset
  %q = sdiv i64 %x, %d
  %qd = mul nsw i64 %q, %d
  %r = sub nsw i64 %x, %qd
  %expected.q = call i64 @reference_quotient(i64 %x, i64 %d)
  %expected.r = call i64 @reference_remainder(i64 %x, i64 %d)
  %bad.q = icmp ne i64 %q, %expected.q
  %bad.r = icmp ne i64 %r, %expected.r
  %m = srem i64 %x, %d
  %bad.m = icmp ne i64 %m, %expected.r
  %bad.qr = or i1 %bad.q, %bad.r
  %bad = or i1 %bad.qr, %bad.m
  %increment = zext i1 %bad to i64
  %wrong.next = add i64 %wrong, %increment
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %count
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %wrong.next
}

define i64 @two_divisors(i64 %a, i64 %b, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %qa = udiv i64 %i, %a
  %qb = udiv i64 %i, %b
  %both = add i64 %qa, %qb
  %sum.next = add i64 %sum, %both
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %sum.next
}

define i64 @varying(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %d = add i64 %i, 3
  %q = udiv i64 %i, %d
  %sum.next = add i64 %sum, %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %sum.next
}

@format = private constant [18 x i8] c"%ld wrong of %ld\0A\00"

declare i32 @printf(ptr, ...)

; Each sweep: divisor, first dividend, step, count.
@sweeps = private constant [10 x [4 x i64]] [
  [4 x i64] [i64 1, i64 0, i64 1, i64 1000],
  [4 x i64] [i64 1, i64 4294966796, i64 1, i64 1000],
  [4 x i64] [i64 7, i64 0, i64 1, i64 100000],
  [4 x i64] [i64 4094, i64 4294867296, i64 1, i64 200000],
  [4 x i64] [i64 2147483649, i64 0, i64 12345679, i64 1000],
  [4 x i64] [i64 4294967295, i64 4294966295, i64 1, i64 2000],
  [4 x i64] [i64 4294967296, i64 0, i64 99991, i64 100000],
  [4 x i64] [i64 65537, i64 0, i64 65535, i64 70000],
  [4 x i64] [i64 1000003, i64 0, i64 4294, i64 1000000],
  [4 x i64] [i64 4093, i64 0, i64 1, i64 2108000]
]

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %wrong = phi i64 [ 0, %entry ], [ %wrong.next, %loop ]
  %total = phi i64 [ 0, %entry ], [ %total.next, %loop ]
  %row = getelementptr [4 x i64], ptr @sweeps, i64 %i
  %d = load i64, ptr %row
  %start.at = getelementptr i64, ptr %row, i64 1
  %start = load i64, ptr %start.at
  %step.at = getelementptr i64, ptr %row, i64 2
  %step = load i64, ptr %step.at
  %count.at = getelementptr i64, ptr %row, i64 3
  %count = load i64, ptr %count.at
  %w = call i64 @sweep(i64 %d, i64 %start, i64 %step, i64 %count)
  %wrong.next = add i64 %wrong, %w
  %total.next = add i64 %total, %count
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 10
  br i1 %done, label %exit, label %loop

exit:
  %unused = call i32 (ptr, ...) @printf(ptr @format, i64 %wrong.next, i64 %total.next)
  ret i32 0
}
