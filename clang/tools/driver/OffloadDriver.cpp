//===- OffloadDriver.cpp - build/bin/clang and build/bin/clang++ ----------===//
//
// Behaves exactly like clang-22 (it execs it with the same arguments) unless
// the command line compiles OpenMP or asks for OpenMP offloading. Then it adds
// what our offloading flow needs (see DriverOptions.h), and our omp.h to
// OpenMP compiles; the stock driver keeps doing every compile step, and at
// link time runs the clang-linker-wrapper that sits next to this executable,
// which performs the device link.
//
//===----------------------------------------------------------------------===//
#include "DriverOptions.h"
#include "NestedTeamsStep.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::string ownDirectory(const char *Argv0) {
  std::error_code EC;
  std::filesystem::path Self =
      std::filesystem::read_symlink("/proc/self/exe", EC);
  if (EC)
    Self = std::filesystem::absolute(Argv0);
  return Self.parent_path().string();
}

bool invokedAsCxx(const char *Argv0) {
  std::string Name = std::filesystem::path(Argv0).filename().string();
  return Name.find("++") != std::string::npos;
}

[[noreturn]] void execute(const std::string &Program,
                          const std::vector<std::string> &Args) {
  std::vector<char *> Argv;
  Argv.push_back(const_cast<char *>(Program.c_str()));
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  execv(Program.c_str(), Argv.data());
  std::fprintf(stderr, "clang: error: cannot run %s: %s\n", Program.c_str(),
               std::strerror(errno));
  std::_Exit(1);
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  const std::string Compiler =
      invokedAsCxx(Argv[0]) ? OMPGPU_HOST_CLANGXX : OMPGPU_HOST_CLANG;

  ompgpu::OffloadRequest Request = ompgpu::analyzeCommandLine(Args);
  ompgpu::takeDriverOptions(Args, Request);
  if (Request.Error) {
    std::fprintf(stderr, "clang: error: %s\n", Request.Error->c_str());
    return 1;
  }
  if (Request.Warning)
    std::fprintf(stderr, "clang: warning: %s\n", Request.Warning->c_str());
  const std::string ToolDir = ownDirectory(Argv[0]);
  if (Request.CompilesOpenMP)
    Args = ompgpu::addHostOpenMPHeader(std::move(Args),
                                       ToolDir + "/../include/host-openmp");
  if (!Request.Offloading)
    execute(Compiler, Args);
  Args = ompgpu::addOffloadingArguments(std::move(Args), Request, ToolDir,
                                        OMPGPU_DEFAULT_ARCH);
  if (!Request.CompilesSource)
    execute(Compiler, Args);
  // Files with nested teams regions are compiled from their rewritten text,
  // which is removed afterwards: clang-22 then runs as a child process.
  ompgpu::NestedTeamsRewrite Rewrite =
      ompgpu::rewriteNestedTeams(ompgpu::sourceInputs(Args), Args, Compiler,
                                 ToolDir + "/ompgpu-nested-teams");
  int Status = 1;
  if (!Rewrite.Failed) {
    if (Rewrite.Arguments.empty())
      execute(Compiler, Args);
    Args.insert(Args.end(), Rewrite.Arguments.begin(), Rewrite.Arguments.end());
    std::vector<std::string> Argv = {Compiler};
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    Status = ompgpu::runAndWait(Argv);
  }
  for (const std::string &File : Rewrite.Files)
    std::remove(File.c_str());
  return Status;
}
