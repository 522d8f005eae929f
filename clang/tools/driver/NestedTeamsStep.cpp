//===- NestedTeamsStep.cpp - Running the nested-teams rewrite from the driver //
//
// Free of LLVM libraries like the rest of the driver: it reads the source
// files, runs the tool as a child process and names its outputs.
//
//===----------------------------------------------------------------------===//
#include "NestedTeamsStep.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace ompgpu {
namespace {

/// The words of an OpenMP pragma line ("teams", "distribute", ...), or none
/// if \p Line is not one.
std::vector<std::string> ompPragmaWords(const std::string &Line) {
  std::istringstream Words(Line);
  std::string Word;
  std::vector<std::string> Result;
  // "#pragma" and "# pragma" both start a pragma.
  if (!(Words >> Word) || Word.empty() || Word[0] != '#')
    return Result;
  if (Word == "#" && !(Words >> Word))
    return Result;
  if (Word != "#pragma" && Word != "pragma")
    return Result;
  if (!(Words >> Word) || Word != "omp")
    return Result;
  while (Words >> Word && std::isalpha(static_cast<unsigned char>(Word[0])))
    Result.push_back(Word);
  return Result;
}

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  Text = Buffer.str();
  return true;
}

} // namespace

int runAndWait(const std::vector<std::string> &Argv) {
  std::vector<char *> Pointers;
  for (const std::string &A : Argv)
    Pointers.push_back(const_cast<char *>(A.c_str()));
  Pointers.push_back(nullptr);
  pid_t Child;
  if (posix_spawn(&Child, Argv[0].c_str(), nullptr, nullptr, Pointers.data(),
                  environ) != 0) {
    std::fprintf(stderr, "clang: error: cannot run %s\n", Argv[0].c_str());
    return 1;
  }
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0)
    ;
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  return 128 + (WIFSIGNALED(Status) ? WTERMSIG(Status) : 0);
}

namespace {

/// A new empty file for the rewrite of \p Source, or "" if none can be made.
std::string temporaryFile(const std::string &Source) {
  const char *Dir = std::getenv("TMPDIR");
  std::string Base = Source.substr(Source.find_last_of('/') + 1);
  std::string Template = std::string(Dir && *Dir ? Dir : "/tmp") +
                         "/ompgpu-nested-" + Base + "-XXXXXX";
  int FD = mkstemp(&Template[0]);
  if (FD < 0)
    return "";
  close(FD);
  return Template;
}

/// Whether clang-22 prints its steps for \p Args (-v, -###): the rewrite is
/// one of them.
bool printsSteps(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (A == "-v" || A == "-###")
      return true;
  return false;
}

void printCommand(const std::vector<std::string> &Argv) {
  for (const std::string &A : Argv)
    std::fprintf(stderr, " \"%s\"", A.c_str());
  std::fprintf(stderr, "\n");
}

off_t fileSize(const std::string &Path) {
  struct stat Info;
  return stat(Path.c_str(), &Info) == 0 ? Info.st_size : 0;
}

} // namespace

bool mayNestTeams(const std::string &Text) {
  bool TargetTeams = false, DeclareTarget = false;
  std::istringstream Lines(Text);
  for (std::string Line; std::getline(Lines, Line);) {
    std::vector<std::string> Words = ompPragmaWords(Line);
    if (Words.empty())
      continue;
    if (Words[0] == "teams")
      return true;
    TargetTeams |=
        Words.size() > 1 && Words[0] == "target" && Words[1] == "teams";
    for (size_t I = 0; I + 1 < Words.size(); ++I)
      DeclareTarget |= Words[I] == "declare" && Words[I + 1] == "target";
  }
  return TargetTeams && DeclareTarget;
}

NestedTeamsRewrite rewriteNestedTeams(const std::vector<std::string> &Sources,
                                      const std::vector<std::string> &Args,
                                      const std::string &Compiler,
                                      const std::string &Tool) {
  NestedTeamsRewrite Result;
  for (const std::string &Source : Sources) {
    std::string Text;
    if (!readFile(Source, Text) || !mayNestTeams(Text))
      continue; // clang-22 reports a file it cannot read
    std::string Output = temporaryFile(Source);
    if (Output.empty()) {
      std::fprintf(stderr,
                   "clang: error: cannot create a temporary file for the "
                   "nested-teams rewrite of '%s'\n",
                   Source.c_str());
      Result.Failed = true;
      return Result;
    }
    std::vector<std::string> Argv = {Tool,   "--compiler", Compiler, "-o",
                                     Output, Source,       "--"};
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    if (printsSteps(Args))
      printCommand(Argv);
    bool Ran = runAndWait(Argv) == 0;
    // The tool writes nothing when the file has nothing to rewrite.
    if (!Ran || fileSize(Output) == 0) {
      std::remove(Output.c_str());
      if (Ran)
        continue;
      Result.Failed = true;
      return Result;
    }
    Result.Files.push_back(Output);
    for (const std::string &A :
         {std::string("-Xclang"), std::string("-remap-file"),
          std::string("-Xclang"), Source + ";" + Output})
      Result.Arguments.push_back(A);
  }
  return Result;
}

} // namespace ompgpu
