"""The registry of studies: every experiment's analysis (a study.Study), by the name the experiment
registry (experiments/registry.json, field `analysis`) gives its module. make_all runs the
registry's experiments through these; a new experiment's module adds its STUDY here."""

from __future__ import annotations

from . import (epsilon, imagecl, imagecl_portability, peers, pyramid_storage, roofline, sampler,
               scharr_gradient_variants, scharr_single_storage, tiled, tuning)
from .study import Study

STUDIES: dict[str, Study] = {
    module.__name__.rpartition(".")[2]: module.STUDY
    for module in (roofline, scharr_single_storage, scharr_gradient_variants, pyramid_storage,
                   sampler, tiled, epsilon, tuning, imagecl, imagecl_portability, peers)
}
