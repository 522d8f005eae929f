#!/bin/bash
# Installs the Debian packages the build and the tests need, once: a no-op when they are all there.
# Run by `make` before configuring; needs root (or sudo) only when something is missing.
# OpenMPI (mpicc, mpirun) is for examples/mpi-offload.c and its test, and for test/gpu/mpi-bundle.sh,
# which copies its runtime into a folder for GPU machines that have no MPI.
set -euo pipefail
pkgs=(clang-22 llvm-22 llvm-22-dev llvm-22-tools libclang-22-dev libomp-22-dev lld-22 cmake ninja-build python3 binutils
      openmpi-bin libopenmpi-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
