#!/usr/bin/env python3
"""Runs the benchmark bundle made by build.sh on a GPU machine and prints the tables.

Each benchmark binary prints 'RESULT <name> <median>' (microseconds, or
nanoseconds where the name ends in _ns): the median of repetitions after a
warm-up, each timed until the device has finished its work
(common/timing.h). Every variant runs with OMP_TARGET_OFFLOAD=mandatory.
The set runs in rounds: a round runs every binary once, the variants of a
benchmark in a different order each round (GPU clocks drift while a run goes
on, which would otherwise favour whichever variant runs last), and the tables
give the median over the rounds. That holds for map_bandwidth too: one run's
figure at 256 MiB is a median of four copies, and went from 0.81 to 0.83 of
pinned memory's between runs in one call, and 0.79 in a whole set (H200
hosts, sessions 20 and 21). A binary that fails or runs past --timeout is
not run again. A binary starts only while the time budget (--budget) leaves
room for it, judged by its time in the round before, so that the whole run
fits one device call; the first table says how many rounds each measurement
got.

Tables: one row per measurement with ours, upstream LLVM 19, the CUDA twin
and the ratios ours/upstream and ours/CUDA; map bandwidth in GB/s per size
and direction with ours as a fraction of pinned cudaMemcpy; with --resources,
registers, shared and local memory and local loads/stores (spills) per
kernel of each variant from resources.json, which build.sh writes
(--resources-only prints just that table, without a GPU; --resources-against
OTHER/resources.json lists only our kernels whose resources differ from
another bundle's, also without a GPU).
usage: run.py [--only NAME[,NAME...]] [--rounds N] [--timeout S] [--budget S]
              [--markdown FILE] [--logs DIR] [--resources] [--resources-only]
              [--resources-against RESOURCES_JSON]
              [NAME...]
  NAME: run only these benchmarks (binary names without the variant, e.g.
  xs_lookup), as --only does
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ("ours", "upstream19", "cuda")
# RESULT names of the map bandwidth benchmark: map_to_256MiB, map_from_4KiB_pinned.
MAP_RESULT = re.compile(r"^map_(to|from)_(\d+)(B|KiB|MiB|GiB)(_pinned)?$")
UNIT_BYTES = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


class Bundle:
    """The binaries (bin/), our runtime (lib-ours/) and the upstream runtime,
    which build.sh packs into binaries.tar.xz and upstream19-runtime.tar.xz
    to keep the bundle small, unpacked into a temporary folder."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="bench-bundle-")
        self.upstream_runtime = os.path.join(self.root, "upstream19-runtime")
        for archive, folder in (("binaries.tar.xz", self.root), ("upstream19-runtime.tar.xz", self.upstream_runtime)):
            with tarfile.open(os.path.join(HERE, archive)) as t:
                # Our own archives: trusted as they are (Pythons that filter archives warn unless told).
                t.extractall(folder, **({"filter": "fully_trusted"} if hasattr(tarfile, "data_filter") else {}))

    def names(self):
        """The benchmarks: binary names without the variant."""
        return sorted({f.rsplit(".", 1)[0] for f in os.listdir(os.path.join(self.root, "bin"))})

    def binary(self, name, variant):
        return os.path.join(self.root, "bin", "%s.%s" % (name, variant))

    def environment(self, variant):
        env = dict(os.environ, OMP_TARGET_OFFLOAD="mandatory")
        libs = {"ours": os.path.join(self.root, "lib-ours"), "upstream19": self.upstream_runtime}.get(variant)
        if libs:
            env["LD_LIBRARY_PATH"] = libs + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
        return env

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Run:
    """One run of one binary: its results, or why it has none."""

    def __init__(self, bundle, name, variant, timeout, logs, round_number):
        started = time.time()
        self.results, self.failure = {}, None
        try:
            proc = subprocess.run([bundle.binary(name, variant)], capture_output=True, text=True,
                                  env=bundle.environment(variant), timeout=timeout)
            output = proc.stdout + proc.stderr
            if proc.returncode:
                self.failure = "failed (exit %d)" % proc.returncode
            else:
                self.results = {m.group(1): float(m.group(2))
                                for m in re.finditer(r"^RESULT (\S+) (\S+)$", proc.stdout, re.M)}
        except subprocess.TimeoutExpired as e:
            # What the binary printed before it was stopped: bytes, whatever text=True asked for.
            output = "".join(part.decode(errors="replace") if isinstance(part, bytes) else part or ""
                             for part in (e.stdout, e.stderr))
            self.failure = "timed out (%d s)" % timeout
        self.seconds = time.time() - started
        if self.failure:
            print("%s.%s %s: %s" % (name, variant, self.failure, output.strip()[-400:]), file=sys.stderr)
        if logs:
            with open(os.path.join(logs, "%s.%s.%d.txt" % (name, variant, round_number)), "w") as f:
                f.write(output)


