"""Where the analysis finds what it reads besides the raw results: the experiment registry's
snapshot, the variant catalogue, the articles' published numbers (experiments/<experiment>/) and
the result schemas, all relative to this package (experiments/analysis/filterlab_analysis/)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ANALYSIS = PACKAGE.parent            # experiments/analysis/
EXPERIMENTS = ANALYSIS.parent        # experiments/
REPO = EXPERIMENTS.parent
RESULTS = EXPERIMENTS / "results"    # the committed raw results
SCHEMAS = EXPERIMENTS / "schemas"
REGISTRY = EXPERIMENTS / "registry.json"
VARIANTS = EXPERIMENTS / "variants.json"
