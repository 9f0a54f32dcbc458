#!/usr/bin/env python3
"""Prints a scene that changes every frame for 10 s: a bar growing half a point a frame (60 fps).
The per-frame load of `make bench-server` (bench.sh) and of its A/B against a revision (ab.sh):
a timeline, so any revision of the server plays it the same way."""
import json

timeline = [{"t": k / 60, "command": {"set": {"node": "bar", "frame": {"x": 10, "y": 300, "width": 10 + k * 0.5, "height": 8}}}}
            for k in range(1, 601)]
print(json.dumps({"name": "moving", "canvas": {"width": 390, "height": 640}, "background": "#FFFFFF",
                  "root": {"type": "view", "id": "root", "children": [
                      {"type": "view", "id": "bar", "frame": {"x": 10, "y": 300, "width": 10, "height": 8}, "background": "#007AFF"}]},
                  "timeline": timeline}))
