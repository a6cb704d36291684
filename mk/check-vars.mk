# Included by the Makefile after its variables: refuses a bad value before anything is built
# (scripts/check-make-vars.sh says which variable and what it accepts).
ifneq ($(shell scripts/check-make-vars.sh CPU_SCALE='$(CPU_SCALE)' REPS='$(REPS)' JOBS='$(JOBS)' \
               QUICK='$(QUICK)' ALLOW_MIXED_COMMITS='$(ALLOW_MIXED_COMMITS)' \
               SCHEDULER='$(SCHEDULER)' SLURM_CONFIG='$(SLURM_CONFIG)' >&2 || echo bad),)
$(error bad Makefile variable (see the message above); nothing was built)
endif
