// CUDA twin of jacobi.c (common/jacobi_twin.cuh).
#include "../common/jacobi_twin.cuh"

int main() { return jacobi_twin("jacobi2d", 4096); }
