//===- RegistrationObject.cpp - Device images registered at program start ===//
#include "ompgpu/OffloadLink/RegistrationObject.h"
#include "ompgpu/OffloadLink/Commands.h"
#include "ompgpu/OffloadLink/VTableEntries.h"

#include "OffloadABI.h"

#include "llvm/Frontend/Offloading/OffloadWrapper.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <map>

using namespace llvm;

namespace ompgpu {
namespace {

/// Builds the constants of an OffloadManifestTy in a module.
class ManifestBuilder {
public:
  explicit ManifestBuilder(Module &M)
      : M(M), Ctx(M.getContext()), Ptr(PointerType::getUnqual(Ctx)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)) {}

  Constant *build(ArrayRef<RegisteredImage> Images,
                  const SourceFileTable &Files) {
    StructType *ImageInfoTy = StructType::get(Ctx, {Ptr, I64, I64});
    std::vector<Constant *> PerImage;
    for (const RegisteredImage &Image : Images)
      PerImage.push_back(ConstantStruct::get(
          ImageInfoTy, {symbolArray(Image.Symbols),
                        ConstantInt::get(I64, Image.Symbols.size()),
                        ConstantInt::get(I64, Image.Uses)}));
    StructType *FileTy = StructType::get(Ctx, {I32, I32, Ptr});
    std::vector<Constant *> FileRecords;
    for (const auto &[Numbers, Path] : Files.files())
      FileRecords.push_back(ConstantStruct::get(
          FileTy, {ConstantInt::get(I32, Numbers.first),
                   ConstantInt::get(I32, Numbers.second), string(Path)}));
    StructType *ManifestTy = StructType::get(Ctx, {I32, I32, Ptr, Ptr, I64});
    Constant *Manifest = ConstantStruct::get(
        ManifestTy,
        {ConstantInt::get(I32, OMPGPU_MANIFEST_VERSION),
         ConstantInt::get(I32, Images.size()),
         array(ImageInfoTy, PerImage, ".omp_offloading.manifest.images"),
         array(FileTy, FileRecords, ".omp_offloading.manifest.files"),
         ConstantInt::get(I64, FileRecords.size())});
    return global(Manifest, ".omp_offloading.manifest");
  }

private:
  Constant *global(Constant *Init, const Twine &Name) {
    auto *G = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                 GlobalValue::PrivateLinkage, Init, Name);
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    return G;
  }

  Constant *string(StringRef S) {
    auto [It, New] = Strings.try_emplace(S.str(), nullptr);
    if (New)
      It->second = global(ConstantDataArray::getString(Ctx, S),
                          ".omp_offloading.manifest.name");
    return It->second;
  }

  Constant *array(Type *ElementTy, ArrayRef<Constant *> Elements,
                  const Twine &Name) {
    if (Elements.empty())
      return ConstantPointerNull::get(Ptr);
    return global(ConstantArray::get(ArrayType::get(ElementTy, Elements.size()),
                                     Elements),
                  Name);
  }

  /// Images of one architecture (its cubin and PTX) share one array.
  Constant *symbolArray(const std::vector<std::string> &Symbols) {
    auto [It, New] = SymbolArrays.try_emplace(Symbols, nullptr);
    if (New) {
      std::vector<Constant *> Names;
      for (const std::string &S : Symbols)
        Names.push_back(string(S));
      It->second = array(Ptr, Names, ".omp_offloading.manifest.symbols");
    }
    return It->second;
  }

  Module &M;
  LLVMContext &Ctx;
  PointerType *Ptr;
  IntegerType *I32, *I64;
  std::map<std::string, Constant *> Strings;
  std::map<std::vector<std::string>, Constant *> SymbolArrays;
};

/// LLVM's wrapper writes a constructor calling __tgt_register_lib(Desc); ours
/// calls __ompgpu_register_lib(Desc, Manifest) instead.
Error registerWithManifest(Module &M, Constant *Manifest) {
  Function *Register = M.getFunction("__tgt_register_lib");
  if (!Register || Register->user_empty())
    return linkError("LLVM's offload wrapper wrote no call of "
                     "__tgt_register_lib (a changed LLVM?)");
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  FunctionCallee WithManifest = M.getOrInsertFunction(
      OMPGPU_REGISTER_LIB_SYMBOL, Type::getVoidTy(M.getContext()), Ptr, Ptr);
  for (User *U : make_early_inc_range(Register->users())) {
    auto *Call = cast<CallInst>(U);
    IRBuilder<> Builder(Call);
    Builder.CreateCall(WithManifest, {Call->getArgOperand(0), Manifest});
    Call->eraseFromParent();
  }
  Register->eraseFromParent();
  return Error::success();
}

} // namespace

Error writeRegistrationObject(ArrayRef<RegisteredImage> Images,
                              const SourceFileTable &Files,
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
  for (const RegisteredImage &Image : Images)
    ImageRefs.emplace_back(Image.Bytes.data(), Image.Bytes.size());
  if (Error E = offloading::wrapOpenMPBinaries(
          M, ImageRefs, offloading::getOffloadEntryArray(M)))
    return E;
  std::vector<std::string> Symbols;
  for (const RegisteredImage &Image : Images)
    Symbols.insert(Symbols.end(), Image.Symbols.begin(), Image.Symbols.end());
  emitVTableEntries(M, Symbols);
  if (Error E =
          registerWithManifest(M, ManifestBuilder(M).build(Images, Files)))
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
