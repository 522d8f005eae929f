//===- Tasking.h - Tasks at the runtime's scheduling points -----*- C++ -*-===//
//
// What the rest of the runtime calls so that OpenMP tasks run: at kernel
// start and end, at team barriers and at the end of parallel regions.
//
// The design. A task runs at once on the thread that creates it (the floor
// OpenMP allows), unless all of these hold, in which case it waits in the
// team's ready queue for any thread of the team:
// - it binds to the block's active team (level 1), not to a region that
//   runs serialized;
// - it is not final (nor included in a final task);
// - none of its data refers to the creating thread's local memory: no word
//   of its private copies and shared block is an address in the local
//   window (__nvvm_isspacep_local), other than the key of a task reduction
//   it takes part in. Another thread that followed such an address would
//   read its own local memory. The link step's TaskSharedCaptures pass moves
//   what clang-22 leaves in local memory for tasks (captured values that
//   nobody writes after the task is created) into the task's own shared
//   block, so that most tasks qualify;
// - the queue holds fewer than a few tasks per thread (beyond that, running
//   the task at once costs less than queueing it).
// A task whose dependences are not met waits until its last predecessor
// completes, then joins the queue (to be run only by its creating thread when
// it does not qualify above).
//
// Scheduling points run queued tasks: a thread waiting at taskwait, at the
// end of a taskgroup or for its dependences (taskwait depend, undeferred
// tasks) runs descendants of the task it waits in, which keeps the task
// scheduling constraint of tied tasks (every task is tied on the device) and
// bounds the stack to the depth of the task tree; a thread waiting at a team
// barrier, or at the end of a parallel region, runs any task of its team.
// Threads that wait in a hardware barrier cannot be woken to run tasks, so in
// a program that creates tasks, team barriers count arrivals in shared memory
// and every thread runs tasks while it waits; the last to arrive waits until
// no task of the team is left, then releases the others. Programs without
// tasks keep their hardware barriers: the link step's ProgramTasks pass turns
// programCreatesTasks() into a constant, and every hook below folds away.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKING_H
#define OMPGPU_DEVICE_TASKING_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace tasks {

/// Whether the program calls __kmpc_omp_task_alloc anywhere; the link step
/// makes this a constant (OffloadABI.h).
extern uint8_t ProgramCreatesTasks __asm__(OMPGPU_PROGRAM_CREATES_TASKS_SYMBOL);
inline bool programCreatesTasks() { return ProgramCreatesTasks; }

/// Kernel start, before any thread of the block touches tasks: called by the
/// main thread of a generic kernel, and by every thread of an SPMD kernel.
void initTeam();

/// A team barrier of the thread with state State: returns once every thread
/// of the team arrived and every task of the team is complete.
void teamBarrier(uint8_t State);

/// Thread Tid of an active team of Threads threads with state State has
/// finished the region's body: the region's implicit barrier.
void endActiveRegion(uint32_t Tid, uint32_t Threads, uint8_t State);

/// Thread Tid, with state State, leaves a region that ran serialized: waits
/// for the tasks of that team of one.
void endSerializedRegion(uint32_t Tid, uint8_t State);

/// Thread Tid, with state State (level 0), ends the kernel: waits for its
/// tasks; the team is done with tasks once every thread of an SPMD block, or
/// the main thread of a generic kernel, has come here.
void endKernel(uint32_t Tid, uint8_t State);

} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKING_H
