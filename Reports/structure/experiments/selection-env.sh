#!/bin/bash
# usage: sel.sh label strategies
l=$1; st=$2
env $EXTRA /work/main/.build/release/obsbench run --suite collections --scenario remove-where-rearm --sizes 10000 --strategy $st --out /tmp/sel-$l >/dev/null 2>&1
python3 - "$l" <<'PY'
import csv,sys
rows=list(csv.DictReader(open(f'/tmp/sel-{sys.argv[1]}/results.csv')))
d={r['strategy']:r for r in rows}
s='actor-thread-keypath+identity'
print(sys.argv[1], 'actor-thread', d[s]['ratio_to_apple'], f"[{d[s]['ratio_ci_low']}-{d[s]['ratio_ci_high']}]", 'core', round(float(d[s]['median_ns'])/1000), 'apple', round(float(d['apple']['median_ns'])/1000), 'us')
PY
