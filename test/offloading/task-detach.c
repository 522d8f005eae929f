// detach with omp_fulfill_event: a detached task completes only once its body
// has finished and its event is fulfilled, in either order. taskwait, the end
// of a taskgroup and the end of a parallel region wait for the fulfilment;
// a task that depends on a detached one starts only after it. The event is
// fulfilled by the creating thread later, by another task, and before the
// detached body ends; in a generic kernel's sequential part and in an SPMD
// kernel.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic: later ok, by task ok, early ok, taskgroup ok
// CHECK: spmd: later ok, by task ok, early ok, taskgroup ok
// CHECK: region end: ok
#include <omp.h>
#include <stdio.h>

struct Results {
  int later, by_task, early, taskgroup;
};

#pragma omp declare target
static void run(struct Results *r) {
  // The creator fulfils the event after the body ran; a dependent task
  // waits until then.
  int body = 0, fulfilled = 0, dependent_saw = -1;
  omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : body) shared(body)
  body = 1;
#pragma omp task depend(in : body) shared(fulfilled, dependent_saw)
  dependent_saw = fulfilled;
  fulfilled = 1;
#pragma omp flush
  omp_fulfill_event(ev);
#pragma omp taskwait
  r->later = body == 1 && dependent_saw == 1;

  // Another task fulfils the event; taskwait waits for both.
  int done = 0;
  omp_event_handle_t ev2;
#pragma omp task detach(ev2) shared(done)
  done += 1;
#pragma omp task firstprivate(ev2) shared(done)
  {
    done += 10;
    omp_fulfill_event(ev2);
  }
#pragma omp taskwait
  r->by_task = done == 11;

  // The body fulfils its own event before it ends.
  int early = 0;
  omp_event_handle_t ev3;
#pragma omp task detach(ev3) shared(early)
  {
    omp_fulfill_event(ev3);
    early = 1;
  }
#pragma omp taskwait
  r->early = early == 1;

  // The end of a taskgroup waits for the event.
  int grouped = 0;
  omp_event_handle_t ev4;
#pragma omp taskgroup
  {
#pragma omp task detach(ev4) shared(grouped)
    grouped = 1;
#pragma omp task firstprivate(ev4)
    omp_fulfill_event(ev4);
  }
  r->taskgroup = grouped == 1;
}
#pragma omp end declare target

static void print(const char *kind, const struct Results *r) {
  printf("%s: later %s, by task %s, early %s, taskgroup %s\n", kind,
         r->later ? "ok" : "WRONG", r->by_task ? "ok" : "WRONG",
         r->early ? "ok" : "WRONG", r->taskgroup ? "ok" : "WRONG");
}

int main(void) {
  struct Results r = {0}, s = {0};
#pragma omp target map(tofrom : r)
  run(&r);
  print("generic", &r);
#pragma omp target parallel num_threads(32) map(tofrom : s)
#pragma omp single
  run(&s);
  print("spmd", &s);

  // The implicit barrier at the end of the region waits for the events,
  // fulfilled by each thread after it created its task.
  int flags[32] = {0}, threads = 0;
#pragma omp target parallel num_threads(32) map(tofrom : flags, threads)
  {
    int t = omp_get_thread_num();
    if (t == 0)
      threads = omp_get_num_threads();
    omp_event_handle_t e;
#pragma omp task detach(e) firstprivate(t) shared(flags)
    flags[t] = 1;
    omp_fulfill_event(e);
  }
  int ok = threads > 0;
  for (int t = 0; t < threads; ++t)
    ok &= flags[t] == 1;
  printf("region end: %s\n", ok ? "ok" : "WRONG");
  return 0;
}
