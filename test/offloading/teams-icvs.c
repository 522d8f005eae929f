// nteams-var and teams-thread-limit-var (OpenMP 5.2) inside and outside
// target regions. OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT set them for the
// host (libomp) and, through the device environment the host runtime
// writes, for the device, where omp_get_max_teams() and
// omp_get_teams_thread_limit() read them and teams regions without clauses
// launch that many teams of at most that many threads. omp_set_num_teams and
// omp_set_teams_thread_limit change the ICVs of the device they run on, so a
// target region on a GPU still sees the environment's values, and one that
// falls back to the host sees the host's. The program runs itself again with
// the variables set, so that it checks the same wherever it runs.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: host: nteams-var 3, teams-thread-limit-var 64
// CHECK: target region: nteams-var 3, teams-thread-limit-var 64
// CHECK: teams region: at most 3 teams of at most 64 threads: 1
// CHECK: host after omp_set_num_teams: 5 48
// CHECK: target region after omp_set_num_teams: its device's values: 1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  (void)argc;
  if (!getenv("OMP_NUM_TEAMS")) {
    setenv("OMP_NUM_TEAMS", "3", 1);
    setenv("OMP_TEAMS_THREAD_LIMIT", "64", 1);
    execv("/proc/self/exe", argv);
    perror("execv");
    return 1;
  }
  printf("host: nteams-var %d, teams-thread-limit-var %d\n",
         omp_get_max_teams(), omp_get_teams_thread_limit());

  int MaxTeams = 0, Limit = 0;
#pragma omp target map(from : MaxTeams, Limit)
  {
    MaxTeams = omp_get_max_teams();
    Limit = omp_get_teams_thread_limit();
  }
  printf("target region: nteams-var %d, teams-thread-limit-var %d\n", MaxTeams,
         Limit);

  int Teams = 0, Threads = 0;
#pragma omp target teams map(tofrom : Teams, Threads)
#pragma omp parallel
  {
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) {
      Teams = omp_get_num_teams();
      Threads = omp_get_num_threads();
    }
  }
  printf("teams region: at most 3 teams of at most 64 threads: %d\n",
         Teams >= 1 && Teams <= 3 && Threads >= 1 && Threads <= 64);

  omp_set_num_teams(5);
  omp_set_teams_thread_limit(48);
  printf("host after omp_set_num_teams: %d %d\n", omp_get_max_teams(),
         omp_get_teams_thread_limit());
  int Seen = 0;
#pragma omp target map(from : Seen)
  {
    int Expected = omp_is_initial_device() ? 5 : 3;
    int ExpectedLimit = omp_is_initial_device() ? 48 : 64;
    Seen = omp_get_max_teams() == Expected &&
           omp_get_teams_thread_limit() == ExpectedLimit;
  }
  printf("target region after omp_set_num_teams: its device's values: %d\n",
         Seen);
  return 0;
}
