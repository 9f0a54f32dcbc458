#!/usr/bin/env python3
"""End-to-end tests of the `veil` command line: check, stream, render, test, diff and argument errors.

Runs the built binary (default .build/debug/veil; or pass a path, or set VEIL or VEIL_BIN) on scenes and
events files it writes to a temporary directory, and checks exit codes, messages and output
bytes. Standard library only. Ends with a line "N passed, N failed"; exits 1 on failure.

    swift build --product veil && python3 Tests/cli/test_cli.py
"""

import json
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("VEIL") or os.environ.get("VEIL_BIN") or os.path.join(ROOT, ".build/debug/veil"))

GOOD_SCENE = """{
  "canvas": {"width": 200, "height": 120},
  "background": "#F2F2F7",
  "root": {"type": "view", "id": "root", "children": [
    {"type": "label", "id": "title", "text": "Fish & <chips>", "frame": {"x": 10, "y": 10, "width": 180, "height": 30}},
    {"type": "view", "id": "box", "background": "#FF0000", "cornerRadius": 6,
     "frame": {"x": 10, "y": 50, "width": 60, "height": 40}}
  ]}
}
"""

# Line 3 has a wrong type: a string where the canvas width is a number.
BAD_SCENE = """{
  "canvas": {
    "width": "wide", "height": 100},
  "root": {"type": "view"}
}
"""

# The second timeline entry (line 6) names a node the scene does not have.
BAD_TIMELINE_SCENE = """{
  "root": {"type": "view", "id": "root", "children": [
    {"type": "label", "id": "title", "text": "Hi"}]},
  "timeline": [
    {"t": 0.5, "command": {"set": {"node": "title", "text": "Hello"}}},
    {"t": 1.0, "command": {"set": {"node": "nope", "hidden": true}}}
  ]
}
"""

WIRE_MAGIC = 0x56  # "V", docs/PROTOCOL.md
WIRE_VERSION = 0x02
KEYFRAME, DELTA = 0x01, 0x02  # bits 0-1 of the type/flags byte; bit 2 = events follow, bit 3 = base distance


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def veil(*arguments):
    """Runs veil; returns (exit code, stdout bytes, stderr text)."""
    process = subprocess.run([VEIL, *arguments], capture_output=True, timeout=120, cwd=WORK)
    return process.returncode, process.stdout, process.stderr.decode("utf-8", "replace")


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return name  # relative to WORK, the directory veil runs in, so messages name it as given


def records(data):
    """Splits a `veil stream` file into its messages (u32le length, then the message)."""
    messages, offset = [], 0
    while offset < len(data):
        check(offset + 4 <= len(data), f"truncated length prefix at byte {offset}")
        (length,) = struct.unpack_from("<I", data, offset)
        offset += 4
        check(length > 0 and offset + length <= len(data), f"record at byte {offset - 4} overruns the file")
        messages.append(data[offset:offset + length])
        offset += length
    return messages


def stderr_lines(stderr):
    return [line for line in stderr.splitlines() if line.strip()]


# MARK: - help and arguments

def test_help_lists_the_subcommands():
    code, out, _ = veil("--help")
    check(code == 0, f"exit {code}")
    text = out.decode()
    for name in ("check", "stream", "render", "test", "diff", "serve", "schema"):
        check(re.search(rf"^\s+{name}\s", text, re.M), f"--help does not list {name}:\n{text}")


def test_unknown_subcommand_is_an_error():
    code, _, err = veil("draw", "x.json")
    check(code != 0, "exit 0")
    check("draw" in err, f"message does not name the argument: {err!r}")


# MARK: - check

def test_check_good_scene_is_quiet():
    code, out, err = veil("check", write("good.json", GOOD_SCENE))
    check(code == 0, f"exit {code}: {err}")
    check(out == b"" and err == "", f"printed something: {out!r} {err!r}")


def test_check_bad_scene_reports_file_line_column():
    code, out, err = veil("check", write("bad.json", BAD_SCENE))
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 1, f"expected one line, got {lines}")
    check(re.match(r"^bad\.json:3:\d+: \S", lines[0]), f"not bad.json:3:column: message: {lines[0]!r}")
    check(out == b"", f"stdout not empty: {out!r}")


def test_check_reports_every_bad_file_and_only_those():
    write("good.json", GOOD_SCENE)
    write("bad.json", BAD_SCENE)
    code, _, err = veil("check", "good.json", "bad.json", "missing.json")
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 2, f"expected two lines, got {lines}")
    check(lines[0].startswith("bad.json:3:"), f"first line: {lines[0]!r}")
    check(lines[1].startswith("missing.json:") and "No such file" in lines[1], f"second line: {lines[1]!r}")
    check(not any(line.startswith("good.json") for line in lines), "the good file was reported")


