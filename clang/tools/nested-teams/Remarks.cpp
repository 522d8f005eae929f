//===- Remarks.cpp - What the front-end step tells the user ---------------===//
#include "Remarks.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ompgpu {
namespace nested {

RemarkPrinter::RemarkPrinter(ArrayRef<std::string> CompileArgs) {
  // The last -Rpass-missed= decides, as in clang.
  for (StringRef Arg : CompileArgs)
    if (Arg.consume_front("-Rpass-missed="))
      Missed = Regex(Arg).match("ompgpu");
}

void RemarkPrinter::missed(StringRef File, unsigned Line, unsigned Column,
                           const Twine &Message) const {
  if (!Missed)
    return;
  raw_ostream &OS = errs();
  OS << File << ":" << Line << ":" << Column << ": ";
  WithColor(OS, HighlightColor::Remark) << "remark: ";
  OS << Message << " [-Rpass-missed=ompgpu]\n";
}

} // namespace nested
} // namespace ompgpu
