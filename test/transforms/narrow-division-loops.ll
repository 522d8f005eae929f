; The NarrowDivision pass on a loop bounded the way clang bounds a thread's
; share of a combined loop (it goes round while the next iteration number is
; at most a loop-invariant bound): the pass gives the loop a copy. The
; original loop divides in 32 bits by the reciprocals, with no test inside;
; the copy keeps the 64-bit divisions; the preheader picks the first where
; the first iteration number, the bound and every divisor are below 2^32.
; A second division, of the first's remainder (a collapse(3) loop's middle
; index), is bounded by the first divisor and narrowed with it. The program
; below runs on the host after the pass and compares every quotient and
; remainder with divisions outside the loop, for walks below and across 2^32
; and divisors up to and above it.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %host-clang -O0 -Wno-override-module %t.ll -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: define i64 @walk(
; CHECK: preheader:
; CHECK: %loop.fits32 = and i1
; CHECK-NEXT: br i1 %loop.fits32, label %preheader.narrow, label %preheader.wide
; CHECK: preheader.wide:
; CHECK: loop.wide:
; CHECK: sdiv i64 %x.wide, %d
; CHECK: sdiv i64 %r.wide, %e
; CHECK: preheader.narrow:
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NOT: sdiv i64
; CHECK-NOT: br i1 %fits32
; CHECK: lshr i64 {{.*}}, 32
; CHECK: exit:
; CHECK: phi i64 [ 0, %entry ], [ %wrong.next, %loop ], [ %wrong.next.wide, %loop.wide ]

; The indices' loop keeps its values below 2^31 - 1 (the largest index
; offset is 1), and its narrow copy adds the offsets in 32 bits.
; CHECK-LABEL: define i64 @walk_indices(
; CHECK-DAG: icmp ult i64 %start, 2147483647
; CHECK-DAG: icmp ult i64 %bound, 2147483647
; CHECK: loop.wide:
; CHECK: ashr exact i64 %i.moved.wide, 32
; CHECK: loop:
; CHECK: %index = add nuw nsw i32 %{{.*}}, 1
; CHECK: zext nneg i32 %index to i64
; CHECK: %index{{[0-9]+}} = add nuw nsw i32 %{{.*}}, 0

; A loop that stops on equality is not bounded: its divisions keep their
; per-iteration test.
; CHECK-LABEL: define i64 @counted(
; CHECK-NOT: loop.fits32
; CHECK: %fits32 = and i1
; CHECK: ret i64

; RESULT: 0 wrong of 1630921
; RESULT: 0 indices wrong of 1129174

; REMARK-COUNT-2: remark: <unknown>:0:0: 64-bit sdiv by a loop-invariant value in function 'walk' is 32-bit, a multiply by a reciprocal, in a copy of the loop that runs where its bound and divisors are below 2^32
; REMARK: remark: <unknown>:0:0: 64-bit udiv by a loop-invariant value in function 'counted' takes a 32-bit path

target triple = "x86_64-unknown-linux-gnu"

define internal i64 @reference_quotient(i64 %x, i64 %d) noinline {
  %q = udiv i64 %x, %d
  ret i64 %q
}

define internal i64 @reference_remainder(i64 %x, i64 %d) noinline {
  %r = urem i64 %x, %d
  ret i64 %r
}

; How many of x = start, start + step, ... up to bound split wrongly into
; x / d, then (x % d) / e and (x % d) % e.
define i64 @walk(i64 %d, i64 %e, i64 %start, i64 %step, i64 %bound) noinline {
entry:
  %empty = icmp ugt i64 %start, %bound
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i64 [ %start, %preheader ], [ %x.next, %loop ]
  %wrong = phi i64 [ 0, %preheader ], [ %wrong.next, %loop ]
  %q = sdiv i64 %x, %d
  %qd = mul nsw i64 %q, %d
  %r = sub nsw i64 %x, %qd
  %q2 = sdiv i64 %r, %e
  %q2e = mul nsw i64 %q2, %e
  %r2 = sub nsw i64 %r, %q2e
  %expected.q = call i64 @reference_quotient(i64 %x, i64 %d)
  %expected.r = call i64 @reference_remainder(i64 %x, i64 %d)
  %expected.q2 = call i64 @reference_quotient(i64 %expected.r, i64 %e)
  %expected.r2 = call i64 @reference_remainder(i64 %expected.r, i64 %e)
  %bad.q = icmp ne i64 %q, %expected.q
  %bad.r = icmp ne i64 %r, %expected.r
  %bad.q2 = icmp ne i64 %q2, %expected.q2
  %bad.r2 = icmp ne i64 %r2, %expected.r2
  %bad.1 = or i1 %bad.q, %bad.r
  %bad.2 = or i1 %bad.q2, %bad.r2
  %bad = or i1 %bad.1, %bad.2
  %increment = zext i1 %bad to i64
  %wrong.next = add i64 %wrong, %increment
  %x.next = add i64 %x, %step
  %more = icmp ule i64 %x.next, %bound
  br i1 %more, label %loop, label %exit

exit:
  %result = phi i64 [ 0, %entry ], [ %wrong.next, %loop ]
  ret i64 %result
}

; The same split giving indices the way clang does for `for (int i = 1; ...)`
; and `for (int k = 0; ...)` after InstCombine: sext(trunc(q) + 1) as
; ashr(shl(q, 32) + 2^32, 32), sext(trunc(r2)) as ashr(shl(r2, 32), 32). How
; many of them differ from the same arithmetic on the reference quotients.
define i64 @walk_indices(i64 %d, i64 %e, i64 %start, i64 %step, i64 %bound) noinline {
entry:
  %empty = icmp ugt i64 %start, %bound
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i64 [ %start, %preheader ], [ %x.next, %loop ]
  %wrong = phi i64 [ 0, %preheader ], [ %wrong.next, %loop ]
  %q = sdiv i64 %x, %d
  %qd = mul nsw i64 %q, %d
  %r = sub nsw i64 %x, %qd
  %q2 = sdiv i64 %r, %e
  %q2e = mul nsw i64 %q2, %e
  %r2 = sub nsw i64 %r, %q2e
  %i.shifted = shl i64 %q, 32
  %i.moved = add i64 %i.shifted, 4294967296
  %i = ashr exact i64 %i.moved, 32
  %k.shifted = shl i64 %r2, 32
  %k = ashr exact i64 %k.shifted, 32
  %expected.q = call i64 @reference_quotient(i64 %x, i64 %d)
  %expected.r = call i64 @reference_remainder(i64 %x, i64 %d)
  %expected.r2 = call i64 @reference_remainder(i64 %expected.r, i64 %e)
  %expected.q32 = trunc i64 %expected.q to i32
  %expected.i32 = add i32 %expected.q32, 1
  %expected.i = sext i32 %expected.i32 to i64
  %expected.r2.32 = trunc i64 %expected.r2 to i32
  %expected.k = sext i32 %expected.r2.32 to i64
  %bad.i = icmp ne i64 %i, %expected.i
  %bad.k = icmp ne i64 %k, %expected.k
  %bad = or i1 %bad.i, %bad.k
  %increment = zext i1 %bad to i64
  %wrong.next = add i64 %wrong, %increment
  %x.next = add i64 %x, %step
  %more = icmp ule i64 %x.next, %bound
  br i1 %more, label %loop, label %exit

exit:
  %result = phi i64 [ 0, %entry ], [ %wrong.next, %loop ]
  ret i64 %result
}

define i64 @counted(i64 %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %q = udiv i64 %i, %a
  %sum.next = add i64 %sum, %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %sum.next
}

@format = private constant [18 x i8] c"%ld wrong of %ld\0A\00"

declare i32 @printf(ptr, ...)

; Each walk: d, e, first dividend, step, bound; then how many iterations.
@walks = private constant [8 x [6 x i64]] [
  ; a 510^3 stencil's split, one thread's share
  [6 x i64] [i64 260100, i64 510, i64 0, i64 1, i64 999999, i64 1000000],
  ; across 2^32: the 64-bit copy
  [6 x i64] [i64 260100, i64 510, i64 4294867296, i64 1, i64 4295067295, i64 200000],
  ; ends just below 2^32 (the narrow loop's last values)
  [6 x i64] [i64 4093, i64 7, i64 4294767295, i64 1, i64 4294967295, i64 200001],
  ; a divisor of 2^32: the copy
  [6 x i64] [i64 4294967296, i64 3, i64 0, i64 99991, i64 9999100000, i64 100001],
  ; large steps, a divisor of 1
  [6 x i64] [i64 1, i64 1, i64 0, i64 12345679, i64 4294967295, i64 348],
  ; divisors near 2^32
  [6 x i64] [i64 4294967295, i64 65537, i64 4294966295, i64 1, i64 4294968294, i64 2000],
  ; an empty walk
  [6 x i64] [i64 7, i64 3, i64 10, i64 1, i64 9, i64 0],
  ; a small grid
  [6 x i64] [i64 1000, i64 10, i64 5, i64 7, i64 899997, i64 128571]
]

@index_format = private constant [26 x i8] c"%ld indices wrong of %ld\0A\00"

; Walks for the indices: below 2^31 - 1, where i = q + 1 still fits an int,
; and across it, where q + 1 wraps (the 64-bit copy's sign extension).
@index_walks = private constant [5 x [6 x i64]] [
  [6 x i64] [i64 260100, i64 510, i64 0, i64 1, i64 999999, i64 1000000],
  ; ends at the narrow loop's last value: q + 1 = 2^31 - 1
  [6 x i64] [i64 1, i64 3, i64 2147483446, i64 1, i64 2147483646, i64 201],
  ; across 2^31 - 1 with a divisor of 1: q + 1 wraps to INT_MIN
  [6 x i64] [i64 1, i64 3, i64 2147483547, i64 1, i64 2147483747, i64 201],
  ; remainders of 2^31 and more, whose sign extension is negative
  [6 x i64] [i64 4294967295, i64 4294967290, i64 4294967195, i64 1, i64 4294967395, i64 201],
  ; a small grid
  [6 x i64] [i64 1000, i64 10, i64 5, i64 7, i64 899997, i64 128571]
]

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %wrong = phi i64 [ 0, %entry ], [ %wrong.next, %loop ]
  %total = phi i64 [ 0, %entry ], [ %total.next, %loop ]
  %row = getelementptr [6 x i64], ptr @walks, i64 %i
  %d = load i64, ptr %row
  %e.at = getelementptr i64, ptr %row, i64 1
  %e = load i64, ptr %e.at
  %start.at = getelementptr i64, ptr %row, i64 2
  %start = load i64, ptr %start.at
  %step.at = getelementptr i64, ptr %row, i64 3
  %step = load i64, ptr %step.at
  %bound.at = getelementptr i64, ptr %row, i64 4
  %bound = load i64, ptr %bound.at
  %count.at = getelementptr i64, ptr %row, i64 5
  %count = load i64, ptr %count.at
  %w = call i64 @walk(i64 %d, i64 %e, i64 %start, i64 %step, i64 %bound)
  %wrong.next = add i64 %wrong, %w
  %total.next = add i64 %total, %count
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 8
  br i1 %done, label %exit, label %loop

exit:
  %unused = call i32 (ptr, ...) @printf(ptr @format, i64 %wrong.next, i64 %total.next)
  br label %index.loop

index.loop:
  %j = phi i64 [ 0, %exit ], [ %j.next, %index.loop ]
  %index.wrong = phi i64 [ 0, %exit ], [ %index.wrong.next, %index.loop ]
  %index.total = phi i64 [ 0, %exit ], [ %index.total.next, %index.loop ]
  %index.row = getelementptr [6 x i64], ptr @index_walks, i64 %j
  %index.d = load i64, ptr %index.row
  %index.e.at = getelementptr i64, ptr %index.row, i64 1
  %index.e = load i64, ptr %index.e.at
  %index.start.at = getelementptr i64, ptr %index.row, i64 2
  %index.start = load i64, ptr %index.start.at
  %index.step.at = getelementptr i64, ptr %index.row, i64 3
  %index.step = load i64, ptr %index.step.at
  %index.bound.at = getelementptr i64, ptr %index.row, i64 4
  %index.bound = load i64, ptr %index.bound.at
  %index.count.at = getelementptr i64, ptr %index.row, i64 5
  %index.count = load i64, ptr %index.count.at
  %index.w = call i64 @walk_indices(i64 %index.d, i64 %index.e, i64 %index.start, i64 %index.step, i64 %index.bound)
  %index.wrong.next = add i64 %index.wrong, %index.w
  %index.total.next = add i64 %index.total, %index.count
  %j.next = add i64 %j, 1
  %index.done = icmp eq i64 %j.next, 5
  br i1 %index.done, label %index.exit, label %index.loop

index.exit:
  %index.unused = call i32 (ptr, ...) @printf(ptr @index_format, i64 %index.wrong.next, i64 %index.total.next)
  ret i32 0
}
