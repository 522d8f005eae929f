; The FullWarpShuffles pass: the shuffles of a shuffle-and-reduce callback
; handed to a reduction entry point pass the callback's algorithm version on,
; to __ompgpu_shuffle_int64 (with the i16 operands' extension attributes). A
; function of the same shape that no reduction is handed keeps clang's
; shuffle, and so does a reduction whose callback is not a function.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-full-warp-shuffles -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-full-warp-shuffles -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

define internal void @__omp_offloading_10_20_sum_l3_omp_outlined(ptr %data, ptr %unknown) {
  %r = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %data, ptr @shuffle_and_reduce, ptr null)
  %s = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %data, ptr %unknown, ptr null)
  ret void
}

; CHECK-LABEL: define internal void @shuffle_and_reduce(
; CHECK-SAME: i16 signext [[LANE:%.*]], i16 signext [[OFFSET:%.*]], i16 signext [[VERSION:%.*]])
; CHECK: call i64 @__ompgpu_shuffle_int64(i64 %value, i16 signext [[OFFSET]], i16 signext %width, i16 signext [[VERSION]])
; CHECK-NOT: __kmpc_shuffle_int64
define internal void @shuffle_and_reduce(ptr %list, i16 signext %lane, i16 signext %offset, i16 signext %version) {
  %slot = load ptr, ptr %list
  %value = load i64, ptr %slot
  %size = call i32 @__kmpc_get_warp_size()
  %width = trunc i32 %size to i16
  %theirs = call i64 @__kmpc_shuffle_int64(i64 %value, i16 signext %offset, i16 signext %width)
  %sum = add i64 %value, %theirs
  store i64 %sum, ptr %slot
  ret void
}

; CHECK-LABEL: define void @not_a_callback(
; CHECK: call i64 @__kmpc_shuffle_int64(
define void @not_a_callback(ptr %list, i16 signext %lane, i16 signext %offset, i16 signext %version) {
  %slot = load ptr, ptr %list
  %value = load i64, ptr %slot
  %theirs = call i64 @__kmpc_shuffle_int64(i64 %value, i16 signext %offset, i16 signext 32)
  store i64 %theirs, ptr %slot
  ret void
}

declare i32 @__kmpc_get_warp_size()
declare i64 @__kmpc_shuffle_int64(i64, i16, i16)
declare i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr, i64, ptr, ptr, ptr)

; REMARK-DAG: remark: <unknown>:0:0: the warp shuffles of this reduction in the target region in 'sum' at line 3 use a constant lane mask where the whole warp reduces (1 shuffle in shuffle_and_reduce)
; REMARK-DAG: remark: <unknown>:0:0: the shuffles of this reduction query the active lanes before every step: its shuffle-and-reduce operand is not a callback with a body
