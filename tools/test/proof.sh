#!/usr/bin/env bash
# The proof that the suite does not depend on the machine's speed: the full `pnpm test`, RUNS times
# in a row (5 by default), while two CPU-bound processes keep both cores busy the whole time.
# Each run's duration and result goes to the log (and each run's phases to its JSON lines); the
# busy processes are stopped at the end, however the script ends. Over an hour on 2 cores.
#
#   pnpm test:proof                          # 5 runs, log in test-results/proof/
#   RUNS=2 BUSY=2 pnpm test:proof            # fewer runs; BUSY=0 for none
set -u
cd "$(dirname "$0")/../.."

RUNS=${RUNS:-5}
BUSY=${BUSY:-2}
OUT=${PROOF_DIR:-test-results/proof}
mkdir -p "$OUT"
stamp=$(date +%Y%m%d-%H%M%S)
log="$OUT/proof-$stamp.txt"
times="$OUT/proof-$stamp.jsonl"

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  busy=()
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM
for _ in $(seq 1 "$BUSY"); do
  node -e 'for (;;) {}' &
  busy+=("$!")
done

say() { echo "$*" | tee -a "$log"; }
say "proof: $RUNS runs of pnpm test with $BUSY CPU-bound processes beside them ($(nproc) cores)"
say "started $(date -Is), load $(cut -d' ' -f1-3 /proc/loadavg)"
passed=0
for run in $(seq 1 "$RUNS"); do
  started=$(date +%s)
  TEST_TIMES_FILE="$times" pnpm test > "$OUT/proof-$stamp-run$run.log" 2>&1
  code=$?
  seconds=$(($(date +%s) - started))
  result=$([ "$code" -eq 0 ] && echo passed || echo "FAILED (exit $code)")
  [ "$code" -eq 0 ] && passed=$((passed + 1))
  say "run $run: $result in ${seconds} s ($((seconds / 60)) min $((seconds % 60)) s), load after $(cut -d' ' -f1-3 /proc/loadavg)"
done
say "finished $(date -Is): $passed of $RUNS runs passed; each run's output in $OUT/proof-$stamp-run*.log"
[ "$passed" -eq "$RUNS" ]
