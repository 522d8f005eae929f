; The AlignedRows pass on loops shaped like a thread's share of clang's
; collapsed loops in a grid-stride kernel: the trip count a * b * c, the
; iteration number's divisions by b * c and c, and the innermost index
; lb + (int)remainder. The pass gives the kernel a padded row length (c plus
; the lower bound's offset, rounded up to 32) where that adds at most 1/32,
; a trip count of whole padded rows, and a loop that divides by the row
; length and the outer count and skips padding iterations. A loop whose
; remainder InstCombine folded into the iteration number (sweep2_folded)
; takes the original iteration number, rebuilt from the row and column.
; The host program (Inputs/aligned-rows-main.c) runs every iteration number,
; after this pass alone and after NarrowDivision too, and checks that each
; cell of the grid ran exactly once.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-aligned-rows -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: sed 's/ptx_kernel //' %t.ll > %t.host.ll
; RUN: %host-clang -O0 -Wno-override-module %t.host.ll %S/Inputs/aligned-rows-main.c -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-aligned-rows,ompgpu-narrow-division -S %s -o %t.narrow.ll
; RUN: FileCheck %s --check-prefix=NARROW < %t.narrow.ll
; RUN: sed 's/ptx_kernel //' %t.narrow.ll > %t.narrow.host.ll
; RUN: %host-clang -O0 -Wno-override-module %t.narrow.host.ll %S/Inputs/aligned-rows-main.c -o %t.narrow && %t.narrow | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-aligned-rows -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: define ptx_kernel void @sweep3(
; CHECK: %total = mul nsw i64 %ab, %c64
; CHECK: %padded.row = and i64
; CHECK: %pads.rows = and i1
; CHECK: %trip.count = select i1 %pads.rows, i64 %{{.*}}, i64 %total
; CHECK: %row.length = select i1 %pads.rows, i64 %padded.row, i64 %c64
; CHECK: %row.offset = select i1 %pads.rows, i64 1, i64 0
; CHECK: %ub = add nsw i64 %trip.count, -1
; CHECK: loop:
; CHECK: %row = sdiv i64 %x, %row.length
; CHECK: %column = sub nsw i64 %x,
; CHECK: %real.iteration = icmp ult i64 %{{.*}}, %c64
; CHECK: br i1 %real.iteration, label %loop.real, label %loop.next
; CHECK: loop.real:
; CHECK: sdiv i64 %row,
; CHECK: loop.next:
; CHECK: %x.next = add nsw i64 %x, %step

; NarrowDivision then divides the row and the column in 32 bits, with the
; innermost index a 32-bit addition of its offset, a value.
; NARROW-LABEL: define ptx_kernel void @sweep3(
; NARROW: loop:
; NARROW-NOT: sdiv i64
; NARROW: %index{{[0-9]*}} = add nuw nsw i32 %{{.*}}, %{{.*}}

; RESULT: sweep3 3x5x990: 0 wrong
; RESULT: sweep3 2x2x2047: 0 wrong
; RESULT: sweep3 2x3x100: 0 wrong
; RESULT: sweep3 4x4x31: 0 wrong
; RESULT: sweep3 1x1x1: 0 wrong
; RESULT: sweep3 3x1x992: 0 wrong
; RESULT: sweep2_folded 7x1000: 0 wrong
; RESULT: sweep2_folded 5x4094: 0 wrong
; RESULT: sweep2_folded 9x33: 0 wrong
; RESULT: sweep2_folded 2x64: 0 wrong
; RESULT: all cells once

; REMARK: remark: <unknown>:0:0: the collapsed loop of function 'sweep3' runs its rows padded to whole warps, its innermost index's lower bound less 1 at lane 0, where that adds at most 1/32 to its iterations
; REMARK: remark: <unknown>:0:0: the collapsed loop of function 'sweep2_folded' runs its rows padded to whole warps, its innermost index's lower bound less 0 at lane 0
; REMARK-NOT: lastprivate_like

target triple = "x86_64-unknown-linux-gnu"

; i in [0, a), j in [0, b), k in [1, c]; cell (i * b + j) * (c + 2) + k.
define ptx_kernel void @sweep3(i32 %a, i32 %b, i32 %c, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %b64 = sext i32 %b to i64
  %c64 = sext i32 %c to i64
  %ab = mul nsw i64 %a64, %b64
  %total = mul nsw i64 %ab, %c64
  %ub = add nsw i64 %total, -1
  %empty = icmp sgt i64 %first, %ub
  br i1 %empty, label %exit, label %preheader

preheader:
  %bc32 = mul nsw i32 %b, %c
  %bc = sext i32 %bc32 to i64
  %pitch = add nsw i64 %c64, 2
  %plane = mul nsw i64 %b64, %pitch
  br label %loop

loop:
  %x = phi i64 [ %first, %preheader ], [ %x.next, %loop ]
  %q = sdiv i64 %x, %bc
  %qd = mul nsw i64 %q, %bc
  %r = sub nsw i64 %x, %qd
  %q2 = sdiv i64 %r, %c64
  %q2c = mul nsw i64 %q2, %c64
  %r2 = sub nsw i64 %r, %q2c
  %k.shifted = shl i64 %r2, 32
  %k.moved = add i64 %k.shifted, 4294967296
  %k = ashr exact i64 %k.moved, 32
  %i.plane = mul nsw i64 %q, %plane
  %j.row = mul nsw i64 %q2, %pitch
  %at.ij = add nsw i64 %i.plane, %j.row
  %at = add nsw i64 %at.ij, %k
  %cell = getelementptr inbounds i32, ptr %count, i64 %at
  %old = load i32, ptr %cell
  %new = add i32 %old, 1
  store i32 %new, ptr %cell
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; i in [0, a), j in [0, c); cell i * (c + 3) + j, which InstCombine makes
; x + (x / c) * 3.
define ptx_kernel void @sweep2_folded(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  %empty = icmp sgt i64 %first, %ub
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i64 [ %first, %preheader ], [ %x.next, %loop ]
  %q = sdiv i64 %x, %c64
  %gap = mul nsw i64 %q, 3
  %at = add nsw i64 %x, %gap
  %cell = getelementptr inbounds i32, ptr %count, i64 %at
  %old = load i32, ptr %cell
  %new = add i32 %old, 1
  store i32 %new, ptr %cell
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; The same loop where something reads which thread ran the last iteration
; (no ompgpu-last-iteration-unread): left alone.
; CHECK-LABEL: define ptx_kernel void @lastprivate_like(
; CHECK-NOT: padded.row
; CHECK: ret void
define ptx_kernel void @lastprivate_like(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #1 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  %empty = icmp sgt i64 %first, %ub
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i64 [ %first, %preheader ], [ %x.next, %loop ]
  %q = sdiv i64 %x, %c64
  %qc = mul nsw i64 %q, %c64
  %r = sub nsw i64 %x, %qc
  %cell = getelementptr inbounds i32, ptr %count, i64 %r
  store i32 1, ptr %cell
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; The attribute that keeps a second run from padding the loops again.
; CHECK: attributes #0 = { "ompgpu-aligned-rows" "ompgpu-grid-stride" "ompgpu-last-iteration-unread" }
attributes #0 = { "ompgpu-grid-stride" "ompgpu-last-iteration-unread" }
attributes #1 = { "ompgpu-grid-stride" }
