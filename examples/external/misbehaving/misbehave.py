#!/usr/bin/env python3
"""A deliberately misbehaving external program, for HitLab's tests of failure containment.

It answers like ../ray_aabb_python.py, except on a query whose ray origin has x == 13, where
MODE decides what goes wrong:

  crash    exit with status 3        abort     die of SIGABRT
  hang     never answer              garbage   write a line that is not JSON
  wrong_id answer with another id    missing   answer without the asked algorithm
  long     write a line of 2 MB

  flaw_sentence  answer a miss, while declaring a flaw as a sentence alone (it explains nothing)
  flaw_boundary  answer a miss, while declaring a flaw whose condition is "boundary" (it does not
                 hold on a ray through the middle of a face)

and the metadata modes, which spoil the first line instead:

  meta_reference  declares "reference": true     meta_clash  names itself "slab"
  meta_garbage    writes a line that is not JSON  meta_family declares the family "ray_cone"
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ray_aabb_python as example  # noqa: E402


def metadata(mode):
    meta = [dict(example.METADATA[0], name="slab_misbehaving")]
    if mode == "meta_reference":
        meta[0]["reference"] = True
    elif mode == "meta_clash":
        meta[0]["name"] = "slab"
    elif mode == "meta_family":
        meta[0]["family"] = "ray_cone"
    elif mode == "meta_garbage":
        return "this is not JSON"
    elif mode in ("flaw_sentence", "flaw_boundary"):
        meta[0]["flaw"] = "the normal at an edge picks the first axis"
        if mode == "flaw_boundary":
            meta[0]["flaw_when"] = ["boundary"]
    return json.dumps(meta)


def misbehave(mode, query):
    if mode == "crash":
        sys.exit(3)
    if mode == "abort":
        os.abort()
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        return "{\"id\": oops"
    if mode == "wrong_id":
        return json.dumps({"id": query["id"] + 1000, "results": {}})
    if mode == "missing":
        return json.dumps({"id": query["id"], "results": {}})
    if mode == "long":
        return "x" * 2000000
    if mode in ("flaw_sentence", "flaw_boundary"):
        return json.dumps({"id": query["id"], "results": {"slab_misbehaving": {"hit": False}}})
    return None


def main():
    mode = sys.argv[1]
    print(metadata(mode), flush=True)
    for line in sys.stdin:
        query = json.loads(line)
        reply = misbehave(mode, query) if query["a"]["origin"][0] == 13 else None
        print(reply or json.dumps(example.answer(line)), flush=True)


if __name__ == "__main__":
    main()
