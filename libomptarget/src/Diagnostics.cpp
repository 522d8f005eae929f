//===- Diagnostics.cpp - Fatal errors and LIBOMPTARGET_INFO lines ---------===//
//
// Formats source locations from clang's ident_t strings and kernel names, and
// prints fatal errors and info lines.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "Environment.h"
#include "HostCaller.h"
#include "Registry.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>

using namespace omptarget;

static thread_local ConstructScope *CurrentScope = nullptr;

ConstructScope::ConstructScope(const ident_t *Loc)
    : Loc(Loc), Outer(CurrentScope) {
  CurrentScope = this;
}

ConstructScope::ConstructScope(const char *ApiName)
    : ApiName(ApiName), Outer(CurrentScope) {
  CurrentScope = this;
}

ConstructScope::~ConstructScope() { CurrentScope = Outer; }

const std::string &ConstructScope::where() {
  static const std::string Nowhere;
  ConstructScope *S = CurrentScope;
  if (!S)
    return Nowhere;
  if (!S->Where.empty())
    return S->Where;
  if (S->ApiName) {
    S->Where = S->ApiName;
    if (std::optional<Caller> C = findCaller())
      S->Where += ", called from function " + C->Function +
                  (C->File.empty() ? "" : " in " + C->File);
  } else {
    const char *Kernel = S->KernelName;
    if (!Kernel && S->RegionId)
      Kernel = Registry::get().kernelName(S->RegionId);
    S->Where = describeLocation(S->Loc, Kernel);
  }
  return S->Where;
}

std::string ConstructScope::describeCurrent() {
  if (!CurrentScope)
    return "";
  return (CurrentScope->ApiName ? "in " : "at ") + where();
}

/// Splits clang's ";a;b;c;...;;" strings into their fields.
static void splitFields(const char *S, std::string Fields[], int NumFields) {
  if (!S || *S != ';')
    return;
  ++S;
  for (int I = 0; I < NumFields && *S; ++I) {
    const char *End = strchr(S, ';');
    if (!End)
      End = S + strlen(S);
    Fields[I].assign(S, End - S);
    S = *End ? End + 1 : End;
  }
}

/// Kernel names use the parent function's mangled name; show C++ names the
/// way users wrote them.
static std::string demangle(const std::string &Name) {
  int Status = 0;
  char *Demangled =
      abi::__cxa_demangle(Name.c_str(), nullptr, nullptr, &Status);
  if (Status != 0 || !Demangled)
    return Name;
  std::string Result(Demangled);
  free(Demangled);
  return Result;
}

bool omptarget::parseKernelName(const char *KernelName, RegionSource &Region) {
  static const char Prefix[] = "__omp_offloading_";
  if (!KernelName || strncmp(KernelName, Prefix, sizeof(Prefix) - 1) != 0)
    return false;
  std::string Rest(KernelName + sizeof(Prefix) - 1);
  // The device and file numbers: two hexadecimal fields.
  uint32_t *Numbers[] = {&Region.DeviceId, &Region.FileId};
  for (uint32_t *Number : Numbers) {
    size_t Sep = Rest.find('_');
    if (Sep == std::string::npos || Sep == 0 ||
        Rest.find_first_not_of("0123456789abcdef") < Sep)
      return false;
    *Number = static_cast<uint32_t>(strtoul(Rest.c_str(), nullptr, 16));
    Rest.erase(0, Sep + 1);
  }
  // The function name may contain "_l<digits>" itself: the line is the last
  // such field, optionally followed by "_<count>" for several regions on one
  // line.
  auto IsDigits = [](const std::string &S, size_t From, size_t To) {
    if (From >= To)
      return false;
    for (size_t I = From; I < To; ++I)
      if (S[I] < '0' || S[I] > '9')
        return false;
    return true;
  };
  for (size_t Pos = Rest.rfind("_l"); Pos != std::string::npos && Pos > 0;
       Pos = Rest.rfind("_l", Pos - 1)) {
    size_t LineEnd = Rest.find('_', Pos + 2);
    if (LineEnd == std::string::npos)
      LineEnd = Rest.size();
    else if (!IsDigits(Rest, LineEnd + 1, Rest.size()))
      continue;
    if (!IsDigits(Rest, Pos + 2, LineEnd))
      continue;
    Region.MangledFunction = Rest.substr(0, Pos);
    Region.Function = demangle(Region.MangledFunction);
    Region.Line = Rest.substr(Pos + 2, LineEnd - Pos - 2);
    return true;
  }
  return false;
}

