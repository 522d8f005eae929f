; The MemoryParallelism pass: a kernel that runs a loop whose load address
; comes from another load of the loop (x[col[k]]), here through a function it
; calls, asks ptxas for 1024 threads' worth of blocks (.minnctapersm 4 for
; blocks of 256), marked as a hint the link step may revise once ptxas has
; compiled it. A kernel whose loop only streams, one whose loop reloads the
; same pointer (a broadcast through shared memory) before each streaming
; load, a gathering kernel without a block bound and one that has its own
; minimum keep their attributes. Blocks of 32 threads ask for 16 blocks, not
; 32: no more than the smallest multiprocessor holds.
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-memory-parallelism -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %ompgpu-plugin -passes=ompgpu-memory-parallelism -disable-output \
; RUN:   -pass-remarks=ompgpu -pass-remarks-missed=ompgpu -pass-remarks-analysis=ompgpu %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
target triple = "nvptx64-nvidia-cuda"

@broadcast_a = internal addrspace(3) global ptr poison
@broadcast_b = internal addrspace(3) global ptr poison

; CHECK: define ptx_kernel void @__omp_offloading_10_20_spmv_l7({{.*}}) #[[GATHER:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_spmv_l7(ptr %col, ptr %x, ptr %y, i64 %n) #0 {
  call void @gather(ptr %col, ptr %x, ptr %y, i64 %n)
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_triad_l20({{.*}}) #[[STREAM:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_triad_l20(ptr %a, ptr %b, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %from = getelementptr double, ptr %b, i64 %i
  %v = load double, ptr %from
  %to = getelementptr double, ptr %a, i64 %i
  store double %v, ptr %to
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_broadcast_l25({{.*}}) #[[STREAM]]
define ptx_kernel void @__omp_offloading_10_20_broadcast_l25(i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %b = load ptr, ptr addrspace(3) @broadcast_b, align 8
  %from = getelementptr double, ptr %b, i64 %i
  %v = load double, ptr %from
  %a = load ptr, ptr addrspace(3) @broadcast_a, align 8
  %to = getelementptr double, ptr %a, i64 %i
  store double %v, ptr %to
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_unbounded_l30({{.*}}) {
define ptx_kernel void @__omp_offloading_10_20_unbounded_l30(ptr %col, ptr %x, ptr %y, i64 %n) {
  call void @gather(ptr %col, ptr %x, ptr %y, i64 %n)
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_tuned_l40({{.*}}) #[[TUNED:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_tuned_l40(ptr %col, ptr %x, ptr %y, i64 %n) #1 {
  call void @gather(ptr %col, ptr %x, ptr %y, i64 %n)
  ret void
}

; CHECK: define ptx_kernel void @__omp_offloading_10_20_narrow_l50({{.*}}) #[[NARROW:[0-9]+]]
define ptx_kernel void @__omp_offloading_10_20_narrow_l50(ptr %col, ptr %x, ptr %y, i64 %n) #2 {
  call void @gather(ptr %col, ptr %x, ptr %y, i64 %n)
  ret void
}

define internal void @gather(ptr %col, ptr %x, ptr %y, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %add, %loop ]
  %colk = getelementptr i32, ptr %col, i64 %k
  %j = load i32, ptr %colk
  %jext = sext i32 %j to i64
  %xj = getelementptr double, ptr %x, i64 %jext
  %v = load double, ptr %xj
  %add = fadd double %sum, %v
  %next = add i64 %k, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  store double %add, ptr %y
  ret void
}

attributes #0 = { "nvvm.maxntid"="256" }
attributes #1 = { "nvvm.maxntid"="256" "nvvm.minctasm"="1" }
attributes #2 = { "nvvm.maxntid"="32" }

; CHECK-DAG: attributes #[[GATHER]] = { "nvvm.maxntid"="256" "nvvm.minctasm"="4" "ompgpu-revisable-minctasm" }
; CHECK-DAG: attributes #[[STREAM]] = { "nvvm.maxntid"="256" }
; CHECK-DAG: attributes #[[TUNED]] = { "nvvm.maxntid"="256" "nvvm.minctasm"="1" }
; CHECK-DAG: attributes #[[NARROW]] = { "nvvm.maxntid"="32" "nvvm.minctasm"="16" "ompgpu-revisable-minctasm" }

; REMARK: remark: <unknown>:0:0: the target region in 'spmv' at line 7 gathers in a loop here (the load's address comes from another load of the loop): ptxas is asked to fit only 4 blocks of 256 threads per multiprocessor (.minnctapersm)
; REMARK: remark: <unknown>:0:0: the target region in 'triad' at line 20 does not gather in a loop
; REMARK: remark: <unknown>:0:0: the target region in 'broadcast' at line 25 does not gather in a loop
; REMARK: remark: <unknown>:0:0: the target region in 'unbounded' at line 30 gathers in a loop here, but has no block-size bound
; REMARK: remark: <unknown>:0:0: the target region in 'tuned' at line 40 keeps the .minnctapersm it was given
