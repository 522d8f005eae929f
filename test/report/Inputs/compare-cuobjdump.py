#!/usr/bin/env python3
"""Checks the kernel report against cuobjdump's reading of the cubins.

usage: compare-cuobjdump.py REPORT PROGRAM

REPORT is what -fopenmp-offload-report printed for PROGRAM, which was linked
with -save-temps, so that its cubins are PROGRAM.<arch>.cubin. For every
architecture of the report and every kernel of its cubin, the registers and
the stack frame must equal cuobjdump -res-usage's REG and STACK, and the
static shared memory its SHARED. From sm_90 on, the cubin also counts the
1 KiB the system reserves per block in kernels whose code uses that window
(barriers, shared memory); the driver reports the kernel's own bytes, as the
report does, so there SHARED may exceed smem by exactly 1024. cuobjdump has
no spill counts: a kernel that the report says spills must have a stack frame
and, where nvdisasm is available, local stores and loads in its SASS.
Prints one line per kernel and exits non-zero on any difference.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "benchmarks"))
import resources  # noqa: E402  (cuobjdump -res-usage and SASS, shared with the benchmarks)

ROW = re.compile(r"^(?P<mode>\S+) +(?P<regs>\d+) +(?P<spill_st>\d+) +(?P<spill_ld>\d+) +"
                 r"(?P<stack>\d+) +(?P<smem>\d+) +(?P<dyn>\d+) +\S+ +\S+ +\S+ +\S+ +"
                 r"(?:warps|block slots|registers|shared memory|-) +(?P<kernel>.+?)\s*$")
REGION = re.compile(r"target region in (\w+)\(\) at line (\d+)")
RESERVED_FROM_SM = 90
RESERVED_BYTES = 1024


def read_report(path):
    """{arch: [row dict]} from the report's tables."""
    tables, arch = {}, None
    for line in open(path):
        m = re.match(r"offload report for (sm_\d+\w*):", line)
        if m:
            arch = m.group(1)
            tables[arch] = []
            continue
        m = ROW.match(line)
        if arch and m:
            tables[arch].append(m.groupdict())
    return tables


def symbol_of(row, symbols):
    """The cubin's symbol for a report row: clang names the kernel of the
    target region in F at line L __omp_offloading_<ids>_F_lL."""
    m = REGION.search(row["kernel"])
    if not m:
        return None
    found = [s for s in symbols if s.endswith("_%s_l%s" % m.groups())]
    return found[0] if len(found) == 1 else None


def compare(arch, row, usage):
    problems = []
    if int(row["regs"]) != usage["regs"]:
        problems.append("registers %s, REG %d" % (row["regs"], usage["regs"]))
    if int(row["stack"]) != usage["stack"]:
        problems.append("stack %s, STACK %d" % (row["stack"], usage["stack"]))
    extra = usage["shared"] - int(row["smem"])
    reserved = RESERVED_BYTES if int(arch[3:].rstrip("af")) >= RESERVED_FROM_SM else 0
    if extra not in (0, reserved):
        problems.append("smem %s, SHARED %d" % (row["smem"], usage["shared"]))
    spills = int(row["spill_st"]) + int(row["spill_ld"])
    if spills and not usage["stack"]:
        problems.append("spills without a stack frame")
    if spills and usage["local_stores"] == 0:
        problems.append("spills, but no local store in the SASS")
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    report, program = sys.argv[1:]
    cuobjdump = resources.find_tool("cuobjdump")
    if not cuobjdump:
        sys.exit("compare-cuobjdump.py: no cuobjdump found (set CUOBJDUMP)")
    failures = 0  # over all architectures
    tables = read_report(report)
    if not tables:
        sys.exit("compare-cuobjdump.py: no report in %s" % report)
    for arch, rows in sorted(tables.items()):
        kernels = dict(resources.kernels(cuobjdump, "%s.%s.cubin" % (program, arch)))
        matched, matching = set(), 0
        for row in rows:
            symbol = symbol_of(row, kernels)
            if symbol is None:
                print("%s: no kernel of the cubin is '%s'" % (arch, row["kernel"]))
                failures += 1
                continue
            matched.add(symbol)
            usage = kernels[symbol]
            problems = compare(arch, row, usage)
            failures += bool(problems)
            matching += not problems
            print("%s %s: regs %s, stack %s, smem %s (SHARED %d), spills %s/%s: %s" % (
                arch, symbol, row["regs"], row["stack"], row["smem"], usage["shared"],
                row["spill_st"], row["spill_ld"], "; ".join(problems) or "match"))
        for symbol in sorted(set(kernels) - matched):
            print("%s: the report leaves out %s" % (arch, symbol))
            failures += 1
        print("%s: %d of %d kernels match" % (arch, matching, len(kernels)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
