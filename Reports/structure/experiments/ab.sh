#!/bin/bash
# usage: ab.sh label [ENV=val]
l=$1; shift
env "$@" /work/main/.build/release/obsbench run --suite collections --scenario remove-where-rearm --sizes 10000 --out /tmp/ab-$l >/dev/null 2>&1
python3 - "$l" <<'PY'
import csv,sys
rows=list(csv.DictReader(open(f'/tmp/ab-{sys.argv[1]}/results.csv')))
d={r['strategy']:r for r in rows}
out=[sys.argv[1]]
for s in ['lock-thread-keypath+identity','actor-thread-keypath+identity','actor-task-keypath+identity']:
    out.append(f"{s.split('-keypath')[0]} {d[s]['ratio_to_apple']}")
out.append(f"apple {float(d['apple']['median_ns'])/1000:.0f}us")
print('  '.join(out))
PY
