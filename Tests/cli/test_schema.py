#!/usr/bin/env python3
"""The JSON Schema of scene and events files (`veil schema`, docs/SCENE.md "Schema") against the reader.

The schema is written from the reader's tables, so these check it both ways with a real validator
(Debian's python3-jsonschema, draft 2020-12):

1. drift: `veil schema` and `veil schema --events` equal the checked-in docs/scene.schema.json and
   docs/events.schema.json (regenerate them with `veil schema --out …`), and both are valid schemas;
   `veil schema --commands` (the command catalog as a module) equals the checked-in Web/commands.js;
2. every scene the repository holds (examples/, Web/examples/, Tests/, Benchmarks/, the docs' JSON
   blocks) and every events-file line validates;
3. scenes generated at random from the schema are accepted by `veil check`, except for the cross-field
   rules a schema cannot say (ALLOWED, each named);
4. unknown keys added anywhere in those scenes and in the examples are refused by both, and the
   reader's "expected one of" list is exactly the schema's keys there; values of a wrong type are
   refused by both (where the schema refuses them, the reader must too).

    swift build --product veil && /usr/bin/python3 Tests/cli/test_schema.py [path/to/veil]
"""

import copy
import glob
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("VEIL_BIN") or os.path.join(ROOT, ".build/debug/veil"))
SEED = int(os.environ.get("SCHEMA_TEST_SEED", "24"))
SCENES = int(os.environ.get("SCHEMA_TEST_SCENES", "400"))

# What the reader refuses in a scene the schema accepts: rules between keys or values that a JSON
# Schema does not say. Each is (name, pattern of `veil check`'s message).
ALLOWED = [
    ("a sheet is a child of the root", r"^a sheet must be a child of the scene's root"),
    ("a sheet has a page, and its pages and initial anchor name its children and anchors",
     r"^a sheet needs at least one page|^\"pages\" names \"[^\"]*\", which is not a child of the sheet|^\"initialAnchor\" \d+ names no anchor"),
    ("ids are unique", r"^duplicate node id"),
    ("a command in a timeline names a node that exists then, of a kind that takes it (the session's rules)",
     r"^timeline entry \d+ \(t = [^)]*\): "),
    ("a row preparation names a node of the list's row template", r"^no node \"[^\"]*\" in the list's row template"),
    ("a refresh's states need its custom view", r"^\"states\" change the nodes of a custom \"view\""),
    ("rows are for a list without sections", r"^\"rows\" is for a list without sections"),
    ("a list that fetches its rows has no rows or sections of its own",
     r"^a list that fetches its rows has neither \"rows\" nor \"sections\""),
    ("pull to refresh: vertical only, and not with load-more at the start",
     r"^pull to refresh is for vertical|^a list cannot both pull to refresh and load more"),
    ("a skeleton command's style keys go with show, its transition not with update",
     r"^\"[a-zA-Z]+\" goes with \"show\"|^\"transition\" goes with"),
    ("one key of a command says what to do", r"comes after another key saying what to do$|^\"[a-zA-Z]+\" comes with no other key"),
    ("the node, text and row bounds of a whole scene", r"^too many nodes|^too much text"),
    ("timelines are in time order", r"^entries must be in time order"),
]


class Failure(Exception):
    pass


failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def veil(*args, stdin=None):
    return subprocess.run([VEIL, *args], input=stdin, capture_output=True, text=True)


# 1. Drift.

def load_schemas():
    scene_text = veil("schema").stdout
    events_text = veil("schema", "--events").stdout
    for name, text in [("scene.schema.json", scene_text), ("events.schema.json", events_text)]:
        path = os.path.join(ROOT, "docs", name)
        kept = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if kept != text:
            flag = " --events" if name.startswith("events") else ""
            fail(f"docs/{name} is not what `veil schema{flag}` writes: run `veil schema{flag} --out docs/{name}`")
    commands = veil("schema", "--commands").stdout
    kept = open(os.path.join(ROOT, "Web", "commands.js"), encoding="utf-8").read()
    if not commands.startswith("// @ts-check\n") or kept != commands:
        fail("Web/commands.js is not what `veil schema --commands` writes: run `veil schema --commands --out Web/commands.js`")
    scene, events = json.loads(scene_text), json.loads(events_text)
    for schema in (scene, events):
        jsonschema.Draft202012Validator.check_schema(schema)
    if "(undescribed)" in scene_text or "(undescribed)" in events_text:
        fail("a key of the tables has no description (`takes:`)")
    return scene, events


