//===- KernelReport.h - What the device link made of each kernel ----------===//
//
// The per-kernel report of -fopenmp-offload-report: for each architecture,
// one row per kernel with its execution mode, registers, spills, stack,
// static and dynamic shared memory, launch bounds and theoretical occupancy,
// named in source terms. The numbers come from ptxas (PtxasResources.h), the
// bounds from the PTX, the mode from the kernel environment of the optimized
// device program, the dynamic shared memory from the launch contract. Launch
// bounds the link step revised from ptxas' report follow the table.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_KERNELREPORT_H
#define OMPGPU_OFFLOADLINK_KERNELREPORT_H

#include "ompgpu/OffloadLink/LaunchBoundsPolicy.h"
#include "ompgpu/OffloadLink/Occupancy.h"
#include "ompgpu/OffloadLink/PtxLaunchBounds.h"
#include "ompgpu/OffloadLink/PtxasResources.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace ompgpu {

/// Where a kernel comes from, in source terms.
struct KernelOrigin {
  /// The function holding the target region ("main()", "foo(int)"); empty
  /// for kernels clang did not name after a target region.
  std::string Function;
  unsigned Line = 0;
  std::string File; ///< Known where the program was compiled with -g.
};

/// One kernel of the report.
struct KernelReportRow {
  KernelOrigin Origin;
  /// OMP_TGT_EXEC_MODE_* from the kernel environment; none for bare kernels
  /// (ompx_bare), which have no environment.
  std::optional<int64_t> ExecMode;
  KernelResources Resources;
  /// What the host runtime gives each block on top of the program's own
  /// request: the data-sharing stack of generic kernels.
  uint64_t DynamicSharedBytes = 0;
  PtxLaunchBounds Bounds;
  /// At Bounds.MaxThreads threads per block, the default launch; none
  /// without a bound or without limits for the architecture.
  std::optional<Occupancy> AtBound;
};

/// The rows for the kernels ptxas compiled from \p PTX, which the device link
/// made from \p Program (after optimization), in source order.
std::vector<KernelReportRow>
describeKernels(const llvm::Module &Program, llvm::StringRef PTX,
                llvm::ArrayRef<KernelResources> Resources);

/// Prints the report of one architecture as a table with a header, then a
/// line for each launch bound the link step revised (\p Decisions).
void printKernelReport(llvm::raw_ostream &OS, llvm::StringRef Arch,
                       llvm::ArrayRef<KernelReportRow> Rows,
                       llvm::ArrayRef<LaunchBoundsDecision> Decisions);

/// "target region in main() at line 42 (app.c)", or \p Symbol for kernels
/// clang did not name after a target region.
std::string describeOrigin(const KernelOrigin &Origin, llvm::StringRef Symbol);

/// One line with everything ptxas said about \p Kernel, for -v.
std::string summarizeResources(const KernelResources &Kernel);

} // namespace ompgpu

#endif
