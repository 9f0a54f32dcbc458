// @ts-check
// command-methods.js — the Controller's command methods (`controller.skeleton.show(o)` and so on),
// built from the commands the core takes (commands.js, generated from its CommandCatalog): a new
// command of the catalog is a method without an edit here.

import { catalog } from "./commands.js";

/**
 * The Controller's command methods, by command: `controller.skeleton.show(o)` sends
 * `{"skeleton": VERBS.skeleton.show(node, o)}`. The commands are the core's (commands.js, generated
 * from its CommandCatalog); this table only says, where a command has several things to say, the
 * method each one is and the JSON it builds from the method's options (their `node` taken out). A
 * command of the catalog with no entry here gets `send(o)`: `{[command]: {node, ...o}}`
 * (Tests/web/commands.test.mjs checks every command and key of the catalog has a method, and that
 * veil.d.ts declares each).
 * @typedef {{animated: (o: any, fallback?: boolean) => {animated: boolean}}} VerbContext
 * @typedef {(node: string, r: any, c: VerbContext) => object} VerbBuild
 */
export const VERBS = {
  skeleton: {
    show: /** @type {VerbBuild} */ ((n, r) => ({ node: n, show: true, ...r })),
    hide: /** @type {VerbBuild} */ ((n, r) => ({ node: n, hide: true, ...r })),
    update: /** @type {VerbBuild} */ ((n, r) => ({ node: n, update: r })),
  },
  status: {
    show: /** @type {VerbBuild} */ ((n, r) => ({ node: n, ...r })),
    hide: /** @type {VerbBuild} */ ((n, r) => ({ node: n, state: "none", ...r })),
  },
  spinner: {
    show: /** @type {VerbBuild} */ ((n) => ({ node: n, show: true })),
    hide: /** @type {VerbBuild} */ ((n) => ({ node: n, show: false })),
  },
  sheet: {
    snapTo: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, snapTo: r.index, ...c.animated(r) })),
    expand: /** @type {VerbBuild} */ ((n) => ({ node: n, expand: true })),
    collapse: /** @type {VerbBuild} */ ((n) => ({ node: n, collapse: true })),
    push: /** @type {VerbBuild} */ ((n, r) => ({ node: n, push: r.page })),
    pop: /** @type {VerbBuild} */ ((n) => ({ node: n, pop: true })),
    popToRoot: /** @type {VerbBuild} */ ((n) => ({ node: n, popToRoot: true })),
    setPages: /** @type {VerbBuild} */ ((n, r) => ({ node: n, setPages: r.pages })),
    setAnchors: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, anchors: r.anchors, ...(r.snapTo === undefined ? {} : { snapTo: r.snapTo }), ...c.animated(r) })),
    /** the answer to a `dismissRequested` event: `{allow}` */
    dismiss: /** @type {VerbBuild} */ ((n, r) => ({ node: n, dismiss: !!r.allow })),
  },
  refresh: {
    begin: /** @type {VerbBuild} */ ((n) => ({ node: n, begin: true })),
    end: /** @type {VerbBuild} */ ((n) => ({ node: n, end: true })),
    setEnabled: /** @type {VerbBuild} */ ((n, r) => ({ node: n, enabled: !!r.enabled })),
  },
  loadMore: {
    /** nothing this time */
    end: /** @type {VerbBuild} */ ((n) => ({ node: n, end: true })),
    setHasMore: /** @type {VerbBuild} */ ((n, r) => ({ node: n, hasMore: !!r.hasMore })),
  },
  rows: {
    append: /** @type {VerbBuild} */ ((n, r) => ({ node: n, append: r.rows })),
    prepend: /** @type {VerbBuild} */ ((n, r) => ({ node: n, prepend: r.rows })),
    replace: /** @type {VerbBuild} */ ((n, r) => ({ node: n, replace: { at: r.at, rows: r.rows } })),
    remove: /** @type {VerbBuild} */ ((n, r) => ({ node: n, remove: { at: r.at, count: r.count } })),
    fill: /** @type {VerbBuild} */ ((n, r) => ({ node: n, fill: { at: r.at, rows: r.rows } })),
  },
  scroll: {
    to: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, to: r.to, ...c.animated(r, false) })),
  },
  /** a host node's size, as every command without an entry of its own: `{node, ...o}` */
  host: { send: /** @type {VerbBuild} */ ((n, r) => ({ node: n, ...r })) },
};

/** Commands of the catalog that are a Controller method of their own, not a namespace of methods. */
export const COMMAND_METHODS = ["set"];

/**
 * The methods of every command of the catalog that names a node (`{"node": id, …}`), each as
 * `VERBS` builds it, else `send`.
 * @returns {Record<string, Record<string, VerbBuild>>}
 */
export function commandVerbs() {
  /** @type {Record<string, Record<string, VerbBuild>>} */
  const all = {};
  for (const { name, takes } of catalog.commands) {
    if (COMMAND_METHODS.includes(name)) continue;
    if (!takes?.object?.some((/** @type {any} */ f) => f.name === "node")) continue;
    all[name] = /** @type {Record<string, Record<string, VerbBuild>>} */ (VERBS)[name] ?? { send: (n, r) => ({ node: n, ...r }) };
  }
  return all;
}

/** @typedef {(options?: any) => Promise<void>} CommandMethod */
/** @typedef {{[F in keyof typeof VERBS]: {[V in keyof typeof VERBS[F]]: CommandMethod}}} CommandNamespaces */
/** A class whose instances have the command namespaces (the Controller sets them in its constructor). */
export const WithCommands = /** @type {new () => CommandNamespaces} */ (/** @type {any} */ (class {}));
