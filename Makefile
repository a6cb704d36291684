# FilterLab: one command per job. `make help` lists them.
#   make test        install deps, build, run every test (oracle, runtime, OpenCL on PoCL, CLI); the
#                    oracle grid of every variant x border once per family (make test-all: all of it)
#   make reproduce   install deps, build, verify, run every experiment on every device (the tuner
#                    time-budgeted, the CUDA peers where CUDA exists), figures, paper; resumable
#   make reproduce QUICK=1   the same on PoCL alone, small inputs, into $(RESULTS) (default build/quick),
#                    ending with build/quick/paper/filterlab.pdf (what CI runs)
#   make experiments-list   the experiment registry (filterlab experiments); make registry writes its snapshot
#                           and the variant catalogue's (experiments/variants.json)
# Variables: DEVICE=<name pattern> picks devices (default: all; same as $FILTERLAB_DEVICE),
#            CPU_SCALE=1|2|4|8 pyramid scale divisor on CPU devices (default 4), REPS=<n> repetitions,
#            EXPERIMENTS="<names>" only these, RESULTS=<dir> results directory,
#            SCHEDULER=local|slurm where experiments run (slurm: one job per device class x experiment,
#            the paper a job after them; SLURM_CONFIG=<file> the classes' sbatch options; docs/cluster.md).

BUILD      ?= build
# FilterLab's PyPI tools (scripts/install-pyenv.sh): Halide 21 and the CMake 3.31 it needs, Intel's
# OpenCL CPU runtime, Kernel Tuner. One environment serves every build folder.
PYENV      ?= build/pyenv
export FILTERLAB_PYENV := $(abspath $(PYENV))
CMAKE      := $(FILTERLAB_PYENV)/bin/cmake
CTEST      := $(FILTERLAB_PYENV)/bin/ctest
# The suite runs on this device (PoCL's CPU device); Intel's OpenCL CPU runtime runs the ctest
# label second_cpu (every family and border once). `make verify DEVICE="Intel(R) OpenCL"` checks all
# of it ("intel" alone also matches PoCL's device on an Intel CPU).
TEST_DEVICE ?= pocl
BUNDLE_BUILD ?= build-bundle
PYTHON     ?= /usr/bin/python3
DEVICE     ?= $(FILTERLAB_DEVICE)
CPU_SCALE  ?= 4
REPS       ?= 0
QUICK      ?= 0
ifeq ($(QUICK),1)
# The quick pipeline: PoCL alone, the registry's quick options, a scratch results directory and paper.
RESULTS    ?= $(BUILD)/quick/results
DEVICE     := pocl
QUICK_DIR  := $(abspath $(RESULTS)/..)
# Every variant on the study's border (make test checks all five borders).
VERIFY_OPTIONS ?= --borders reflect101
else
RESULTS    ?= experiments/results
endif
BASE       := $(BUILD)/data/base_3866x4320.pgm
# Study 5's input: the photograph as a quality-20 JPEG at 3264x2448, and that JPEG's Y plane.
EPS_QUALITY := 20
EPS_JPEG   := $(BUILD)/data/epsilon_3264x2448_q$(EPS_QUALITY).jpg
EPS_BASE   := $(BUILD)/data/epsilon_y_3264x2448.pgm
FILTERLAB  := $(BUILD)/src/filterlab
PEERS      := $(BUILD)/src/peers/filterlab-peers
JOBS       ?= 2
ALLOW_MIXED_COMMITS ?= 0
SCHEDULER  ?= local
SLURM_CONFIG ?=
include mk/check-vars.mk
# The Slurm driver's arguments and the environment scripts/run-experiments.sh reads in each job.
EXPERIMENT_ENV = FILTERLAB=$(abspath $(FILTERLAB)) PEERS=$(abspath $(PEERS)) GPU_PEERS=$(abspath experiments/peers/gpu_peers.py) \
  BASE=$(abspath $(BASE)) Y_PLANE=$(abspath $(EPS_BASE)) REPS=$(REPS) QUICK=$(QUICK) FILTERLAB_CPU_SCALE=$(CPU_SCALE) PYTHON=$(PYTHON)
