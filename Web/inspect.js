// @ts-check
/**
 * The viewer's inspector: with it on, the canvas takes no input; the node under the pointer is
 * outlined and named (id, type, box), as the server's session says (`{"inspect": …}` answered by
 * `{"inspected": …}`: the ids come from the core, not from the page), and a click picks it. The
 * scene's node tree (`{"tree": …}`) lists every node; picking one there outlines it where it is drawn.
 */

/**
 * @typedef {{id: string, type: string, x: number, y: number, width: number, height: number}} InspectedNode
 * @typedef {{at?: {x: number, y: number}, node?: string, nodes: InspectedNode[]}} Inspected
 * @typedef {{id: string, type: string, children?: TreeNode[]}} TreeNode
 */

export class Inspector {
  /**
   * @param {{stage: HTMLElement, canvas: HTMLCanvasElement, tree: HTMLElement, toggle: HTMLButtonElement,
   *   send: (message: {inspect: {x: number, y: number} | {node: string}}) => void,
   *   sceneWidth: () => number | null, onPick: (id: string) => void}} options
   */
  constructor({ stage, canvas, tree, toggle, send, sceneWidth, onPick }) {
    this.on = false;
    /** @type {InspectedNode | null} */
    this.shown = null;
    this.canvas = canvas;
    this.tree = tree;
    this.send = send;
    this.sceneWidth = sceneWidth;
    this.onPick = onPick;
    this.box = document.createElement("div");
    this.box.className = "inspect-box";
    this.box.hidden = true;
    this.label = document.createElement("span");
    this.label.className = "inspect-label";
    this.box.append(this.label);
    stage.append(this.box);
    toggle.setAttribute("aria-pressed", "false");
    toggle.addEventListener("click", () => {
      this.on = !this.on;
      toggle.setAttribute("aria-pressed", String(this.on));
      stage.classList.toggle("inspecting", this.on);
      if (!this.on) this.box.hidden = true;
    });
    let pending = /** @type {{x: number, y: number} | null} */ (null);
    canvas.addEventListener("pointermove", (event) => {
      if (!this.on) return;
      const wanted = pending === null;
      pending = this.toScene(event);
      if (wanted) requestAnimationFrame(() => { if (pending) this.send({ inspect: pending }); pending = null; });
    });
    canvas.addEventListener("click", () => { if (this.on && this.shown) this.pick(this.shown.id); }, true);
  }

  /**
   * Canvas points under a pointer event (the canvas may be shown scaled).
   * @param {PointerEvent} event
   */
  toScene(event) {
    const rect = this.canvas.getBoundingClientRect();
    const scale = rect.width / (this.sceneWidth() || rect.width);
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  }

  /**
   * The server's answer: outlines the innermost node.
   * @param {Inspected} answer
   */
  show(answer) {
    const node = answer.nodes[answer.nodes.length - 1] ?? null;
    this.shown = node;
    if (!node || (!this.on && answer.node === undefined)) { this.box.hidden = true; return; }
    const rect = this.canvas.getBoundingClientRect();
    const stage = /** @type {HTMLElement} */ (this.box.parentElement).getBoundingClientRect();
    const scale = rect.width / (this.sceneWidth() || rect.width);
    Object.assign(this.box.style, {
      left: `${rect.left - stage.left + node.x * scale}px`, top: `${rect.top - stage.top + node.y * scale}px`,
      width: `${node.width * scale}px`, height: `${node.height * scale}px`,
    });
    this.label.textContent = `${node.id} · ${node.type} · ${round(node.x)}, ${round(node.y)} · ${round(node.width)} × ${round(node.height)}`;
    this.box.hidden = false;
    for (const item of this.tree.querySelectorAll("button")) {
      item.setAttribute("aria-current", String(item.dataset.id === node.id));
    }
  }

  /**
   * A node picked (a click on the canvas while inspecting, or in the tree).
   * @param {string} id
   */
  pick(id) {
    this.onPick(id);
    this.send({ inspect: { node: id } });
  }

  /**
   * The scene's node tree.
   * @param {TreeNode[]} roots
   */
  showTree(roots) {
    /** @param {TreeNode} node @returns {HTMLLIElement} */
    const item = (node) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.id = node.id;
      button.textContent = `${node.id} `;
      const type = document.createElement("span");
      type.className = "type";
      type.textContent = node.type;
      button.append(type);
      button.addEventListener("click", () => this.pick(node.id));
      li.append(button);
      if (node.children?.length) {
        const ul = document.createElement("ul");
        ul.append(...node.children.map(item));
        li.append(ul);
      }
      return li;
    };
    const list = document.createElement("ul");
    list.append(...roots.map(item));
    this.tree.replaceChildren(list);
  }
}

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;
