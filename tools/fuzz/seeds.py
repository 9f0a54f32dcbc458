#!/usr/bin/env python3
"""Seed corpora and the dictionary for the libFuzzer targets (mk/fuzz.mk, docs/TESTING.md "Fuzzing").

    seeds.py OUT   writes OUT/seeds/{scene,events,wire,session}/ and OUT/scene.dict

scene: examples/*.json; events: examples/*.events.jsonl, whole and line by line; wire: the recorded
streams examples/*.stream and each Tests/Vectors file's messages as one stream (u32 little-endian
length, then the message); session: random bytes. The dictionary holds every key, node type and choice the scene reader
knows (Field("…"), NodeType("…"), Choice("…") in Sources/VeilCore) and the JSON punctuation.
"""
import glob
import json
import os
import re
import shutil
import struct
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = sys.argv[1]


def folder(name):
    path = os.path.join(out, 'seeds', name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


scene = folder('scene')
for path in glob.glob(os.path.join(root, 'examples', '*.json')):
    shutil.copy(path, scene)

events = folder('events')
for path in glob.glob(os.path.join(root, 'examples', '*.events.jsonl')):
    shutil.copy(path, events)
    with open(path, 'rb') as f:
        for i, line in enumerate(f.read().splitlines()):
            with open(os.path.join(events, f'{os.path.basename(path)}.{i}'), 'wb') as g:
                g.write(line)

wire = folder('wire')
for path in glob.glob(os.path.join(root, 'examples', '*.stream')):
    shutil.copy(path, wire)


def hexes(value):
    """Every "hex" string in a vector file, in order."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == 'hex' and isinstance(v, str):
                yield v
            else:
                yield from hexes(v)
    elif isinstance(value, list):
        for v in value:
            yield from hexes(v)


for path in glob.glob(os.path.join(root, 'Tests', 'Vectors', '*.json')):
    with open(path) as f:
        messages = [bytes.fromhex(h) for h in hexes(json.load(f))]
    if messages:
        with open(os.path.join(wire, os.path.basename(path) + '.stream'), 'wb') as g:
            for m in messages:
                g.write(struct.pack('<I', len(m)) + m)

# The session target makes its scene from the bytes (Fuzz/Session/SceneGrammar.swift): random bytes of
# a fixed generator give it scenes of every size to start from.
session = folder('session')
state = 0x9E3779B97F4A7C15
for i in range(32):
    data = bytearray()
    for _ in range(256 * (1 + i % 8)):
        state = (state * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        data.append(state >> 56)
    with open(os.path.join(session, f'random-{i}'), 'wb') as g:
        g.write(data)

words = set()
for path in glob.glob(os.path.join(root, 'Sources', 'VeilCore', '**', '*.swift'), recursive=True):
    with open(path, encoding='utf-8') as f:
        words.update(re.findall(r'\b(?:Field|NodeType|Choice|handledElsewhere)(?:<[^>]*>)?\("([$A-Za-z0-9_.\- ]+)"', f.read()))
with open(os.path.join(out, 'scene.dict'), 'w') as f:
    for word in sorted(words):
        f.write(f'"\\"{word}\\""\n')
    for token in ['{', '}', '[', ']', ':', ',', 'true', 'false', 'null', '"#FFFFFF"', '1e308', '-0', '\\u0000', '\\n']:
        f.write('"' + token.replace('\\', '\\\\').replace('"', '\\"') + '"\n')
print(f'{out}: seeds for scene ({len(os.listdir(scene))}), events ({len(os.listdir(events))}), '
      f'wire ({len(os.listdir(wire))}), session ({len(os.listdir(session))}); scene.dict ({len(words)} words)')
