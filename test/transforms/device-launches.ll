; The DeviceLaunches pass: the front-end step's marker names the kernel of a
; region launched from the device; the pass puts the kernel's record in its
; place, ends the child kernel with the runtime's end hook and a direct call of
; the continuation launched with it, gives the child's teams reduction the
; records of its launch, and makes every kernel that launches or is launched
; record its launch environment at entry. A kernel that does neither, and a
; module without markers, stay as they are.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-device-launches -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-device-launches -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: sed -e 's/call ptr @__ompgpu_child_kernel(/call ptr @renamed_marker(/' %s | \
; RUN:   %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-device-launches -S | FileCheck %s --check-prefix=NOMARKER
; RUN: sed -e 's/ptr %args, i32 2,/ptr %args, i32 3,/' %s | \
; RUN:   not %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-device-launches -disable-output 2>&1 | \
; RUN:   FileCheck %s --check-prefix=MISMATCH
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@__omp_offloading_10_20___ompgpu_nested_spmv_l14_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 0, i32 0, i32 8, i32 1024 }, ptr null, ptr null }
@name = private constant [48 x i8] c"__omp_offloading_10_20___ompgpu_nested_spmv_l14\00"
@region = private constant [47 x i8] c"the nested teams region at spmv.c:14 in 'spmv'\00"

; CHECK: @__ompgpu_child.__omp_offloading_10_20___ompgpu_nested_spmv_l14 = internal global { ptr, ptr, i64 } { ptr @__omp_offloading_10_20___ompgpu_nested_spmv_l14, ptr @__omp_offloading_10_20___ompgpu_nested_spmv_l14_kernel_environment, i64 0 }
; NOMARKER-NOT: __ompgpu_record_launch
; NOMARKER-NOT: __ompgpu_child_kernel_end

; The parent, a kernel the host launches, records its launch environment.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_spmv_l10(
; CHECK-NEXT: call void @__ompgpu_record_launch(ptr %dyn)
define ptx_kernel void @__omp_offloading_10_20_spmv_l10(ptr %dyn, ptr %y) {
  %r = call i32 @__kmpc_target_init(ptr null, ptr %dyn)
  call void @__ompgpu_nested_spmv_l14(ptr %y, i64 7)
  call void @__kmpc_target_deinit()
  ret void
}

; The launch takes the kernel's record in place of the marker.
; CHECK-LABEL: define internal void @__ompgpu_nested_spmv_l14(
; CHECK-NOT: __ompgpu_child_kernel(
; CHECK: call i32 @__ompgpu_child_launch(ptr @__ompgpu_child.__omp_offloading_10_20___ompgpu_nested_spmv_l14, ptr %frame, ptr %args, i32 2, i64 100, i32 0, i32 0, ptr @spmv.cont)
; REMARK: remark: {{.*}}the nested teams region at spmv.c:14 in 'spmv' becomes a child grid, launched from the device when its if clause holds (kernel '__omp_offloading_10_20___ompgpu_nested_spmv_l14'); the code after it in the parent runs in the child's last team, with the reduced values
define internal void @__ompgpu_nested_spmv_l14(ptr %y, i64 %row) {
  %frame = call ptr @__ompgpu_child_begin(i64 32)
  %args = alloca [2 x i64]
  %k = call ptr @__ompgpu_child_kernel(ptr @name, ptr @region, i32 1)
  %ok = call i32 @__ompgpu_child_launch(ptr %k, ptr %frame, ptr %args, i32 2, i64 100, i32 0, i32 0, ptr @spmv.cont)
  ret void
}

define internal void @spmv.cont(ptr %frame) {
  ret void
}

; The child ends with the runtime's hook and calls its continuation.
; CHECK-LABEL: define weak_odr protected ptx_kernel void @__omp_offloading_10_20___ompgpu_nested_spmv_l14(
; CHECK-NEXT: call void @__ompgpu_record_launch(ptr %dyn)
; CHECK: call void @__kmpc_target_deinit()
; CHECK-NEXT: %child.continuation = call ptr @__ompgpu_child_kernel_end()
; CHECK: %child.frame = call ptr @__ompgpu_child_frame()
; CHECK: icmp eq ptr %child.continuation, @spmv.cont
; CHECK: call void @spmv.cont(ptr %child.frame)
; CHECK: call void @__ompgpu_child_kernel_done()
; CHECK: ret void
define weak_odr protected ptx_kernel void @__omp_offloading_10_20___ompgpu_nested_spmv_l14(ptr %dyn, i64 %start, ptr %dot) {
  %r = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20___ompgpu_nested_spmv_l14_kernel_environment, ptr %dyn)
  call void @child_region(ptr %dot)
  call void @__kmpc_target_deinit()
  ret void
}

; CHECK-LABEL: define internal void @child_region(
; CHECK: call ptr @__ompgpu_child_reduction_buffer()
; CHECK: call i32 @__ompgpu_child_teams_reduce_deferred(
define internal void @child_region(ptr %dot) {
  %buffer = call ptr @__kmpc_reduction_get_fixed_buffer()
  %r = call i32 @__ompgpu_teams_reduce_deferred(ptr null, ptr %buffer, i32 1024, i64 8, ptr %dot, ptr null, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

; A kernel that neither launches nor is launched keeps clang's reduction and
; records nothing.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_other_l30(
; CHECK-NOT: __ompgpu_record_launch
; CHECK: call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(
define ptx_kernel void @__omp_offloading_10_20_other_l30(ptr %dyn, ptr %dot) {
  %r = call i32 @__kmpc_target_init(ptr null, ptr %dyn)
  %buffer = call ptr @__kmpc_reduction_get_fixed_buffer()
  %s = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr null, ptr %buffer, i32 1024, i64 8, ptr %dot, ptr null, ptr null, ptr null, ptr null, ptr null, ptr null)
  call void @__kmpc_target_deinit()
  ret void
}

; MISMATCH: error: the device launch of the nested teams region at spmv.c:14 in 'spmv' names kernel '__omp_offloading_10_20___ompgpu_nested_spmv_l14', which cannot be launched: the launch passes 3 values for its 2 captured ones

declare ptr @__ompgpu_child_kernel(ptr, ptr, i32)
declare ptr @renamed_marker(ptr, ptr, i32)
declare ptr @__ompgpu_child_begin(i64)
declare i32 @__ompgpu_child_launch(ptr, ptr, ptr, i32, i64, i32, i32, ptr)
declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare ptr @__kmpc_reduction_get_fixed_buffer()
declare i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)
declare i32 @__ompgpu_teams_reduce_deferred(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)