std::string omptarget::kernelSourceName(const char *KernelName) {
  RegionSource Region;
  if (!parseKernelName(KernelName, Region))
    return KernelName;
  return Region.Function + ":" + Region.Line;
}

/// The source file of the program function \p MangledName, from the file
/// numbers of a kernel of a target region in it; nullptr if it has none.
static const char *sourceFileOf(const std::string &MangledName) {
  for (const char *Kernel : Registry::get().kernelNames()) {
    RegionSource Region;
    if (parseKernelName(Kernel, Region) &&
        Region.MangledFunction == MangledName)
      return Registry::get().sourceFile(Region.DeviceId, Region.FileId);
  }
  return nullptr;
}

std::optional<Caller> omptarget::findCaller() {
  HostFunction Found = callerFunction();
  if (Found.Name.empty())
    return std::nullopt;
  // The path as compiled, from a kernel; else the symbol table's file name.
  const char *Path = sourceFileOf(Found.Name);
  return Caller{demangle(Found.Name), Path ? Path : Found.File};
}

std::string omptarget::describeLocation(const ident_t *Loc,
                                        const char *KernelName) {
  std::string Fields[4]; // file, function, line, column
  if (Loc)
    splitFields(Loc->PSource, Fields, 4);
  const std::string &File = Fields[0], &Function = Fields[1], &Line = Fields[2];
  if (!File.empty() && File != "unknown") {
    std::string Result = File + ":" + Line;
    if (!Function.empty() && Function != "unknown")
      Result += " (function " + demangle(Function) + ")";
    return Result;
  }
  RegionSource Region;
  if (parseKernelName(KernelName, Region)) {
    if (const char *Path =
            Registry::get().sourceFile(Region.DeviceId, Region.FileId))
      return std::string(Path) + ":" + Region.Line + " (function " +
             Region.Function + ")";
    return "function " + Region.Function + ", line " + Region.Line +
           " (compile with -g for the file name)";
  }
  std::optional<Caller> C = findCaller();
  if (!C)
    return "an unknown source location (compile with -g to name it)";
  if (!C->File.empty())
    return C->File + " (function " + C->Function +
           "; compile with -g for the line)";
  return "function " + C->Function + " (compile with -g for the file and line)";
}

std::string omptarget::describeVariable(const void *MapName) {
  std::string Fields[3]; // name, file, line
  splitFields(static_cast<const char *>(MapName), Fields, 3);
  if (Fields[0].empty())
    return "";
  std::string Result = "'" + Fields[0] + "'";
  if (!Fields[1].empty() && Fields[1] != "unknown")
    Result += " (" + Fields[1] + ":" + Fields[2] + ")";
  return Result;
}

static std::string vformat(const char *Fmt, va_list Args) {
  va_list Copy;
  va_copy(Copy, Args);
  int Size = vsnprintf(nullptr, 0, Fmt, Copy);
  va_end(Copy);
  std::string Result(Size > 0 ? Size : 0, '\0');
  if (Size > 0)
    vsnprintf(&Result[0], Size + 1, Fmt, Args);
  return Result;
}

std::string omptarget::format(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  std::string Result = vformat(Fmt, Args);
  va_end(Args);
  return Result;
}

static void (*FatalHook)(const std::string &Message) = nullptr;

void omptarget::setFatalHook(void (*Hook)(const std::string &Message)) {
  FatalHook = Hook;
}

void omptarget::fatal(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  std::string Message = vformat(Fmt, Args);
  va_end(Args);
  std::string Where = ConstructScope::describeCurrent();
  if (!Where.empty())
    Message += " " + Where;
  fflush(stdout);
  fprintf(stderr, "omptarget fatal error: %s\n", Message.c_str());
  if (FatalHook)
    FatalHook(Message);
  fflush(nullptr);
  // _Exit rather than exit: the error may be raised while a device lock is
  // held, and exit handlers (the program's __tgt_unregister_lib among them)
  // would then deadlock or touch a broken CUDA context.
  _Exit(1);
}

bool omptarget::infoEnabled() { return getEnvironment().Info; }

void omptarget::info(const char *Fmt, ...) {
  if (!infoEnabled())
    return;
  va_list Args;
  va_start(Args, Fmt);
  std::string Message = vformat(Fmt, Args);
  va_end(Args);
  fprintf(stderr, "omptarget info: %s\n", Message.c_str());
}
