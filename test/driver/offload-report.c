// -fopenmp-offload-report is the driver's own flag: it never reaches clang-22
// (which would reject it); on an offloading link it becomes the link step's
// --offload-report, handed over with -Xoffload-linker.
// RUN: %clang %offload -fopenmp-offload-report -### %s -o %t 2>&1 | FileCheck %s --check-prefix=LINK
// LINK-NOT: "-fopenmp-offload-report"
// LINK: clang-linker-wrapper"
// LINK-SAME: "--device-linker=--offload-report"

// The last of -fopenmp-offload-report and -fno-openmp-offload-report wins.
// RUN: %clang %offload -fopenmp-offload-report -fno-openmp-offload-report -### %s -o %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %clang %offload -fno-openmp-offload-report -### %s -o %t 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: "--device-linker=--offload-report"
// OFF-NOT: "-fopenmp-offload-report"

// Lines that do not link, or do not offload, accept it and ignore it, so that
// it may sit among the flags of every command of a build.
// RUN: %clang %offload -fopenmp-offload-report -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %clang -fopenmp-offload-report -### %s -o %t 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: warning:
// OFF-NOT: error:

// The link step rejects device-linker options it does not know, naming the
// one it takes.
// RUN: not %clang %offload -Xoffload-linker --no-such-option %s -o %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: clang-linker-wrapper: error: unsupported device linker option '--no-such-option' (the device link takes only --offload-report)
int main(void) {
  int x = 0;
#pragma omp target map(tofrom : x)
  x = 1;
  return !x;
}
