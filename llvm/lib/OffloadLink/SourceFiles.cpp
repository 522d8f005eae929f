//===- SourceFiles.cpp - The files that kernel names refer to by number ---===//
#include "ompgpu/OffloadLink/SourceFiles.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace ompgpu {

std::optional<std::pair<uint32_t, uint32_t>>
targetRegionFileNumbers(StringRef Name) {
  uint64_t Device = 0, File = 0;
  if (!Name.consume_front("__omp_offloading_") ||
      Name.consumeInteger(16, Device) || !Name.consume_front("_") ||
      Name.consumeInteger(16, File) || !Name.consume_front("_"))
    return std::nullopt;
  return std::make_pair(static_cast<uint32_t>(Device),
                        static_cast<uint32_t>(File));
}

void SourceFileTable::addModule(const Module &M) {
  // clang numbers a file by sys::fs::getUniqueID of the path it compiles,
  // keeping the low 32 bits of each number.
  sys::fs::UniqueID ID;
  if (!sys::fs::getUniqueID(M.getSourceFileName(), ID))
    Files.try_emplace(Key(static_cast<uint32_t>(ID.getDevice()),
                          static_cast<uint32_t>(ID.getFile())),
                      M.getSourceFileName());
  // Regions in other files (headers) are known from debug information only.
  for (const Function &F : M)
    if (const DISubprogram *SP = F.getSubprogram())
      if (std::optional<Key> Numbers = targetRegionFileNumbers(F.getName()))
        Files.try_emplace(*Numbers, SP->getFilename().str());
}

} // namespace ompgpu
