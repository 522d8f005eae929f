// The driver runs the nested-teams rewrite (build/bin/ompgpu-nested-teams) on
// a source file with a nested teams region and has clang-22 compile the
// rewritten text in place of the file's, for the host and the device alike
// (-remap-file keeps the file's name). A file without nested or orphaned teams
// regions is compiled as it is, without the tool, and a line that compiles
// nothing does not run it either.
// RUN: %clang %offload -### -c %s -o %t.nested.o 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: %clang %offload -v -c %S/Inputs/scale.c -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang %offload -### %t.o -o %t 2>&1 | FileCheck %s --check-prefix=PLAIN
// NESTED: "{{[^"]*}}ompgpu-nested-teams" "--compiler" "{{[^"]*}}" "-o" "[[REWRITE:[^"]*]]" "{{[^"]*}}nested-teams-step.c" "--"
// NESTED: "-triple" "x86_64{{[^"]*}}"{{.*}} "-remap-file" "{{[^"]*}}nested-teams-step.c;[[REWRITE]]"
// NESTED: "-triple" "nvptx64-nvidia-cuda"{{.*}} "-remap-file" "{{[^"]*}}nested-teams-step.c;[[REWRITE]]"
// PLAIN-NOT: ompgpu-nested-teams
// PLAIN-NOT: -remap-file

void scale_rows(int rows, const int *start, double *v) {
#pragma omp target teams distribute parallel for map(to : start[:rows + 1]) map(tofrom : v[:start[rows]])
  for (int row = 0; row < rows; ++row) {
    int begin = start[row], end = start[row + 1];
#pragma omp teams distribute parallel for if (end - begin > 256)
    for (int e = begin; e < end; ++e)
      v[e] *= 2;
  }
}
