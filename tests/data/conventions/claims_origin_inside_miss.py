#!/usr/bin/env python3
"""A deliberately mis-declaring external algorithm (tests/app/cli/conventions_test.cpp): the slab method
of examples/external/ray_aabb_python.py, which hits at t = 0 from an origin inside the box, declared
as counting an origin inside as a miss (origin_inside: "miss"). `hitlab conventions` must mark it."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "external"))

import ray_aabb_python as example  # noqa: E402

example.METADATA = [dict(example.METADATA[0], name="claims_origin_inside_miss", title="Slab method, mis-declared (test)",
                         conventions=dict(example.METADATA[0]["conventions"], origin_inside="miss"))]

if __name__ == "__main__":
    example.main()
