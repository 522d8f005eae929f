// depend clauses between sibling tasks: chains of out/in/inout on one
// variable (each task sees its predecessor's value), readers running after
// their writer and before the next writer, mutexinoutset (mutually
// exclusive, all before the next reader), inoutset (all after the earlier
// writer, all before the next reader), depobj (with update), omp_all_memory,
// taskwait with depend, and an undeferred task (if(0)) that waits for its
// predecessor; in a generic kernel's sequential part and in a single region
// of an SPMD kernel, where the tasks may run on other threads.
// RUN: %clang -O2 -fopenmp-version=52 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic: chain 64, readers ok, mutex 8, inoutset ok, depobj ok, all memory ok, taskwait depend ok, if0 ok
// CHECK: spmd: chain 64, readers ok, mutex 8, inoutset ok, depobj ok, all memory ok, taskwait depend ok, if0 ok
#include <omp.h>
#include <stdio.h>

enum { Chain = 64, Readers = 16, Sets = 8 };

struct Results {
  int chain, readers, mutex, inoutset, depobj, allmem, twdep, if0;
};

#pragma omp declare target
static void spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; ++i)
    x += i;
}

// Creates the tasks and checks what they saw; runs in one thread.
static void run(struct Results *r) {
  int x = 0, seen[Readers], y = 0, z = 0, w = 0, before_set = 0;
  int set_saw[Sets], after_set = -1;
  // A chain: each task adds one to what the previous one left.
  for (int i = 0; i < Chain; ++i) {
#pragma omp task depend(inout : x) shared(x)
    {
      spin(100 * (i % 3));
      x = x + 1;
    }
  }
  // Readers see the chain's end; the next writer waits for all of them.
  for (int i = 0; i < Readers; ++i) {
#pragma omp task depend(in : x) shared(x, seen)
    {
      spin(200);
      seen[i] = x;
    }
  }
#pragma omp task depend(out : x) shared(x)
  x = -1;
  // mutexinoutset: never two at once, all after the writer before them.
  int inside = 0, overlap = 0, count = 0;
#pragma omp task depend(out : y) shared(y)
  y = 100;
  for (int i = 0; i < Sets; ++i) {
#pragma omp task depend(mutexinoutset : y) shared(y, inside, overlap, count)
    {
      int now;
#pragma omp atomic capture
      now = ++inside;
      if (now != 1 || y < 100)
        overlap = 1;
      spin(300);
      count++;
#pragma omp atomic
      --inside;
    }
  }
  // inoutset: after the writer, before the next in.
#pragma omp task depend(out : z) shared(z, before_set)
  {
    spin(500);
    z = 7;
    before_set = 1;
  }
  for (int i = 0; i < Sets; ++i) {
#pragma omp task depend(inoutset : z) shared(z, set_saw)
    {
      spin(100);
      set_saw[i] = z;
#pragma omp atomic
      z += 0;
    }
  }
#pragma omp task depend(in : z) shared(set_saw, after_set)
  {
    int all = 1;
    for (int i = 0; i < Sets; ++i)
      all &= set_saw[i] == 7;
    after_set = all;
  }
  // depobj: the object names w, first as inout, then as in.
  omp_depend_t obj;
  int dep_first = 0, dep_second = -1;
#pragma omp depobj(obj) depend(inout : w)
#pragma omp task depend(depobj : obj) shared(w, dep_first)
  {
    spin(500);
    w = 42;
    dep_first = 1;
  }
#pragma omp depobj(obj) update(in)
#pragma omp task depend(depobj : obj) shared(w, dep_second)
  dep_second = w;
  // No 'depobj(obj) destroy': under -fopenmp-version=52 (omp_all_memory,
  // inoutset) clang-22 rejects both 'destroy' and 'destroy(obj)'.
  // omp_all_memory: after every earlier task with a dependence, before every
  // later one.
  int all_before = 0, all_saw = -1, all_after = -1;
#pragma omp task depend(out : all_before) shared(all_before)
  {
    spin(800);
    all_before = 5;
  }
#pragma omp task depend(inout : omp_all_memory) shared(all_before, all_saw)
  all_saw = all_before;
#pragma omp task depend(in : all_saw) shared(all_saw, all_after)
  all_after = all_saw;
  // taskwait depend waits only for what it names.
  int tw = 0;
#pragma omp task depend(out : tw) shared(tw)
  {
    spin(800);
    tw = 9;
  }
#pragma omp taskwait depend(in : tw)
  r->twdep = tw == 9;
  // An undeferred task waits for its predecessor, then runs at once.
  int u = 0, u_saw = -1;
#pragma omp task depend(out : u) shared(u)
  {
    spin(800);
    u = 11;
  }
#pragma omp task depend(in : u) if (0) shared(u, u_saw)
  u_saw = u;
  r->if0 = u_saw == 11;
#pragma omp taskwait
  r->chain = x == -1 ? Chain : -x; // the writer after the readers ran last
  int readers_ok = 1;
  for (int i = 0; i < Readers; ++i)
    readers_ok &= seen[i] == Chain;
  r->readers = readers_ok;
  r->mutex = overlap ? -1 : count;
  r->inoutset = before_set && after_set == 1;
  r->depobj = dep_first == 1 && dep_second == 42;
  r->allmem = all_saw == 5 && all_after == 5;
}
#pragma omp end declare target

static void print(const char *kind, const struct Results *r) {
  printf("%s: chain %d, readers %s, mutex %d, inoutset %s, depobj %s, all "
         "memory %s, taskwait depend %s, if0 %s\n",
         kind, r->chain, r->readers ? "ok" : "WRONG", r->mutex,
         r->inoutset ? "ok" : "WRONG", r->depobj ? "ok" : "WRONG",
         r->allmem ? "ok" : "WRONG", r->twdep ? "ok" : "WRONG",
         r->if0 ? "ok" : "WRONG");
}

int main(void) {
  struct Results r = {0};
#pragma omp target map(tofrom : r)
  run(&r);
  print("generic", &r);
  struct Results s = {0};
#pragma omp target parallel num_threads(64) map(tofrom : s)
#pragma omp single
  run(&s);
  print("spmd", &s);
  return 0;
}
