; The SinCosPairs passes. RequestSinCos declares libdevice's sincos of each
; precision whose sine and cosine the program both calls, and keeps it in
; llvm.compiler.used for the libdevice link to bring; not for a precision of
; which only one is called. PairSinCos replaces the sines and cosines of one
; value by one sincos call where one of those calls dominates the others,
; leaves a pair in two branches alone, releases sincos from the used list and
; marks it for InlinePureMath, which inlines it and promotes its results.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-request-sincos -S %s | FileCheck %s --check-prefix=REQUEST
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-pair-sincos -S %s -pass-remarks=ompgpu 2>%t.remarks \
; RUN:   | FileCheck %s --check-prefix=PAIR
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes='ompgpu-pair-sincos,ompgpu-inline-pure-math' -S %s \
; RUN:   | FileCheck %s --check-prefix=INLINE

target triple = "nvptx64-nvidia-cuda"

@llvm.compiler.used = appending global [1 x ptr] [ptr @__nv_sincos], section "llvm.metadata"

; REQUEST: @llvm.compiler.used = appending global [2 x ptr] [ptr @__nv_sincos, ptr @__nv_sincosf]
; REQUEST: declare void @__nv_sincosf(float, ptr, ptr)
; PAIR-NOT: @llvm.compiler.used
; INLINE-NOT: @__nv_sincos(

define internal double @__nv_sin(double %x) #0 {
  %y = fmul double %x, 2.0
  ret double %y
}

define internal double @__nv_cos(double %x) #0 {
  %y = fmul double %x, 3.0
  ret double %y
}

define internal float @__nv_sinf(float %x) #0 {
  ret float %x
}

define internal float @__nv_cosf(float %x) #0 {
  ret float %x
}

define internal void @__nv_sincos(double %x, ptr %s, ptr %c) #1 {
  %sin = fmul double %x, 2.0
  %cos = fmul double %x, 3.0
  store double %sin, ptr %s, align 8
  store double %cos, ptr %c, align 8
  ret void
}

; PAIR: define internal void @__nv_sincos(double %x, ptr %s, ptr %c) [[MARKED:#[0-9]+]]

; PAIR-LABEL: define double @rotate(
; PAIR: %[[S:.*]] = alloca double
; PAIR: %[[C:.*]] = alloca double
; PAIR: call void @__nv_sincos(double %x, ptr %[[S]], ptr %[[C]])
; PAIR-NEXT: %[[SIN:.*]] = load double, ptr %[[S]]
; PAIR-NEXT: %[[COS:.*]] = load double, ptr %[[C]]
; PAIR-NEXT: %sum = fadd double %[[SIN]], %[[COS]]
; PAIR: then:
; PAIR-NEXT: %sin.y = call double @__nv_sin(double %y)
; PAIR: else:
; PAIR-NEXT: %cos.y = call double @__nv_cos(double %y)
; PAIR: attributes [[MARKED]] = { {{.*}}"ompgpu-deferred-math" }

; INLINE-LABEL: define double @rotate(
; INLINE-NOT: alloca
; INLINE: %[[SIN:.*]] = fmul double %x, 2.0
; INLINE: %[[COS:.*]] = fmul double %x, 3.0
; INLINE: %sum = fadd double %[[SIN]], %[[COS]]

; REMARK: remark: <unknown>:0:0: function 'rotate' computes the sine and cosine of one value with one call of '__nv_sincos'
; REMARK-NOT: remark

define double @rotate(double %x, double %y, i1 %which, float %f) {
entry:
  %sin = call double @__nv_sin(double %x)
  %cos = call double @__nv_cos(double %x)
  %sum = fadd double %sin, %cos
  %sinf = call float @__nv_sinf(float %f)
  %cosf = call float @__nv_cosf(float %f)
  br i1 %which, label %then, label %else
then:
  %sin.y = call double @__nv_sin(double %y)
  br label %join
else:
  %cos.y = call double @__nv_cos(double %y)
  br label %join
join:
  %other = phi double [ %sin.y, %then ], [ %cos.y, %else ]
  %all = fadd double %sum, %other
  ret double %all
}

attributes #0 = { noinline nounwind memory(none) "ompgpu-deferred-math" }
attributes #1 = { alwaysinline nounwind }
