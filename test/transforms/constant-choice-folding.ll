; The ConstantChoiceFolding pass: operations whose operands are constants but
; for one choice between constants (a select of two, a phi of several) become
; the same choice between the folded constants, even where the choice has
; several users (InstCombine folds only one-use selects). The thread-state
; byte of a team of one thread or more, tested bit by bit, becomes the
; condition itself after InstCombine, and the paths it decides go.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-constant-choice-folding -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes='ompgpu-constant-choice-folding,instcombine,simplifycfg' \
; RUN:   -S %s | FileCheck %s --check-prefix=CLEAN
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-constant-choice-folding -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.membar.gl()

; Two bit tests of one select (0xD1: active team, 0xB1: team of one thread).
; CHECK-LABEL: define void @state_tests(
; CHECK: %state = select i1 %many, i8 -47, i8 -79
; CHECK-NEXT: %active = select i1 %many, i1 true, i1 false
; CHECK-NEXT: br i1 %active
; CHECK: team:
; CHECK-NEXT: %whole = select i1 %many, i1 true, i1 false
; CHECK-NEXT: br i1 %whole
; CLEAN-LABEL: define void @state_tests(
; CLEAN-NOT: select
; CLEAN-NOT: bar.warp.sync
; CLEAN: br i1 %many
; CLEAN: ret void
define void @state_tests() {
entry:
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %many = icmp ugt i32 %ntid, 1
  %state = select i1 %many, i8 -47, i8 -79
  %bits = and i8 %state, 65
  %active = icmp eq i8 %bits, 65
  br i1 %active, label %team, label %alone

team:
  %spmd = and i8 %state, -31
  %whole = icmp eq i8 %spmd, -63
  br i1 %whole, label %block, label %warp

block:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %done

warp:
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  br label %done

alone:
  call void @llvm.nvvm.membar.gl()
  br label %done

done:
  ret void
}

; A phi of constants: the cast and the compare fold into phis of constants
; in the phi's block; the cast's phi, used only by the compare's, goes.
; CHECK-LABEL: define i1 @phi_choice(
; CHECK: %level = phi i8 [ 1, %a ], [ 3, %b ]
; CHECK-NEXT: %odd = phi i1 [ false, %a ], [ true, %b ]
; CHECK-NEXT: ret i1 %odd
define i1 @phi_choice(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %level = phi i8 [ 1, %a ], [ 3, %b ]
  %wide = zext i8 %level to i32
  %odd = icmp ugt i32 %wide, 2
  ret i1 %odd
}

; An operation with another operand that is not constant stays.
; CHECK-LABEL: define i8 @not_constant(
; CHECK: %mixed = and i8 %state, %mask
; CHECK-NEXT: ret i8 %mixed
define i8 @not_constant(i1 %many, i8 %mask) {
  %state = select i1 %many, i8 -47, i8 -79
  %mixed = and i8 %state, %mask
  ret i8 %mixed
}

; REMARK: remark: {{.*}}4 tests of a choice between constants (the runtime's state) folded in function 'state_tests'
; REMARK: remark: {{.*}}2 tests of a choice between constants (the runtime's state) folded in function 'phi_choice'
; REMARK-NOT: not_constant
