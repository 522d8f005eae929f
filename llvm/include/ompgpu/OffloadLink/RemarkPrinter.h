//===- RemarkPrinter.h - Optimization remarks of the device link ----------===//
//
// clang-22 hands the link step the user's -Rpass=, -Rpass-missed= and
// -Rpass-analysis= options as --device-compiler=<triple>=-Rpass=<regex>. The
// device program is optimized here, so here is where its remarks are printed:
// those whose pass name matches the option's regular expression, on stderr,
// as clang prints its own ("file:line:col: remark: ... [-Rpass=ompgpu]").
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_REMARKPRINTER_H
#define OMPGPU_OFFLOADLINK_REMARKPRINTER_H

#include "llvm/IR/LLVMContext.h"

#include <string>

namespace ompgpu {

/// The regular expressions of -Rpass=, -Rpass-missed= and -Rpass-analysis=
/// ("" where the option was not given).
struct RemarkFilters {
  std::string Passed;
  std::string Missed;
  std::string Analysis;
  bool any() const {
    return !Passed.empty() || !Missed.empty() || !Analysis.empty();
  }
};

/// Makes \p Context print the optimization remarks \p Filters select; other
/// diagnostics print as LLVM prints them.
void printRemarks(llvm::LLVMContext &Context, const RemarkFilters &Filters);

} // namespace ompgpu

#endif
