// Table sounds, made in the browser with Web Audio (no sound files): a checker set down,
// dice rolled, and a soft chime when it is your turn. Off when the "sounds" setting is.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { prefs } from "./prefs.js";

let context = null;

function audio() {
  if (!context) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    context = new Audio();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

function tone(ctx, at, frequency, length, volume, type = "sine") {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

function knock(ctx, at, volume) {
  // A short burst of filtered noise: wood on wood.
  const length = 0.06;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 900;
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(at);
}

const SOUNDS = {
  move: (ctx, at) => knock(ctx, at, 0.9),
  hit: (ctx, at) => { knock(ctx, at, 1); knock(ctx, at + 0.07, 0.7); },
  dice: (ctx, at) => { for (let i = 0; i < 4; i++) knock(ctx, at + i * 0.05 + Math.random() * 0.02, 0.5); },
  turn: (ctx, at) => { tone(ctx, at, 660, 0.18, 0.08); tone(ctx, at + 0.12, 880, 0.25, 0.06); },
};

/** Play ``kind`` (move, hit, dice, turn) if sounds are on; the tests read the log. */
export function play(kind) {
  if (!prefs().sounds || !SOUNDS[kind]) return;
  const debug = window.nardyDebug;
  if (debug && debug.sounds) debug.sounds.push(kind);
  try {
    const ctx = audio();
    if (ctx) SOUNDS[kind](ctx, ctx.currentTime + 0.01);
  } catch {
    // No audio here (a locked-down browser): play silently.
  }
}
