#!/usr/bin/env python3
"""Seed corpora and the dictionary for the libFuzzer targets (mk/fuzz.mk, docs/TESTING.md "Fuzzing").

    seeds.py OUT   writes OUT/seeds/{scene,events,wire,session}/ and OUT/scene.dict

scene: examples/*.json; events: examples/*.events.jsonl, whole and line by line; wire: the recorded
streams examples/*.stream and each Tests/Vectors file's messages as one stream (u32 little-endian
length, then the message), cut into windows of at most WIRE_WINDOW bytes (the wire target's -max_len,
tools/fuzz/run.sh), a new window at each keyframe; session: random bytes. The dictionary holds every key, node type and choice the scene reader
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
# A wire input costs what it holds: every message is decoded, re-encoded and decoded again, and the
# mirror hashes its whole frame after each one. The recorded streams run to 20 KiB (a keyframe, then
# a hundred deltas of one scroll); windows of 4 KiB keep each input quick while keeping every message.
WIRE_WINDOW = 4096


def messages_of(data):
    at = 0
    while at < len(data):
        n = struct.unpack('<I', data[at:at + 4].ljust(4, b'\0'))[0]
        yield data[at + 4:at + 4 + n]
        at += 4 + n


def write_windows(name, messages):
    """The stream as windows: each starts with the first message, a keyframe (type bits 0-1 = 1)
    or the message that did not fit the previous window, and holds at most WIRE_WINDOW bytes (one
    larger message alone), so the first window is a keyframe and the deltas the mirror applies."""
    windows, current = [], b''
    for m in messages:
        record = struct.pack('<I', len(m)) + m
        keyframe = len(m) > 2 and m[2] & 3 == 1
        if current and (keyframe or len(current) + len(record) > WIRE_WINDOW):
            windows.append(current)
            current = b''
        current += record
    if current:
        windows.append(current)
    for i, w in enumerate(windows):
        with open(os.path.join(wire, f'{name}.{i}'), 'wb') as g:
            g.write(w)


for path in glob.glob(os.path.join(root, 'examples', '*.stream')):
    with open(path, 'rb') as f:
        write_windows(os.path.basename(path), list(messages_of(f.read())))


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
        write_windows(os.path.basename(path) + '.stream', messages)

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
