"""The feed example's skeleton in the live viewer: placeholders are drawn where the content was (the
avatar's circle in the skeleton colour), the page background stays where there is nothing, and the
sliding shimmer's light moves across the placeholders between two screenshots."""

import time
import unittest

import harness

FEED_PATH = harness.ROOT / "examples" / "feed.json"
FRAMES_DRAWN = harness.FRAMES_DRAWN
LIGHT = harness.hex_color("#ECF0F1")   # the default skeleton tint
DARKER = harness.hex_color("#DEE2E3")  # its complementary colour


def brightness_profile(image, box, y, xs):
    return [sum(harness.pixel(image, box, x, y)) for x in xs]


class SkeletonViewerTest(harness.ServedBrowserTest):
    SCENES = (FEED_PATH,)
    SERVER_NAME = "skeleton-server"
    WINDOW = (1000, 1000)

    def test_feed_skeleton_placeholders_and_moving_shimmer(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=feed&fixed=1")
        harness.wait_for(driver, "window.veilViewer && veilViewer.frames > 0", what="the first frame")
        # Wait for the sliding style (from t = 6 s in the feed's timeline): the placeholders share one
        # linear gradient whose end points move from frame to frame.
        shared = ("(() => { const f = veilViewer.shown; const a = f && veilViewer.items().find(i => i.width === 48 * 8"
                  " && i.height === 48 * 8 && i.fill); const p = a && f.paints[a.fill - 1];"
                  " return p && p.kind === 'linear' ? p.x0 : null; })()")
        deadline = time.monotonic() + 15
        while True:
            before = driver.execute_script(f"return {shared}")
            time.sleep(0.15)
            after = driver.execute_script(f"return {shared}")
            if before is not None and after is not None and before != after:
                break
            self.assertLess(time.monotonic(), deadline, "the feed's sliding shimmer never started")

        first = harness.screenshot(driver, "skeleton-sliding-1")
        # The avatar's placeholder: its 48 × 48 box, drawn with the skeleton paint instead of its picture.
        avatar = driver.execute_script(
            "return veilViewer.items().find(i => i.width === 48 * 8 && i.height === 48 * 8);")
        self.assertIsNotNone(avatar, "the avatar's placeholder")
        time.sleep(0.3)
        second = harness.screenshot(driver, "skeleton-sliding-2")
        box = harness.canvas_box(driver)

        # Where the avatar is: a skeleton colour (between the tint and its complementary), not the
        # grey picture placeholder.
        cx, cy = (avatar["x"] + avatar["width"] / 2) / 8, (avatar["y"] + avatar["height"] / 2) / 8
        for image in (first, second):
            r, g, b = harness.pixel(image, box, cx, cy)
            for channel, low, high in zip((r, g, b), DARKER, LIGHT):
                self.assertTrue(low - 6 <= channel <= high + 6, f"avatar pixel {(r, g, b)} is a skeleton colour")
        # Where nothing is: the page background of the scene, and the card's own white.
        harness.assert_color(self, first, box, 6, 300, harness.hex_color("#F2F2F7"), "scene background")
        harness.assert_color(self, first, box, 22, 100, (255, 255, 255), "card background between placeholders")

        # The shimmer: one light sweeping across the wide image placeholder moves between the shots.
        image_item = driver.execute_script(
            "return veilViewer.items().filter(i => i.fill === arguments[0] && i.height >= 100 * 8)"
            ".sort((a, b) => b.width - a.width)[0];", avatar["fill"])
        self.assertIsNotNone(image_item, "the photo's placeholder, painted like the avatar's")
        y = (image_item["y"] + image_item["height"] / 2) / 8
        xs = [int(image_item["x"] / 8) + 4 + i * 4 for i in range(int(image_item["width"] / 8 / 4) - 2)]
        a, b = brightness_profile(first, box, y, xs), brightness_profile(second, box, y, xs)
        self.assertGreater(max(a) - min(a) + max(b) - min(b), 6, "the placeholder shows a gradient")
        self.assertGreater(max(abs(p - q) for p, q in zip(a, b)), 6, "the light moved between the screenshots")

    def test_dark_appearance_from_the_viewer_retints_the_skeleton(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=feed&fixed=1&appearance=dark")
        # examples/feed.json shows its skeleton from t = 0.5 s and changes style over time (solid,
        # gradient, pulse, sliding): in every style the dark tint #1C2325 and its complementary
        # colour keep every channel below 0x40, where the light tint is above 0xD0.
        dark = "(c => (c >>> 24) < 0x40 && ((c >>> 16) & 255) < 0x40 && ((c >>> 8) & 255) < 0x40)"
        avatar = harness.wait_for(
            driver, "veilViewer.frame && veilViewer.items().find(i => {"
                    " if (i.width !== 48 * 8 || i.height !== 48 * 8 || !i.fill) return false;"
                    " const p = veilViewer.frame.paints[i.fill - 1];"
                    f" return p.kind === 'solid' ? {dark}(p.color) : p.stops.every(s => {dark}(s.color)); }})",
            timeout=10, what="the avatar's placeholder in the dark tint")
        image = harness.screenshot(driver, "skeleton-dark")
        box = harness.canvas_box(driver)
        cx, cy = (avatar["x"] + avatar["width"] / 2) / 8, (avatar["y"] + avatar["height"] / 2) / 8
        pixel = harness.pixel(image, box, cx, cy)
        self.assertTrue(all(channel < 0x48 for channel in pixel), f"dark skeleton tint on screen: {pixel}")

if __name__ == "__main__":
    unittest.main()