def test_check_timeline_command_naming_unknown_node():
    code, _, err = veil("check", write("timeline.json", BAD_TIMELINE_SCENE))
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 1, f"expected one line, got {lines}")
    check(re.match(r"^timeline\.json:6:5: .*\"nope\"", lines[0]), f"not timeline.json:6:5: …\"nope\": {lines[0]!r}")


def test_check_without_files_is_a_usage_error():
    code, _, err = veil("check")
    check(code != 0, "exit 0")
    check("Missing expected argument" in err, f"message: {err!r}")


# MARK: - schema

def test_schema_prints_the_scene_and_events_schemas():
    code, out, err = veil("schema")
    check(code == 0, f"exit {code}: {err}")
    scene = json.loads(out)
    check(scene["$schema"].endswith("/2020-12/schema") and scene["required"] == ["root"], "a draft 2020-12 schema of scenes")
    code, out, err = veil("schema", "--events")
    check(code == 0 and set(json.loads(out)["properties"]) == {"t", "command", "input"}, f"the events-line schema: {err}")
    path = os.path.join(WORK, "scene.schema.json")
    code, written, err = veil("schema", "--out", path)
    check(code == 0 and written == b"" and open(path, "rb").read() == veil("schema")[1], f"--out writes the file: {err}")


# MARK: - stream

def stream_messages(*arguments):
    code, out, err = veil("stream", *arguments)
    check(code == 0, f"exit {code}: {err}")
    return out


def test_stream_framing_and_first_message_is_a_keyframe():
    write("good.json", GOOD_SCENE)
    code, _, err = veil("stream", "good.json", "--duration", "1", "--fps", "10", "--out", "good.veil")
    check(code == 0, f"exit {code}: {err}")
    data = open(os.path.join(WORK, "good.veil"), "rb").read()
    messages = records(data)
    check(sum(4 + len(m) for m in messages) == len(data), "lengths do not add up to the file size")
    check(len(messages) == 1, f"a still scene sends one keyframe, got {len(messages)} messages")
    first = messages[0]
    check(first[:3] == bytes([WIRE_MAGIC, WIRE_VERSION, KEYFRAME]), f"first message starts {first[:3].hex()}")
    check(first[3] == 1, f"keyframe seq {first[3]}, not 1")


def test_stream_events_make_deltas_at_the_right_ticks():
    write("good.json", GOOD_SCENE)
    events = write("good.events.jsonl", "\n".join([
        '{"t": 0.25, "command": {"set": {"node": "title", "text": "Changed"}}}',
        "",
        '{"t": 0.25, "command": {"set": {"node": "box", "opacity": 0.5}}}',
        '{"t": 0.7, "input": {"resize": {"width": 240, "height": 120}}}',
    ]) + "\n")
    data = stream_messages("good.json", "--events", events, "--duration", "1", "--fps", "10")
    messages = records(data)
    # Keyframe at t = 0; both 0.25 commands before the tick at 0.3; the resize before 0.7.
    check(len(messages) == 3, f"expected keyframe + 2 deltas, got {len(messages)}")
    # No host events and every base is the previous message: the type/flags byte is the bare type.
    check([m[2] for m in messages] == [KEYFRAME, DELTA, DELTA], f"type bytes {[m[2] for m in messages]}")
    check([m[3] for m in messages] == [1, 2, 3], f"seqs {[m[3] for m in messages]}")
    # Same input, same bytes; standard output and --out agree.
    again = stream_messages("good.json", "--events", events, "--duration", "1", "--fps", "10", "--out", "again.veil")
    check(again == b"", "wrote to stdout with --out")
    check(open(os.path.join(WORK, "again.veil"), "rb").read() == data, "two runs differ")


def test_stream_the_scene_timeline_runs_by_itself():
    scene = write("timeline-ok.json", BAD_TIMELINE_SCENE.replace('"nope", "hidden": true', '"title", "hidden": true'))
    messages = records(stream_messages(scene, "--duration", "2", "--fps", "4"))
    check(len(messages) == 3, f"expected keyframe + 2 timeline deltas, got {len(messages)}")


def test_stream_bad_events_line_names_file_line_column():
    write("good.json", GOOD_SCENE)
    events = write("bad.events.jsonl", '{"t": 0.1, "command": {"set": {"node": "title", "text": "x"}}}\n{"t": 0.2, "comand": {}}\n')
    code, out, err = veil("stream", "good.json", "--events", events, "--duration", "1", "--fps", "10", "--out", "x.veil")
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 1 and re.match(r"^bad\.events\.jsonl:2:\d+: \S", lines[0]), f"stderr: {err!r}")
    check(not os.path.exists(os.path.join(WORK, "x.veil")), "left an output file behind")


