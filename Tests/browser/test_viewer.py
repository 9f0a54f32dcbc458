"""The live viewer (Web/index.html) in headless Chromium against a real `veil serve`.

The scene is fixtures/solid.json: coloured views at known places, so the screenshot can be checked
pixel by pixel. Screenshots are kept in out/browser/ for people to look at.
"""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
from selenium.webdriver.common.action_chains import ActionBuilder  # noqa: E402

SCENE_PATH = harness.FIXTURES / "solid.json"
SCENE = harness.load_json(SCENE_PATH)
HELLO_PATH = harness.ROOT / "examples" / "hello.json"
REFUSED_PATH = harness.FIXTURES / "refused.json"  # its timeline names a node it does not have
BACKGROUND = harness.hex_color(SCENE["background"])
FRAMES_DRAWN = harness.FRAMES_DRAWN



def open_drawn_viewer(driver, server, scene):
    """The viewer on `scene`, once its first frame is drawn and the canvas has settled; the
    document is marked (`window.sameDocument`), so a test can tell later that it was not reloaded."""
    driver.get(f"{server.url}/index.html?scene={scene}")
    harness.wait_for(driver, f"window.veilViewer && veilViewer.frames > 0 && {FRAMES_DRAWN} > 0",
                     what="the first frame to be drawn")
    harness.wait_until_still(driver, FRAMES_DRAWN)
    driver.execute_script("window.sameDocument = true")
    return driver

