#!/bin/bash
# One run of collections/remove-where-rearm[10000] with the strategies given
# (a comma list, or all), printed as one line: LABEL, then for each core
# strategy with +identity its ratio to apple [95%], then apple's and the
# cheapest's medians. Usage: selection.sh LABEL STRATEGIES [OBSBENCH]
label=$1; strategies=$2; obsbench=${3:-.build/release/obsbench}
out=$(mktemp -d)
"$obsbench" run --suite collections --scenario remove-where-rearm --sizes 10000 \
  --strategy "$strategies" --out "$out" >/dev/null 2>&1 || { echo "$label: run failed"; exit 1; }
python3 - "$label" "$out/results.csv" <<'PY'
import csv, sys
rows = {r['strategy']: r for r in csv.DictReader(open(sys.argv[2]))}
cells = []
for s, r in rows.items():
    if s.endswith('+identity'):
        cells.append(f"{s} {float(r['ratio_to_apple']):.2f} [{float(r['ratio_ci_low']):.2f}-{float(r['ratio_ci_high']):.2f}]")
apple = float(rows['apple']['median_ns']) / 1000
print(sys.argv[1], f"apple {apple:.0f} us;", '; '.join(cells))
PY
rm -rf "$out"
