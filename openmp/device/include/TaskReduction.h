//===- TaskReduction.h - Reductions over tasks ------------------*- C++ -*-===//
//
// task_reduction on taskgroup, the reduction clause of taskloop and
// reduction(task, ...) on parallel and worksharing constructs. Each
// reduction item of a taskgroup gets one private copy per thread that runs a
// participating task, made the first time the thread asks for it, so that
// tasks on one thread accumulate without atomics; the end of the taskgroup
// combines the copies into the item.
//
// With the task modifier every implicit task of the team has its own copy of
// the item (clang's), and the tasks any of them create may run on any
// thread: the team shares one set of per-thread copies, each implicit task
// looks the item up by its own copy's address, and at the end, once every
// task of the team has completed, each thread combines the copy that its
// tasks filled into its own implicit task's copy, which clang's ordinary
// reduction then combines.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_TASKREDUCTION_H
#define OMPGPU_DEVICE_TASKREDUCTION_H

#include "DeviceTypes.h"
#include "TaskRecords.h"

namespace ompgpu {
namespace tasks {

/// Kernel start: no team-shared reduction of the task modifier exists.
void initTeamReductions();

/// Group ends on the thread that began it: its items get every private
/// copy, and the items go.
void finishReductions(TaskgroupTy *Group);

} // namespace tasks
} // namespace ompgpu

#endif // OMPGPU_DEVICE_TASKREDUCTION_H