def test_stream_events_must_be_in_time_order():
    write("good.json", GOOD_SCENE)
    events = write("order.events.jsonl", '{"t": 0.5, "input": {"resize": {"width": 300, "height": 300}}}\n'
                                         '{"t": 0.2, "input": {"resize": {"width": 310, "height": 300}}}\n')
    code, _, err = veil("stream", "good.json", "--events", events, "--duration", "1", "--fps", "10")
    check(code == 1, f"exit {code}")
    check(err.startswith("order.events.jsonl:2:") and "order" in err, f"stderr: {err!r}")


def test_stream_event_the_session_rejects_stops_the_run():
    write("good.json", GOOD_SCENE)
    events = write("reject.events.jsonl", '\n{"t": 0.5, "command": {"set": {"node": "nope", "hidden": true}}}\n')
    code, out, err = veil("stream", "good.json", "--events", events, "--duration", "1", "--fps", "10",
                          "--out", "reject.veil")
    check(code == 1, f"exit {code}")
    check(re.match(r'^reject\.events\.jsonl:2:40: .*"nope"', err), f"stderr: {err!r}")
    check(not os.path.exists(os.path.join(WORK, "reject.veil")), "left an output file behind")


def test_stream_bounds_and_missing_options_are_usage_errors():
    write("good.json", GOOD_SCENE)
    cases = [
        (["--duration", "1", "--fps", "0"], "fps"),
        (["--duration", "1", "--fps", "241"], "fps"),
        (["--duration", "3601", "--fps", "1"], "duration"),
        (["--duration", "-1", "--fps", "10"], "duration"),
        (["--duration", "nan", "--fps", "10"], "duration"),
        (["--duration", "ten", "--fps", "10"], "duration"),
        (["--fps", "10"], "--duration"),
        (["--duration", "1"], "--fps"),
    ]
    for arguments, word in cases:
        code, out, err = veil("stream", "good.json", *arguments, "--out", "bounds.veil")
        check(code not in (0, 1), f"{arguments}: exit {code} (expected a usage error)")
        check(word in err, f"{arguments}: message does not mention {word}: {err!r}")
        check(not os.path.exists(os.path.join(WORK, "bounds.veil")), f"{arguments}: wrote output")


def test_stream_missing_scene_is_one_line():
    code, out, err = veil("stream", "absent.json", "--duration", "1", "--fps", "10", "--out", "absent.veil")
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 1 and lines[0].startswith("absent.json: "), f"stderr: {err!r}")


def test_stream_unwritable_output_is_one_line():
    write("good.json", GOOD_SCENE)
    code, _, err = veil("stream", "good.json", "--duration", "1", "--fps", "10", "--out", "no/such/dir/x.veil")
    check(code == 1, f"exit {code}")
    lines = stderr_lines(err)
    check(len(lines) == 1 and lines[0].startswith("no/such/dir/x.veil: "), f"stderr: {err!r}")


# MARK: - render

def test_render_svg_is_the_picture():
    write("good.json", GOOD_SCENE)
    code, out, err = veil("render", "good.json", "--at", "0", "--format", "svg")
    check(code == 0, f"exit {code}: {err}")
    text = out.decode()
    check(text.startswith("<svg"), f"starts {text[:20]!r}")
    root = ElementTree.fromstring(text)  # well-formed XML
    check(root.get("width") == "200" and root.get("height") == "120", f"size {root.get('width')}x{root.get('height')}")
    check('fill="#f2f2f7"' in text, "background missing")
    check('rx="6" fill="#ff0000"' in text, "rounded red box missing")
    check(">Fish &amp; &lt;chips&gt;</text>" in text, "escaped label text missing")


def flatten(entries):
    """Every item of a frame's tree of layers (kind 5 holds `children`), in painter's order."""
    for entry in entries:
        if entry["kind"] == 5:
            yield from flatten(entry["children"])
        else:
            yield entry


def test_render_json_is_the_frame_shape():
    write("good.json", GOOD_SCENE)
    code, out, err = veil("render", "good.json", "--at", "0", "--format", "json", "--out", "frame.json")
    check(code == 0 and out == b"", f"exit {code}: {err}")
    frame = json.load(open(os.path.join(WORK, "frame.json"), encoding="utf-8"))
    check(frame["width"] == 1600 and frame["height"] == 960, f"size {frame['width']}x{frame['height']} (1/8 pt)")
    check(frame["background"] == 0xF2F2F7FF, f"background {frame['background']:#x}")
    texts = [item["text"] for item in flatten(frame["items"]) if item["kind"] == 1]
    check(texts == ["Fish & <chips>"], f"text items {texts}")


