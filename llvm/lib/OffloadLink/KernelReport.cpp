//===- KernelReport.cpp - What the device link made of each kernel --------===//
#include "ompgpu/OffloadLink/KernelReport.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/TargetRegionName.h"

#include "OffloadABI.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Format.h"

#include <tuple>

using namespace llvm;

namespace ompgpu {
namespace {

/// The origin of a kernel that clang named after its target region.
KernelOrigin originOf(const Function *Kernel, StringRef Symbol) {
  KernelOrigin Origin;
  std::optional<TargetRegionName> Region = parseTargetRegionName(Symbol);
  if (!Region)
    return Origin;
  Origin.Line = Region->Line;
  Origin.Function = demangle(Region->Function);
  if (!StringRef(Origin.Function).ends_with(")"))
    Origin.Function += "()";
  if (const DISubprogram *Debug = Kernel ? Kernel->getSubprogram() : nullptr)
    Origin.File = Debug->getFilename().str();
  return Origin;
}

std::string modeName(std::optional<int64_t> Mode) {
  if (!Mode)
    return "bare";
  if (const char *Name = ompgpuExecutionModeName(*Mode))
    return Name;
  return "mode " + std::to_string(*Mode);
}

/// A number, or "-" where there is none (0).
std::string orDash(uint64_t Value) {
  return Value ? std::to_string(Value) : "-";
}

} // namespace

std::vector<KernelReportRow>
describeKernels(const Module &Program, StringRef PTX,
                ArrayRef<KernelResources> Resources) {
  StringMap<PtxLaunchBounds> Bounds = parsePtxLaunchBounds(PTX);
  std::vector<KernelReportRow> Rows;
  for (const KernelResources &Kernel : Resources) {
    const Function *F = Program.getFunction(Kernel.Name);
    KernelReportRow Row;
    Row.Origin = originOf(F, Kernel.Name);
    // The environment says how the kernel runs; our passes keep it current.
    if (F)
      Row.ExecMode = kernelConfig(*F, OMPGPU_CONFIG_EXEC_MODE);
    Row.Resources = Kernel;
    // The launch contract (abi/OffloadABI.h): generic kernels keep their
    // main thread's data-sharing stack in dynamic shared memory.
    if (Row.ExecMode == OMP_TGT_EXEC_MODE_GENERIC)
      Row.DynamicSharedBytes = OMPGPU_DATA_SHARING_STACK_BYTES;
    Row.Bounds = Bounds.lookup(Kernel.Name);
    const MultiprocessorLimits *Limits =
        multiprocessorLimits(smVersion(Kernel.Arch));
    if (Limits && Row.Bounds.MaxThreads)
      Row.AtBound = theoreticalOccupancy(
          *Limits, {Row.Bounds.MaxThreads, Kernel.Registers,
                    Kernel.SharedBytes + Row.DynamicSharedBytes});
    Rows.push_back(std::move(Row));
  }
  llvm::stable_sort(
      Rows, [](const KernelReportRow &A, const KernelReportRow &B) {
        return std::tie(A.Origin.File, A.Origin.Function, A.Origin.Line) <
               std::tie(B.Origin.File, B.Origin.Function, B.Origin.Line);
      });
  return Rows;
}

void printKernelReport(raw_ostream &OS, StringRef Arch,
                       ArrayRef<KernelReportRow> Rows,
                       ArrayRef<LaunchBoundsDecision> Decisions) {
  OS << "offload report for " << Arch << ": " << Rows.size()
     << (Rows.size() == 1 ? " kernel" : " kernels");
  if (!multiprocessorLimits(smVersion(Arch)))
    OS << " (no occupancy: the limits of " << Arch << " are not known)";
  OS << "\n";
  // Column headers and widths; README.md explains each column.
  static const std::pair<const char *, int> Columns[] = {
      {"mode", -12},  {"regs", 5},   {"spill-st", 9}, {"spill-ld", 9},
      {"stack", 6},   {"smem", 6},   {"dyn-smem", 9}, {"maxntid", 8},
      {"minctas", 8}, {"blocks", 7}, {"warps", 7},    {"limit", -14},
      {"kernel", 0}};
  auto Cell = [&](unsigned Column, const std::string &Text) {
    int Width = Columns[Column].second;
    if (Column)
      OS << "  ";
    if (Width < 0)
      OS << left_justify(Text, -Width);
    else
      OS << right_justify(Text, Width);
  };
  for (unsigned C = 0; C < std::size(Columns); ++C)
    Cell(C, Columns[C].first);
  OS << "\n";
  for (const KernelReportRow &Row : Rows) {
    const KernelResources &R = Row.Resources;
    const std::optional<Occupancy> &Occ = Row.AtBound;
    Cell(0, modeName(Row.ExecMode));
    Cell(1, std::to_string(R.Registers));
    Cell(2, std::to_string(R.SpillStoreBytes));
    Cell(3, std::to_string(R.SpillLoadBytes));
    Cell(4, std::to_string(R.StackFrameBytes));
    Cell(5, std::to_string(R.SharedBytes));
    Cell(6, std::to_string(Row.DynamicSharedBytes));
    Cell(7, orDash(Row.Bounds.MaxThreads));
    Cell(8, orDash(Row.Bounds.MinBlocksPerSM));
    Cell(9, Occ ? std::to_string(Occ->Blocks) : "-");
    Cell(10,
         Occ ? std::to_string(Occ->Warps) + "/" + std::to_string(Occ->MaxWarps)
             : "-");
    Cell(11, Occ ? limiterName(Occ->Limiter).str() : "-");
    Cell(12, describeOrigin(Row.Origin, R.Name));
    OS << "\n";
  }
  std::vector<KernelResources> Final;
  for (const KernelReportRow &Row : Rows)
    Final.push_back(Row.Resources);
  for (const LaunchBoundsDecision &Decision : Decisions) {
    // A hint ptxas fitted at once is in the table's minctas column.
    if (Decision.Kind == LaunchBoundsDecision::KeptMinBlocks &&
        Decision.Tried.empty())
      continue;
    const KernelReportRow *Row = find_if(Rows, [&](const KernelReportRow &R) {
      return R.Resources.Name == Decision.Kernel;
    });
    OS << "revised: "
       << (Row != Rows.end() ? describeOrigin(Row->Origin, Decision.Kernel)
                             : Decision.Kernel)
       << ": " << describeDecision(Decision, Final) << "\n";
  }
}

std::string describeOrigin(const KernelOrigin &Origin, StringRef Symbol) {
  if (Origin.Function.empty())
    return Symbol.str();
  std::string Text = "target region in " + Origin.Function + " at line " +
                     std::to_string(Origin.Line);
  if (!Origin.File.empty())
    Text += " (" + Origin.File + ")";
  return Text;
}

std::string summarizeResources(const KernelResources &Kernel) {
  std::string Callees;
  if (Kernel.CumulativeStackBytes > Kernel.StackFrameBytes)
    Callees = " (" + std::to_string(Kernel.CumulativeStackBytes) +
              " with the functions it calls)";
  return (Kernel.Arch + " " + Kernel.Name + ": " + Twine(Kernel.Registers) +
          " registers, " + Twine(Kernel.Barriers) + " barriers, " +
          Twine(Kernel.StackFrameBytes) + " bytes stack frame" + Callees +
          ", " + Twine(Kernel.SpillStoreBytes) + " bytes spill stores, " +
          Twine(Kernel.SpillLoadBytes) + " bytes spill loads, " +
          Twine(Kernel.SharedBytes) + " bytes static shared memory")
      .str();
}

} // namespace ompgpu
