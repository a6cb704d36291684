"""FilterLab's analysis: the committed raw results (experiments/results/) to the paper's figures,
tables and macros (paper/generated/) and the docs' generated pages (docs/generated/).

Each experiment of the registry (experiments/registry.json) has a module here named after it;
make_all runs them all, then writes the claims ledger and the caption notes; update_docs copies
the Markdown tables into docs/generated/. Run them as modules with this package's folder on the
path:

    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.make_all \\
        --results experiments/results --out paper/generated
    PYTHONPATH=experiments/analysis /usr/bin/python3 -m filterlab_analysis.update_docs \\
        --generated paper/generated --docs docs/generated

(`make figures` runs both.) The tests are in experiments/analysis/tests/ (pytest; the repository's
pytest.ini puts experiments/analysis on the path).
"""