def run_rounds(bundle, names, args):
    """Runs the rounds; returns (samples: measurement -> variant -> values,
    rows: benchmark -> its measurements, missing: (benchmark, variant) ->
    why it has no results: failed, timed out or no time left)."""
    started = time.time()
    samples, missing, rows, last_seconds = {}, {}, {}, {}
    for round_number in range(args.rounds):
        ran = 0
        for index, name in enumerate(names):
            shift = (round_number + index) % len(VARIANTS)
            order = VARIANTS[shift:] + VARIANTS[:shift]
            if round_number % 2:
                order = order[::-1]
            for variant in order:
                key = (name, variant)
                if key in missing or not os.path.exists(bundle.binary(name, variant)):
                    continue
                if time.time() - started + last_seconds.get(key, 0) > args.budget:
                    if key not in last_seconds:
                        missing[key] = "no time left"
                    continue
                run = Run(bundle, name, variant, args.timeout, args.logs, round_number + 1)
                last_seconds[key] = run.seconds
                ran += 1
                if run.failure:
                    missing[key] = run.failure
                for measurement, value in run.results.items():
                    rows.setdefault(name, set()).add(measurement)
                    samples.setdefault(measurement, {}).setdefault(variant, []).append(value)
        print("run.py: round %d: %d runs, %.0f s so far" % (round_number + 1, ran, time.time() - started),
              file=sys.stderr)
    return samples, rows, missing


def time_table(samples, rows, missing):
    """Markdown table of every measurement but the map bandwidths."""
    header = ["| benchmark | ours | upstream 19 | CUDA | ours/upstream | ours/CUDA | rounds |",
              "|" + "---|" * 7]
    # Fork-join overheads are fractions of a microsecond: keep three digits.
    fmt = lambda v: "%.1f" % v if v >= 100 else "%#.3g" % v
    ratio = lambda a, b: "%.2f" % (a / b) if a and b else "n/a"
    lines = []
    for name in sorted(rows):
        for measurement in sorted(m for m in rows[name] if not MAP_RESULT.match(m)):
            by_variant = samples[measurement]
            medians = {v: statistics.median(values) for v, values in by_variant.items()}
            cells = []
            for variant in VARIANTS:
                if variant in medians:
                    cells.append(fmt(medians[variant]))
                else:
                    cells.append(missing.get((name, variant), "n/a"))
            rounds = "/".join(str(len(by_variant.get(v, []))) for v in VARIANTS)
            lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
                measurement, *cells, ratio(medians.get("ours"), medians.get("upstream19")),
                ratio(medians.get("ours"), medians.get("cuda")), rounds))
    # Benchmarks with no results from any variant have no rows: name them.
    unmeasured = ["%s.%s %s" % (name, variant, why) for (name, variant), why in sorted(missing.items())
                  if name not in rows]
    return ("Medians in microseconds (rows ending in _ns: nanoseconds); rounds: how many runs of ours / "
            "upstream / CUDA the median is over\n\n%s%s" % (
                "\n".join(header + lines), "\n\nNo results: " + "; ".join(unmeasured) if unmeasured else ""))


