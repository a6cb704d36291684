#!/bin/sh
# Validates the Makefile's variables before anything is built (mk/check-vars.mk calls it at parse
# time): a whole valid value or an error naming the variable and what is accepted, as filterlab
# does for its environment variables. usage: check-make-vars.sh NAME=VALUE...
status=0
bad() {
  echo "make: error: $1 '$2' $3: give $4" >&2
  status=1
}
is_uint() { case $1 in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }
for pair in "$@"; do
  name=${pair%%=*}
  value=${pair#*=}
  case $name in
    CPU_SCALE)
      case $value in 1 | 2 | 4 | 8) ;; *) bad "$name" "$value" "is not supported" "1, 2, 4 or 8 (the pyramid scale divisor on CPU devices)" ;; esac ;;
    REPS)
      if ! is_uint "$value" || [ ${#value} -gt 9 ]; then
        bad "$name" "$value" "is not a whole number" "0 (the default for the device) or a positive integer"
      fi ;;
    JOBS)
      if ! is_uint "$value" || [ ${#value} -gt 4 ] || [ "$value" -lt 1 ]; then
        bad "$name" "$value" "is not a positive integer" "the number of parallel build jobs, e.g. 2"
      fi ;;
    QUICK)
      case $value in 0 | 1) ;; *) bad "$name" "$value" "is not supported" "0 (the whole pipeline) or 1 (the quick pipeline on PoCL)" ;; esac ;;
    SCHEDULER)
      case $value in local | slurm) ;; *) bad "$name" "$value" "is not supported" "local (this machine) or slurm (jobs on a Slurm cluster; docs/cluster.md)" ;; esac ;;
    SLURM_CONFIG)
      if [ -n "$value" ] && [ ! -f "$value" ]; then
        bad "$name" "$value" "is not a file" "a file of device classes and sbatch options (scripts/slurm/cluster.conf.example)"
      fi ;;
    ALLOW_MIXED_COMMITS)
      case $value in 0 | 1) ;; *) bad "$name" "$value" "is not supported" "0 (refuse results of different commits) or 1 (allow them, and say so in every table)" ;; esac ;;
    *)
      echo "check-make-vars.sh: unknown variable $name" >&2
      status=2 ;;
  esac
done
exit $status
