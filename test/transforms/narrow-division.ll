; The NarrowDivision pass: a 64-bit division by a constant whose dividend may
; not fit 32 bits gets a 32-bit path behind a test of the dividend; one whose
; dividend is known to fit becomes 32-bit outright. Divisions by powers of two
; (shifts already) and by variables stay as they are.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-narrow-division -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i64 @guarded(
; CHECK: %fits32 = icmp ult i64 %x, 4294967296
; CHECK: br i1 %fits32, label %[[NARROW:.*]], label %[[WIDE:.*]], !prof
; CHECK: [[NARROW]]:
; CHECK: udiv i32 {{.*}}, 7
; CHECK: [[WIDE]]:
; CHECK: udiv i64 %x, 7
; CHECK: phi i64
define i64 @guarded(i64 %x) {
  %q = udiv i64 %x, 7
  ret i64 %q
}

; CHECK-LABEL: define i64 @known(
; CHECK-NOT: icmp
; CHECK: urem i32 %{{.*}}, 10
; CHECK-NOT: rem i64
define i64 @known(i32 %y) {
  %x = zext i32 %y to i64
  %r = srem i64 %x, 10
  ret i64 %r
}

; CHECK-LABEL: define i64 @kept(
; CHECK-NEXT: %shift = udiv i64 %x, 8
; CHECK-NEXT: %any = udiv i64 %x, %d
; CHECK-NEXT: add
define i64 @kept(i64 %x, i64 %d) {
  %shift = udiv i64 %x, 8
  %any = udiv i64 %x, %d
  %sum = add i64 %shift, %any
  ret i64 %sum
}

; REMARK: remark: <unknown>:0:0: 64-bit udiv by 7 in function 'guarded' takes a 32-bit path when the dividend is below 2^32
; REMARK: remark: <unknown>:0:0: 64-bit srem by 10 in function 'known' is 32-bit: the dividend is known to be below 2^32