def map_table(samples):
    """Markdown table of the map bandwidths (GB/s = 10^9 bytes per second), or '' without them."""
    transfers = {}  # (bytes, direction, label) -> {column: microseconds}
    for key, by_variant in samples.items():
        m = MAP_RESULT.match(key)
        if not m:
            continue
        size = int(m.group(2)) * UNIT_BYTES[m.group(3)]
        columns = transfers.setdefault((size, m.group(1), m.group(2) + " " + m.group(3)), {})
        medians = {v: statistics.median(values) for v, values in by_variant.items()}
        if m.group(4):
            columns["pinned"] = medians.get("cuda")
        else:
            columns.update(medians)
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


def resource_table(path=os.path.join(HERE, "resources.json")):
    """Markdown table of the per-kernel resources build.sh recorded, ours first."""
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


RESOURCE_FIELDS = ("regs", "shared", "stack", "local", "local_loads", "local_stores")


def resource_changes(before_path, path=os.path.join(HERE, "resources.json")):
    """Markdown table of our kernels whose resources differ from those in another bundle's resources.json
    (a compiler change's effect on every kernel, without a GPU)."""
    def ours(p):
        with open(p) as f:
            return {(r["benchmark"], r["kernel"]): r for r in json.load(f) if r["variant"] == "ours"}
    before, after = ours(before_path), ours(path)
    rows = ["| benchmark | kernel | before | after |", "|---|---|---|---|"]
    unchanged = 0
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old and new and all(old.get(f) == new.get(f) for f in RESOURCE_FIELDS):
            unchanged += 1
            continue
        # Both sides name the fields that differ; a kernel only one side has shows all of them.
        fields = [f for f in RESOURCE_FIELDS if not (old and new) or old.get(f) != new.get(f)]

        def describe(record):
            return ", ".join("%s %s" % (f, record.get(f)) for f in fields) if record else "absent"
        rows.append("| %s | %s | %s | %s |" % (key[0], key[1], describe(old), describe(new)))
    return ("Our kernels whose resources changed against %s (%d unchanged)\n\n%s\n"
            % (before_path, unchanged, "\n".join(rows)))


def write(table, path):
    print(table)
    if path:
        with open(path, "w") as f:
            f.write(table + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[], help="benchmarks to run, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each binary (default 3)")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds one run of a binary may take (default 60)")
    parser.add_argument("--budget", type=float, default=450,
                        help="seconds after which no binary starts that would not end in time (default 450)")
    parser.add_argument("--markdown", help="also write the tables to this file")
    parser.add_argument("--logs", help="write each run's output to this folder")
    parser.add_argument("--resources", action="store_true", help="add the per-kernel resource table")
    parser.add_argument("--resources-only", action="store_true",
                        help="print only the resource table (no GPU needed)")
    parser.add_argument("--resources-against", metavar="RESOURCES_JSON",
                        help="print only our kernels whose resources differ from another bundle's "
                             "resources.json (no GPU needed)")
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    args = parser.parse_args()
    if args.resources_only:
        write(resource_table(), args.markdown)
        return
    if args.resources_against:
        write(resource_changes(args.resources_against), args.markdown)
        return
    started = time.time()
    if args.logs:
        os.makedirs(args.logs, exist_ok=True)
    bundle = Bundle()
    try:
        names = bundle.names()
        wanted = [n for group in args.only for n in group.split(",") if n] + args.names
        unknown = set(wanted) - set(names)
        if unknown:
            sys.exit("run.py: no such benchmark: %s" % " ".join(sorted(unknown)))
        samples, rows, missing = run_rounds(bundle, [n for n in names if not wanted or n in wanted], args)
    finally:
        bundle.remove()
    try:
        gpu = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True).stdout.strip()
    except FileNotFoundError:
        gpu = "unknown (no nvidia-smi)"
    tables = [time_table(samples, rows, missing), map_table(samples)]
    if args.resources:
        tables.append(resource_table())
    write("GPU: %s; %d rounds at most, %.0f s\n\n%s" % (gpu, args.rounds, time.time() - started,
                                                         "\n\n".join(t for t in tables if t)), args.markdown)


if __name__ == "__main__":
    main()