def test_render_applies_events_up_to_the_time():
    write("good.json", GOOD_SCENE)
    events = write("render.events.jsonl", '{"t": 0.5, "command": {"set": {"node": "title", "text": "Later"}}}\n')
    for at, expected in (("0.4", "Fish &amp; &lt;chips&gt;"), ("0.5", "Later")):
        code, out, err = veil("render", "good.json", "--events", events, "--at", at, "--format", "svg")
        check(code == 0, f"--at {at}: exit {code}: {err}")
        check(f">{expected}</text>" in out.decode(), f"--at {at}: text is not {expected!r}")


def test_render_wrong_arguments():
    write("good.json", GOOD_SCENE)
    cases = [
        (["--at", "1", "--format", "png"], "png"),
        (["--at", "-1", "--format", "svg"], "--at"),
        (["--format", "svg"], "--at"),
        (["--at", "1"], "--format"),
    ]
    for arguments, word in cases:
        code, _, err = veil("render", "good.json", *arguments)
        check(code not in (0, 1), f"{arguments}: exit {code} (expected a usage error)")
        check(word in err, f"{arguments}: message does not mention {word}: {err!r}")


def test_render_bad_scene_reports_position():
    code, _, err = veil("render", write("bad.json", BAD_SCENE), "--at", "0", "--format", "json")
    check(code == 1, f"exit {code}")
    check(re.match(r"^bad\.json:3:\d+: \S", err), f"stderr: {err!r}")


# MARK: - the viewer's decoder agrees

MIRROR_SCRIPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { Mirror } = await import(pathToFileURL(process.argv[1]).href);
const data = readFileSync(process.argv[2]);
const mirror = new Mirror();
let offset = 0;
while (offset < data.length) {
  const length = data.readUInt32LE(offset);
  const result = mirror.apply(new Uint8Array(data.subarray(offset + 4, offset + 4 + length)));
  if (!result.ok) { console.error(result.reason); process.exit(1); }
  offset += 4 + length;
}
process.stdout.write(JSON.stringify(mirror.frame));
"""


def test_render_json_is_the_frame_the_viewer_decodes_from_the_stream():
    wire = os.path.join(ROOT, "Web/wire.js")
    check(os.path.exists(wire) and shutil.which("node"), "needs Web/wire.js and node on PATH")
    write("good.json", GOOD_SCENE)
    events = write("mirror.events.jsonl", "\n".join([
        '{"t": 0.2, "command": {"set": {"node": "title", "text": "Quote \\" and \\\\ and é"}}}',
        '{"t": 0.4, "command": {"set": {"node": "box", "opacity": 0.5, "background": "#00FF0080"}}}',
        '{"t": 0.6, "input": {"resize": {"width": 240, "height": 160}}}',
    ]) + "\n")
    stream_messages("good.json", "--events", events, "--duration", "1", "--fps", "5", "--out", "mirror.veil")
    code, out, err = veil("render", "good.json", "--events", events, "--at", "1", "--fps", "5", "--format", "json")
    check(code == 0, f"render exit {code}: {err}")
    decoded = subprocess.run(["node", "--input-type=module", "-e", MIRROR_SCRIPT, wire, "mirror.veil"],
                             capture_output=True, timeout=60, cwd=WORK)
    check(decoded.returncode == 0, f"the mirror rejected the stream: {decoded.stderr.decode()[:300]}")
    viewer = json.loads(decoded.stdout)
    rendered = json.loads(out)
    check(rendered == viewer, f"render JSON differs from the decoded stream:\n{rendered}\n{viewer}")
    check(any(item["text"] == 'Quote " and \\ and é' for item in flatten(rendered["items"])), "changed text missing")


# MARK: - small comforts

def test_version():
    code, out, err = veil("--version")
    check(code == 0, f"exit {code}: {err}")
    check(re.fullmatch(r"veil \d+\.\d+\.\d+ \(wire veil\.v2\)\n", out.decode()), f"--version printed {out!r}")


def test_check_suggests_the_key_meant():
    scene = write("typo.json", GOOD_SCENE.replace('"cornerRadius": 6', '"cornerRadios": 6'))
    code, _, err = veil("check", scene)
    check(code == 1, f"exit {code}")
    check(re.match(r'^typo\.json:6:\d+: unknown key "cornerRadios" in view; did you mean "cornerRadius"\? expected one of: ', err),
          f"stderr: {err!r}")


def test_stream_refuses_to_write_binary_to_a_terminal():
    write("good.json", GOOD_SCENE)
    main_fd, terminal = pty.openpty()
    try:
        process = subprocess.run([VEIL, "stream", "good.json", "--duration", "1", "--fps", "10"],
                                 stdout=terminal, stderr=subprocess.PIPE, timeout=60, cwd=WORK)
    finally:
        os.close(terminal)
        os.close(main_fd)
    err = process.stderr.decode()
    check(process.returncode == 1, f"exit {process.returncode}")
    check("binary" in err and "--out" in err, f"stderr: {err!r}")


# MARK: - veil test

def case(name, scene=GOOD_SCENE, events=None):
    """Writes a case (scene and events) into cases/; returns the scene's path."""
    os.makedirs(os.path.join(WORK, "cases"), exist_ok=True)
    write(f"cases/{name}.json", scene)
    if events is not None:
        write(f"cases/{name}.events.jsonl", events)
    return f"cases/{name}.json"


