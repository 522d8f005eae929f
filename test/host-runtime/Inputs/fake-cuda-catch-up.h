// For tests that read the fake CUDA driver's "device" memory directly: the
// fake runs queued work only when the host waits for it, as late as a GPU
// may; fakeCudaCatchUp() makes it run everything first, without the host
// waiting (so the runtime's own waits stay what the trace shows).
#ifndef FAKE_CUDA_CATCH_UP_H
#define FAKE_CUDA_CATCH_UP_H

#include <dlfcn.h>

static inline void fakeCudaCatchUp(void) {
  void *Driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  void (*CatchUp)(void) =
      Driver ? (void (*)(void))dlsym(Driver, "fakeCudaCatchUp") : 0;
  if (CatchUp)
    CatchUp();
}

#endif // FAKE_CUDA_CATCH_UP_H
