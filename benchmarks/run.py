#!/usr/bin/env python3
"""Runs the benchmark bundle made by build.sh on a GPU machine and prints one table.

Each benchmark binary reports 'RESULT <name> <median microseconds>' (medians of
repeated launches after a warm-up, see common/timing.h). Every variant runs with
OMP_TARGET_OFFLOAD=mandatory; ratios are ours over the CUDA twin and ours over
upstream LLVM 19, all measured in this one run. Each binary runs ROUNDS times,
the variants of a benchmark in a different order each round (GPU clocks drift
while a run goes on, which would otherwise favour whichever variant runs
last), and the table gives the median over the rounds. A second table gives registers,
shared and local memory per kernel of each variant, from resources.json, which
build.sh writes (no GPU needed for it: --resources-only prints just that table).
usage: run.py [--markdown FILE] [--resources-only]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ("cuda", "ours", "upstream19")
ROUNDS = 3


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
    rows = ["| benchmark | variant | kernel | registers | shared (B) | stack (B) | local (B) |",
            "|" + "---|" * 7]
    for r in records:
        rows.append("| %s | %s | %s | %d | %d | %d | %d |" % (
            r["benchmark"], r["variant"], r["kernel"], r["regs"], r["shared"], r["stack"], r["local"]))
    return ("Per-kernel resources (cuobjdump -res-usage; shared: static per block, stack: per-thread frame "
            "including spills, local: other per-thread local memory)\n\n%s\n" % "\n".join(rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--markdown")
    parser.add_argument("--resources-only", action="store_true",
                        help="print only the resource table (no GPU needed)")
    args = parser.parse_args()
    if args.resources_only:
        table = resource_table()
        print(table)
        if args.markdown:
            open(args.markdown, "w").write(table)
        return
    with tarfile.open(os.path.join(HERE, "upstream19-runtime.tar.xz")) as t:
        t.extractall("/tmp/upstream19-runtime")
    samples = {}  # measurement -> variant -> microseconds of each round
    names = sorted({f.rsplit(".", 1)[0] for f in os.listdir(os.path.join(HERE, "bin"))})
    for name in names:
        for round_number in range(ROUNDS):
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
    header = "| benchmark | CUDA (us) | ours (us) | upstream 19 (us) | ours/CUDA | ours/upstream |"
    rows = [header, "|" + "---|" * 6]
    # Fork-join overheads are fractions of a microsecond: keep three digits.
    fmt = lambda v: "n/a" if v is None else "%.1f" % v if v >= 100 else "%.3g" % v
    ratio = lambda a, b: "%.2f" % (a / b) if a and b else "n/a"
    for key in sorted(results):
        r = results[key]
        rows.append("| %s | %s | %s | %s | %s | %s |" % (
            key, fmt(r.get("cuda")), fmt(r.get("ours")), fmt(r.get("upstream19")),
            ratio(r.get("ours"), r.get("cuda")), ratio(r.get("ours"), r.get("upstream19"))))
    table = "GPU: %s\n\n%s\n\n%s" % (gpu, "\n".join(rows), resource_table())
    print(table)
    if args.markdown:
        open(args.markdown, "w").write(table)


if __name__ == "__main__":
    main()
