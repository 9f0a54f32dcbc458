// @ts-check
/**
 * The viewer's command toolbar, built from what the core says it takes (GET /commands, the
 * core's `CommandCatalog`): one button per command, and for the chosen one a form of its keys
 * (a choice is a select, a number a number field, a key that alone says what to do a radio).
 * Nothing here lists commands or their options: a command the core gains appears by itself.
 */

/**
 * @typedef {"flag" | "bool" | "node" | "text" | "other" | {number: [number, number]} |
 *   {choice: string[]} | {object: CatalogField[]}} ValueDescription
 * @typedef {{name: string, required?: boolean, takes: ValueDescription}} CatalogField
 * @typedef {{name: string, takes: ValueDescription}} CatalogCommand
 * @typedef {{commands: CatalogCommand[]}} Catalog
 */

/**
 * Fills `root` with the toolbar; `send(command)` gets `{command: {NAME: value}}`'s inner object.
 * @param {HTMLElement} root
 * @param {Catalog} catalog
 * @param {{send: (command: Record<string, any>) => void, nodeList?: string}} options
 *   nodeList: the id of a <datalist> of node ids offered for "node" keys.
 */
export function buildToolbar(root, catalog, { send, nodeList }) {
  const buttons = document.createElement("div");
  buttons.className = "commands";
  buttons.setAttribute("role", "toolbar");
  buttons.setAttribute("aria-label", "Commands");
  const form = document.createElement("form");
  form.className = "command-form";
  form.hidden = true;
  root.replaceChildren(buttons, form);

  /** @type {HTMLButtonElement[]} */
  const all = [];
  for (const command of catalog.commands) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = command.name;
    button.dataset.command = command.name;
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-pressed") !== "true";
      for (const other of all) other.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-pressed", String(open));
      form.hidden = !open;
      if (open) fillForm(form, command, send, nodeList);
    });
    all.push(button);
  }
  buttons.append(...all);
  // Arrow keys move along the toolbar (Tab enters and leaves it).
  buttons.addEventListener("keydown", (event) => {
    const at = all.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (at < 0 || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    all[(at + (event.key === "ArrowRight" ? 1 : all.length - 1)) % all.length].focus();
    event.preventDefault();
  });
}

/**
 * The form of one command: its keys, and "Send".
 * @param {HTMLFormElement} form
 * @param {CatalogCommand} command
 * @param {(command: Record<string, any>) => void} send
 * @param {string | undefined} nodeList
 */
function fillForm(form, command, send, nodeList) {
  form.replaceChildren();
  form.dataset.command = command.name;
  const takes = command.takes;
  /** @type {() => any} */
  let read;
  if (typeof takes === "object" && "object" in takes) {
    read = objectControls(form, command.name, takes.object, nodeList);
  } else {
    read = control(form, command.name, command.name, takes, true, nodeList);
  }
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.textContent = `Send ${command.name}`;
  form.append(submit);
  form.onsubmit = (event) => {
    event.preventDefault();
    const value = read();
    if (value !== undefined) send({ [command.name]: value });
  };
}

/**
 * Controls for an object's keys; returns a reader of the object (keys left unset are left out).
 * Keys given as `true` alone ("show", "hide", "begin"…) say what to do: they are one radio group.
 * @param {HTMLElement} parent
 * @param {string} path
 * @param {CatalogField[]} fields
 * @param {string | undefined} nodeList
 * @returns {() => Record<string, any>}
 */
function objectControls(parent, path, fields, nodeList) {
  /** @type {[string, () => any][]} */
  const readers = [];
  const flags = fields.filter((f) => f.takes === "flag");
  if (flags.length > 0) {
    const group = document.createElement("fieldset");
    group.className = "verbs";
    const legend = document.createElement("legend");
    legend.textContent = "do";
    group.append(legend);
    flags.forEach((flag, i) => {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = `${path}.verb`;
      radio.value = flag.name;
      radio.checked = i === 0;
      radio.dataset.key = `${path}.${flag.name}`;
      label.append(radio, ` ${flag.name}`);
      group.append(label);
      readers.push([flag.name, () => (radio.checked ? true : undefined)]);
    });
    parent.append(group);
  }
  for (const field of fields) {
    if (field.takes === "flag") continue;
    if (typeof field.takes === "object" && "object" in field.takes) {
      const group = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = field.name;
      group.append(legend);
      const read = objectControls(group, `${path}.${field.name}`, field.takes.object, nodeList);
      parent.append(group);
      // An object is sent once one of its keys is set.
      readers.push([field.name, () => { const v = read(); return Object.keys(v).length > 0 ? v : undefined; }]);
      continue;
    }
    readers.push([field.name, control(parent, `${path}.${field.name}`, field.name, field.takes, !!field.required, nodeList)]);
  }
  return () => {
    /** @type {Record<string, any>} */
    const value = {};
    for (const [name, read] of readers) {
      const v = read();
      if (v !== undefined) value[name] = v;
    }
    return value;
  };
}

/**
 * One labelled control; returns a reader of its value (undefined when left unset).
 * @param {HTMLElement} parent
 * @param {string} key      data-key of the control, "skeleton.style": for tests and styling
 * @param {string} name     the label
 * @param {ValueDescription} takes
 * @param {boolean} required
 * @param {string | undefined} nodeList
 * @returns {() => any}
 */
function control(parent, key, name, takes, required, nodeList) {
  const label = document.createElement("label");
  label.append(`${name}${required ? "" : "?"} `);
  parent.append(label);
  if (takes === "bool" || (typeof takes === "object" && "choice" in takes)) {
    const select = document.createElement("select");
    select.dataset.key = key;
    const names = takes === "bool" ? ["true", "false"] : takes.choice;
    if (!required) select.append(new Option("—", ""));
    select.append(...names.map((n) => new Option(n, n)));
    label.append(select);
    return () => (select.value === "" ? undefined : takes === "bool" ? select.value === "true" : select.value);
  }
  const input = document.createElement("input");
  input.dataset.key = key;
  if (typeof takes === "object" && "number" in takes) {
    input.type = "number";
    input.min = String(takes.number[0]);
    input.max = String(takes.number[1]);
    input.step = "any";
    input.inputMode = "decimal";
    if (required) input.value = String(Math.max(0, takes.number[0]));
    label.append(input);
    return () => (input.value === "" ? undefined : Number(input.value));
  }
  input.type = "text";
  if (takes === "node") {
    input.placeholder = "node id";
    input.autocapitalize = "off";
    if (nodeList) input.setAttribute("list", nodeList);
    input.value = lastNode;
    input.addEventListener("change", () => { lastNode = input.value; });
  } else if (takes === "other") {
    input.placeholder = "JSON";
  }
  input.required = required;
  label.append(input);
  return () => {
    if (input.value === "") return undefined;
    if (takes !== "other") return input.value;
    try { return JSON.parse(input.value); } catch { return input.value; }
  };
}

/** The node id typed (or picked) last: the next command's form starts with it. */
let lastNode = "";

/**
 * A node picked elsewhere (the inspector): the "node" fields in `root` take it, and the next forms start with it.
 * @param {HTMLElement} root
 * @param {string} id
 */
export function pickNode(root, id) {
  lastNode = id;
  for (const input of root.querySelectorAll("input[list]")) /** @type {HTMLInputElement} */ (input).value = id;
}
