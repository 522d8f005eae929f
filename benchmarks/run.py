#!/usr/bin/env python3
"""Runs the benchmark bundle made by build.sh on a GPU machine and prints the tables.

Each benchmark binary reports 'RESULT <name> <median microseconds>' (medians of
repeated launches after a warm-up, see common/timing.h). Every variant runs with
OMP_TARGET_OFFLOAD=mandatory; ratios are ours over the CUDA twin and ours over
upstream LLVM 19, all measured in this one run. Each binary runs ROUNDS times,
the variants of a benchmark in a different order each round (GPU clocks drift
while a run goes on, which would otherwise favour whichever variant runs
last), and the tables give the median over the rounds; map_bandwidth runs once
(its figures are the PCIe link's, not the GPU clock's, and its 4 GiB
transfers are the longest part of the bundle). The map bandwidth results have
their own table: GB/s per size and direction for ours, upstream, the CUDA twin
from pageable and from pinned memory, and ours as a fraction of pinned. A last
table gives registers, shared and local memory and local loads/stores (spills)
per kernel of each variant, from resources.json, which build.sh writes (no GPU
needed for it: --resources-only prints just that table).
usage: run.py [--markdown FILE] [--resources-only] [NAME...]
  NAME: run only these benchmarks (binary names without the variant, e.g. xs_lookup)
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ("cuda", "ours", "upstream19")
ROUNDS = 3
ROUNDS_OF = {"map_bandwidth": 1}
# RESULT names of the map bandwidth benchmark: map_to_256MiB, map_from_4KiB_pinned.
MAP_RESULT = re.compile(r"^map_(to|from)_(\d+)(B|KiB|MiB|GiB)(_pinned)?$")
UNIT_BYTES = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def environment(variant):
    env = dict(os.environ, OMP_TARGET_OFFLOAD="mandatory")
    libs = {"ours": os.path.join(HERE, "lib-ours"), "upstream19": "/tmp/upstream19-runtime"}.get(variant)
    if libs:
        env["LD_LIBRARY_PATH"] = libs + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    return env


def run(binary, variant):
    proc = subprocess.run([binary], capture_output=True, text=True, env=environment(variant), timeout=300)
    if proc.returncode:
        print("%s failed (%d): %s" % (os.path.basename(binary), proc.returncode,
                                      (proc.stdout + proc.stderr).strip()[-500:]), file=sys.stderr)
        return {}
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^RESULT (\S+) (\S+)$", proc.stdout, re.M)}


def resource_table(path=os.path.join(HERE, "resources.json")):
    """Markdown table of the per-kernel resources build.sh recorded, CUDA twin first."""
    if not os.path.exists(path):
        return "(no resources.json: per-kernel resources not recorded)\n"
    with open(path) as f:
        records = json.load(f)
    order = {v: i for i, v in enumerate(VARIANTS)}
    records.sort(key=lambda r: (r["benchmark"], order.get(r["variant"], len(order)), r["kernel"]))
    rows = ["| benchmark | variant | kernel | registers | shared (B) | stack (B) | local (B) | local ld/st |",
            "|" + "---|" * 8]
    for r in records:
        loads, stores = r.get("local_loads", -1), r.get("local_stores", -1)
        accesses = "%d/%d" % (loads, stores) if loads >= 0 and stores >= 0 else "n/a"
        rows.append("| %s | %s | %s | %d | %d | %d | %d | %s |" % (
            r["benchmark"], r["variant"], r["kernel"], r["regs"], r["shared"], r["stack"], r["local"],
            accesses))
    return ("Per-kernel resources (cuobjdump -res-usage; shared: static per block, stack: per-thread frame "
            "including spills, local: other per-thread local memory; local ld/st: LDL/STL instructions in "
            "the kernel's SASS, which spills and local arrays need)\n\n%s\n" % "\n".join(rows))


def time_table(results):
    """Markdown table of every measurement but the map bandwidths."""
    rows = ["| benchmark | CUDA (us) | ours (us) | upstream 19 (us) | ours/CUDA | ours/upstream |",
            "|" + "---|" * 6]
    # Fork-join overheads are fractions of a microsecond: keep three digits.
    fmt = lambda v: "n/a" if v is None else "%.1f" % v if v >= 100 else "%.3g" % v
    ratio = lambda a, b: "%.2f" % (a / b) if a and b else "n/a"
    for key in sorted(k for k in results if not MAP_RESULT.match(k)):
        r = results[key]
        rows.append("| %s | %s | %s | %s | %s | %s |" % (
            key, fmt(r.get("cuda")), fmt(r.get("ours")), fmt(r.get("upstream19")),
            ratio(r.get("ours"), r.get("cuda")), ratio(r.get("ours"), r.get("upstream19"))))
    return "\n".join(rows)


def map_table(results):
    """Markdown table of the map bandwidths (GB/s = 10^9 bytes per second), or '' without them."""
    transfers = {}  # (bytes, direction) -> {column: microseconds}
    for key, by_variant in results.items():
        m = MAP_RESULT.match(key)
        if not m:
            continue
        size = int(m.group(2)) * UNIT_BYTES[m.group(3)]
        columns = transfers.setdefault((size, m.group(1), m.group(2) + " " + m.group(3)), {})
        if m.group(4):
            columns["pinned"] = by_variant.get("cuda")
        else:
            columns.update(by_variant)
    if not transfers:
        return ""
    rows = ["| size | direction | ours (GB/s) | upstream 19 (GB/s) | CUDA pageable (GB/s) | CUDA pinned (GB/s) "
            "| ours/pinned |", "|" + "---|" * 7]
    rate = lambda size, us: size / us * 1e-3 if us else None
    fmt = lambda v: "n/a" if v is None else "%.2f" % v
    for (size, direction, label), columns in sorted(transfers.items(), key=lambda t: (t[0][0], t[0][1] != "to")):
        ours, pinned = rate(size, columns.get("ours")), rate(size, columns.get("pinned"))
        rows.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            label, direction, fmt(ours), fmt(rate(size, columns.get("upstream19"))),
            fmt(rate(size, columns.get("cuda"))), fmt(pinned),
            "%.2f" % (ours / pinned) if ours and pinned else "n/a"))
    return ("Map bandwidth: `target enter data map(to:)` / `target exit data map(from:)` of pageable memory "
            "(allocation included) against cudaMemcpy from pageable and from pinned memory (device buffer "
            "allocated once); ours/pinned is the fraction of the pinned bandwidth ours reaches\n\n%s"
            % "\n".join(rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--markdown")
    parser.add_argument("--resources-only", action="store_true",
                        help="print only the resource table (no GPU needed)")
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    args = parser.parse_args()
    if args.resources_only:
        table = resource_table()
        print(table)
        if args.markdown:
            open(args.markdown, "w").write(table)
        return
    with tarfile.open(os.path.join(HERE, "upstream19-runtime.tar.xz")) as t:
        t.extractall("/tmp/upstream19-runtime")
    started = time.time()
    samples = {}  # measurement -> variant -> microseconds of each round
    names = sorted({f.rsplit(".", 1)[0] for f in os.listdir(os.path.join(HERE, "bin"))})
    unknown = set(args.names) - set(names)
    if unknown:
        sys.exit("run.py: no such benchmark: %s" % " ".join(sorted(unknown)))
    for name in args.names or names:
        for round_number in range(ROUNDS_OF.get(name, ROUNDS)):
            shift = round_number % len(VARIANTS)
            order = VARIANTS[shift:] + VARIANTS[:shift]
            if round_number % 2:
                order = order[::-1]
            for variant in order:
                binary = os.path.join(HERE, "bin", "%s.%s" % (name, variant))
                if os.path.exists(binary):
                    for key, value in run(binary, variant).items():
                        samples.setdefault(key, {}).setdefault(variant, []).append(value)
    results = {key: {variant: statistics.median(values) for variant, values in by_variant.items()}
               for key, by_variant in samples.items()}
    gpu = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip()
    tables = [time_table(results), map_table(results), resource_table()]
    table = "GPU: %s\n\n%s" % (gpu, "\n\n".join(t for t in tables if t))
    print(table)
    print("run.py: %.0f s" % (time.time() - started), file=sys.stderr)
    if args.markdown:
        open(args.markdown, "w").write(table)


if __name__ == "__main__":
    main()
