"""A modal sheet in mount()'s hidden DOM (Web/a11y.js) follows WAI-ARIA's dialog pattern: on a
scene of the inbox (a list that pulls to refresh and loads more) under the maps sheet, once the
sheet is expanded (its dim shows) its buttons are a dialog in the accessibility tree (role dialog,
aria-modal, a name), focus moves into it, Tab and Shift-Tab stay in it — Refresh and Load more of
the list under the dim are not offered — and focus goes back where it was when it collapses.
Escape on a sheet's button collapses the sheet, as it does from the focused canvas. And while a
hidden button has focus (the hidden DOM laid over the canvas at its box), none of the hidden text
is painted over the canvas. In a worker and on the page's thread."""

import json
import sys
import unittest
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402


def scene():
    """The inbox list, and over it the maps sheet."""
    inbox = json.loads((harness.ROOT / "examples" / "inbox.json").read_text())
    maps = json.loads((harness.ROOT / "examples" / "maps.json").read_text())
    sheet = next(c for c in maps["root"]["children"] if c.get("type") == "sheet")
    width, height = inbox["canvas"]["width"], inbox["canvas"]["height"]
    inbox["root"]["frame"] = {"x": 0, "y": 0, "width": width, "height": height}
    return json.dumps({"name": "inbox-under-a-sheet", "canvas": inbox["canvas"], "background": "background",
                       "root": {"type": "view", "id": "screen", "children": [inbox["root"], sheet]}})


MOUNT = r"""
const [sceneText, thread, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  document.body.style.margin = "0";
  document.body.innerHTML = '<button id="opener">Open the sheet</button><br>'
    + '<canvas id="canvas" aria-label="Inbox"></canvas><button id="after">After</button>';
  const veil = window.veil = await mount(document.getElementById("canvas"), { scene: sceneText, thread });
  await new Promise((resolve) => { const off = veil.on("frame", () => { off(); resolve(); }); });
  return veil.thread;
})().then(done, (e) => done(String(e.stack || e)));
"""

ANCHOR = "Promise.resolve(veil.describe()).then(d => d.sheets[0] && d.sheets[0].anchor)"
ACTIVE = "const a = document.activeElement; return a.dataset.node || a.id || a.tagName"