TAP_BOX_EVENTS = ('{"t": 0.3, "command": {"set": {"node": "title", "text": "Changed"}}}\n'
                  '{"t": 0.6, "input": {"resize": {"width": 240, "height": 120}}}\n')


def veil_test(*arguments):
    code, out, err = veil("test", *arguments)
    return code, out.decode(), err


def test_test_without_recordings_fails_and_update_records_them():
    case("still")
    case("changing", events=TAP_BOX_EVENTS)
    code, out, err = veil_test("cases")
    check(code == 1, f"exit {code}: {out}{err}")
    check("FAIL cases/changing  no recorded stream cases/changing.stream" in out, out)
    check(out.rstrip().splitlines()[-1].startswith("0 passed, 2 failed"), out)
    code, out, err = veil_test("--update", "cases")
    check(code == 0, f"exit {code}: {out}{err}")
    check(re.search(r"^new  cases/changing  3 messages, \d+ bytes$", out, re.M), out)
    check(re.search(r"^0 passed, 0 failed, 2 recorded \(", out.splitlines()[-1]), out)
    # The recording is exactly what `veil stream --fps 30` writes for the case (duration: 1 + 1 s).
    code, streamed, err = veil("stream", "cases/changing.json", "--events", "cases/changing.events.jsonl",
                               "--duration", "2", "--fps", "30")
    check(code == 0, err)
    check(open(os.path.join(WORK, "cases/changing.stream"), "rb").read() == streamed, "recording differs from veil stream")
    code, out, err = veil_test("cases")
    check(code == 0, f"exit {code}: {out}{err}")
    check(re.search(r"^ok   cases/changing  3 messages, \d+ bytes$", out, re.M), out)
    check(re.search(r"^2 passed, 0 failed \(", out.splitlines()[-1]), out)


def test_test_explains_a_difference_in_words():
    scene = case("card", events=TAP_BOX_EVENTS)
    veil_test("--update", "cases")
    write(scene, GOOD_SCENE.replace('"#FF0000"', '"#00FF0080"').replace('"x": 10, "y": 50', '"x": 30, "y": 50'))
    code, out, err = veil_test("cases", "--svg", "pictures")
    check(code == 1, f"exit {code}: {out}{err}")
    lines = out.splitlines()
    check(lines[0] == "FAIL cases/card  message 1 of 3 differs (t = 0 s, seq 1, keyframe)", lines[0])
    check("       changed box#bg (rect): x 10 pt → 30 pt, fill #FF0000FF → #00FF0080" in lines, out)
    check(lines[-1].startswith("0 passed, 1 failed"), out)
    check(lines[-2] == "     to accept this change on purpose: veil test --update cases/card", lines[-2])
    for name in ("card.svg", "card.expected.svg", "card.actual.svg"):
        path = os.path.join(WORK, "pictures", name)
        check(os.path.exists(path), f"--svg did not write {name}: {os.listdir(os.path.join(WORK, 'pictures'))}")
        ElementTree.parse(path)  # well-formed
    side_by_side = open(os.path.join(WORK, "pictures", "card.svg"), encoding="utf-8").read()
    check('fill="#ff0000"' in side_by_side and 'fill="#00ff00"' in side_by_side, "the two frames are not both drawn")


def test_test_text_edit_and_extra_event():
    scene = case("card", events=TAP_BOX_EVENTS)
    veil_test("--update", "cases")
    write(scene, GOOD_SCENE.replace("Fish & <chips>", "Fish & chips"))
    write("cases/card.events.jsonl", TAP_BOX_EVENTS.replace("Changed", "Changed!"))
    code, out, _ = veil_test("cases")
    check(code == 1, out)
    check(re.search(r'changed title#t0 \(text\): width [\d.]+ pt → [\d.]+ pt, text "Fish & <chips>" → "Fish & chips"', out), out)
    # An extra event: a message more, and the event named.
    write(scene, GOOD_SCENE.replace('{"type": "view", "id": "box"', '{"type": "button", "id": "box", "title": "Go", "action": "go"'))
    write("cases/card.events.jsonl", "")
    veil_test("--update", "cases")
    write("cases/card.events.jsonl", '{"t": 0.2, "input": {"pointer": {"phase": "down", "x": 20, "y": 60, "id": 1}}}\n'
                                     '{"t": 0.3, "input": {"pointer": {"phase": "up", "x": 20, "y": 60, "id": 1}}}\n')
    code, out, _ = veil_test("cases")
    check(code == 1, out)
    check("FAIL cases/card  the run has 2 messages more than the recording (message 2, t = 0.2 s, seq 2, delta)" in out, out)
    check("events of the whole stream: expected none; got go on box (message 3)" in out, out)


