# Included by the Makefile after its variables: refuses a bad value before anything is built
# (scripts/check-make-vars.sh says which variable and what it accepts).
ifneq ($(shell scripts/check-make-vars.sh CPU_SCALE='$(CPU_SCALE)' REPS='$(REPS)' JOBS='$(JOBS)' \
               IMAGECL_SAMPLES='$(IMAGECL_SAMPLES)' TUNE='$(TUNE)' >&2 || echo bad),)
$(error bad Makefile variable (see the message above); nothing was built)
endif
