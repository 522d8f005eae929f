; The FullTeamVersion pass: an SPMD kernel (as clang made it, or as
; SPMDization made a generic one) with a thread limit of its own whose loops
; step by the team's size gets a copy of its body for teams of exactly that
; many threads, chosen at its entry, with blockDim.x the constant and
; threadIdx.x below it. Kernels whose bound the link step may revise, generic
; kernels, and kernels that read blockDim.x outside loops only keep one body.
; The host program (Inputs/full-team-version-main.c) runs the kernels as every
; thread of teams of 256, 100 and 1 threads, with the special registers read
; from its variables, and checks that each element was counted once.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-full-team-version -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %opt -O2 %t.ll -S -o %t.opt.ll
; RUN: FileCheck %s --check-prefix=FOLDED < %t.opt.ll
; RUN: sed -e 's/ptx_kernel //' -e 's/target triple = .*//' -e 's/@llvm\.nvvm\.read\.ptx\.sreg\.\([a-z]*\)\.\([xyz]\)/@fake_\1_\2/g' %t.ll > %t.host.ll
; RUN: %host-clang -O0 -Wno-override-module %t.host.ll %S/Inputs/full-team-version-main.c -o %t && %t | FileCheck %s --check-prefix=RESULT
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-full-team-version -disable-output \
; RUN:   -pass-remarks=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@__omp_offloading_10_20_strided_l5_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_spmdized_l9_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_revisable_l13_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_generic_l17_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_outside_l21_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }

; for (k = thread; k < 256; k += threads) ++count[k], a team array's loop.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_strided_l5(
; CHECK: %team.is.full = icmp eq i32 %{{.*}}, 256
; CHECK: br i1 %team.is.full, label %team.any.size.full, label %team.any.size
; CHECK: team.any.size:
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK: team.any.size.full:
; CHECK: call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NOT: ntid
; CHECK: %next.full = add nuw nsw i32 %k.full, 256
; FOLDED-LABEL: define ptx_kernel void @__omp_offloading_10_20_strided_l5(
; FOLDED: br i1 %team.is.full
; The copy's loop runs once: straight code with no test of its own.
; FOLDED: loop.full:
; FOLDED-NOT: br i1
; FOLDED: br label %common.ret
define ptx_kernel void @__omp_offloading_10_20_strided_l5(ptr %count) #0 {
entry:
  %thread = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp ult i32 %thread, 256
  br i1 %any, label %loop, label %exit

loop:
  %k = phi i32 [ %thread, %entry ], [ %next, %loop ]
  %cell = getelementptr inbounds i32, ptr %count, i32 %k
  %old = load i32, ptr %cell
  %new = add i32 %old, 1
  store i32 %new, ptr %cell
  %next = add nuw nsw i32 %k, %threads
  %more = icmp ult i32 %next, 256
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; The same in a generic kernel SPMDization made SPMD (mode 3).
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_spmdized_l9(
; CHECK: %team.is.full = icmp eq i32 %{{.*}}, 256
define ptx_kernel void @__omp_offloading_10_20_spmdized_l9(ptr %count) #0 {
entry:
  %thread = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp ult i32 %thread, 256
  br i1 %any, label %loop, label %exit

loop:
  %k = phi i32 [ %thread, %entry ], [ %next, %loop ]
  %cell = getelementptr inbounds i32, ptr %count, i32 %k
  %old = load i32, ptr %cell
  %new = add i32 %old, 1
  store i32 %new, ptr %cell
  %next = add nuw nsw i32 %k, %threads
  %more = icmp ult i32 %next, 256
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: a bound KernelBounds chose, which the link step may revise.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_revisable_l13(
; CHECK-NOT: team.is.full
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_revisable_l13(ptr %count) #1 {
entry:
  %thread = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %k = phi i32 [ %thread, %entry ], [ %next, %loop ]
  %next = add nuw nsw i32 %k, %threads
  %more = icmp ult i32 %next, 256
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: a generic kernel (its block has a master warp more).
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_generic_l17(
; CHECK-NOT: team.is.full
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_generic_l17(ptr %count) #0 {
entry:
  %thread = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %k = phi i32 [ %thread, %entry ], [ %next, %loop ]
  %next = add nuw nsw i32 %k, %threads
  %more = icmp ult i32 %next, 256
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: the team's size is read outside any loop.
; CHECK-LABEL: define ptx_kernel void @__omp_offloading_10_20_outside_l21(
; CHECK-NOT: team.is.full
; CHECK: ret void
define ptx_kernel void @__omp_offloading_10_20_outside_l21(ptr %count) #0 {
entry:
  %threads = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %threads, ptr %count
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { "nvvm.maxntid"="256" "omp_target_thread_limit"="256" }
attributes #1 = { "nvvm.maxntid"="256" "omp_target_thread_limit"="256" "ompgpu-revisable-maxntid" }

; REMARK: remark: <unknown>:0:0: the target region in 'strided' at line 5 runs a copy of its code where its team has the 256 threads its thread_limit asks for, in which the team's size is that constant
; REMARK: remark: <unknown>:0:0: the target region in 'spmdized' at line 9 runs a copy of its code
; REMARK-NOT: remark

; RESULT: strided, teams of 256: 0 wrong
; RESULT: strided, teams of 100: 0 wrong
; RESULT: strided, teams of 1: 0 wrong
; RESULT: spmdized, teams of 256: 0 wrong
