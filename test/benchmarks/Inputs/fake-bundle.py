#!/usr/bin/env python3
"""Makes a benchmark bundle as build.sh lays it out, with shell scripts for
binaries, so that run.py's rounds, timeouts, budget and tables can be tested
without a GPU: binaries.tar.xz (bin/, lib-ours/), upstream19-runtime.tar.xz
and run.py.
usage: fake-bundle.py OUT
"""
import io
import os
import shutil
import sys
import tarfile

# Each binary's script: what a benchmark prints, a failure, a hang, and one
# that shows the environment run.py gives each variant.
SCRIPTS = {
    "alpha.ours": 'echo "RESULT alpha 2.0"; echo "RESULT alpha_ns 120.0"',
    "alpha.upstream19": 'echo "RESULT alpha 4.0"; echo "RESULT alpha_ns 60.0"',
    "alpha.cuda": 'echo "RESULT alpha 1.0"',
    "beta.ours": 'echo "illegal address" >&2; exit 3',
    "beta.upstream19": 'echo "RESULT beta 10.0"',
    "gamma.ours": 'echo "RESULT gamma_$OMP_TARGET_OFFLOAD 1.0"; '
                  'case "$LD_LIBRARY_PATH" in */lib-ours*) echo "RESULT gamma_lib 1.0";; esac',
    "gamma.cuda": "sleep 5",
    "map_bandwidth.ours": 'echo "RESULT map_to_1MiB 100.0"; echo "RESULT map_from_1MiB 200.0"',
    "map_bandwidth.cuda": 'echo "RESULT map_to_1MiB 125.0"; echo "RESULT map_to_1MiB_pinned 50.0"; '
                          'echo "RESULT map_from_1MiB_pinned 50.0"',
}


def add(archive, path, text, mode):
    data = text.encode()
    info = tarfile.TarInfo(path)
    info.size, info.mode = len(data), mode
    archive.addfile(info, io.BytesIO(data))


def main():
    out = sys.argv[1]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tarfile.open(os.path.join(out, "binaries.tar.xz"), "w:xz") as archive:
        for name, script in SCRIPTS.items():
            add(archive, "bin/" + name, "#!/bin/sh\n%s\n" % script, 0o755)
        add(archive, "lib-ours/libomptarget.so", "", 0o644)
    with tarfile.open(os.path.join(out, "upstream19-runtime.tar.xz"), "w:xz") as archive:
        add(archive, "./libomptarget.so.19.1", "", 0o644)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
    shutil.copy(os.path.join(root, "benchmarks", "run.py"), out)


if __name__ == "__main__":
    main()
