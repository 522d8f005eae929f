; The ThreadIterations pass: each SPMD kernel whose combined loop
; GridStrideLoops converted gets "<kernel>_thread_iterations" for the host:
; OMPGPU_BLOCKED_ITERATIONS (4), or 1 where its iterations run a program loop
; (inside clang's two loops) with a trip count loaded in an enclosing loop, or
; one the optimizer cannot compute. A program loop with a fixed count keeps 4;
; a kernel GridStrideLoops did not convert, a generic kernel and a kernel
; whose teams combine a reduction (one wave) get none.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-iterations -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-thread-iterations -disable-output \
; RUN:   -pass-remarks-analysis=ompgpu %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@__omp_offloading_10_20_rows_l5_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_fixed_l9_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_escape_l13_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_unconverted_l17_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_generic_l21_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@__omp_offloading_10_20_reduce_l25_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 256, i32 -1, i32 -1, i32 8, i32 1024 }, ptr null, ptr null }

; CHECK: @__omp_offloading_10_20_rows_l5_thread_iterations = protected addrspace(1) constant i32 1
; CHECK: @__omp_offloading_10_20_fixed_l9_thread_iterations = protected addrspace(1) constant i32 4
; CHECK: @__omp_offloading_10_20_escape_l13_thread_iterations = protected addrspace(1) constant i32 1
; CHECK-NOT: _thread_iterations =

; A row loop whose length each iteration loads (CSR SpMV).
define ptx_kernel void @__omp_offloading_10_20_rows_l5(ptr %start, i32 %n) #0 {
entry:
  br label %team
team:
  %t = phi i32 [ 0, %entry ], [ %t.next, %team.latch ]
  br label %thread
thread:
  %i = phi i32 [ %t, %team ], [ %i.next, %thread.latch ]
  %at = getelementptr i32, ptr %start, i32 %i
  %len = load i32, ptr %at
  %some = icmp sgt i32 %len, 0
  br i1 %some, label %row, label %thread.latch
row:
  %k = phi i32 [ 0, %thread ], [ %k.next, %row ]
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %len
  br i1 %more, label %row, label %thread.latch
thread.latch:
  %i.next = add nsw i32 %i, 7
  %next = icmp slt i32 %i.next, %n
  br i1 %next, label %thread, label %team.latch
team.latch:
  %t.next = add nsw i32 %t, 1
  %again = icmp slt i32 %t.next, %n
  br i1 %again, label %team, label %exit
exit:
  ret void
}

; The same with eight steps each: equal iterations.
define ptx_kernel void @__omp_offloading_10_20_fixed_l9(ptr %start, i32 %n) #0 {
entry:
  br label %team
team:
  %t = phi i32 [ 0, %entry ], [ %t.next, %team.latch ]
  br label %thread
thread:
  %i = phi i32 [ %t, %team ], [ %i.next, %thread.latch ]
  br label %row
row:
  %k = phi i32 [ 0, %thread ], [ %k.next, %row ]
  %at = getelementptr i32, ptr %start, i32 %k
  store i32 %i, ptr %at
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, 8
  br i1 %more, label %row, label %thread.latch
thread.latch:
  %i.next = add nsw i32 %i, 7
  %next = icmp slt i32 %i.next, %n
  br i1 %next, label %thread, label %team.latch
team.latch:
  %t.next = add nsw i32 %t, 1
  %again = icmp slt i32 %t.next, %n
  br i1 %again, label %team, label %exit
exit:
  ret void
}

; An escape loop (Mandelbrot): its count depends on what it computes.
define ptx_kernel void @__omp_offloading_10_20_escape_l13(ptr %out, i32 %n) #0 {
entry:
  br label %team
team:
  %t = phi i32 [ 0, %entry ], [ %t.next, %team.latch ]
  br label %thread
thread:
  %i = phi i32 [ %t, %team ], [ %i.next, %thread.latch ]
  %c = sitofp i32 %i to double
  br label %escape
escape:
  %z = phi double [ 0.0, %thread ], [ %z.next, %escape ]
  %z2 = fmul double %z, %z
  %z.next = fadd double %z2, %c
  %inside = fcmp olt double %z.next, 4.0
  br i1 %inside, label %escape, label %thread.latch
thread.latch:
  %at = getelementptr double, ptr %out, i32 %i
  store double %z.next, ptr %at
  %i.next = add nsw i32 %i, 7
  %next = icmp slt i32 %i.next, %n
  br i1 %next, label %thread, label %team.latch
team.latch:
  %t.next = add nsw i32 %t, 1
  %again = icmp slt i32 %t.next, %n
  br i1 %again, label %team, label %exit
exit:
  ret void
}

; The row loop in a kernel GridStrideLoops did not convert, in a generic
; kernel and in a kernel that reduces across teams.
define ptx_kernel void @__omp_offloading_10_20_unconverted_l17(ptr %start, i32 %n) {
  call void @__omp_offloading_10_20_rows_l5(ptr %start, i32 %n)
  ret void
}

define ptx_kernel void @__omp_offloading_10_20_generic_l21(ptr %start, i32 %n) #0 {
  call void @__omp_offloading_10_20_rows_l5(ptr %start, i32 %n)
  ret void
}

define ptx_kernel void @__omp_offloading_10_20_reduce_l25(ptr %start, i32 %n) #0 {
  call void @__omp_offloading_10_20_rows_l5(ptr %start, i32 %n)
  ret void
}

attributes #0 = { "ompgpu-grid-stride" }

; REMARK: remark: <unknown>:0:0: the target region in 'rows' at line 5: the host launches teams for 1 iteration a thread, each team one block of the loop (its iterations do unequal work: a loop whose trip count changes from one iteration to the next)
; REMARK: remark: <unknown>:0:0: the target region in 'fixed' at line 9: the host launches teams for 4 iterations a thread, each team one block of the loop{{$}}
; REMARK: remark: <unknown>:0:0: the target region in 'escape' at line 13: the host launches teams for 1 iteration a thread, each team one block of the loop (its iterations do unequal work
; REMARK-NOT: remark