SLURM_DRIVER = $(EXPERIMENT_ENV) $(PYTHON) scripts/slurm/filterlab_slurm.py reproduce --results $(abspath $(RESULTS)) \
  --device "$(DEVICE)" $(if $(filter 1,$(QUICK)),--quick) $(if $(SLURM_CONFIG),--config $(abspath $(SLURM_CONFIG))) \
  --experiments "$(EXPERIMENTS)" --verify-options "$(VERIFY_OPTIONS)"

.PHONY: help deps build test test-all verify data experiments experiments-list registry figures paper reproduce bundle clean

help:
	@sed -n '1,/^$$/p' Makefile

deps:
	scripts/install-deps.sh full

$(CMAKE):
	scripts/install-pyenv.sh

$(BUILD)/build.ninja: | $(CMAKE)
	$(CMAKE) -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFILTERLAB_PYENV=$(FILTERLAB_PYENV)

build: $(BUILD)/build.ninja
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# The suite includes the analysis' and the paper's tests (matplotlib, jsonschema, LaTeX). make test
# checks one variant of every family on every border and awkward size (and, in CI, the quick
# pipeline checks every variant on the studies' border); make test-all adds the whole oracle grid,
# every variant x border (ctest label verify_all, as make verify runs it).
CTEST_RUN = FILTERLAB_DEVICE=$(TEST_DEVICE) FILTERLAB_TEST_DEVICE=$(TEST_DEVICE) $(CTEST) --test-dir $(BUILD) -j $(JOBS) --output-on-failure
test:
	scripts/install-deps.sh full
	$(MAKE) build
	$(CTEST_RUN) -LE verify_all

test-all:
	scripts/install-deps.sh full
	$(MAKE) build
	$(CTEST_RUN)

verify: build
	$(FILTERLAB) verify --device "$(DEVICE)" $(VERIFY_OPTIONS)

data: build
	$(BUILD)/data/filterlab-derive-base data/path_2560x1600.jpg $(BASE) --width 3866 --height 4320
	$(BUILD)/data/filterlab-derive-epsilon data/path_2560x1600.jpg $(EPS_JPEG) $(EPS_BASE) --width 3264 --height 2448 --quality $(EPS_QUALITY)

# Which experiments run, their inputs and options: the registry in the binary (`filterlab experiments`),
# read by scripts/run-experiments.sh; an experiment x device whose result is from this commit and
# kernels is kept (resumable), any other is run again. The tuner is bounded by its registry budget.
# The peers (OpenCV, Halide) run from their own binary, one process per device; the CUDA peers where an
# NVIDIA device, cupy and torch exist.
experiments: data
ifeq ($(SCHEDULER),slurm)
	$(SLURM_DRIVER)
else
	FILTERLAB=$(FILTERLAB) PEERS=$(PEERS) GPU_PEERS=experiments/peers/gpu_peers.py BASE=$(BASE) Y_PLANE=$(EPS_BASE) \
	  RESULTS=$(RESULTS) DEVICE="$(DEVICE)" REPS=$(REPS) QUICK=$(QUICK) FILTERLAB_CPU_SCALE=$(CPU_SCALE) \
	  EXPERIMENTS="$(EXPERIMENTS)" scripts/run-experiments.sh
endif

experiments-list: build
	$(FILTERLAB) experiments

# The registry's snapshot for machines without a build (make_all.py reads it); a test checks that it
# equals the binary's output.
registry: build
	$(FILTERLAB) experiments --json > experiments/registry.json
	$(FILTERLAB) variants --json > experiments/variants.json

