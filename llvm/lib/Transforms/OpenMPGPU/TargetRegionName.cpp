//===- TargetRegionName.cpp - What clang's kernel names say ---------------===//
#include "ompgpu/Transforms/TargetRegionName.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ompgpu {

std::optional<TargetRegionName> parseTargetRegionName(StringRef Symbol) {
  TargetRegionName Name;
  StringRef Rest = Symbol;
  if (!Rest.consume_front("__omp_offloading_"))
    return std::nullopt;
  std::tie(Name.DeviceId, Rest) = Rest.split('_');
  std::tie(Name.FileId, Rest) = Rest.split('_');
  // The function's own name may contain "_l", so the line is the last one.
  size_t LinePos = Rest.rfind("_l");
  if (Name.DeviceId.empty() || Name.FileId.empty() ||
      LinePos == StringRef::npos ||
      Rest.drop_front(LinePos + 2)
          .take_while(isDigit)
          .getAsInteger(10, Name.Line))
    return std::nullopt;
  Name.Function = Rest.take_front(LinePos);
  return Name;
}

} // namespace ompgpu
