#!/usr/bin/env python3
"""Seeded monkey test of the window: random clicks, drags, scrolls and keys sent with xdotool to
`hitlab` on the demo scene under a display (ctest runs it under xvfb-run; the asan preset runs it
with AddressSanitizer + UndefinedBehaviorSanitizer). The window must survive: no crash, no
sanitizer report, no unbalanced ImGui Begin/End (--panel-report's imgui_errors), and a clean exit
on SIGTERM. A window that quits on its own (File > Quit clicked) is started again.

Usage: monkey_gui_test.py HITLAB_EXECUTABLE [--seconds S] [--seed N]
The seed is printed first and again on failure; HITLAB_MONKEY_SEED and HITLAB_MONKEY_SECONDS
set them too. The same seed gives the same actions (their timing against the frames varies).
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1280, 720
# keys the window and its panels react to (the viewport's shortcuts, text fields, popups)
KEYS = ["Delete", "Escape", "Return", "Tab", "BackSpace", "space", "Left", "Right", "Up", "Down", "Home",
        "f", "g", "r", "x", "y", "z", "1", "2", "3", "5", "7", "a", "minus", "period", "0", "9"]
# Ctrl+Q is left out (it would only quit); File > Quit can still be clicked
CTRL_KEYS = ["z", "y", "d", "n", "o", "s", "e", "shift+s"]


def skip(message):
    print("SKIP: " + message)
    sys.exit(77)


class Monkey:
    def __init__(self, exe, seed, work):
        self.exe = os.path.abspath(exe)
        self.rng = random.Random(seed)
        self.seed = seed
        self.work = work
        self.proc = None
        self.wid = None
        self.actions = 0
        self.starts = 0
        self.log = open(os.path.join(work, "hitlab.log"), "w+")

    def fail(self, message):
        self.log.flush()
        self.log.seek(0)
        tail = self.log.read()[-4000:]
        print("FAIL: %s (seed %d, after %d actions; replay: HITLAB_MONKEY_SEED=%d)" %
              (message, self.seed, self.actions, self.seed))
        print("--- hitlab's output (end) ---\n" + tail)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
        sys.exit(1)

    def start(self):
        self.starts += 1
        scene = os.path.join(self.work, "scene.json")
        args = [self.exe, scene if os.path.exists(scene) else "demo",
                "--panel-report", os.path.join(self.work, "report.json")]
        self.proc = subprocess.Popen(args, cwd=self.work, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                self.fail("hitlab exited with %d while starting" % self.proc.returncode)
            out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "HitLab"],
                                 capture_output=True, text=True)
            if out.stdout.strip():
                self.wid = out.stdout.split()[0]
                subprocess.run(["xdotool", "windowfocus", self.wid], capture_output=True)
                time.sleep(1.0)
                return
            time.sleep(0.2)
        self.fail("the window did not appear within 60 s")

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], capture_output=True)

    def point(self):
        return str(self.rng.randrange(WIDTH)), str(self.rng.randrange(HEIGHT))

    def action(self):
        """One random action as xdotool commands (chained in one xdotool run with the others of a batch)."""
        w = ["--window", self.wid]
        kind = self.rng.choices(["click", "drag", "scroll", "key", "ctrl", "move"], [30, 20, 8, 25, 7, 10])[0]
        if kind == "click":
            x, y = self.point()
            button = self.rng.choice(["1", "1", "1", "3"])
            clicks = ["click", button] if self.rng.random() < 0.85 else ["click", "--repeat", "2", button]
            cmd = ["mousemove", *w, x, y, *clicks]
        elif kind == "drag":
            x, y = self.point()
            button = self.rng.choice(["1", "1", "2", "3"])
            cmd = ["mousemove", *w, x, y, "mousedown", button]
            for _ in range(self.rng.randrange(2, 6)):
                x, y = self.point() if self.rng.random() < 0.3 else (
                    str(min(WIDTH - 1, max(0, int(x) + self.rng.randrange(-80, 81)))),
                    str(min(HEIGHT - 1, max(0, int(y) + self.rng.randrange(-80, 81)))))
                cmd += ["sleep", "0.02", "mousemove", *w, x, y]
            cmd += ["mouseup", button]
        elif kind == "scroll":
            x, y = self.point()
            cmd = ["mousemove", *w, x, y, "click", "--repeat", str(self.rng.randrange(1, 4)),
                   self.rng.choice(["4", "5"])]
        elif kind == "key":
            cmd = ["key", self.rng.choice(KEYS)]  # XTEST to the focused window (--window would send synthetic events)
        elif kind == "ctrl":
            cmd = ["key", "ctrl+" + self.rng.choice(CTRL_KEYS)]
        else:
            x, y = self.point()
            cmd = ["mousemove", *w, x, y]
        self.actions += 1
        return cmd + ["sleep", self.rng.choice(["0.002", "0.002", "0.02", "0.05"])]

    def act(self, count):
        """count actions, sent by one xdotool run."""
        batch = []
        for _ in range(count):
            batch += self.action()
        self.xdo(*batch)

    def check_alive(self):
        status = self.proc.poll()
        if status is None:
            return
        if status != 0:
            self.fail("hitlab exited with %d" % status if status > 0 else "hitlab was killed by signal %d" % -status)
        self.check_report()
        self.start()  # quit on its own (File > Quit): go on with a new window

    def check_report(self):
        path = os.path.join(self.work, "report.json")
        try:
            with open(path) as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            self.fail("no panel report after the window closed: %s" % e)
        if report.get("imgui_errors"):
            self.fail("ImGui reported errors: %s" % report["imgui_errors"])

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            status = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.fail("hitlab did not exit within 60 s of SIGTERM")
        if status != 0:
            self.fail("hitlab exited with %d after SIGTERM" % status)
        self.check_report()
        self.log.seek(0)
        text = self.log.read()
        for marker in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:"):
            if marker in text:
                self.fail("a sanitizer report in hitlab's output (%s)" % marker)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("exe")
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("HITLAB_MONKEY_SECONDS", "8")))
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("HITLAB_MONKEY_SEED", str(random.SystemRandom().randrange(1 << 31)))))
    args = parser.parse_args()
    if shutil.which("xdotool") is None:
        skip("xdotool is not installed")
    if not os.environ.get("DISPLAY"):
        print("FAIL: no DISPLAY (run under xvfb-run)")
        sys.exit(1)
    print("monkey: seed %d, %.0f s (replay: HITLAB_MONKEY_SEED=%d)" % (args.seed, args.seconds, args.seed), flush=True)
    with tempfile.TemporaryDirectory() as work:
        # a fresh configuration and state: no saved layout, recent files or autosaves of the person
        for name in ("config", "state", "home"):
            os.makedirs(os.path.join(work, name))
        os.environ.update(XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_STATE_HOME=os.path.join(work, "state"),
                          HOME=os.path.join(work, "home"))
        shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "assets", "scenes",
                                 "obb-plus-sign.json"), os.path.join(work, "scene.json"))
        monkey = Monkey(args.exe, args.seed, work)
        monkey.start()
        end = time.time() + args.seconds
        while time.time() < end:
            monkey.act(10)
            monkey.check_alive()
        monkey.check_alive()
        monkey.stop()
        with open(os.path.join(work, "report.json")) as f:
            report = json.load(f)
        print("ok: %d actions in %.0f s, %d window start(s), seed %d; the last window drew %d frames and ended with "
              "%d shapes" % (monkey.actions, args.seconds, monkey.starts, args.seed, report["frames"], report["shapes"]))


if __name__ == "__main__":
    main()
