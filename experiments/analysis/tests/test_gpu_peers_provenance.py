"""experiments/peers/gpu_peers.py: the provenance it adds (the NVIDIA driver string)."""

import importlib

import pytest

pytest.importorskip("numpy", reason="python3-numpy is not installed")
G = importlib.import_module("gpu_peers")  # experiments/peers (pytest.ini's pythonpath), after numpy


def test_driver_string_from_proc(tmp_path):
    proc = tmp_path / "version"
    proc.write_text("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Tue Oct  7 21:50:04 UTC 2025\n"
                    "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)\n")
    assert G.nvidia_driver_version(str(proc)) == "580.159.04"
    proc.write_text("GCC version: 12\n")
    assert G.nvidia_driver_version(str(proc)).startswith("unknown (no NVRM version line")
    assert G.nvidia_driver_version(str(tmp_path / "absent")).startswith("unknown (")


def test_writes_schema_version_two():
    assert G.SCHEMA == "filterlab.result/2" and G.SCHEMA_VERSION == 2
