//===- Remarks.h - What the front-end step tells the user -------*- C++ -*-===//
//
// The link step's DeviceLaunches pass says which regions became child
// launches (-Rpass=ompgpu). Which nested regions stay inline, and why, only
// the front-end step knows: it says so under -Rpass-missed=ompgpu on the
// compile line, in clang's format.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_REMARKS_H
#define OMPGPU_NESTEDTEAMS_REMARKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompgpu {
namespace nested {

class RemarkPrinter {
public:
  /// Prints the remarks that \p CompileArgs ask for (-Rpass-missed=<regex>
  /// matching "ompgpu").
  explicit RemarkPrinter(llvm::ArrayRef<std::string> CompileArgs);

  /// "<file>:<line>:<column>: remark: <Message> [-Rpass-missed=ompgpu]".
  void missed(llvm::StringRef File, unsigned Line, unsigned Column,
              const llvm::Twine &Message) const;

private:
  bool Missed = false;
};

} // namespace nested
} // namespace ompgpu

#endif
