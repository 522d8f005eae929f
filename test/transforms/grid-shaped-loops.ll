; The GridShapedLoops pass on loops shaped like a thread's share of clang's
; collapsed loops in a grid-stride kernel (the shapes of aligned-rows.ll): the
; kernel gets a branch at its entry on gridDim.y and gridDim.z to a path that
; computes its indices from the team and thread numbers and runs one copy of
; the loop's body, whose divisions of the iteration number are gone, and a
; global that tells the host how to compute the loop's extents from its
; parameters. Kernels with anything else to do, a body that reads thread
; numbers or calls a function, a value carried between iterations, an extent
; the host cannot compute, or a last iteration someone reads, keep their one
; path. The host program (Inputs/grid-shaped-loops-main.c) runs every thread of
; the grid the host runtime would launch, with the special registers read
; from its variables, and checks that each cell of the loop's grid ran exactly
; once; then it runs the grid-stride path.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-grid-shaped-loops -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: sed -e 's/ptx_kernel //' -e 's/ addrspace(1)//' -e 's/@llvm\.nvvm\.read\.ptx\.sreg\.\([a-z]*\)\.\([xyz]\)/@fake_\1_\2/g' %t.ll > %t.host.ll
; RUN: %host-clang -O0 -Wno-override-module %t.host.ll %S/Inputs/grid-shaped-loops-main.c -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-grid-shaped-loops,ompgpu-aligned-rows,ompgpu-narrow-division -S %s -o %t.all.ll
; RUN: sed -e 's/ptx_kernel //' -e 's/ addrspace(1)//' -e 's/@llvm\.nvvm\.read\.ptx\.sreg\.\([a-z]*\)\.\([xyz]\)/@fake_\1_\2/g' %t.all.ll > %t.all.host.ll
; RUN: %host-clang -O0 -Wno-override-module %t.all.host.ll %S/Inputs/grid-shaped-loops-main.c -o %t.all && %t.all | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-grid-shaped-loops -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

; Words: 3 dimensions, lane 0 one column before k's first; c, b and a are
; parameters 2, 1 and 0 (numbered from one), with no offsets.
; CHECK: @sweep3_grid_shape = protected addrspace(1) constant [8 x i32] [i32 3, i32 1, i32 3, i32 0, i32 2, i32 0, i32 1, i32 0]
; CHECK: @sweep2_folded_grid_shape = protected addrspace(1) constant [8 x i32] [i32 2, i32 0, i32 2, i32 0, i32 1, i32 0, i32 0, i32 0]
; A constant extent: 100 columns from 3 (lane 0 three columns before), a
; rows.
; CHECK: @sweep2_constant_grid_shape = protected addrspace(1) constant [8 x i32] [i32 2, i32 3, i32 0, i32 100, i32 1, i32 0, i32 0, i32 0]
; Constant bounds: a 32-bit loop, 100 columns from 2 and 9 rows, both
; constants.
; CHECK: @sweep2_narrow_grid_shape = protected addrspace(1) constant [8 x i32] [i32 2, i32 2, i32 0, i32 100, i32 0, i32 9, i32 0, i32 0]
; CHECK-NOT: _grid_shape =