class ViewerTest(harness.ServedBrowserTest):
    SCENES = (SCENE_PATH, HELLO_PATH, REFUSED_PATH)
    SERVER_NAME = "viewer-server"

    def open_viewer(self, scene=SCENE["name"]):
        return open_drawn_viewer(self.driver, self.server, scene)

    def test_viewer_draws_the_scene(self):
        driver = self.open_viewer()
        image = harness.screenshot(driver, "viewer")
        box = harness.canvas_box(driver)
        self.assertEqual(driver.find_element("id", "status").get_attribute("data-state"), "open",
                         driver.find_element("id", "status").text)
        harness.assert_color(self, image, box, 300, 400, BACKGROUND, "canvas background")
        harness.assert_color(self, image, box, 370, 60, BACKGROUND, "background between the views")
        views = harness.solid_views(SCENE)
        self.assertGreaterEqual(len(views), 3)
        for view_id, frame, colour in views:
            centre_x = frame["x"] + frame["width"] / 2
            centre_y = frame["y"] + frame["height"] / 2
            harness.assert_color(self, image, box, centre_x, centre_y, colour, f"inside view {view_id!r}")
        # The button's own background, left of its centred title.
        harness.assert_color(self, image, box, 30, 272, harness.hex_color("#5E35B1"), "button background")
        # The label drew something dark on the background (its glyphs).
        darkest = min(sum(harness.pixel(image, box, x, y)) for x in range(20, 200) for y in range(200, 230))
        self.assertLess(darkest, 200, "the label's text is drawn")
        stats = driver.find_element("id", "stats").text
        self.assertRegex(stats, r"^[1-9]\d* messages", "message count shown")

    def test_canvas_follows_the_viewport_and_the_scene_is_laid_out_again(self):
        driver = self.open_viewer()
        sizes = driver.execute_script(
            "const c = document.getElementById('canvas');"
            "return {css: c.clientWidth, px: c.width, dpr: devicePixelRatio};")
        self.assertEqual(sizes["px"], round(sizes["css"] * sizes["dpr"]), "backing store = CSS size × dpr")
        driver.set_window_size(800, 700)
        width = harness.wait_for(
            driver,
            "(() => { const c = document.getElementById('canvas'); const f = veilViewer.frame;"
            " return f && f.width / 8 === c.clientWidth && c.clientWidth < 700 && c.clientWidth; })()",
            what="a frame laid out at the new canvas width (resize input)")
        harness.wait_until_still(driver, FRAMES_DRAWN)
        image = harness.screenshot(driver, "viewer-resized")
        box = harness.canvas_box(driver)
        self.assertEqual(round(box["width"]), width)
        red = next(v for v in harness.solid_views(SCENE) if v[0] == "red")
        harness.assert_color(self, image, box, 70, 60, red[2], "absolute view after the resize")
        driver.set_window_size(1000, 900)

    def test_tapping_a_button_reports_its_event(self):
        driver = self.open_viewer()
        box = harness.canvas_box(driver)
        button = next(c for c in SCENE["root"]["children"] if c["id"] == "ok")["frame"]
        x = int(box["left"] + button["x"] + button["width"] / 2)
        y = int(box["top"] + button["y"] + button["height"] / 2)
        actions = ActionBuilder(driver)
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()
        entry = harness.wait_for(
            driver, "document.querySelector('#events li[data-name]')?.textContent",
            what="the button's host event in the event log")
        name, node = driver.execute_script(
            "const li = document.querySelector('#events li[data-name]'); return [li.dataset.name, li.dataset.node];")
        self.assertEqual((name, node), ("tap", "ok"), entry)
        harness.screenshot(driver, "viewer-after-tap")

    def test_tab_moves_through_the_scene_and_then_leaves_the_canvas(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        driver = self.open_viewer()
        active = "return document.activeElement && (document.activeElement.id || document.activeElement.tagName)"
        driver.execute_script("document.getElementById('canvas').focus()")
        # Shift-Tab enters the scene at its last focusable (the OK button), then leaves it backwards:
        # the page's focusable before the canvas (the bar's last control, "Save as test") gets focus.
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        harness.wait_for(driver, "veilViewer.items().some(i => i.stroke && !i.fill)", what="the focus ring on OK")
        self.assertEqual(driver.execute_script(active), "canvas", "focus stays in the canvas on its button")
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        harness.wait_for(driver, "document.activeElement && document.activeElement.id === 'save-case'",
                         what="focus to leave the canvas backwards")
        # Forwards: into the scene, past its only button, and out (nothing focusable follows the
        # canvas in the viewer, so the canvas lets focus go).
        driver.execute_script("document.getElementById('canvas').focus()")
        ActionChains(driver).send_keys(Keys.TAB).perform()
        harness.wait_for(driver, "veilViewer.items().some(i => i.stroke && !i.fill)", what="the focus ring again")
        ActionChains(driver).send_keys(Keys.TAB).perform()
        harness.wait_for(driver, "document.activeElement !== document.getElementById('canvas')",
                         what="focus to leave the canvas forwards")

    def test_a_toolbar_click_changes_the_picture(self):
        # The toolbar is built from GET /commands (the core's catalog), not from a list in the page.
        driver = self.open_viewer()
        status, content_type, body = self.server.get("/commands")
        self.assertEqual((status, content_type), (200, "application/json"))
        catalog = json.loads(body)
        names = driver.execute_script(
            "return [...document.querySelectorAll('#toolbar [data-command]')].map(b => b.dataset.command)")
        self.assertEqual(names, [c["name"] for c in catalog["commands"]])
        self.assertIn("skeleton", names)
        blue = next(v for v in harness.solid_views(SCENE) if v[0] == "blue")
        frame = blue[1]
        points = [(frame["x"] + frame["width"] * i / 8, frame["y"] + frame["height"] * j / 4)
                  for i in range(1, 8) for j in range(1, 4)]
        before_box = harness.canvas_box(driver)
        before = harness.screenshot(driver, "toolbar-before")
        harness.assert_color(self, before, before_box, *points[0], blue[2], "the blue view before the command")
        driver.find_element("css selector", "#toolbar button[data-command='status']").click()
        driver.find_element("css selector", "#toolbar [data-key='status.node']").send_keys("blue")
        from selenium.webdriver.support.ui import Select
        Select(driver.find_element("css selector", "#toolbar [data-key='status.state']")).select_by_value("error")
        driver.find_element("css selector", "#toolbar [data-key='status.title']").send_keys("Oops")
        driver.find_element("css selector", "#toolbar .command-form button[type='submit']").click()
        harness.wait_for(driver, "veilViewer.items().some(i => i.text === 'Oops')", what="the status title drawn")
        harness.wait_until_still(driver, FRAMES_DRAWN)
        after = harness.screenshot(driver, "toolbar-after")
        box = harness.canvas_box(driver)
        changed = [p for p in points if harness.pixel(after, box, *p) != harness.pixel(before, before_box, *p)]
        self.assertTrue(changed, "the status view changed the picture over the blue view")
        self.assertEqual(driver.find_element("id", "status").get_attribute("data-state"), "open")

    def test_a_toolbar_command_the_session_refuses_is_shown_and_the_connection_stays(self):
        driver = self.open_viewer()
        driver.find_element("css selector", "#toolbar button[data-command='status']").click()
        driver.find_element("css selector", "#toolbar [data-key='status.node']").send_keys("no-such-node")
        driver.find_element("css selector", "#toolbar .command-form button[type='submit']").click()
        text = harness.wait_for(
            driver, "(() => { const r = document.getElementById('refused'); return !r.hidden && r.textContent; })()",
            what="the refused command shown over the canvas")
        self.assertIn("no-such-node", text)
        # Still connected: the next command is applied.
        node = driver.find_element("css selector", "#toolbar [data-key='status.node']")
        node.clear()
        node.send_keys("blue")
        driver.find_element("css selector", "#toolbar [data-key='status.title']").send_keys("Still here")
        driver.find_element("css selector", "#toolbar .command-form button[type='submit']").click()
        harness.wait_for(driver, "veilViewer.items().some(i => i.text === 'Still here')", what="a later command applied")
        self.assertEqual(driver.find_element("id", "status").get_attribute("data-state"), "open")

    def test_a_refused_timeline_action_shows_in_the_overlay(self):
        driver = self.open_viewer("refused")
        text = harness.wait_for(
            driver, "(() => { const r = document.getElementById('refused'); return !r.hidden && r.textContent; })()",
            what="the refused action shown over the canvas")
        self.assertIn(f"{REFUSED_PATH}:5:4: timeline entry (t = 0.2): ", text)
        self.assertIn('"nowhere"', text)
        driver.find_element("id", "refused").click()
        self.assertFalse(driver.find_element("id", "refused").is_displayed(), "a click dismisses it")

    def test_hello_example_is_listed_drawn_and_follows_its_timeline(self):
        hello = harness.load_json(HELLO_PATH)
        driver = self.open_viewer(hello["name"])
        options = harness.wait_for(
            driver, "[...document.querySelectorAll('#scene-picker option')].map(o => o.value).join(',')",
            what="the scene picker filled from GET /scenes")
        self.assertIn(hello["name"], options.split(","))
        self.assertIn(SCENE["name"], options.split(","))
        # The timeline's commands arrive as deltas; the mirror's frame shows their result.
        for entry in hello.get("timeline", []):
            text = entry.get("command", {}).get("set", {}).get("text")
            if text:
                harness.wait_for(driver, f"veilViewer.items().some(i => i.text === {json.dumps(text)})",
                                 timeout=entry["t"] + 10, what=f"the timeline text {text!r}")
        harness.wait_until_still(driver, FRAMES_DRAWN)
        image = harness.screenshot(driver, "viewer-hello")
        box = harness.canvas_box(driver)
        harness.assert_color(self, image, box, 200, box["height"] - 20, harness.hex_color("#F2F2F7"),
                             "hello's background (groupedBackground in light)")


class CrispViewerTest(unittest.TestCase):
    """At devicePixelRatio 2 the canvas has twice the pixels and edges stay sharp."""

    def test_edges_are_sharp_at_device_pixel_ratio_2(self):
        server = harness.VeilServer(SCENE_PATH, name="viewer-server-dpr2")
        driver = None
        try:
            driver = harness.chromium(width=700, height=600, scale=2)
            driver.get(f"{server.url}/index.html?scene={SCENE['name']}")
            harness.wait_for(driver, f"window.veilViewer && veilViewer.frames > 0 && {FRAMES_DRAWN} > 0",
                             what="the first frame to be drawn")
            harness.wait_until_still(driver, FRAMES_DRAWN)
            image = harness.screenshot(driver, "viewer-dpr2")
            box = harness.canvas_box(driver)
            self.assertEqual(box["dpr"], 2)
            px = driver.execute_script("return document.getElementById('canvas').width")
            self.assertEqual(px, round(box["width"] * 2))
            red = next(v for v in harness.solid_views(SCENE) if v[0] == "red")
            left = red[1]["x"]
            # The view's left edge falls between two device pixels: one is all view, the next all background.
            inside = image.getpixel((int((box["left"] + left) * 2), int((box["top"] + 60) * 2)))
            outside = image.getpixel((int((box["left"] + left) * 2) - 1, int((box["top"] + 60) * 2)))
            close = lambda a, b: all(abs(x - y) <= 6 for x, y in zip(a, b))  # noqa: E731
            self.assertTrue(close(inside, red[2]), f"first device pixel inside the edge: {inside}")
            self.assertTrue(close(outside, BACKGROUND), f"last device pixel outside the edge: {outside}")
        finally:
            if driver:
                driver.quit()
            server.stop()

    def test_a_saved_scene_file_changes_the_picture_without_a_reload(self):
        import tempfile
        folder = Path(tempfile.mkdtemp(prefix="veil-live-browser-"))
        scene_file = folder / "live.json"
        scene = '{"canvas": {"width": 300, "height": 200}, "background": "%s", "root": {"type": "view", "id": "root"}}'
        scene_file.write_text(scene % "#D32F2F")
        server = harness.VeilServer(folder, name="viewer-server-live")
        driver = None
        try:
            driver = harness.chromium(width=700, height=600, scale=1)  # quit in `finally` even if opening fails
            open_drawn_viewer(driver, server, "live")
            box = harness.canvas_box(driver)
            harness.assert_color(self, harness.screenshot(driver, "viewer-live-before"), box, 20, 20,
                                 harness.hex_color("#D32F2F"), "the scene's background before the save")
            scene_file.write_text(scene % "#1565C0")
            harness.wait_for(driver, "veilViewer.frame.background === 0x1565C0FF", what="the saved background")
            harness.wait_until_still(driver, FRAMES_DRAWN)
            harness.assert_color(self, harness.screenshot(driver, "viewer-live-after"), box, 20, 20,
                                 harness.hex_color("#1565C0"), "the background after the save")
            self.assertTrue(driver.execute_script("return window.sameDocument === true"), "no page reload")
            # A broken save: the error over the canvas, the last good picture under it; fixed: gone.
            scene_file.write_text('{"canvas": {"width": 300,\n "height": }')
            text = harness.wait_for(driver, "!document.getElementById('scene-error').hidden && "
                                    "document.getElementById('scene-error').textContent", what="the error overlay")
            self.assertRegex(text, r"live\.json:2:\d+: ", "the overlay says file:line:column")
            image = harness.screenshot(driver, "viewer-live-error")
            harness.assert_color(self, image, box, 20, 20, harness.hex_color("#1565C0"), "the last good frame stays")
            scene_file.write_text(scene % "#2E7D32")
            harness.wait_for(driver, "document.getElementById('scene-error').hidden && "
                             "veilViewer.frame.background === 0x2E7D32FF", what="the fixed scene, without the overlay")
            self.assertTrue(driver.execute_script("return window.sameDocument === true"), "still no page reload")
        finally:
            if driver:
                driver.quit()
            server.stop()
            import shutil
            shutil.rmtree(folder, ignore_errors=True)

    def test_a_killed_and_restarted_server_is_reconnected_without_a_blank_canvas(self):
        server = harness.VeilServer(SCENE_PATH, name="viewer-server-killed")
        driver = None
        try:
            driver = harness.chromium(width=700, height=600, scale=1)  # quit in `finally` even if opening fails
            open_drawn_viewer(driver, server, SCENE["name"])
            box = harness.canvas_box(driver)
            red = next(v for v in harness.solid_views(SCENE) if v[0] == "red")
            server.process.kill()
            server.stop()  # reaps it and closes its log
            status = harness.wait_for(driver, "document.getElementById('status').textContent.startsWith('reconnecting')"
                                      " && document.getElementById('status').textContent", what="the reconnecting status")
            image = harness.screenshot(driver, "viewer-reconnecting")
            harness.assert_color(self, image, box, 70, 60, red[2], f"the last frame stays while {status!r}")
            frames = driver.execute_script("return veilViewer.frames")
            server = harness.VeilServer(SCENE_PATH, name="viewer-server-restarted", port=server.port)
            harness.wait_for(driver, f"document.getElementById('status').dataset.state === 'open' && veilViewer.frames > {frames}",
                             timeout=20, what="the viewer back on the restarted server")
            harness.wait_until_still(driver, FRAMES_DRAWN)
            harness.assert_color(self, harness.screenshot(driver, "viewer-reconnected"), box, 70, 60, red[2],
                                 "drawn again after the restart")
            self.assertTrue(driver.execute_script("return window.sameDocument === true"), "no page reload")
        finally:
            if driver:
                driver.quit()
            server.stop()


if __name__ == "__main__":
    unittest.main()
