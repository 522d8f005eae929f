#!/usr/bin/env python3
"""Per-kernel resource usage of the benchmark variants, for build.sh.

Runs `cuobjdump -res-usage` on each given file (a CUDA binary, or the cubin
that -save-temps leaves for our toolchain and for upstream LLVM 19) and writes
a JSON list of records: benchmark, variant, kernel (short name), symbol,
regs (registers per thread), shared (static shared memory per block, bytes),
stack (per-thread stack frame, bytes; register spills live there) and local
(other per-thread local memory, bytes).
usage: resources.py OUT.json BENCHMARK.VARIANT=FILE...
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys


def find_cuobjdump():
    """cuobjdump from $CUOBJDUMP, PATH, the CUDA toolkit or triton's copy."""
    candidates = [os.environ.get("CUOBJDUMP", ""), shutil.which("cuobjdump") or ""]
    for root in (os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"):
        candidates.append(os.path.join(root, "bin", "cuobjdump") if root else "")
    candidates += sorted(glob.glob("/root/.pyenv/versions/*/lib/python3*/site-packages/"
                                   "triton/backends/nvidia/bin/cuobjdump"))
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return path
    sys.exit("resources.py: no cuobjdump found (set CUOBJDUMP)")


def demangle(symbols):
    """C++ names of CUDA kernels through c++filt, where there is one."""
    if not symbols or not shutil.which("c++filt"):
        return {s: s for s in symbols}
    out = subprocess.run(["c++filt"], input="\n".join(symbols), capture_output=True,
                         text=True).stdout.splitlines()
    return dict(zip(symbols, out)) if len(out) == len(symbols) else {s: s for s in symbols}


def short_name(symbol, demangled):
    """main_l16 for an OpenMP kernel, the function name for a CUDA one."""
    m = re.match(r"__omp_offloading_[0-9a-f]+_[0-9a-f]+_(.+)$", symbol)
    if m:
        return m.group(1)
    return re.sub(r"\(.*$", "", demangled)  # drop the parameter list


def kernels(cuobjdump, path):
    """(symbol, {regs, shared, stack, local}) for each kernel cuobjdump lists."""
    text = subprocess.run([cuobjdump, "-res-usage", path], capture_output=True,
                          text=True).stdout
    result = []
    for m in re.finditer(r"^\s*Function (\S+):\s*\n\s*(.*)$", text, re.M):
        fields = dict(re.findall(r"(\w+(?:\[\d+\])?):(\d+)", m.group(2)))
        # Only kernels have constant bank 0 (launch parameters): this skips the
        # device functions a separately compiled, nvlinked cubin (LLVM 19's) lists.
        if "CONSTANT[0]" not in fields:
            continue
        result.append((m.group(1), {"regs": int(fields.get("REG", 0)),
                                    "shared": int(fields.get("SHARED", 0)),
                                    "stack": int(fields.get("STACK", 0)),
                                    "local": int(fields.get("LOCAL", 0))}))
    return result


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cuobjdump = find_cuobjdump()
    found = []
    for arg in sys.argv[2:]:
        key, _, path = arg.partition("=")
        benchmark, _, variant = key.rpartition(".")
        listed = kernels(cuobjdump, path) if os.path.exists(path) else []
        if not listed:
            print("resources.py: no kernels in %s" % path, file=sys.stderr)
        found += [(benchmark, variant, symbol, usage) for symbol, usage in listed]
    names = demangle(sorted({symbol for _, _, symbol, _ in found}))
    records = [dict(benchmark=b, variant=v, kernel=short_name(s, names[s]), symbol=s, **u)
               for b, v, s, u in found]
    records.sort(key=lambda r: (r["benchmark"], r["variant"], r["kernel"]))
    with open(sys.argv[1], "w") as f:
        json.dump(records, f, indent=1)
    print("resources: %d kernels in %s" % (len(records), sys.argv[1]))


if __name__ == "__main__":
    main()
