#!/bin/bash
# Builds every benchmark three ways into one folder for a GPU machine: with our toolchain ($BUILD/bin/clang), as
# its CUDA twin (nvcc) and with the upstream LLVM 19 stack (../shared/anchors). Adds the runtimes each needs
# and run.py, which runs them all and prints the tables of medians and ratios. resources.json holds registers,
# shared and local memory and local loads/stores per kernel of each variant (cuobjdump on cubins from a second,
# -save-temps build). A benchmark that does not build with one toolchain is reported and left out for it.
# The binaries and our runtime travel as one binaries.tar.xz (the CUDA twins each hold the same static CUDA
# runtime, which one archive stores once: 17 MB become 2), which run.py unpacks, so that the bundle stays
# well within what one device call may carry.
# usage: benchmarks/build.sh [OUT [NAME...]]
#   OUT    the bundle folder (default build/bench-bundle)
#   NAME   build only these: a benchmark (xs_lookup) or a folder of them (apps, data, forkjoin, spmd)
#   BUILD  the build folder whose toolchain is measured (default build, as for make); needs `make` done first
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench-bundle}
shift $(($# ? 1 : 0))
toolchain=$root/${BUILD:-build}
anchors=$root/../shared/anchors
arch=${BENCH_ARCH:-sm_90}
sources=()
for src in "$root"/benchmarks/*/*.c; do
  name=$(basename "$src" .c) folder=$(basename "$(dirname "$src")")
  if [ $# -eq 0 ] || printf '%s\n' "$@" | grep -qxF -e "$name" -e "$folder"; then sources+=("$src"); fi
done
[ ${#sources[@]} -gt 0 ] || { echo "build.sh: no benchmark matches: $*" >&2; exit 1; }

rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
# What binaries.tar.xz holds (bin/, lib-ours/) is gathered in $stage; the -save-temps builds for
# resources.json go to $temps, and the timed binaries are built exactly as before.
stage=$work/stage temps=$work/temps
mkdir -p "$stage/bin" "$stage/lib-ours" "$temps"
cubins=()
if [ -z "${UPSTREAM19:-}" ]; then eval "$("$anchors/setup.sh" | grep '^export')"; fi
# clang-19 packs device code with clang-offload-packager, which comes in clang-tools-19.
if [ ! -x /usr/lib/llvm-19/bin/clang-offload-packager ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang-tools-19 >/dev/null
fi
# resources.json needs cuobjdump and nvdisasm; without a CUDA toolkit that has them, PyPI's packages do.
if ! python3 "$root/benchmarks/resources.py" --find-tools; then
  python3 -m pip install -q nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm
fi

for src in "${sources[@]}"; do
  name=$(basename "$src" .c)
  # Extra compiler flags a benchmark asks for, the same for ours and upstream.
  flags=$(sed -n 's|^// BENCH-FLAGS: ||p' "$src")
  echo "building $name"
  # A benchmark whose construct a toolchain does not support fails to link with a clear message: report, go on.
  "$toolchain/bin/clang" -O3 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=$arch $flags "$src" -o "$stage/bin/$name.ours" -lm \
    || echo "warning: $name does not build with our toolchain yet"
  "$anchors/clang19-offload" -O3 $flags "$src" -o "$stage/bin/$name.upstream19" -lm 2>/dev/null \
    || echo "warning: $name does not build with upstream LLVM 19"
  cu=${src%.c}.cu
  if [ -f "$cu" ]; then
    # nvcc flags a twin asks for (dynamic parallelism: -rdc=true -lcudadevrt).
    nvflags=$(sed -n 's|^// BENCH-NVCC-FLAGS: ||p' "$cu")
    if nvcc -O3 -arch=$arch $nvflags "$cu" -o "$stage/bin/$name.cuda"; then cubins+=("$name.cuda=$stage/bin/$name.cuda")
    else echo "warning: $name's CUDA twin does not build"; fi
  fi
  # Same commands again with -save-temps, for the cubins: ours leaves <out>.<arch>.cubin, clang-19's linker
  # wrapper <out>.nvptx64.sm_90.img. Intermediate files land in the working directory.
  mkdir -p "$temps/$name" && pushd "$temps/$name" >/dev/null
  if "$toolchain/bin/clang" -O3 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=$arch $flags -save-temps "$src" \
       -o "$name.ours" -lm 2>/dev/null; then cubins+=("$name.ours=$PWD/$name.ours.$arch.cubin"); fi
  if "$anchors/clang19-offload" -O3 $flags -save-temps "$src" -o "$name.upstream19" -lm 2>/dev/null; then
    cubins+=("$name.upstream19=$(ls "$PWD/$name".upstream19.nvptx64.*.img | head -1)")  # clang19-offload: sm_90
  fi
  popd >/dev/null
done
python3 "$root/benchmarks/resources.py" "$out/resources.json" "${cubins[@]}"
cp "$toolchain/lib/libomptarget.so" "$stage/lib-ours/"
cp -L "$(ldd "$stage/bin/$(ls "$stage/bin" | grep '\.ours$' | head -1)" | awk '/libomp\.so\.5/{print $3}')" "$stage/lib-ours/"
tar -C "$stage" -cf - bin lib-ours | xz -9 -T0 >"$out/binaries.tar.xz"
cp "$UPSTREAM19/upstream19-runtime.tar.xz" "$out/"
cp "$root/benchmarks/run.py" "$out/"
du -sh "$out"
