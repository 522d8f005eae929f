#!/usr/bin/env python3
"""Prints the text of every byte-array global of a PTX file, one a line.

NVPTX emits string constants as '.b8 name[N] = {104, 105, 0};'; tests read
the runtime's messages in a kernel's PTX through this."""
import re
import sys

for m in re.finditer(r"\.b8\s+\S+\[\d+\]\s*=\s*\{([\d,\s]+)\}", open(sys.argv[1]).read()):
    data = bytes(int(b) for b in m.group(1).split(","))
    print(data.split(b"\0")[0].decode("latin-1"))
