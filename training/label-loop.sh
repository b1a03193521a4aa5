#!/usr/bin/env bash
# training/label-loop.sh VARIANT PREFIX FIRST LAST [AGAINST...]: 2-ply pruned labels by the shipped network,
# Run from the repository root.
# 10,000 positions a seed (POSITIONS=N for another number), skipping seeds already written;
# alternates self-play and the opponents given. LABEL="--ply 4 --rollout 36" labels by
# another teacher (the default is "--ply 2 --prune 5").
variant=$1; prefix=$2; first=$3; last=$4; shift 4
opps=(self "$@")
i=0
for seed in $(seq "$first" "$last"); do
  out=training/labels/$prefix-s$seed.npz
  opp=${opps[$((i % ${#opps[@]}))]}; i=$((i+1))
  [ -f "$out" ] && continue
  extra=()
  [ "$opp" != self ] && extra=(--against "$opp")
  echo "$(date +%T) seed $seed against $opp" >> training/labels/$prefix.log
  # shellcheck disable=SC2086
  nice -n 19 ./run label --variant "$variant" --positions "${POSITIONS:-10000}" ${LABEL:---ply 2 --prune 5} \
     --seed "$seed" --processes 1 "${extra[@]}" --out "$out.tmp.npz" > /dev/null 2>>training/labels/$prefix.err \
     && mv "$out.tmp.npz" "$out"
done
