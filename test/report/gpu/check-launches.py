#!/usr/bin/env python3
"""Compares the kernel report's blocks per multiprocessor with the teams the
host runtime launched at device occupancy (LIBOMPTARGET_INFO=1), which come
from the CUDA driver's cuOccupancyMaxActiveBlocksPerMultiprocessor.

usage: check-launches.py REPORT INFO   (occupancy-launch.c says how to make them)
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    report, info = (open(path).read() for path in sys.argv[1:])
    blocks = {}  # source line -> the report's blocks per multiprocessor
    for m in re.finditer(r"^\S+(?: +\S+){8} +(\d+) +\d+/\d+ +[a-z ]+? +target region in \w+\(\) at line (\d+)",
                         report, re.M):
        blocks[m.group(2)] = int(m.group(1))
    sms = int(re.search(r"\((sm_\d+), (\d+) multiprocessors", info).group(2))
    launched = re.findall(r"launching \S+_l(\d+) in \S+ mode with (\d+) teams .*?teams: ([^;]+);", info)
    agree = 0
    for line, teams, source in launched:
        expected = blocks.get(line)
        ok = "device occupancy" in source and expected is not None and int(teams) == sms * expected
        agree += ok
        print("line %s: %s teams on %d SMs (%s), report: %s blocks per SM: %s" % (
            line, teams, sms, source, expected, "agrees" if ok else "DIFFERS"))
    print("%d of %d kernels launch as the report says" % (agree, len(blocks)))
    sys.exit(0 if launched and agree == len(blocks) else 1)


if __name__ == "__main__":
    main()