def test_test_inserted_row():
    rows = lambda labels: GOOD_SCENE.replace(
        '{"type": "label", "id": "title", "text": "Fish & <chips>", "frame": {"x": 10, "y": 10, "width": 180, "height": 30}},',
        '{"type": "stack", "id": "rows", "axis": "vertical", "frame": {"x": 10, "y": 10, "width": 180, "height": 100}, "children": ['
        + ", ".join(f'{{"type": "label", "id": "{l}", "text": "{l.title()}"}}' for l in labels) + "]},")
    scene = case("rows", scene=rows(["one", "three"]))
    veil_test("--update", "cases")
    write(scene, rows(["one", "two", "three"]))
    code, out, _ = veil_test("cases")
    check(code == 1, out)
    check(re.search(r'inserted two#t0 \(text\) into rows#layer at 1: text "Two" at 0, [\d.]+ pt', out), out)
    check(re.search(r"moved three#t0 \(text\): y [\d.]+ pt → [\d.]+ pt", out), out)


def test_test_update_says_what_changed():
    scene = case("card")
    veil_test("--update", "cases")
    write(scene, GOOD_SCENE.replace("Fish", "Chips"))
    code, out, _ = veil_test("--update", "cases")
    check(code == 0, out)
    check(re.search(r"^upd  cases/card  1 message, \d+ bytes; was: message 1 of 1 differs \(t = 0 s, seq 1, keyframe\)$", out, re.M), out)
    check(re.search(r"^0 passed, 0 failed, 1 updated \(", out.splitlines()[-1]), out)
    code, out, _ = veil_test("cases")
    check(code == 0, out)


def test_test_junit_report_is_valid_xml():
    case("good")
    case("bad")
    veil_test("--update", "cases")
    write("cases/bad.json", GOOD_SCENE.replace("Fish", "Chips"))
    case("broken", scene=BAD_SCENE)
    code, out, _ = veil_test("cases", "--junit", "report.xml", "--jobs", "2")
    check(code == 1, out)
    root = ElementTree.parse(os.path.join(WORK, "report.xml")).getroot()
    check(root.tag == "testsuites" and root.get("tests") == "3" and root.get("failures") == "1" and root.get("errors") == "1",
          f"testsuites {root.attrib}")
    cases = {c.get("name"): c for c in root.iter("testcase")}
    check(sorted(cases) == ["bad", "broken", "good"], f"cases {sorted(cases)}")
    check(all(c.get("classname") == "cases" and float(c.get("time")) >= 0 for c in cases.values()), "classname/time")
    check(len(cases["good"]) == 0, "a passing case has children")
    failure = cases["bad"].find("failure")
    check(failure is not None and failure.get("message") == "message 1 of 1 differs (t = 0 s, seq 1, keyframe)", f"{failure and failure.attrib}")
    check('text "Fish &amp; &lt;chips&gt;"' not in failure.text and 'text "Fish & <chips>" → "Chips & <chips>"' in failure.text,
          failure.text)
    error = cases["broken"].find("error")
    check(error is not None and re.match(r"^cases/broken\.json:3:\d+: ", error.get("message")), f"{error and error.attrib}")


def test_test_jobs_keep_the_order_of_the_cases():
    names = [f"c{i:02}" for i in range(12)]
    for name in names:
        case(name, scene=GOOD_SCENE.replace("Fish", name))
    code, out, _ = veil_test("--update", "--jobs", "4", "cases")
    check(code == 0, out)
    listed = [line.split()[1] for line in out.splitlines()[:-1]]
    check(listed == [f"cases/{n}" for n in names], f"order {listed}")
    code, out, err = veil("test", "--jobs", "0", "cases")
    check(code not in (0, 1) and "--jobs" in err, f"exit {code}: {err}")


def test_test_takes_a_case_by_any_of_its_files_or_its_name():
    case("card", events=TAP_BOX_EVENTS)
    case("other")
    veil_test("--update", "cases")
    for given in ("cases/card", "cases/card.json", "cases/card.stream", "cases/card.events.jsonl", "./cases/card"):
        code, out, err = veil_test(given)
        check(code == 0, f"{given}: exit {code}: {out}{err}")
        check(out.splitlines()[0].startswith("ok   cases/card  3 messages, ") and len(out.splitlines()) == 2, f"{given}: {out}")


