//===- KernelEnvironment.cpp - Reading and writing a kernel's environment -===//
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/AddressSpaces.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ompgpu {
namespace {

GlobalVariable *environmentOf(const Function &K) {
  GlobalVariable *Env = K.getParent()->getGlobalVariable(
      (K.getName() + OMPGPU_KERNEL_ENVIRONMENT_SUFFIX).str());
  return Env && Env->hasInitializer() ? Env : nullptr;
}

} // namespace

bool isKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration();
}

std::optional<int64_t> kernelConfig(const Function &K,
                                    ConfigurationMember Field) {
  GlobalVariable *Env = environmentOf(K);
  if (!Env)
    return std::nullopt;
  const Constant *Config = Env->getInitializer()->getAggregateElement(0u);
  auto *Value =
      Config ? dyn_cast_or_null<ConstantInt>(
                   Config->getAggregateElement(static_cast<unsigned>(Field)))
             : nullptr;
  if (!Value)
    return std::nullopt;
  return Value->getSExtValue();
}

bool reducesAcrossTeams(const Function &K) {
  return kernelConfig(K, OMPGPU_CONFIG_REDUCTION_DATA_SIZE).value_or(0) > 0;
}

bool setKernelConfig(Function &K, ConfigurationMember Field, int64_t Value) {
  GlobalVariable *Env = environmentOf(K);
  if (!Env)
    return false;
  auto *Initializer = dyn_cast<ConstantStruct>(Env->getInitializer());
  auto *Config =
      Initializer
          ? dyn_cast<ConstantStruct>(Initializer->getAggregateElement(0u))
          : nullptr;
  if (!Config)
    return false;
  unsigned Index = static_cast<unsigned>(Field);
  SmallVector<Constant *> Members;
  for (unsigned I = 0; I < Config->getNumOperands(); ++I)
    Members.push_back(Config->getOperand(I));
  Members[Index] = ConstantInt::get(Members[Index]->getType(), Value, true);
  SmallVector<Constant *> Outer;
  for (unsigned I = 0; I < Initializer->getNumOperands(); ++I)
    Outer.push_back(Initializer->getOperand(I));
  Outer[0] = ConstantStruct::get(Config->getType(), Members);
  Env->setInitializer(ConstantStruct::get(Initializer->getType(), Outer));
  return true;
}

namespace {
/// Gives kernel \p K the constant global "<kernel><Suffix>" with \p Init.
void addKernelGlobal(Function &K, StringRef Suffix, Constant *Init) {
  auto *Global = new GlobalVariable(
      *K.getParent(), Init->getType(), /*isConstant=*/true,
      GlobalValue::ExternalLinkage, Init, K.getName() + Suffix, nullptr,
      GlobalValue::NotThreadLocal, GlobalAddressSpace);
  Global->setVisibility(GlobalValue::ProtectedVisibility);
}
} // namespace

void addKernelWord(Function &K, StringRef Suffix, uint32_t Value) {
  addKernelGlobal(K, Suffix,
                  ConstantInt::get(Type::getInt32Ty(K.getContext()), Value));
}

void addKernelWords(Function &K, StringRef Suffix, ArrayRef<uint32_t> Words) {
  addKernelGlobal(K, Suffix, ConstantDataArray::get(K.getContext(), Words));
}

} // namespace ompgpu
