//===- RemarkPrinter.cpp - Optimization remarks of the device link --------===//
#include "ompgpu/OffloadLink/RemarkPrinter.h"

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

using namespace llvm;

namespace ompgpu {
namespace {

class RemarkPrinter final : public DiagnosticHandler {
public:
  explicit RemarkPrinter(const RemarkFilters &Filters)
      : Passed(compile(Filters.Passed)), Missed(compile(Filters.Missed)),
        Analysis(compile(Filters.Analysis)) {}

  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return matches(Passed, PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return matches(Missed, PassName);
  }
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return matches(Analysis, PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Passed || Missed || Analysis;
  }

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    const auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
    if (!Remark)
      return false; // LLVM prints warnings and errors itself
    if (!Remark->isEnabled())
      return true;
    raw_ostream &OS = errs();
    if (Remark->isLocationAvailable())
      OS << Remark->getLocationStr() << ": ";
    WithColor(OS, HighlightColor::Remark) << "remark: ";
    OS << Remark->getMsg() << " [" << optionOf(*Remark) << "="
       << Remark->getPassName() << "]\n";
    return true;
  }

private:
  static std::optional<Regex> compile(const std::string &Pattern) {
    if (Pattern.empty())
      return std::nullopt;
    return Regex(Pattern);
  }
  static bool matches(const std::optional<Regex> &Filter, StringRef PassName) {
    return Filter && Filter->match(PassName);
  }
  static StringRef optionOf(const DiagnosticInfoOptimizationBase &Remark) {
    switch (Remark.getKind()) {
    case DK_OptimizationRemark:
    case DK_MachineOptimizationRemark:
      return "-Rpass";
    case DK_OptimizationRemarkMissed:
    case DK_MachineOptimizationRemarkMissed:
      return "-Rpass-missed";
    default:
      return "-Rpass-analysis";
    }
  }

  std::optional<Regex> Passed, Missed, Analysis;
};

} // namespace

void printRemarks(LLVMContext &Context, const RemarkFilters &Filters) {
  Context.setDiagnosticHandler(std::make_unique<RemarkPrinter>(Filters));
}

} // namespace ompgpu
