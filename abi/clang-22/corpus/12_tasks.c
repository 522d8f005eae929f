// Tasks inside target regions: every clause of task, taskwait (with depend),
// taskyield, taskgroup, every dependence type and depobj, taskloop with its
// clauses (and the combined masked/master taskloop forms), task reductions
// (task_reduction, in_reduction, reduction(task, ...) on parallel, for and
// sections), detach with omp_fulfill_event, omp_in_final.
#include <omp.h>
struct Pair { int a, b; };
#pragma omp begin declare target
int fib(int n) {
  if (n < 2) return n;
  int x, y;
  #pragma omp task shared(x) final(n < 5) mergeable
  x = fib(n - 1);
  #pragma omp task shared(y) untied priority(2)
  y = fib(n - 2);
  #pragma omp taskwait
  return x + y;
}
#pragma omp end declare target
void f(int n, double *a, int *x) {
  int r = 0;
  #pragma omp target parallel map(tofrom: a[:n], x[:64], r)
  {
    #pragma omp single
    {
      int p = 1, q = 2;
      struct Pair pr = {1, 2};
      #pragma omp task if(n > 4) final(n > 8) mergeable untied priority(1) shared(x) firstprivate(p, pr) private(q)
      { q = p + pr.b; x[0] = q + omp_in_final(); }
      #pragma omp task if(0) shared(x)
      x[1] = 1;
      #pragma omp task depend(in: x[2]) depend(out: x[3]) depend(inout: x[4])
      x[3] = x[2] + x[4]++;
      #pragma omp task depend(mutexinoutset: x[5])
      x[5]++;
      #pragma omp task depend(inoutset: x[6])
      x[6]++;
      #pragma omp task depend(inout: omp_all_memory)
      x[7]++;
      omp_depend_t obj;
      #pragma omp depobj(obj) depend(inout: x[8])
      #pragma omp task depend(depobj: obj)
      x[8]++;
      #pragma omp depobj(obj) update(in)
      #pragma omp task depend(in: x[9]) if(0)
      x[9]++;
      #pragma omp depobj(obj) destroy
      #pragma omp task affinity(x[0:4])
      x[13]++;
      #pragma omp taskwait depend(in: x[3])
      #pragma omp taskwait
      #pragma omp taskyield
      omp_event_handle_t ev;
      #pragma omp task detach(ev)
      x[10] = 1;
      omp_fulfill_event(ev);
      int s = 0;
      #pragma omp taskgroup task_reduction(+: s)
      {
        #pragma omp task in_reduction(+: s)
        s += 1;
        #pragma omp taskloop in_reduction(+: s) grainsize(4)
        for (int i = 0; i < n; i++) s += i;
      }
      x[11] = s;
      #pragma omp taskloop grainsize(strict: 4)
      for (int i = 0; i < n; i++) a[i] += 1;
      #pragma omp taskloop num_tasks(8) nogroup
      for (int i = 0; i < n; i++) a[i] += 1;
      #pragma omp taskloop num_tasks(strict: 8) reduction(+: s)
      for (int i = 0; i < n; i++) s += i;
      #pragma omp taskloop collapse(2) lastprivate(p)
      for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) p = x[i * 8 + j];
      #pragma omp taskloop simd reduction(+: s)
      for (int i = 0; i < n; i++) s += i;
      x[12] = fib(10) + s + p;
    }
    #pragma omp masked taskloop
    for (int i = 0; i < n; i++) a[i] *= 2;
    #pragma omp master taskloop simd
    for (int i = 0; i < n; i++) a[i] *= 2;
    #pragma omp for reduction(task, +: r)
    for (int i = 0; i < n; i++) {
      #pragma omp task in_reduction(+: r)
      r += i;
    }
    #pragma omp sections reduction(task, +: r)
    {
      #pragma omp section
      {
        #pragma omp task in_reduction(+: r)
        r += 1;
      }
    }
  }
  int t = 0;
  #pragma omp target parallel reduction(task, +: t) map(tofrom: t)
  {
    #pragma omp task in_reduction(+: t)
    t += 1;
  }
  #pragma omp target map(tofrom: x[:4])
  {
    #pragma omp parallel masked taskloop num_tasks(4)
    for (int i = 0; i < 4; i++) x[i] = i;
    #pragma omp parallel master taskloop simd grainsize(2)
    for (int i = 0; i < 4; i++) x[i] += i;
  }
}