# 2. What the repository holds validates.

def scene_files():
    paths = set()
    for pattern in ["examples/*.json", "Web/examples/*.json", "Tests/**/*.json", "Benchmarks/**/*.json"]:
        paths.update(glob.glob(os.path.join(ROOT, pattern), recursive=True))
    for path in sorted(paths):
        try:
            value = json.load(open(path, encoding="utf-8"))
        except ValueError:
            continue  # not JSON on purpose (malformed-input tests)
        if isinstance(value, dict) and "root" in value:
            yield os.path.relpath(path, ROOT), value


def events_lines():
    for pattern in ["examples/*.events.jsonl", "Tests/**/*.events.jsonl", "Benchmarks/**/*.events.jsonl"]:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                if line.strip():
                    yield f"{os.path.relpath(path, ROOT)}:{number}", json.loads(line)


def doc_blocks():
    """The docs' ```json blocks, as the docs' own test finds them (Tests/docs/snippets_test.py):
    scenes, and commands or timed actions."""
    spec = importlib.util.spec_from_file_location("snippets", os.path.join(ROOT, "Tests/docs/snippets_test.py"))
    snippets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(snippets)
    for document, line, language, marker, body in snippets.blocks():
        if language != "json" or marker.startswith("skip"):
            continue
        decoder, at = json.JSONDecoder(), 0
        while body[at:].strip():
            at += len(body[at:]) - len(body[at:].lstrip())
            value, at = decoder.raw_decode(body, at)
            yield f"{document}:{line}", value


