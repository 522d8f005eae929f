; The KernelModes pass only explains: each kernel's execution mode, and for a
; generic kernel the first operation outside its parallel regions that does
; more than compute and use the thread's own stack, past the runtime's
; bookkeeping (the kernel's start, thread queries, the fork). A generic kernel
; without such an operation says that OpenMPOpt did not convert it. The
; program does not change.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-modes -disable-output \
; RUN:   -pass-remarks-missed=ompgpu -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s
; RUN: %opt -S %s -o %t.before.ll
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-kernel-modes -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@__omp_offloading_10_20_spmd_l3_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_converted_l6_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_critical_l9_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_store_l15_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_stack_only_l20_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }

; CHECK: remark: <unknown>:0:0: the target region in 'spmd' at line 3 runs in SPMD mode: every thread of a team runs the whole region
define ptx_kernel void @__omp_offloading_10_20_spmd_l3(ptr %out) {
  store i32 1, ptr %out
  ret void
}

; CHECK: remark: <unknown>:0:0: the target region in 'converted' at line 6 runs in SPMD mode: LLVM's OpenMPOpt converted it from generic mode at compile time
define ptx_kernel void @__omp_offloading_10_20_converted_l6(ptr %out) {
  store i32 1, ptr %out
  ret void
}

; CHECK: remark: t.c:9:1: the target region in 'critical' at line 9 runs in generic mode: a main thread runs the code outside parallel regions and forks the team's workers for each parallel region
; CHECK: remark: t.c:10:3: the target region in 'critical' at line 9 is not SPMD: its code outside parallel regions calls '__kmpc_critical', which in SPMD mode every thread would do
define ptx_kernel void @__omp_offloading_10_20_critical_l9(ptr %counter) !dbg !5 {
entry:
  %local = alloca i32, align 4
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_critical_l9_kernel_environment, ptr null), !dbg !8
  %main = icmp eq i32 %init, -1
  br i1 %main, label %sequential, label %exit
sequential:
  %gtid = call i32 @__kmpc_global_thread_num(ptr null), !dbg !8
  store i32 0, ptr %local
  call void @__kmpc_critical(ptr null, i32 %gtid, ptr null), !dbg !9
  store i32 1, ptr %counter
  call void @__kmpc_parallel_60(ptr null, i32 %gtid, i32 1, i32 -1, i32 -1, ptr null, ptr null, ptr null, i64 0, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: the target region in 'store' at line 15 is not SPMD: its code outside parallel regions stores to memory other than the thread's stack
define ptx_kernel void @__omp_offloading_10_20_store_l15(ptr %out) {
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_store_l15_kernel_environment, ptr null)
  %n = call i32 @omp_get_num_teams()
  store i32 %n, ptr %out
  ret void
}

; CHECK: remark: <unknown>:0:0: the target region in 'stack_only' at line 20 is not SPMD, although its code outside parallel regions only computes and uses the thread's stack: LLVM's OpenMPOpt did not convert it when compiling
define ptx_kernel void @__omp_offloading_10_20_stack_only_l20() {
  %local = alloca i32, align 4
  %init = call i32 @__kmpc_target_init(ptr @__omp_offloading_10_20_stack_only_l20_kernel_environment, ptr null)
  store i32 1, ptr %local
  call void @__kmpc_parallel_60(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr null, ptr null, ptr %local, i64 1, i32 0)
  call void @__kmpc_target_deinit()
  ret void
}

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_critical(ptr, i32, ptr)
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare i32 @omp_get_num_teams()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: NoDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "__omp_offloading_10_20_critical_l9", scope: !1, file: !1, line: 9, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 9, column: 1, scope: !5)
!9 = !DILocation(line: 10, column: 3, scope: !5)