class SheetDialogTest(harness.ServedBrowserTest):
    SERVER_NAME = "a11y-dialog-server"
    WINDOW = (600, 1000)
    THREAD, EXPECTED = "auto", "worker"

    def setUp(self):
        self.driver.get(f"{self.server.url}/embed.html")
        self.assertEqual(self.driver.execute_async_script(MOUNT, scene(), self.THREAD), self.EXPECTED)
        harness.wait_for(self.driver, "document.querySelector(\".veil-a11y button[data-node='inbox#refresh']\")",
                         what="the list's Refresh button while the sheet is half open")

    def expand(self):
        self.driver.execute_script("veil.sheet.expand({node: 'sheet'})")
        harness.wait_for_async(self.driver, f"{ANCHOR}.then(a => a === 0)", what="the sheet expanded")
        harness.wait_for_async(self.driver, "Promise.resolve(veil.nextChange()).then(t => t === Infinity)",
                               what="the sheet settled")

    def dialog_in_the_accessibility_tree(self):
        tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        dialogs = [n for n in tree if n.get("role", {}).get("value") == "dialog" and not n.get("ignored")]
        names = [n.get("name", {}).get("value") for n in dialogs]
        modal = [any(p["name"] == "modal" and p["value"]["value"] for p in n.get("properties", [])) for n in dialogs]
        return names, modal

    def test_an_expanded_sheet_is_a_modal_dialog_that_keeps_focus_and_gives_it_back(self):
        driver = self.driver
        self.assertEqual(self.dialog_in_the_accessibility_tree(), ([], []), "no dialog while the sheet is half open")
        driver.execute_script("document.getElementById('opener').focus()")
        self.expand()
        harness.wait_for(driver, "document.querySelector('.veil-a11y [role=dialog]')", what="the dialog")
        self.assertEqual(self.dialog_in_the_accessibility_tree(), (["Sheet"], [True]))
        harness.wait_for(driver, "document.querySelector('.veil-a11y [role=dialog]').contains(document.activeElement)",
                         what="focus moved into the dialog")
        nodes = driver.execute_script("return [...document.querySelectorAll('.veil-a11y button')].map(b => b.dataset.node)")
        self.assertNotIn("inbox#refresh", nodes, "Refresh of the list under the dim is not offered")
        self.assertNotIn("inbox#more", nodes, "nor Load more")
        visited = []
        for key in [Keys.TAB] * 6 + [Keys.SHIFT + Keys.TAB] * 6:
            driver.switch_to.active_element.send_keys(key)
            visited.append(driver.execute_script(ACTIVE))
        inside = {"home", "work", "coffee", "sheet/grabber"}
        self.assertTrue(set(visited) <= inside, f"Tab and Shift-Tab stay in the sheet: {visited}")
        self.assertEqual(set(visited), inside, f"and reach each of its buttons: {visited}")
        driver.execute_script("veil.sheet.collapse({node: 'sheet'})")
        harness.wait_for(driver, "!document.querySelector('.veil-a11y [role=dialog]')", what="no dialog once collapsed")
        harness.wait_for(driver, "document.activeElement === document.getElementById('opener')",
                         what="focus back where it was before the sheet opened")
        harness.wait_for(driver, "document.querySelector(\".veil-a11y button[data-node='inbox#refresh']\")",
                         what="Refresh offered again")

    def test_escape_on_a_sheets_button_collapses_it(self):
        self.expand()
        home = harness.wait_for(self.driver, "document.querySelector(\".veil-a11y button[data-node='home']\")",
                                what="the sheet's Home button")
        self.driver.execute_script("arguments[0].focus()", home)
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        harness.wait_for_async(self.driver, f"{ANCHOR}.then(a => a > 0)", what="Escape to collapse the sheet")

    def test_the_hidden_text_is_not_painted_over_the_canvas_while_a_button_has_focus(self):
        self.expand()
        box = harness.canvas_box(self.driver)
        button = self.driver.execute_async_script(
            "Promise.resolve(veil.describe()).then((d) => arguments[0](d.buttons.find(b => b.node === 'home')))")
        # The inside of the Home button's box (the focus ring, if any, is at its edges).
        inset = 8
        area = tuple(int(v) for v in (box["left"] + button["x"] + inset, box["top"] + button["y"] + inset,
                                      box["left"] + button["x"] + button["width"] - inset,
                                      box["top"] + button["y"] + button["height"] - inset))
        self.driver.execute_script("document.getElementById('after').focus()")
        unfocused = harness.screenshot(self.driver, "dialog-unfocused").crop(area)
        self.driver.find_element(By.CSS_SELECTOR, ".veil-a11y button[data-node='home']")
        self.driver.execute_script("document.querySelector(\".veil-a11y button[data-node='home']\").focus()")
        harness.wait_for(self.driver, "document.querySelector('.veil-a11y').style.position === 'absolute'"
                         " && document.querySelector('.veil-a11y').style.width !== '1px'", what="the hidden DOM over the button")
        focused = harness.screenshot(self.driver, "dialog-focused").crop(area)
        differing = sum(1 for a, b in zip(unfocused.getdata(), focused.getdata()) if a != b)
        self.assertEqual(differing, 0, "the canvas shows as drawn inside the focused button's box: no hidden text over it "
                         "(out/browser/dialog-focused.png)")


class MainThreadSheetDialogTest(SheetDialogTest):
    """The same with the session on the page's thread."""
    SERVER_NAME = "a11y-dialog-main-server"
    THREAD, EXPECTED = "main", "main"


if __name__ == "__main__":
    unittest.main()