def check_repository(scene_validator, events_validator, scene_schema):
    command = jsonschema.Draft202012Validator({**scene_schema["$defs"]["command"], "$defs": scene_schema["$defs"]})
    counts = {"scenes": 0, "events lines": 0, "doc blocks": 0}
    for name, value in scene_files():
        counts["scenes"] += 1
        for error in scene_validator.iter_errors(value):
            fail(f"{name}: the schema refuses a scene: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
    for name, value in events_lines():
        counts["events lines"] += 1
        for error in events_validator.iter_errors(value):
            fail(f"{name}: the events schema refuses a line: {error.message[:300]}")
    for name, value in doc_blocks():
        counts["doc blocks"] += 1
        if isinstance(value, dict) and "root" in value:
            validator = scene_validator
        elif isinstance(value, dict) and ("command" in value or "input" in value):
            validator = events_validator
        else:
            validator = command
        for error in validator.iter_errors(value):
            fail(f"{name}: the schema refuses the docs' JSON: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
    print("validated:", ", ".join(f"{n} {k}" for k, n in counts.items()))
    if counts["scenes"] < 10 or counts["events lines"] < 10:
        fail(f"too few files found to validate: {counts}")


# 3. Scenes from the schema.

class Generator:
    """Values for a schema, at random, with bounded depth. Records where each object with fixed keys
    is (a path) and which keys the schema gives it, for the unknown-key checks."""

    def __init__(self, schema, rng):
        self.defs = schema["$defs"]
        self.rng = rng
        self.ids = 0
        self.objects = []  # (path, sorted keys)

    def resolve(self, s):
        while "$ref" in s:
            s = {**{k: v for k, v in s.items() if k != "$ref"}, **self.defs[s["$ref"].split("/")[-1]]}
        return s

    def value(self, s, depth, path):
        s = self.resolve(s)
        if "const" in s:
            return s["const"]
        if "allOf" in s and "properties" in s and "type" in s["properties"]:
            kind = self.rng.choice(s["properties"]["type"]["enum"] if depth < 4 else ["view", "label", "button", "image"])
            for branch in s["allOf"]:
                if branch["if"]["properties"]["type"]["const"] == kind:
                    return self.value(branch["then"], depth, path)
        if s.get("type") == "object" and "properties" in s:
            return self.object(s, depth, path)
        if "enum" in s:
            return self.rng.choice(s["enum"])
        if "anyOf" in s:
            options = s["anyOf"]
            if s.get("type") == "string":  # a colour: a pattern or a name
                option = self.rng.choice(options)
                if "pattern" in option:
                    return "#" + "".join(self.rng.choice("0123456789abcdefABCDEF") for _ in range(self.rng.choice([3, 6, 8])))
                return self.rng.choice(option["enum"])
            if depth > 5:
                simple = [o for o in options if self.resolve(o).get("type") not in ("object", "array")]
                options = simple or options
            return self.value(self.rng.choice(options), depth, path)
        kind = s.get("type")
        if kind == "object":
            return {}  # free keys (a row's data): the template's ids are not the schema's to know
        if kind == "array":
            low = s.get("minItems", 0)
            high = min(s.get("maxItems", 3), low + (2 if depth < 4 else 0))
            return [self.value(s["items"], depth + 1, path + [i]) for i in range(self.rng.randint(low, max(low, high)))]
        if kind in ("number", "integer"):
            low, high = s["minimum"], s["maximum"]
            picks = [low, min(high, low + 1), min(high, low + self.rng.random() * 50)]
            if self.rng.random() < 0.1:
                picks.append(high)
            v = self.rng.choice(picks)
            return int(v) if kind == "integer" else v
        if kind == "string":
            low, high = s.get("minLength", 0), s.get("maxLength", 16)
            n = self.rng.randint(low, max(low, min(high, 8)))
            return "".join(self.rng.choice("abcdefghij KLM") for _ in range(n))
        if kind == "boolean":
            return self.rng.random() < 0.5
        if kind == "null":
            return None
        raise Failure(f"no generator for {s}")

    def object(self, s, depth, path):
        props = s["properties"]
        required = set(s.get("required", []))
        group = [alt["required"][0] for alt in s.get("anyOf", []) if "required" in alt]
        chosen = set(required)
        if s.get("maxProperties") == 1:  # a command or an input: one key, its name
            key = self.rng.choice(list(props))
            return {key: self.value(props[key], depth + 1, path + [key])}
        if group:
            chosen.add(self.rng.choice(group))
        p = 0.35 if depth < 3 else 0.12
        for key in props:
            if key not in chosen and key not in group and key != "$schema" and self.rng.random() < p:
                chosen.add(key)
        out = {}
        for key in props:  # "type" first where there is one, as the tables list it
            if key not in chosen:
                continue
            if key == "id" and "type" in props:
                self.ids += 1
                out[key] = f"n{self.ids}"
            else:
                out[key] = self.value(props[key], depth + 1, path + [key])
        if s.get("additionalProperties") is False:
            self.objects.append((path, sorted(props)))
        # Timelines in time order (a rule between entries): the times sorted, the entries left in place.
        for key in ("timeline", "actions"):
            if isinstance(out.get(key), list):
                times = sorted(e.get("t", 0) for e in out[key])
                for entry, t in zip(out[key], times):
                    if "t" in entry or t != 0:
                        entry["t"] = t
        return out


def veil_check(folder):
    """{file name: first error message} for every scene of `folder` `veil check` refuses."""
    result = veil("check", folder)
    errors = {}
    for line in result.stderr.splitlines() + result.stdout.splitlines():
        m = re.match(r"(.*?\.json):\d+:\d+: (.*)", line)
        if m:
            errors.setdefault(os.path.basename(m.group(1)), m.group(2))
    return errors


def generated_scenes(scene_schema, scene_validator, work):
    rng = random.Random(SEED)
    scenes = []
    for i in range(SCENES):
        generator = Generator(scene_schema, rng)
        scene = generator.value(scene_schema | {"$defs": scene_schema["$defs"]}, 0, [])
        errors = list(scene_validator.iter_errors(scene))
        if errors:
            fail(f"generated scene {i} does not validate against its own schema: {errors[0].message[:300]}")
            continue
        name = f"gen{i:04}.json"
        with open(os.path.join(work, name), "w") as f:
            json.dump(scene, f)
        scenes.append((name, scene, generator.objects))
    refused = veil_check(work)
    classes = {name: 0 for name, _ in ALLOWED}
    for name, message in sorted(refused.items()):
        rule = next((rule for rule, pattern in ALLOWED if re.search(pattern, message)), None)
        if rule is None:
            fail(f"veil check refuses {name}, which the schema accepts, for a reason not in ALLOWED: {message}")
            print(json.dumps(next(s for n, s, _ in scenes if n == name))[:2000])
        else:
            classes[rule] += 1
            if os.environ.get("SCHEMA_TEST_VERBOSE"):
                print("   ", rule, "|", re.sub(r'"[^"]*"', '"…"', message)[:160])
    accepted = len(scenes) - len(refused)
    print(f"generated {len(scenes)} scenes: {accepted} accepted by veil check; refused by rules the schema cannot say:")
    for rule, n in classes.items():
        if n:
            print(f"  {n:4}  {rule}")
    if accepted < len(scenes) // 2:
        fail(f"only {accepted} of {len(scenes)} generated scenes are accepted")
    return [(n, s, o) for n, s, o in scenes if n not in refused]


# 4. Mutations: unknown keys and wrong types.

def at(value, path):
    for step in path:
        value = value[step]
    return value


def unknown_keys(accepted, scene_validator, work, rng):
    """An unknown key in an object the schema closes: both refuse, and the reader lists the schema's keys."""
    cases = []
    for name, scene, objects in accepted:
        for path, keys in rng.sample(objects, min(3, len(objects))):
            mutated = copy.deepcopy(scene)
            target = at(mutated, path)
            target_items = list(target.items())
            target.clear()
            target["zzUnknownKey"] = 1  # first, so that it is the reader's first error there
            target.update(target_items)
            cases.append((path, keys, mutated))
    paths = []
    for i, (path, keys, mutated) in enumerate(cases):
        if scene_validator.is_valid(mutated):
            fail(f"the schema accepts an unknown key at {'/'.join(map(str, path)) or 'the top'}")
        file = os.path.join(work, f"unknown{i:04}.json")
        with open(file, "w") as f:
            json.dump(mutated, f)
        paths.append(file)
    refused = veil_check_files(paths)
    compared = 0
    for i, (path, keys, _) in enumerate(cases):
        message = refused.get(f"unknown{i:04}.json")
        where = "/".join(map(str, path)) or "the top"
        if message is None:
            fail(f"veil check accepts an unknown key at {where}")
            continue
        m = re.search(r'unknown key "zzUnknownKey" in .*?; expected one of: (.*)$', message)
        if not m:
            if "zzUnknownKey" not in message and not any(re.search(p, message) for _, p in ALLOWED):
                fail(f"veil check refuses an unknown key at {where} for another reason: {message}")
            continue
        listed = sorted(m.group(1).split(", "))
        compared += 1
        if listed != keys:
            fail(f"at {where} the reader takes {listed} but the schema lists {keys}")
    print(f"unknown keys: {len(cases)} scenes, each refused by both; {compared} key lists equal to the schema's")


def veil_check_files(paths):
    refused = {}
    for start in range(0, len(paths), 200):
        result = veil("check", *paths[start:start + 200])
        for line in result.stderr.splitlines() + result.stdout.splitlines():
            m = re.match(r"(.*?\.json):\d+:\d+: (.*)", line)
            if m:
                refused.setdefault(os.path.basename(m.group(1)), m.group(2))
    return refused


WRONG = [0.5, -7, "#zz", "not a name at all", True, None, [], {}, [1, "x"], {"zz": 1}]


def leaves(value, path=()):
    """Paths to every member value in objects (not array elements of free maps)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("$schema",):
                continue
            yield path + (key,)
            yield from leaves(inner, path + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from leaves(inner, path + (i,))


def wrong_types(sources, scene_validator, work, rng):
    """A value replaced by one of another type: where the schema refuses the scene, the reader must too."""
    cases = []
    for name, scene in sources:
        spots = list(leaves(scene))
        for path in rng.sample(spots, min(6, len(spots))):
            mutated = copy.deepcopy(scene)
            parent = at(mutated, path[:-1])
            original = parent[path[-1]]
            choices = [w for w in WRONG if type(w) is not type(original)]
            parent[path[-1]] = rng.choice(choices)
            if not scene_validator.is_valid(mutated):
                cases.append((name, path, mutated))
    paths = []
    for i, (_, _, mutated) in enumerate(cases):
        file = os.path.join(work, f"wrong{i:04}.json")
        with open(file, "w") as f:
            json.dump(mutated, f)
        paths.append(file)
    refused = veil_check_files(paths)
    for i, (name, path, mutated) in enumerate(cases):
        if f"wrong{i:04}.json" not in refused:
            fail(f"{name}: the schema refuses {'/'.join(map(str, path))} = {json.dumps(at(mutated, path))}, the reader accepts it")
    print(f"wrong types: {len(cases)} mutations the schema refuses, each refused by veil check")


def main():
    scene_schema, events_schema = load_schemas()
    scene_validator = jsonschema.Draft202012Validator(scene_schema)
    events_validator = jsonschema.Draft202012Validator(events_schema)
    check_repository(scene_validator, events_validator, scene_schema)
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as work:
        generated = os.path.join(work, "generated")
        os.mkdir(generated)
        accepted = generated_scenes(scene_schema, scene_validator, generated)
        unknown_keys(accepted, scene_validator, work, rng)
        examples = [(n, v) for n, v in scene_files() if n.startswith("examples/")]
        wrong_types(examples + [(n, s) for n, s, _ in accepted[:100]], scene_validator, work, rng)
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
