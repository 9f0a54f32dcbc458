// @ts-check
/**
 * The viewer's transport controls: pause and play, slow motion (¼×), one frame on, and a scrubber
 * along the session's time. They move the server session's own clock (`{"clock": …}`, docs/
 * SERVER.md "Pause, step and scrub"); the server answers every change with where the clock is,
 * and `update` shows it. A scrub shows an earlier frame (the server replays the session into a
 * copy) until "Live", playing, or touching the canvas brings the present back.
 */

/**
 * @typedef {{time: number, rate: number, now: number, scrubbedTo: number | null, replayable: boolean}} ClockState
 */

/**
 * Fills `root` with the controls; `send` gets each `{"clock": …}` message.
 * @param {HTMLElement} root
 * @param {{send: (message: {clock: Record<string, number | boolean>}) => void}} options
 * @returns {{update: (state: ClockState) => void}}
 */
export function buildClockControls(root, { send }) {
  /** @param {string} text @param {string} title */
  const button = (text, title) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    root.append(b);
    return b;
  };
  const play = button("Pause", "Pause the session's clock (its timeline, fades and springs stop)");
  const slow = button("¼×", "Slow motion: the session's clock at a quarter of its pace");
  slow.setAttribute("aria-pressed", "false");
  const step = button("Step", "Pause, then one frame on");
  const scrubber = document.createElement("input");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.step = "0.01";
  scrubber.setAttribute("aria-label", "Session time");
  scrubber.title = "Scrub: the frame of any earlier moment of this session";
  root.append(scrubber);
  const live = button("Live", "Back to the session's present");
  const readout = document.createElement("span");
  readout.className = "clock-time";
  root.append(readout);

  /** @type {ClockState} */
  let state = { time: 0, rate: 1, now: 0, scrubbedTo: null, replayable: true };
  let heardAt = performance.now();
  /** The session's present, estimated between the server's answers. */
  const present = () => state.now + ((performance.now() - heardAt) / 1000) * (state.scrubbedTo === null ? state.rate : 0);

  play.addEventListener("click", () => send({ clock: { rate: state.rate === 0 || state.scrubbedTo !== null ? 1 : 0 } }));
  slow.addEventListener("click", () => send({ clock: { rate: state.rate === 0.25 ? 1 : 0.25 } }));
  step.addEventListener("click", () => send({ clock: { step: 1 } }));
  live.addEventListener("click", () => send({ clock: { live: true } }));
  // A drag sends at most one scrub a frame: the server replays the session for each.
  let pending = false;
  scrubber.addEventListener("input", () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      send({ clock: { scrub: Number(scrubber.value) } });
    });
  });

  function show() {
    const now = present();
    const scrubbed = state.scrubbedTo !== null;
    const paused = state.rate === 0 || scrubbed;
    play.textContent = paused ? "Play" : "Pause";
    play.title = paused ? "Play the session's clock (from its present)" : "Pause the session's clock (its timeline, fades and springs stop)";
    slow.setAttribute("aria-pressed", String(state.rate === 0.25 && !scrubbed));
    live.hidden = !scrubbed;
    scrubber.disabled = !state.replayable;
    scrubber.max = now.toFixed(2);
    if (document.activeElement !== scrubber) scrubber.value = (scrubbed ? /** @type {number} */ (state.scrubbedTo) : now).toFixed(2);
    readout.textContent = scrubbed ? `${(state.scrubbedTo ?? 0).toFixed(2)} s of ${now.toFixed(2)} s` : `${now.toFixed(2)} s${state.rate === 0 ? " paused" : state.rate !== 1 ? ` at ${state.rate}×` : ""}`;
  }
  setInterval(() => { if (state.rate > 0 && state.scrubbedTo === null) show(); }, 250);
  show();

  return {
    update(next) {
      state = next;
      heardAt = performance.now();
      show();
    },
  };
}