; CHECK-LABEL: define ptx_kernel void @sweep3(
; CHECK: %grid.is.shaped = or i1
; CHECK: br i1 %grid.is.shaped, label %grid.shaped, label %grid.stride
; CHECK: grid.shaped:
; CHECK: %grid.column = sub i32 %{{.*}}, 1
; CHECK: %grid.row = add i32
; CHECK: %grid.inside = and i1
; CHECK: br i1 %grid.inside, label %loop.grid, label %grid.shaped.done
; CHECK: loop.grid:
; CHECK-NOT: sdiv
; CHECK: %k1.grid = ashr exact i64 %k1.moved.grid, 32
; CHECK: %index = add nuw nsw i32 %grid.column, 1
; CHECK-NEXT: %[[K:.*]] = zext nneg i32 %index to i64
; CHECK: %at.grid = add nsw i64 %at.ij.grid, %[[K]]
; CHECK: %step.k.grid = sub nsw i64 %k1.grid, %[[K]]
; CHECK: store i32 %new.grid, ptr %cell.grid
; CHECK-NEXT: br label %grid.shaped.done

; REMARK: remark: <unknown>:0:0: the 3-D collapsed loop of function 'sweep3' may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 1 at lane 0
; REMARK: remark: <unknown>:0:0: the 2-D collapsed loop of function 'sweep2_folded' may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 0 at lane 0
; REMARK: remark: <unknown>:0:0: the 2-D collapsed loop of function 'sweep2_constant' may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 3 at lane 0
; REMARK: remark: <unknown>:0:0: the 2-D collapsed loop of function 'sweep2_narrow' may run on a grid of its shape, one iteration a thread, its innermost index's lower bound less 2 at lane 0
; REMARK-NOT: remark

; RESULT: sweep3 3x5x990 on 31x2x3 teams of 128: 0 wrong
; RESULT: sweep3 2x2x2047 on 64x1x2 teams of 128: 0 wrong
; RESULT: sweep3 2x9x100 on 4x3x2 teams of 96: 0 wrong
; RESULT: sweep3 4x4x31 on 1x1x4 teams of 128: 0 wrong
; RESULT: sweep3 1x1x1 on the grid-stride path: 0 wrong
; RESULT: sweep2_folded 7x1000 on 32x2x1 teams of 128: 0 wrong
; RESULT: sweep2_folded 9x33 on 2x3x1 teams of 128: 0 wrong
; RESULT: sweep2_folded 2x64 on the grid-stride path: 0 wrong
; RESULT: sweep2_constant 9x100 on 4x3x1 teams of 128: 0 wrong
; RESULT: sweep2_narrow 9x100 on 4x3x1 teams of 128: 0 wrong
; RESULT: sweep2_narrow 9x100 on the grid-stride path: 0 wrong
; RESULT: all cells once

target triple = "x86_64-unknown-linux-gnu"

; i in [0, a), j in [0, b), k in [1, c]; cell (i * b + j) * (c + 2) + k. The
; cell's count grows by (k + 1) - k, both sign-extended from ints: in the
; shaped path k becomes a 32-bit addition to the column (at most c - 1 + 1),
; k + 1 stays as it is (c - 1 + 2 may not be an int).
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
  %k1.moved = add i64 %k.shifted, 8589934592
  %k1 = ashr exact i64 %k1.moved, 32
  %k.moved = add i64 %k.shifted, 4294967296
  %k = ashr exact i64 %k.moved, 32
  %i.plane = mul nsw i64 %q, %plane
  %j.row = mul nsw i64 %q2, %pitch
  %at.ij = add nsw i64 %i.plane, %j.row
  %at = add nsw i64 %at.ij, %k
  %cell = getelementptr inbounds i32, ptr %count, i64 %at
  %old = load i32, ptr %cell
  %step.k = sub nsw i64 %k1, %k
  %one = trunc i64 %step.k to i32
  %new = add i32 %old, %one
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

; i in [0, a), j in [3, 103): a constant innermost extent; cell i * 103 + j.
; In the shaped path j is a 32-bit addition to the column (at most 99 + 3).
; CHECK-LABEL: define ptx_kernel void @sweep2_constant(
; CHECK: loop.grid:
; CHECK: %index = add nuw nsw i32 %grid.column, 3
define ptx_kernel void @sweep2_constant(i32 %a, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %total = mul nsw i64 %a64, 100
  %ub = add nsw i64 %total, -1
  %empty = icmp sgt i64 %first, %ub
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i64 [ %first, %preheader ], [ %x.next, %loop ]
  %q = sdiv i64 %x, 100
  %qc = mul nsw i64 %q, 100
  %r = sub nsw i64 %x, %qc
  %j.shifted = shl i64 %r, 32
  %j.moved = add i64 %j.shifted, 12884901888
  %j = ashr exact i64 %j.moved, 32
  %i.row = mul nsw i64 %q, 103
  %at = add nsw i64 %i.row, %j
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

; i in [0, 9), j in [2, 102), cell i * 103 + j, with constant bounds: clang's
; trip count 900 is a constant below 2^31, so the iteration number has 32
; bits, compared extended with the bound the runtime's scheduling clamps to
; the last one (899); InstCombine folded j = 2 + (x - i * 100) into
; (x + 2) + i * -100.
; CHECK-LABEL: define ptx_kernel void @sweep2_narrow(
; CHECK: grid.shaped:
; CHECK: %grid.inside = and i1
; CHECK: loop.grid:
; CHECK-NOT: sdiv
; CHECK: store i32 %new.grid, ptr %cell.grid
define ptx_kernel void @sweep2_narrow(i32 %first, i32 %step, i32 %chunk.last, ptr %count) #0 {
entry:
  %last = call i32 @llvm.smin.i32(i32 %chunk.last, i32 899)
  %ub = zext i32 %last to i64
  %empty = icmp sgt i32 %first, %last
  br i1 %empty, label %exit, label %preheader

preheader:
  br label %loop

loop:
  %x = phi i32 [ %first, %preheader ], [ %x.next, %loop ]
  %q = sdiv i32 %x, 100
  %qc = mul nsw i32 %q, -100
  %x.lb = add i32 %x, 2
  %j = add i32 %x.lb, %qc
  %j64 = sext i32 %j to i64
  %i.row = mul nsw i32 %q, 103
  %i64 = sext i32 %i.row to i64
  %at = add nsw i64 %i64, %j64
  %cell = getelementptr inbounds i32, ptr %count, i64 %at
  %old = load i32, ptr %cell
  %new = add i32 %old, 1
  store i32 %new, ptr %cell
  %x.next = add nsw i32 %x, %step
  %next64 = sext i32 %x.next to i64
  %more = icmp ule i64 %next64, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: a store after the loop (as a teams reduction's combination).
; CHECK-LABEL: define ptx_kernel void @work_after(
; CHECK-NOT: grid.shaped
; CHECK: ret void
define ptx_kernel void @work_after(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  br label %loop

loop:
  %x = phi i64 [ %first, %entry ], [ %x.next, %loop ]
  %q = sdiv i64 %x, %c64
  %qc = mul nsw i64 %q, %c64
  %r = sub nsw i64 %x, %qc
  %cell = getelementptr inbounds i32, ptr %count, i64 %r
  store i32 1, ptr %cell
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  store i32 2, ptr %count
  ret void
}

; Left alone: the body reads the thread's number.
; CHECK-LABEL: define ptx_kernel void @reads_thread(
; CHECK-NOT: grid.shaped
; CHECK: ret void
define ptx_kernel void @reads_thread(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  br label %loop

loop:
  %x = phi i64 [ %first, %entry ], [ %x.next, %loop ]
  %q = sdiv i64 %x, %c64
  %qc = mul nsw i64 %q, %c64
  %r = sub nsw i64 %x, %qc
  %cell = getelementptr inbounds i32, ptr %count, i64 %r
  %thread = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %thread, ptr %cell
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: a value carried from one iteration to the next.
; CHECK-LABEL: define ptx_kernel void @carries(
; CHECK-NOT: grid.shaped
; CHECK: ret void
define ptx_kernel void @carries(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  br label %loop

loop:
  %x = phi i64 [ %first, %entry ], [ %x.next, %loop ]
  %seen = phi i32 [ 0, %entry ], [ %seen.next, %loop ]
  %q = sdiv i64 %x, %c64
  %qc = mul nsw i64 %q, %c64
  %r = sub nsw i64 %x, %qc
  %cell = getelementptr inbounds i32, ptr %count, i64 %r
  store i32 %seen, ptr %cell
  %seen.next = add i32 %seen, 1
  %x.next = add nsw i64 %x, %step
  %more = icmp ule i64 %x.next, %ub
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: an extent read from memory, which the host cannot compute.
; CHECK-LABEL: define ptx_kernel void @loaded_extent(
; CHECK-NOT: grid.shaped
; CHECK: ret void
define ptx_kernel void @loaded_extent(i32 %a, ptr %extent, i64 %first, i64 %step, ptr %count) #0 {
entry:
  %a64 = sext i32 %a to i64
  %c = load i32, ptr %extent
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  br label %loop

loop:
  %x = phi i64 [ %first, %entry ], [ %x.next, %loop ]
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

; Left alone: someone reads which thread ran the last iteration (no
; ompgpu-last-iteration-unread).
; CHECK-LABEL: define ptx_kernel void @lastprivate_like(
; CHECK-NOT: grid.shaped
; CHECK: ret void
define ptx_kernel void @lastprivate_like(i32 %a, i32 %c, i64 %first, i64 %step, ptr %count) #1 {
entry:
  %a64 = sext i32 %a to i64
  %c64 = sext i32 %c to i64
  %total = mul nsw i64 %a64, %c64
  %ub = add nsw i64 %total, -1
  br label %loop

loop:
  %x = phi i64 [ %first, %entry ], [ %x.next, %loop ]
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

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.smin.i32(i32, i32)

; The attribute that keeps a second run from adding another path.
; CHECK: attributes #0 = { "ompgpu-grid-shaped" "ompgpu-grid-stride" "ompgpu-last-iteration-unread" }
attributes #0 = { "ompgpu-grid-stride" "ompgpu-last-iteration-unread" }
attributes #1 = { "ompgpu-grid-stride" }
