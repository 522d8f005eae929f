// The host program of grid-shaped-loops.ll: runs each kernel as every thread
// of the grid the host runtime would launch for it (its extents computed from
// the kernel's "<kernel>_grid_shape" words and its parameters, as
// LaunchGeometry does), with the special registers read from the variables
// below, and checks that each cell of the loop's grid was visited exactly
// once. Where that grid has one row of teams, the runtime launches the
// grid-stride path: one thread then steps through every iteration number.
#include <stdio.h>
#include <stdlib.h>

void sweep3(int a, int b, int c, long first, long step, int *count);
void sweep2_folded(int a, int c, long first, long step, int *count);
void sweep2_constant(int a, long first, long step, int *count);
void sweep2_narrow(int first, int step, int chunk_last, int *count);
extern const unsigned sweep3_grid_shape[8], sweep2_folded_grid_shape[8],
    sweep2_constant_grid_shape[8], sweep2_narrow_grid_shape[8];

static unsigned Thread, Threads, Team[3], Teams[3];
unsigned fake_tid_x(void) { return Thread; }
unsigned fake_ntid_x(void) { return Threads; }
unsigned fake_ctaid_x(void) { return Team[0]; }
unsigned fake_ctaid_y(void) { return Team[1]; }
unsigned fake_ctaid_z(void) { return Team[2]; }
unsigned fake_nctaid_y(void) { return Teams[1]; }
unsigned fake_nctaid_z(void) { return Teams[2]; }

// Extent D of a kernel whose parameters are Params (parameter p at p - 1).
static long extent(const unsigned *Words, int D, const long *Params) {
  unsigned Parameter = Words[2 + 2 * D], Offset = Words[3 + 2 * D];
  return (int)(Parameter ? (unsigned)Params[Parameter - 1] + Offset : Offset);
}

// The grid for the kernel's words, or 0 where the runtime would launch the
// grid-stride path.
static int shape(const unsigned *Words, const long *Params, unsigned Block) {
  long Extents[3] = {1, 1, 1};
  for (unsigned D = 0; D < Words[0]; ++D)
    Extents[D] = extent(Words, D, Params);
  unsigned Rows = Block / 32;
  Teams[0] = (Extents[0] + Words[1] + 31) / 32;
  Teams[1] = (Extents[1] + Rows - 1) / Rows;
  Teams[2] = Extents[2];
  return Teams[1] > 1 || Teams[2] > 1;
}

typedef void (*Run)(const long *Params, long First, long Step, int *Count);

// Runs the kernel over the grid, or its grid-stride path; prints how.
static void launch(const unsigned *Words, const long *Params, unsigned Block,
                   Run Kernel, int *Count) {
  Threads = Block;
  if (!shape(Words, Params, Block)) {
    Teams[1] = Teams[2] = 1;
    Thread = Team[0] = Team[1] = Team[2] = 0;
    printf("on the grid-stride path: ");
    Kernel(Params, 0, 1, Count);
    return;
  }
  printf("on %ux%ux%u teams of %u: ", Teams[0], Teams[1], Teams[2], Block);
  for (Team[2] = 0; Team[2] < Teams[2]; ++Team[2])
    for (Team[1] = 0; Team[1] < Teams[1]; ++Team[1])
      for (Team[0] = 0; Team[0] < Teams[0]; ++Team[0])
        for (Thread = 0; Thread < Block; ++Thread)
          Kernel(Params, 0, 1, Count);
}

static void run3(const long *P, long First, long Step, int *Count) {
  sweep3(P[0], P[1], P[2], First, Step, Count);
}
static void run2(const long *P, long First, long Step, int *Count) {
  sweep2_folded(P[0], P[1], First, Step, Count);
}
static void run2c(const long *P, long First, long Step, int *Count) {
  sweep2_constant(P[0], First, Step, Count);
}
static void run2n(const long *P, long First, long Step, int *Count) {
  (void)P;
  sweep2_narrow(First, Step, 899, Count);
}

// sweep3's cells: a x b rows of pitch c + 2, k from 1 to c.
static int check3(int a, int b, int c, unsigned Block) {
  long cells = (long)a * b * (c + 2);
  int *count = calloc(cells, sizeof(int));
  const long Params[] = {a, b, c};
  printf("sweep3 %dx%dx%d ", a, b, c);
  launch(sweep3_grid_shape, Params, Block, run3, count);
  int wrong = 0;
  for (long at = 0; at < cells; ++at) {
    int k = at % (c + 2);
    wrong += count[at] != (k >= 1 && k <= c);
  }
  free(count);
  printf("%d wrong\n", wrong);
  return wrong;
}

// Rows of pitch c + 3 (sweep2_folded) or 103 (sweep2_constant, c = 100 from
// 3), j from lo to c + lo - 1.
static int check2(int a, int c, int lo, unsigned Block) {
  int pitch = lo ? 103 : c + 3;
  long cells = (long)a * pitch;
  int *count = calloc(cells, sizeof(int));
  const long Params[] = {a, c};
  printf("%s %dx%d ", lo ? "sweep2_constant" : "sweep2_folded", a, c);
  if (lo)
    launch(sweep2_constant_grid_shape, Params, Block, run2c, count);
  else
    launch(sweep2_folded_grid_shape, Params, Block, run2, count);
  int wrong = 0;
  for (long at = 0; at < cells; ++at)
    wrong += count[at] != (at % pitch >= lo && at % pitch < c + lo);
  free(count);
  printf("%d wrong\n", wrong);
  return wrong;
}

// sweep2_narrow's cells: 9 rows of pitch 103, j from 2 to 101.
static int check2n(unsigned Block) {
  int *count = calloc(9 * 103, sizeof(int));
  printf("sweep2_narrow 9x100 ");
  launch(sweep2_narrow_grid_shape, NULL, Block, run2n, count);
  int wrong = 0;
  for (long at = 0; at < 9 * 103; ++at)
    wrong += count[at] != (at % 103 >= 2 && at % 103 < 102);
  free(count);
  printf("%d wrong\n", wrong);
  return wrong;
}

int main(void) {
  int wrong = 0;
  wrong += check3(3, 5, 990, 128);
  wrong += check3(2, 2, 2047, 128);
  wrong += check3(2, 9, 100, 96);
  wrong += check3(4, 4, 31, 128);
  wrong += check3(1, 1, 1, 128);
  wrong += check2(7, 1000, 0, 128);
  wrong += check2(9, 33, 0, 128);
  wrong += check2(2, 64, 0, 128);
  wrong += check2(9, 100, 3, 128);
  wrong += check2n(128);
  wrong += check2n(1024);
  printf("%s\n", wrong ? "FAILED" : "all cells once");
  return wrong != 0;
}
