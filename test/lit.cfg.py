# lit configuration shared by every test folder. Substitutions:
#   %clang, %clangxx     our driver (build/bin)            %host-clang, %host-clangxx  stock clang-22
#   %offload             -fopenmp -fopenmp-targets=nvptx64  %ptxas                      CUDA's ptxas
#   %devicertl           build/lib/libompdevice-nvptx.bc    %libdevice                  CUDA's libdevice
#   %libomptarget-dir    build/lib                          %runtime-include            libomptarget/include
#   %abi-include         abi/ (OffloadABI.h)
#   %opt                 opt-22                             %ompgpu-plugin              build/lib/libOMPGPU.so (our passes)
#   %compile-plugin      build/lib/libOMPGPUCompile.so (what clang runs of ours on device code)
#   %run                 runs a test program with host fallback (no GPU here)
# Features: mpi (OpenMPI's mpicc and mpirun are on the PATH).
import os
import shutil
import lit.formats

config.name = "ompgpu"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "gpu", "lit.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.build_dir, "test")

bin_dir = os.path.join(config.build_dir, "bin")
lib_dir = os.path.join(config.build_dir, "lib")
config.environment["PATH"] = os.pathsep.join([bin_dir, config.llvm_bin, os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "CUDA_PATH", "LD_LIBRARY_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests run where there is no GPU: target regions fall back to the host unless a test says otherwise.
config.environment["OMP_TARGET_OFFLOAD"] = "default"

config.substitutions += [
    ("%clangxx", os.path.join(bin_dir, "clang++")),
    ("%clang", os.path.join(bin_dir, "clang")),
    ("%host-clangxx", config.host_clangxx),
    ("%host-clang", config.host_clang),
    ("%offload", "-fopenmp -fopenmp-targets=nvptx64"),
    ("%ptxas", config.ptxas),
    ("%libdevice", config.libdevice),
    ("%devicertl", os.path.join(lib_dir, "libompdevice-nvptx.bc")),
    ("%libomptarget-dir", lib_dir),
    ("%runtime-include", os.path.join(config.source_root, "libomptarget", "include")),
    ("%abi-include", os.path.join(config.source_root, "abi")),
    ("%default-arch", config.default_arch),
    ("%run", "env OMP_TARGET_OFFLOAD=default"),
    ("%opt", os.path.join(config.llvm_bin, "opt")),
    ("%llc", os.path.join(config.llvm_bin, "llc")),
    ("%ompgpu-plugin", os.path.join(lib_dir, "libOMPGPU.so")),
    ("%compile-plugin", os.path.join(lib_dir, "libOMPGPUCompile.so")),
]

# Feature "mpi": OpenMPI's mpicc and mpirun are on the PATH (utils/install-deps.sh installs them), for the
# MPI example's test; without them that test is UNSUPPORTED rather than failing.
if shutil.which("mpicc", path=config.environment["PATH"]) and shutil.which("mpirun", path=config.environment["PATH"]):
    config.available_features.add("mpi")