def test_test_quiet_prints_only_what_does_not_pass():
    case("good")
    case("bad")
    veil_test("--update", "cases")
    write("cases/bad.json", GOOD_SCENE.replace("Fish", "Chips"))
    code, out, _ = veil_test("-q", "cases")
    check(code == 1, out)
    check("cases/good" not in out and out.startswith("FAIL cases/bad  "), out)
    check(out.splitlines()[-1].startswith("1 passed, 1 failed"), out)
    check("\x1b[" not in out, "colours into a pipe")


def test_test_errors_are_clear():
    # A recording without its scene, a path that does not exist, a corrupt recording, no cases.
    case("card")
    veil_test("--update", "cases")
    os.rename(os.path.join(WORK, "cases/card.stream"), os.path.join(WORK, "cases/orphan.stream"))
    code, out, _ = veil_test("cases/orphan.stream")
    check(code == 1, out)
    check("ERR  cases/orphan  no scene cases/orphan.json for the recorded stream cases/orphan.stream" in out, out)
    code, out, err = veil_test("nowhere")
    check(code == 1 and err.strip() == "nowhere: no such file or folder", f"exit {code}: {err!r}")
    data = open(os.path.join(WORK, "cases/orphan.stream"), "rb").read()
    with open(os.path.join(WORK, "cases/card.stream"), "wb") as f:
        f.write(data[:-7])
    code, out, _ = veil_test("cases/card.json")
    check(code == 1, out)
    check(re.search(r"^FAIL cases/card  cases/card\.stream: not a veil stream file: record 1 at byte 0: a message of \d+ bytes, but only \d+ bytes are left$",
                    out, re.M), out)
    with open(os.path.join(WORK, "cases/card.stream"), "wb") as f:
        f.write(data[:4] + b"V\x07" + data[6:])
    code, out, _ = veil_test("cases/card.json")
    check(code == 1, out)
    check("expected: message 1 cannot be read" in out and "unsupported version 7" in out, out)
    os.makedirs(os.path.join(WORK, "empty"))
    code, out, err = veil_test("empty")
    check(code == 1 and err.startswith("no cases in empty"), f"exit {code}: {err!r}")
    code, out, err = veil_test()
    check(code == 1 and "tests" in err, f"exit {code}: {err!r}")


# MARK: - veil diff and the text format

def test_diff_compares_two_recordings():
    write("good.json", GOOD_SCENE)
    stream_messages("good.json", "--duration", "1", "--fps", "10", "--out", "a.stream")
    stream_messages("good.json", "--events", write("e.jsonl", TAP_BOX_EVENTS), "--duration", "1", "--fps", "10", "--out", "b.stream")
    code, out, err = veil("diff", "a.stream", "a.stream")
    check(code == 0 and out.decode().startswith("same: 1 message"), f"exit {code}: {out!r} {err}")
    code, out, err = veil("diff", "a.stream", "b.stream", "--svg", "diff.svg")
    text = out.decode()
    check(code == 1, f"exit {code}: {err}")
    check(text.startswith("b.stream has 2 messages more than a.stream (message 2, seq 2, delta)"), text)
    check(re.search(r'changed id \d+ \(text\): width [\d.]+ pt → [\d.]+ pt, text "Fish & <chips>" → "Changed"', text), text)
    ElementTree.parse(os.path.join(WORK, "diff.svg"))
    with open(os.path.join(WORK, "bad.stream"), "wb") as f:
        f.write(b"\x05\x00\x00")
    code, _, err = veil("diff", "a.stream", "bad.stream")
    check(code == 1 and err.strip() == "bad.stream: not a veil stream file: record 1 at byte 0: the file ends inside a length prefix (3 of 4 bytes)",
          f"exit {code}: {err!r}")