# Figures and the paper need no OpenCL device: they read the committed raw results. The figures
# target writes only generated files: paper/generated/ and docs/generated/ (README links to them).
# The analysis is the package experiments/analysis/filterlab_analysis, run as modules (-B: no
# __pycache__ in the source tree).
ANALYSIS = PYTHONPATH=$(CURDIR)/experiments/analysis $(PYTHON) -B -m filterlab_analysis
figures:
	scripts/install-deps.sh paper
	$(ANALYSIS).make_all --results $(RESULTS) --out paper/generated $(if $(filter 1,$(ALLOW_MIXED_COMMITS)),--allow-mixed-commits)
	$(ANALYSIS).update_docs --generated paper/generated --docs docs/generated

# LaTeX still writes a PDF when a float is too large or a table runs past the margin; the log
# check fails the build and names the table or figure (unwrapped log lines so it can follow files).
paper: figures
	cd paper && max_print_line=100000 latexmk -pdf -interaction=nonstopmode -halt-on-error filterlab.tex
	$(PYTHON) paper/check_latex_log.py paper/filterlab.log
	$(PYTHON) paper/check_float_placement.py paper/filterlab.aux
	@echo "paper: paper/filterlab.pdf"

# The figures and paper of `reproduce`: QUICK=1, or RESULTS other than experiments/results, builds
# the paper in a copy of paper/ beside the results (one command: also the Slurm driver's last job).
ifeq ($(QUICK),1)
PAPER_COMMAND = scripts/paper-from-results.sh $(abspath $(RESULTS)) $(QUICK_DIR) $(PYTHON)
else ifeq ($(abspath $(RESULTS)),$(abspath experiments/results))
PAPER_COMMAND = $(MAKE) --no-print-directory paper RESULTS=$(RESULTS)
else
PAPER_COMMAND = env PAPER_MODE=full scripts/paper-from-results.sh $(abspath $(RESULTS)) $(abspath $(RESULTS)/..) $(PYTHON)
endif

# Resumable: verify leaves a stamp per commit and device pattern; experiments keep results from this
# commit and kernels. QUICK=1, or RESULTS other than experiments/results, builds the paper from those
# results in a copy of paper/ beside them (the committed paper/generated and docs are left alone).
reproduce:
	scripts/install-deps.sh full
	$(MAKE) build
	@mkdir -p $(RESULTS)
ifeq ($(SCHEDULER),slurm)
	$(MAKE) data
	$(SLURM_DRIVER) --paper-command "$(PAPER_COMMAND)"
else
	@stamp=$(RESULTS)/.verified-$$($(FILTERLAB) experiments --commit)-$$(echo "$(DEVICE)" | tr -c 'A-Za-z0-9\n' '_')$(if $(filter 1,$(QUICK)),-quick); \
	if [ -e "$$stamp" ]; then echo "reproduce: verify already passed at this commit ($$stamp)"; \
	else $(MAKE) verify QUICK=$(QUICK) && case $$stamp in *-dirty-*) ;; *) touch "$$stamp" ;; esac; fi
	$(MAKE) experiments QUICK=$(QUICK) RESULTS=$(RESULTS)
	$(PAPER_COMMAND)
endif

# A relocatable bundle for a machine without our packages (the GPU host): the runtime without
# OpenCV, the derived base image, and a script that runs verify and the experiments there; plus
# filterlab-peers (built with OpenCV and Halide's pipelines) with its libraries, and the CUDA peers' script.
bundle: data
	$(CMAKE) -G Ninja -S . -B $(BUNDLE_BUILD) -DCMAKE_BUILD_TYPE=Release -DFILTERLAB_WITH_OPENCV=OFF -DFILTERLAB_BUILD_TESTS=OFF \
	  -DFILTERLAB_WITH_CUDA=OFF -DFILTERLAB_PYENV=$(FILTERLAB_PYENV)
	$(CMAKE) --build $(BUNDLE_BUILD) -j $(JOBS) --target filterlab filterlab-bench
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target filterlab-peers
	PEERS=$(PEERS) scripts/make-bundle.sh $(BUNDLE_BUILD)/src/filterlab $(BASE) dist/filterlab-bundle $(EPS_BASE)

clean:
	rm -rf $(BUILD) $(BUNDLE_BUILD) dist paper/generated
