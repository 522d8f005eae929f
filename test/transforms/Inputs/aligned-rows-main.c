// The host program of aligned-rows.ll: runs its kernels as one thread that
// steps through every iteration number the loop has (padded or not) and
// checks that each cell of the loop's grid was visited exactly once.
#include <stdio.h>
#include <stdlib.h>

void sweep3(int a, int b, int c, long first, long step, int *count);
void sweep2_folded(int a, int c, long first, long step, int *count);

// sweep3's cells: a x b rows of pitch c + 2, k from 1 to c.
static int check3(int a, int b, int c) {
  long cells = (long)a * b * (c + 2);
  int *count = calloc(cells, sizeof(int));
  sweep3(a, b, c, 0, 1, count);
  int wrong = 0;
  for (long at = 0; at < cells; ++at) {
    int k = at % (c + 2);
    wrong += count[at] != (k >= 1 && k <= c);
  }
  free(count);
  printf("sweep3 %dx%dx%d: %d wrong\n", a, b, c, wrong);
  return wrong;
}

// sweep2_folded's cells: a rows of pitch c + 3, j from 0 to c - 1.
static int check2(int a, int c) {
  long cells = (long)a * (c + 3);
  int *count = calloc(cells, sizeof(int));
  sweep2_folded(a, c, 0, 1, count);
  int wrong = 0;
  for (long at = 0; at < cells; ++at)
    wrong += count[at] != (at % (c + 3) < c);
  free(count);
  printf("sweep2_folded %dx%d: %d wrong\n", a, c, wrong);
  return wrong;
}

int main(void) {
  int wrong = 0;
  // Rows of 990 and 2047 are padded (to 992 and 2048 with the offset 1);
  // 100 and 31 are too short for it; 1 is a row of one.
  const int shapes3[][3] = {{3, 5, 990}, {2, 2, 2047}, {2, 3, 100},
                            {4, 4, 31},  {1, 1, 1},    {3, 1, 992}};
  for (unsigned s = 0; s < sizeof shapes3 / sizeof shapes3[0]; ++s)
    wrong += check3(shapes3[s][0], shapes3[s][1], shapes3[s][2]);
  const int shapes2[][2] = {{7, 1000}, {5, 4094}, {9, 33}, {2, 64}};
  for (unsigned s = 0; s < sizeof shapes2 / sizeof shapes2[0]; ++s)
    wrong += check2(shapes2[s][0], shapes2[s][1]);
  printf("%s\n", wrong ? "FAILED" : "all cells once");
  return wrong != 0;
}