def test_stream_format_text_names_items_and_matches_the_js_description():
    write("good.json", GOOD_SCENE)
    events = write("e.jsonl", TAP_BOX_EVENTS)
    code, out, err = veil("stream", "good.json", "--events", events, "--duration", "1", "--fps", "10", "--format", "text")
    check(code == 0, err)
    text = out.decode()
    check(text.startswith("message 1 at t = 0 s: keyframe seq 1, "), text[:80])
    check('    title#t0 text "Fish & <chips>" at 10, ' in text, text)
    check(re.search(r'^message 2 at t = 0\.3 s: delta seq 2 \(base 1\), \d+ bytes, hash 0x[0-9A-F]{8}\n'
                    r'  change title#t0 \(text\): width [\d.]+ pt → [\d.]+ pt, text "Fish & <chips>" → "Changed"$', text, re.M), text)
    check(re.search(r"^  canvas 200 × 120 pt → 240 × 120 pt$", text, re.M), text)
    # A recorded file: numeric ids, the same text as Web/stream.js describeStream.
    stream_messages("good.json", "--events", events, "--duration", "1", "--fps", "10", "--out", "rec.stream")
    code, out, err = veil("stream", "rec.stream", "--format", "text")
    check(code == 0, err)
    swift_text = out.decode()
    check(swift_text.startswith("message 1: keyframe seq 1, "), swift_text[:60])
    script = ('import { readFileSync } from "node:fs"; import { pathToFileURL } from "node:url";'
              'const { describeStream } = await import(pathToFileURL(process.argv[1]).href);'
              'process.stdout.write(describeStream(readFileSync(process.argv[2])));')
    js = subprocess.run(["node", "--input-type=module", "-e", script, os.path.join(ROOT, "Web/stream.js"), "rec.stream"],
                        capture_output=True, timeout=60, cwd=WORK)
    check(js.returncode == 0, js.stderr.decode()[:300])
    check(js.stdout.decode() == swift_text, f"Swift and JS differ:\n{swift_text}\n---\n{js.stdout.decode()}")
    # The feed's recording declares motions (a pulse, a sliding light, then none): the same words in both.
    feed = os.path.join(ROOT, "examples/feed.stream")
    code, out, err = veil("stream", feed, "--format", "text")
    js = subprocess.run(["node", "--input-type=module", "-e", script, os.path.join(ROOT, "Web/stream.js"), feed],
                        capture_output=True, timeout=60, cwd=WORK)
    check(code == 0 and "motion on paint" in out.decode() and "motions: none any more" in out.decode(), out.decode()[:300])
    check(js.stdout.decode() == out.decode(), "Swift and JS describe the feed's motions alike")


def test_veil_alone_is_a_usage_error():
    code, out, err = veil()
    check(code == 64 and "USAGE: veil <subcommand>" in err and out == b"", f"veil with no arguments: usage on stderr, exit 64 (got {code}: {err[:200]})")


def test_stream_usage_shows_the_required_options_as_required():
    code, out, _ = veil("stream", "--help")
    usage = out.decode()
    check(code == 0 and "veil stream <scene> --duration <seconds> --fps <n>" in usage and "[--duration" not in usage,
          f"the usage shows --duration and --fps without brackets: {usage[:300]}")


def test_check_takes_a_folder():
    os.makedirs(os.path.join(WORK, "scenes"))
    write("scenes/good.json", GOOD_SCENE)
    write("scenes/bad.json", '{"root": {"type": "vew"}}')
    write("scenes/notes.txt", "not a scene")
    code, _, err = veil("check", "scenes")
    check(code == 1 and "scenes/bad.json:1:" in err and "good.json" not in err and "Is a directory" not in err,
          f"check FOLDER checks every *.json in it: {code} {err}")
    os.remove(os.path.join(WORK, "scenes/bad.json"))
    code, _, err = veil("check", "scenes/")
    check(code == 0 and err == "", f"a folder of good scenes is quiet: {code} {err}")


def test_a_sheets_close_button_draws_its_cross():
    scene = write("close.json", json.dumps({
        "canvas": {"width": 390, "height": 600},
        "root": {"type": "view", "id": "root", "children": [
            {"type": "sheet", "id": "s", "anchors": ["expanded"], "closeButton": True,
             "children": [{"type": "view", "id": "p1"}, {"type": "view", "id": "p2"}]}]},
        "timeline": [{"t": 0.1, "command": {"sheet": {"node": "s", "push": "p2"}}}]}))
    code, out, err = veil("render", scene, "--at", "2", "--format", "svg")
    check(code == 0 and b">\xc3\x97</text>" in out, f"the pushed page's close button draws its \u00d7: {out[-600:]!r} {err}")


def main(namespace=None):
    """Runs the `test_…` functions of `namespace` (this module's by default; other CLI scripts pass
    their own), each in a fresh scratch folder, and prints "N passed, N failed"."""
    global WORK
    if not os.access(VEIL, os.X_OK):
        print(f"veil binary not found at {VEIL} (build it: swift build --product veil)")
        print("0 passed, 1 failed")
        return 1
    tests = [(name, f) for name, f in (namespace or globals()).items() if name.startswith("test_") and callable(f)]
    passed = failed = 0
    for name, test in tests:
        WORK = tempfile.mkdtemp(prefix="veil-cli-")
        try:
            test()
            passed += 1
            print(f"ok   {name}")
        except (Failure, subprocess.TimeoutExpired, OSError, ValueError, KeyError) as error:
            failed += 1
            print(f"FAIL {name}: {error}")
        finally:
            shutil.rmtree(WORK, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


WORK = ROOT
if __name__ == "__main__":
    sys.exit(main())
