#!/bin/sh
# Builds tests/data/pre-issue-13.sqlite3 with the code from before issue 13 (main at 60927cf):
#   sh tests/data/make-pre-issue-13.sh /path/to/old/.venv/bin/tally
# Tables whose stored options predate `pack`, `exhausted_scores`, `false_claim_schwarz` and
# `empty_round_pot`/`empty_round_counts`, with deals the new defaults would settle otherwise.
# tests/test_legacy_tables.py checks they replay exactly as the old code recorded them.
set -e
T=${1:?path to the old tally}
DB=$(dirname "$0")/pre-issue-13.sqlite3
rm -f "$DB"
t() { "$T" --db "$DB" "$@" >/dev/null; }
t player add A B C D E
t night new --date 2026-11-30
# table 1: four-hand Sixty-Six (the 32-card pack then); A+C reach 7, B and D pay
t table new --night 1 --game sixty-six-four --seats A,B,C,D
for p in A=70,B=60 C=101,D=29 A=130,B=0 B=80,C=50 A=66,B=64; do
  t round add --table 1 --points "$p"
done
# table 2: Schnapsen, played-out stock: B took the last trick against A's 30 (flat 1 then,
# 2 on the scale now: the new rule would end the Bummerl at the 4th deal)
t table new --night 1 --game schnapsen --seats A,B
for i in 1 2 3 4 5; do
  t round add --table 2 --ending exhausted --points A=30,B=90 --tricks A=4,B=6 --last-trick B
done
# a false claim against no trick: 3 in Schnapsen then and now
t round add --table 2 --ending claim --by A --points A=60,B=0 --tricks A=3,B=0
# table 3: two-player Sixty-Six, false claims against no trick (a flat 2 then, 3 now)
t table new --night 1 --game sixty-six --seats C,D
for i in 1 2 3; do
  t round add --table 3 --ending claim --by C --points C=60,D=0 --tricks C=3,D=0
done
t round add --table 3 --winner D --game-points 1
# table 4: Hachi-Hachi with a round nobody was in (refunded, counted then and by default now)
t table new --night 1 --game hachihachi-trick --seats A,B,C,E --set rounds=3
t round add --table 4 --indicator 7H --declare out,out,out,out
t round add --table 4 --indicator QS --declare in,out,in,in --tricks B=3,E=2,A=2
