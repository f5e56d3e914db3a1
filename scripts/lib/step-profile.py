#!/usr/bin/env python3
"""Instructions by function, and by instruction within one, from the
addresses step-count writes with STEP_PROFILE=FILE.

    step-profile.py FILE BINARY ITEMS [FUNCTION_PATTERN]

Prints the functions that ran, with their instructions per item (ITEMS is
how many items the pass read). With FUNCTION_PATTERN (a regular expression
on the demangled name), also prints the disassembly of the matching
function that ran the most instructions, each instruction with how many
times it ran, so that a loop shows up as the run of its largest counts.
Needs `nm` and `objdump`.
"""

import bisect
import collections
import re
import struct
import subprocess
import sys


def load_base(maps_path, binary):
    """Where the program's own file was mapped: its first mapping."""
    name = binary.rsplit("/", 1)[-1]
    with open(maps_path) as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5].endswith("/" + name) and int(fields[2], 16) == 0:
                return int(fields[0].split("-")[0], 16)
    sys.exit(f"step-profile: {name} is not in {maps_path}")


def functions(binary):
    """The binary's functions, by start address."""
    listing = subprocess.run(
        ["nm", "-C", "--defined-only", binary], capture_output=True, text=True, check=True
    ).stdout
    symbols = []
    for line in listing.splitlines():
        fields = line.split(" ", 2)
        if len(fields) == 3 and fields[1] in "tTwW":
            symbols.append((int(fields[0], 16), fields[2]))
    symbols.sort()
    return symbols


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    profile, binary, items = sys.argv[1], sys.argv[2], float(sys.argv[3])
    pattern = re.compile(sys.argv[4]) if len(sys.argv) == 5 else None
    with open(profile, "rb") as f:
        data = f.read()
    addresses = collections.Counter(struct.unpack(f"<{len(data) // 8}Q", data))
    base = load_base(profile + ".maps", binary)
    symbols = functions(binary)
    starts = [start for start, _ in symbols]

    by_function = collections.Counter()
    by_offset = collections.defaultdict(collections.Counter)
    for address, count in addresses.items():
        offset = address - base
        k = bisect.bisect_right(starts, offset) - 1
        name = symbols[k][1] if offset >= 0 and k >= 0 else "(outside the program)"
        by_function[name] += count
        by_offset[name][offset] += count
    for name, count in by_function.most_common(25):
        print(f"{count / items:9.1f}  {name[:150]}")
    matches = [name for name, _ in by_function.most_common() if pattern and pattern.search(name)]
    if not matches:
        return
    chosen = matches[0]
    in_chosen = by_offset[chosen]
    print(f"\n{chosen}:")
    disassembly = subprocess.run(
        [
            "objdump", "-d", "--no-show-raw-insn", "-C",
            f"--start-address={min(in_chosen)}", f"--stop-address={max(in_chosen) + 16}",
            binary,
        ],
        capture_output=True, text=True, check=True,
    ).stdout
    for line in disassembly.splitlines():
        match = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if match:
            offset = int(match.group(1), 16)
            print(f"{offset:x} {in_chosen.get(offset, 0):9d}  {match.group(2)}")


if __name__ == "__main__":
    main()
