#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for CI and for trying the Slurm backend: munged,
# slurmctld and slurmd from Debian's packages (slurm-wlm, munge), every file under DIR (config,
# state, logs, munge socket), this host as the only node with its own CPUs and memory.
#   local-cluster.sh start DIR   installs the packages if absent (root), starts the daemons, waits
#                                until the node is idle, prints `export SLURM_CONF=DIR/slurm.conf`
#   local-cluster.sh stop DIR    stops them (a stale pid file is ignored)
# Clients (sbatch, squeue, ...) find the cluster through SLURM_CONF.
set -euo pipefail
usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)

stop() {
  local f pid
  for f in slurmd slurmctld munged; do
    [ -s "$dir/$f.pid" ] || continue
    pid=$(cat "$dir/$f.pid")
    if kill -0 "$pid" 2> /dev/null; then kill "$pid"; fi
    for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    rm -f "$dir/$f.pid"
  done
}

start() {
  if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    [ "$(id -u)" = 0 ] || { echo "local-cluster: slurm-wlm and munge are not installed; run as root to install them" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge > "$dir/apt.log" 2>&1 ||
      { echo "local-cluster: installing slurm-wlm and munge failed: see $dir/apt.log" >&2; exit 1; }
  fi
  stop
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge" "$dir/logs"
  # munged refuses a key others can read, and a socket directory others can write.
  if [ ! -s "$dir/munge/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  fi
  chmod 700 "$dir/munge" && chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/logs/munged.log" --seed-file="$dir/munge/munge.seed"
  local node cpus mem user
  node=$(hostname -s)
  cpus=$(nproc)
  mem=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
  user=$(id -un)
  cat > "$dir/slurm.conf" << CONF
# Written by scripts/slurm/local-cluster.sh: a one-node cluster for tests.
ClusterName=filterlab-local
SlurmctldHost=$node
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/logs/slurmctld.log
SlurmdLogFile=$dir/logs/slurmd.log
SlurmctldPort=$((20000 + RANDOM % 20000))
SlurmdPort=$((40000 + RANDOM % 20000))
MinJobAge=3600
NodeName=$node CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  local state=""
  for _ in $(seq 60); do
    state=$(sinfo -h -N -o %T 2> /dev/null | head -1)
    case $state in idle | mixed | allocated) echo "export SLURM_CONF=$SLURM_CONF"; return 0 ;; esac
    sleep 1
  done
  echo "local-cluster: the node is '$state' after 60 s; see $dir/logs/" >&2
  stop
  exit 1
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
