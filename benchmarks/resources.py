#!/usr/bin/env python3
"""Per-kernel resource usage of the benchmark variants, for build.sh.

Runs `cuobjdump -res-usage` on each given file (a CUDA binary, or the cubin
that -save-temps leaves for our toolchain and for upstream LLVM 19) and writes
a JSON list of records: benchmark, variant, kernel (short name), symbol,
regs (registers per thread), shared (static shared memory per block, bytes),
stack (per-thread stack frame, bytes; register spills live there), local
(other per-thread local memory, bytes) and local_loads / local_stores (LDL and
STL instructions in the kernel's SASS, from `cuobjdump -sass`: register spills
and local arrays; -res-usage does not report spills as such).
usage: resources.py OUT.json BENCHMARK.VARIANT=FILE...
       resources.py --find-tools   (exit status 1 when cuobjdump or nvdisasm is missing)
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys


def find_tool(name):
    """A CUDA binary tool (cuobjdump, nvdisasm) from $CUOBJDUMP / $NVDISASM,
    PATH, the CUDA toolkit, the PyPI packages nvidia-cuda-cuobjdump and
    nvidia-cuda-nvdisasm (build.sh installs them where nothing else has the
    tools) or triton's copy; None when there is none."""
    candidates = [os.environ.get(name.upper(), ""), shutil.which(name) or ""]
    for root in (os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"):
        candidates.append(os.path.join(root, "bin", name) if root else "")
    for site in sys.path:
        candidates += sorted(glob.glob(os.path.join(site, "nvidia", "cu*", "bin", name)))
    candidates += sorted(glob.glob("/root/.pyenv/versions/*/lib/python3*/site-packages/"
                                   "triton/backends/nvidia/bin/" + name))
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return path
    return None


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
    # Drop the parameter list, and the return type of a template instance.
    return re.sub(r"^void ", "", re.sub(r"\(.*$", "", demangled))


def local_accesses(cuobjdump, path):
    """{symbol: (LDL count, STL count)} from the SASS of each function; {}
    without nvdisasm."""
    nvdisasm = find_tool("nvdisasm")
    if not nvdisasm:
        return {}
    # cuobjdump -sass runs the nvdisasm it finds on PATH.
    env = dict(os.environ, PATH=os.path.dirname(nvdisasm) + os.pathsep + os.environ.get("PATH", ""))
    text = subprocess.run([cuobjdump, "-sass", path], capture_output=True, text=True,
                          env=env).stdout
    counts = {}
    for block in re.split(r"^\s*Function : ", text, flags=re.M)[1:]:
        symbol = block.split(None, 1)[0]
        counts[symbol] = (len(re.findall(r"\bLDL(?:\.\S+)?\s", block)),
                          len(re.findall(r"\bSTL(?:\.\S+)?\s", block)))
    return counts


def kernels(cuobjdump, path):
    """(symbol, {regs, shared, stack, local, local_loads, local_stores}) for
    each kernel cuobjdump lists."""
    text = subprocess.run([cuobjdump, "-res-usage", path], capture_output=True,
                          text=True).stdout
    accesses = local_accesses(cuobjdump, path)
    result = []
    for m in re.finditer(r"^\s*Function (\S+):\s*\n\s*(.*)$", text, re.M):
        fields = dict(re.findall(r"(\w+(?:\[\d+\])?):(\d+)", m.group(2)))
        # Only kernels have constant bank 0 (launch parameters): this skips the
        # device functions a separately compiled, nvlinked cubin (LLVM 19's) lists.
        if "CONSTANT[0]" not in fields:
            continue
        loads, stores = accesses.get(m.group(1), (-1, -1))  # -1: not known
        result.append((m.group(1), {"regs": int(fields.get("REG", 0)),
                                    "shared": int(fields.get("SHARED", 0)),
                                    "stack": int(fields.get("STACK", 0)),
                                    "local": int(fields.get("LOCAL", 0)),
                                    "local_loads": loads, "local_stores": stores}))
    return result


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cuobjdump = find_tool("cuobjdump")
    if sys.argv[1] == "--find-tools":
        sys.exit(0 if cuobjdump and find_tool("nvdisasm") else 1)
    if not cuobjdump:
        sys.exit("resources.py: no cuobjdump found (set CUOBJDUMP)")
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
