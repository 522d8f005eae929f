//===- RegistrationObject.cpp - Device images registered at program start ===//
#include "ompgpu/OffloadLink/RegistrationObject.h"
#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/Frontend/Offloading/OffloadWrapper.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace ompgpu {

Error writeRegistrationObject(ArrayRef<std::string> Images,
                              StringRef HostTriple, StringRef Path) {
  LLVMContext Context;
  Module M("offload-registration", Context);
  Triple TT(HostTriple);
  std::string Message;
  const Target *T = TargetRegistry::lookupTarget(TT, Message);
  if (!T)
    return linkError("no host target '" + HostTriple + "': " + Message);
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, "generic", "", TargetOptions(), Reloc::PIC_));
  M.setTargetTriple(TT);
  M.setDataLayout(TM->createDataLayout());

  SmallVector<ArrayRef<char>> ImageRefs;
  for (const std::string &Image : Images)
    ImageRefs.emplace_back(Image.data(), Image.size());
  if (Error E = offloading::wrapOpenMPBinaries(
          M, ImageRefs, offloading::getOffloadEntryArray(M)))
    return E;

  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return linkError("cannot write '" + Path + "': " + EC.message());
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, OS, nullptr,
                              CodeGenFileType::ObjectFile))
    return linkError("the host backend cannot emit an object file");
  CodeGen.run(M);
  return Error::success();
}

} // namespace ompgpu
