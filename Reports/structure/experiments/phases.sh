#!/bin/bash
s=$1; shift
: > /tmp/phases.log
env "$@" OBS_PHASES=1 OBS_ALT=1 /work/main/.build/release/obsbench run --suite collections --scenario remove-where-rearm --sizes 10000 --strategy $s --out /tmp/rw3 >/dev/null 2>&1
python3 -c "
import statistics as st
L=[l.split() for l in open('/tmp/phases.log')]
f=lambda k: round(st.median([int(x[k]) for x in L if int(x[k])>0] or [0])/1000,1)
print('$s', 'prefetch: remove', f(2), 'put-back', f(4), '| without: remove', f(6), 'put-back', f(8), len(L))"
