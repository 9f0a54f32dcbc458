#!/usr/bin/env python3
"""Every text Veil draws is readable: WCAG 2 AA contrast (4.5:1, or 3:1 for large text: 18 pt, or
14 pt bold) in every demo scene and in the components' default styles, in light and in dark.

The frames come from `veil render --format json` (the frame a viewer holds) at several times of each
example's own run (its events file too), once as the scene is and once after an `appearance` command
switches to dark. For each text item the colour behind it is composited from the frame's background
and every rect drawn before it under the text's middle (layer offsets and opacities applied); the
text's own colour is blended over that. Text that is not shown (opacity 0) is left out.

    swift build --product veil && python3 Tests/cli/test_contrast.py [path/to/veil]
Ends with a line "N passed, N failed"; exits 1 on failure.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("VEIL") or os.environ.get("VEIL_BIN") or os.path.join(ROOT, ".build/debug/veil"))
TIMES = (0.0, 0.6, 1.5, 3.0, 5.0, 8.0)
RECT, TEXT, IMAGE, LAYER = 0, 1, 2, 5


def channels(rgba):
    return ((rgba >> 24) & 255, (rgba >> 16) & 255, (rgba >> 8) & 255, (rgba & 255) / 255)


def over(top, alpha, bottom):
    return tuple(top[i] * alpha + bottom[i] * (1 - alpha) for i in range(3))


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def paint_colour(paint):
    """A solid paint's colour; a gradient's middle stop (skeleton shimmer); None for others."""
    if paint.get("kind") == "solid":
        return channels(paint["color"])
    stops = paint.get("stops") or []
    return channels(stops[len(stops) // 2]["color"]) if stops else None


def texts_and_backdrops(frame):
    """(text, size, weight, its colour, the colour behind it) for every visible text item."""
    paints = frame["paints"]
    background = channels(frame["background"])[:3]
    drawn = []  # (x0, y0, x1, y1, rgb, alpha) of solid rects, in paint order, canvas points
    found = []

    def walk(items, dx, dy, opacity, visible):
        for item in items:
            alpha = opacity * item["opacity"] / 255
            x, y = dx + item["x"] / 8, dy + item["y"] / 8
            shown = visible
            if item.get("clip"):  # in the parent's space, like the item's own position
                c = item["clip"]
                cx0, cy0 = dx + c["x"] / 8, dy + c["y"] / 8
                shown = (max(visible[0], cx0), max(visible[1], cy0),
                         min(visible[2], cx0 + c["width"] / 8), min(visible[3], cy0 + c["height"] / 8))
            if item["kind"] == LAYER:
                walk(item.get("children", []), x, y, alpha, shown)
            elif item["kind"] in (RECT, IMAGE) and item["fill"] and alpha > 0:
                # (An image is drawn as its placeholder: the scene names it, the host has no pixels.)
                colour = paint_colour(paints[item["fill"] - 1])
                if colour and colour[3] > 0:
                    drawn.append((x, y, x + item["width"] / 8, y + item["height"] / 8, colour[:3], colour[3] * alpha))
            elif item["kind"] == TEXT and item["fill"] and item["text"].strip() and alpha > 0.99:
                # (Text being faded in or out, alpha < 1, is between two readable states: left out;
                # so is text clipped out of sight, such as list rows scrolled away.)
                cx, cy = x + item["width"] / 16, y + item["height"] / 16
                if not (shown[0] <= cx <= shown[2] and shown[1] <= cy <= shown[3]):
                    continue
                behind = background
                for x0, y0, x1, y1, rgb, a in drawn:
                    if x0 <= cx <= x1 and y0 <= cy <= y1:
                        behind = over(rgb, a, behind)
                colour = paint_colour(paints[item["fill"] - 1])
                if colour is None:
                    continue
                fg = over(colour[:3], colour[3] * alpha, behind)
                found.append((item["text"], item["fontSize"] / 8, item["fontWeight"], fg, behind))

    walk(frame["items"], 0, 0, 1, (-1e9, -1e9, 1e9, 1e9))
    return found


def needed(size, weight):
    large = size >= 24 or (size >= 18.66 and weight >= 700)
    return 3.0 if large else 4.5


def hexa(rgb):
    return "#" + "".join(f"{round(c):02X}" for c in rgb)


def render(scene, events, at):
    args = [VEIL, "render", scene, "--at", str(at), "--format", "json"]
    if events:
        args += ["--events", events]
    out = subprocess.run(args, capture_output=True, timeout=120)
    if out.returncode != 0:
        raise AssertionError(f"veil render {os.path.basename(scene)} --at {at}: {out.stderr.decode()[:300]}")
    return json.loads(out.stdout)


def problems_in(scene, events_text, work, label):
    """Texts under the AA ratio in `scene` over TIMES, with `events_text` (JSON lines) applied."""
    events = None
    if events_text:
        events = os.path.join(work, f"{label}.events.jsonl")
        with open(events, "w") as f:
            f.write(events_text)
    bad = {}
    for at in TIMES:
        for text, size, weight, fg, bg in texts_and_backdrops(render(scene, events, at)):
            ratio = contrast(fg, bg)
            if ratio + 1e-9 < needed(size, weight):
                bad.setdefault((text, hexa(fg), hexa(bg)), (ratio, size, weight, at))
    return [f"{label}: \"{t}\" {fg} on {bg}: {r:.2f}:1 (needs {needed(s, w)}:1; {s:g} pt, weight {w}, t = {at})"
            for (t, fg, bg), (r, s, w, at) in bad.items()]


def with_dark(events_text):
    """The events with the appearance switched to dark first."""
    return '{"t": 0, "command": {"appearance": "dark"}}\n' + (events_text or "")


def example_cases():
    for scene in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))):
        events_file = scene[:-len(".json")] + ".events.jsonl"
        events = open(events_file).read() if os.path.exists(events_file) else ""
        yield os.path.basename(scene)[:-5], scene, events


# The components' default styles: status views (every state), the spinner and a sheet, with no
# colour given, on the default background.
DEFAULTS = {
    "status-loading": {"root": {"type": "view", "id": "root"}, "timeline": [
        {"t": 0, "command": {"status": {"node": "root", "state": "loading", "title": "Loading…", "message": "Fetching the latest items"}}}]},
    "status-error": {"root": {"type": "view", "id": "root"}, "timeline": [
        {"t": 0, "command": {"status": {"node": "root", "state": "error", "title": "Error", "message": "The network connection was lost", "actionTitle": "Retry", "action": "retry"}}}]},
    "status-empty": {"root": {"type": "view", "id": "root"}, "timeline": [
        {"t": 0, "command": {"status": {"node": "root", "state": "empty", "title": "Nothing here", "message": "Pull to refresh"}}}]},
    "card-status": {"root": {"type": "view", "id": "root", "children": [
        {"type": "view", "id": "card", "background": "card", "frame": {"x": 10, "y": 10, "width": 370, "height": 400}}]},
        "timeline": [{"t": 0, "command": {"status": {"node": "card", "state": "error", "title": "Error", "message": "Try again later", "actionTitle": "Retry", "action": "retry"}}}]},
    "labels": {"root": {"type": "stack", "id": "root", "axis": "vertical", "children": [
        {"type": "label", "id": "a", "text": "A label in the default colour"},
        {"type": "button", "id": "b", "title": "A default button", "frame": {"x": 0, "y": 0, "width": 200, "height": 44}}]}},
}


def main():
    if not os.access(VEIL, os.X_OK):
        print(f"veil binary not found at {VEIL} (build it: swift build --product veil)")
        print("0 passed, 1 failed")
        return 1
    work = tempfile.mkdtemp(prefix="veil-contrast-")
    passed = failed = 0
    try:
        cases = list(example_cases())
        for name, scene in DEFAULTS.items():
            path = os.path.join(work, name + ".json")
            with open(path, "w") as f:
                json.dump(scene, f)
            cases.append((name, path, ""))
        for name, scene, events in cases:
            for appearance, text in (("light", events), ("dark", with_dark(events))):
                label = f"{name} ({appearance})"
                try:
                    problems = problems_in(scene, text, work, f"{name}-{appearance}")
                except AssertionError as error:
                    problems = [str(error)]
                if problems:
                    failed += 1
                    print(f"FAIL {label}:\n  " + "\n  ".join(problems))
                else:
                    passed += 1
                    print(f"ok   {label}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
