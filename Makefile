# FilterLab: one command per job. `make help` lists them.
#   make test        install deps, build, run every test (oracle, runtime, OpenCL on PoCL, CLI)
#   make reproduce   install deps, build, verify, run every experiment on every device, figures, paper
# Variables: DEVICE=<name pattern> picks devices (default: all; same as $FILTERLAB_DEVICE),
#            CPU_SCALE=1|2|4|8 pyramid scale divisor on CPU devices (default 4), REPS=<n> repetitions.

BUILD      ?= build
BUNDLE_BUILD ?= build-bundle
PYTHON     ?= /usr/bin/python3
DEVICE     ?= $(FILTERLAB_DEVICE)
CPU_SCALE  ?= 4
REPS       ?= 0
RESULTS    ?= experiments/results
BASE       := $(BUILD)/data/base_3866x4320.pgm
# Study 5's input: the photograph as a quality-20 JPEG at 3264x2448, and that JPEG's Y plane.
EPS_QUALITY := 20
EPS_JPEG   := $(BUILD)/data/epsilon_3264x2448_q$(EPS_QUALITY).jpg
EPS_BASE   := $(BUILD)/data/epsilon_y_3264x2448.pgm
FILTERLAB  := $(BUILD)/src/filterlab
PEERS      := $(BUILD)/src/peers/filterlab-peers
JOBS       ?= 2

.PHONY: help deps build test verify data experiments figures paper reproduce bundle clean

help:
	@sed -n '1,/^$$/p' Makefile

deps:
	scripts/install-deps.sh full

$(BUILD)/build.ninja:
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

test:
	scripts/install-deps.sh test
	$(MAKE) build
	ctest --test-dir $(BUILD) -j $(JOBS) --output-on-failure

verify: build
	$(FILTERLAB) verify --device "$(DEVICE)"

data: build
	$(BUILD)/data/filterlab-derive-base data/path_2560x1600.jpg $(BASE) --width 3866 --height 4320
	$(BUILD)/data/filterlab-derive-epsilon data/path_2560x1600.jpg $(EPS_JPEG) $(EPS_BASE) --width 3264 --height 2448 --quality $(EPS_QUALITY)

EXPERIMENTS := scharr_single_storage scharr_gradient_variants pyramid_storage sampler tiled epsilon imagecl peers
IMAGECL_SAMPLES ?= 16
# Study 6b (the auto-tuner) uses the committed tuning database (experiments/results/tuning/<device>.json)
# unless asked to tune again: make experiments TUNE=1 (CPU devices: image sides / 4 as the peers, recorded).
TUNE       ?= 0
include mk/check-vars.mk
ifeq ($(TUNE),1)
EXPERIMENTS += tuning
endif

# The sampler study (Study 3) reads no image and times nothing: it takes only the results directory.
# The tiled study (Study 4) makes its own images (sizes capped at 2048^2 on CPU devices).
# The epsilon study (Study 5) reads the Y plane and picks its own crop on CPUs (not CPU_SCALE).
# The ImageCL study (Study 6a) times IMAGECL_SAMPLES configurations per kernel (sides / 4 on CPUs).
# The peers (OpenCV, Halide) run from their own binary, one process per device (OpenCV's OpenCL
# device is fixed per process); the CUDA peers run only on the GPU host (scripts/run-bundle.sh).
experiments: data
	for e in $(EXPERIMENTS); do \
	  if [ $$e = peers ]; then \
	    $(PEERS) list --device "$(DEVICE)" | while read -r d; do \
	      FILTERLAB_CPU_SCALE=$(CPU_SCALE) $(PEERS) run --device "$$d" --base $(BASE) --results $(RESULTS) \
	        --repetitions $(REPS) < /dev/null || exit 1; \
	    done || exit 1; \
	  elif [ $$e = sampler ]; then \
	    $(FILTERLAB) run $$e --device "$(DEVICE)" --results $(RESULTS) || exit 1; \
	  elif [ $$e = imagecl ]; then \
	    $(FILTERLAB) run $$e --device "$(DEVICE)" --results $(RESULTS) --samples $(IMAGECL_SAMPLES) --repetitions $(REPS) || exit 1; \
	  elif [ $$e = tiled ]; then \
	    $(FILTERLAB) run $$e --device "$(DEVICE)" --results $(RESULTS) --repetitions $(REPS) || exit 1; \
	  elif [ $$e = tuning ]; then \
	    $(FILTERLAB) run tuning --device "$(DEVICE)" --results $(RESULTS) || exit 1; \
	  elif [ $$e = epsilon ]; then \
	    $(FILTERLAB) run $$e --device "$(DEVICE)" --base $(EPS_BASE) --results $(RESULTS) --repetitions $(REPS) || exit 1; \
	  else \
	    FILTERLAB_CPU_SCALE=$(CPU_SCALE) $(FILTERLAB) run $$e --device "$(DEVICE)" \
	      --base $(BASE) --results $(RESULTS) --repetitions $(REPS) || exit 1; \
	  fi; \
	done

# Figures and the paper need no OpenCL device: they read the committed raw results. The figures
# target writes only generated files: paper/generated/ and docs/generated/ (README links to them).
figures:
	scripts/install-deps.sh paper
	$(PYTHON) experiments/analysis/make_all.py --results $(RESULTS) --out paper/generated
	$(PYTHON) experiments/analysis/update_docs.py --generated paper/generated --docs docs/generated

# LaTeX still writes a PDF when a float is too large or a table runs past the margin; the log
# check fails the build and names the table or figure (unwrapped log lines so it can follow files).
paper: figures
	cd paper && max_print_line=100000 latexmk -pdf -interaction=nonstopmode -halt-on-error filterlab.tex
	$(PYTHON) paper/check_latex_log.py paper/filterlab.log
	@echo "paper: paper/filterlab.pdf"

reproduce:
	scripts/install-deps.sh full
	$(MAKE) build
	$(MAKE) verify
	$(MAKE) experiments
	$(MAKE) paper

# A relocatable bundle for a machine without our packages (the GPU host): the runtime without
# OpenCV, the derived base image, and a script that runs verify and the experiments there; plus
# filterlab-peers (built with OpenCV and Halide's pipelines) with its libraries, and the CUDA peers' script.
bundle: data
	cmake -G Ninja -S . -B $(BUNDLE_BUILD) -DCMAKE_BUILD_TYPE=Release -DFILTERLAB_WITH_OPENCV=OFF -DFILTERLAB_BUILD_TESTS=OFF
	cmake --build $(BUNDLE_BUILD) -j $(JOBS) --target filterlab filterlab-bench
	cmake --build $(BUILD) -j $(JOBS) --target filterlab-peers
	PEERS=$(PEERS) scripts/make-bundle.sh $(BUNDLE_BUILD)/src/filterlab $(BASE) dist/filterlab-bundle $(EPS_BASE)

clean:
	rm -rf $(BUILD) $(BUNDLE_BUILD) dist paper/generated
