#!/bin/bash
# Lists the runtime functions that clang-22 makes device and host code call, for the constructs in corpus/.
# Writes device.txt (what the device runtime must define) and host.txt (the __tgt_* entry points of the host
# runtime), one LLVM declaration a line, next to this script (abi/clang-22/ in the repository), whatever the
# current directory. Needs clang-22 and libomp-22-dev (for omp.h); see README.md here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); tmp=$(mktemp -d); trap 'rm -rf $tmp' EXIT
for src in "$here"/corpus/*; do
  base=$(basename "$src"); cc=clang-22; case $src in *.cpp) cc=clang++-22;; esac
  $cc -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -O0 -S -emit-llvm --offload-device-only "$src" -o "$tmp/$base.dev.ll"
  $cc -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -O0 -S -emit-llvm --offload-host-only "$src" -o "$tmp/$base.host.ll" 2>/dev/null
done
decls() { grep -h '^declare' "$@" | grep -v '@llvm\.' | sed -E 's/ #[0-9]+$//' | sort -u; }
{ echo "; device-side declarations clang-22 emits for corpus/ (sm_90, -O0): the device runtime defines these"; decls "$tmp"/*.dev.ll; } > "$here/device.txt"
{ echo "; host-side __tgt_* declarations clang-22 emits for corpus/: the host runtime defines these"; decls "$tmp"/*.host.ll | grep '@__tgt_'; } > "$here/host.txt"
echo "device: $(($(wc -l < "$here/device.txt") - 1)) declarations, host: $(($(wc -l < "$here/host.txt") - 1))"
