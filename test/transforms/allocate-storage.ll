; The AllocateStorage pass gives clang-22's static variables of allocate
; directives and clauses (internal, writable, poison, generic address space)
; the storage their declarations ask for: one per team in shared memory when
; only team-level code uses them, a kernel (@team, whose address goes to a
; parallel region) or a function that a kernel calls in one place only
; (@inteams, of clang's outlined teams region); a local of each function
; otherwise (@mine, of a parallel region's function, constant-expression uses
; included; @two, in two functions, as after inlining). It leaves a variable
; whose address leaves the thread (@escapes), one that team-level code and a
; parallel region both use (@mixed), one beyond the kernel's 16 KiB of shared
; memory (@big), and every global of another shape (@zeroed).
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-allocate-storage -S \
; RUN:   -pass-remarks=ompgpu %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --implicit-check-not=remark < %t.remarks
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@team = internal global [64 x i32] poison, align 4
@inteams = internal global [4 x double] poison, align 8
@mine = internal unnamed_addr global [8 x i32] poison, align 4
@escapes = internal global [8 x i32] poison, align 4
@two = internal global i32 poison, align 4
@mixed = internal global i32 poison, align 4
@big = internal global [16384 x i8] poison, align 16
@zeroed = internal global i32 0, align 4
@keep = global ptr null

; CHECK-DAG: @team = internal addrspace(3) global [64 x i32] poison, align 4
; CHECK-DAG: @inteams = internal addrspace(3) global [4 x double] poison, align 8
; CHECK-DAG: @escapes = internal global [8 x i32] poison, align 4
; CHECK-DAG: @mixed = internal global i32 poison, align 4
; CHECK-DAG: @big = internal global [16384 x i8] poison, align 16
; CHECK-DAG: @zeroed = internal global i32 0, align 4
; CHECK-NOT: @mine =
; CHECK-NOT: @two =

; REMARK: remark: <unknown>:0:0: the variable 'team' of an 'allocate' directive or clause in the target region in 'main' at line 3 gets one copy per team, in shared memory (clang-22 made it one variable of the whole device program)
; REMARK: remark: <unknown>:0:0: the variable 'inteams' of an 'allocate' directive or clause in function 'teams_region' gets one copy per team, in shared memory
; REMARK: remark: <unknown>:0:0: the variable 'mine' of an 'allocate' directive or clause in the target region in 'main' at line 3 gets one copy per call, on the thread's stack
; REMARK: remark: <unknown>:0:0: the variable 'two' of an 'allocate' directive or clause in {{.*}} gets one copy per call, on the thread's stack

; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_main_l3(
; CHECK: store i32 1, ptr addrspacecast (ptr addrspace(3) @team to ptr)
; CHECK: call void @fork(ptr addrspacecast (ptr addrspace(3) @team to ptr))
; CHECK: store i32 2, ptr getelementptr inbounds (i8, ptr @big, i64 16)
; CHECK: store i32 3, ptr @mixed
define ptx_kernel void @__omp_offloading_10_20_main_l3() {
  store i32 1, ptr @team
  call void @fork(ptr @team)
  call void @fork(ptr @__omp_offloading_10_20_main_l3_omp_outlined)
  call void @teams_region()
  store i32 2, ptr getelementptr inbounds (i8, ptr @big, i64 16)
  store i32 3, ptr @mixed
  ret void
}

; CHECK-LABEL: define internal void @__omp_offloading_10_20_main_l3_omp_outlined(
; The locals are allocas of the data layout's address space (generic), as
; clang's own: the NVPTX back end moves them to local memory.
; CHECK-DAG: %mine = alloca [8 x i32], align 4{{$}}
; CHECK-DAG: %two = alloca i32, align 4{{$}}
; CHECK-NOT: addrspacecast
; CHECK: store i32 %v, ptr %mine
; CHECK: getelementptr inbounds i8, ptr %mine, i64 8
; CHECK: store ptr @escapes, ptr @keep
; CHECK: store i32 %x, ptr %two
; CHECK: load i32, ptr @mixed
define internal void @__omp_offloading_10_20_main_l3_omp_outlined(i32 %v) {
  store i32 %v, ptr @mine
  %x = load i32, ptr getelementptr inbounds (i8, ptr @mine, i64 8)
  store i32 %x, ptr @escapes
  store ptr @escapes, ptr @keep
  store i32 %x, ptr @two
  %y = load i32, ptr @mixed
  ret void
}

; CHECK-LABEL: define internal void @teams_region(
; CHECK: call void @fork(ptr addrspacecast (ptr addrspace(3) @inteams to ptr))
define internal void @teams_region() {
  call void @fork(ptr @inteams)
  ret void
}

; CHECK-LABEL: define internal void @other(
; CHECK: %two = alloca i32, align 4{{$}}
; CHECK: store i32 0, ptr %two
; CHECK: store i32 0, ptr @zeroed
define internal void @other() {
  store i32 0, ptr @two
  store i32 0, ptr @zeroed
  ret void
}

declare void @fork(ptr)
