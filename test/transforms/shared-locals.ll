; The SharedLocals pass only explains: each __kmpc_alloc_shared call that
; OpenMPOpt left (a master local it did not place in static shared memory) is
; reported for each kernel that can reach it, with its size and the name that
; the debug information, or else the value, gives it. A kernel whose locals
; are in static shared memory gets no remark. The program does not change.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-shared-locals -disable-output \
; RUN:   -pass-remarks-missed=ompgpu %s 2>&1 | FileCheck %s --implicit-check-not=remark
; RUN: %opt -S %s -o %t.before.ll
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-shared-locals -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll
target triple = "nvptx64-nvidia-cuda"

@placed = internal addrspace(3) global [4 x i8] poison

; CHECK: remark: t.c:5:9: the target region in 'main' at line 3 allocates a 16384-byte local that parallel regions share ('big') at run time, on the data-sharing stack or the device heap: LLVM's OpenMPOpt did not place it in static shared memory when compiling
; CHECK: remark: <unknown>:0:0: the target region in 'main' at line 3 allocates a 4-byte local that parallel regions share ('count') at run time
define ptx_kernel void @__omp_offloading_10_20_main_l3() !dbg !5 {
  %big = call align 16 ptr @__kmpc_alloc_shared(i64 16384), !dbg !8
    #dbg_declare(ptr %big, !9, !DIExpression(), !8)
  call void @helper()
  call void @__kmpc_free_shared(ptr %big, i64 16384)
  ret void
}

define internal void @helper() {
  %count = call align 16 ptr @__kmpc_alloc_shared(i64 4)
  call void @__kmpc_free_shared(ptr %count, i64 4)
  ret void
}

define ptx_kernel void @__omp_offloading_10_20_placed_l12() {
  store i32 0, ptr addrspace(3) @placed
  ret void
}

declare ptr @__kmpc_alloc_shared(i64)
declare void @__kmpc_free_shared(ptr, i64)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "__omp_offloading_10_20_main_l3", scope: !1, file: !1, line: 3, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 5, column: 9, scope: !5)
!9 = !DILocalVariable(name: "big", scope: !5, file: !1, line: 5, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
