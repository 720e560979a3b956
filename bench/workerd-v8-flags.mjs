// Runs workerd with V8 flags, for Miniflare (which sets none): Miniflare starts `MINIFLARE_WORKERD_PATH` when that is
// set, and this is what bench/workerd-v8-flags.sh runs in its place. workerd takes V8 flags only from its config
// (`Config.v8Flags`, workerd.capnp: "List of 'command-line' flags to pass to V8"), and Miniflare sends the config as a
// binary Cap'n Proto message on stdin. This reads that message, sets v8Flags on the root Config to the flags in
// WORKERD_V8_FLAGS (space-separated, e.g. "--expose-gc --max-old-space-size=128"), and writes the message to stdout.
//
// The edit, in Cap'n Proto's wire format: the root struct pointer (segment 0, word 0) locates Config; its pointer
// section's third slot (v8Flags, null when Miniflare leaves it unset) is pointed at a list of text pointers appended to
// the end of segment 0, each text (NUL-terminated, padded to a word) after the list; the stream header gets segment 0's
// new size. Anything unexpected (a far root pointer, a set v8Flags, a struct without that slot) stops with an error:
// nothing is guessed.

import { readFileSync, writeSync } from 'node:fs';

export function withV8Flags(message, flags) {
  const input = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const segmentCount = input.getUint32(0, true) + 1;
  const headerWords = Math.ceil((4 + 4 * segmentCount) / 8);
  const sizes = Array.from({ length: segmentCount }, (_, i) => input.getUint32(4 + 4 * i, true));
  const words0 = sizes[0];
  const segment0 = new DataView(message.buffer, message.byteOffset + headerWords * 8, words0 * 8);
  const root = segment0.getBigUint64(0, true);
  if ((root & 3n) !== 0n) throw new Error('root pointer is not a struct pointer');
  const offset = Number(BigInt.asIntN(30, (root >> 2n) & 0x3fffffffn));
  const dataWords = Number((root >> 32n) & 0xffffn);
  const pointerWords = Number((root >> 48n) & 0xffffn);
  if (pointerWords < 3) throw new Error('Config has no v8Flags slot');
  const slot = 1 + offset + dataWords + 2;
  if (segment0.getBigUint64(slot * 8, true) !== 0n) throw new Error('v8Flags is already set');

  const texts = flags.map((flag) => new TextEncoder().encode(flag));
  const textWords = texts.map((t) => Math.ceil((t.length + 1) / 8));
  const added = texts.length + textWords.reduce((a, b) => a + b, 0);
  const out = new Uint8Array((headerWords + words0 + added + sizes.slice(1).reduce((a, b) => a + b, 0)) * 8);
  const view = new DataView(out.buffer);
  out.set(message.subarray(0, headerWords * 8));
  view.setUint32(4, words0 + added, true);
  const base = headerWords * 8;
  out.set(message.subarray(base, base + words0 * 8), base);
  const listPointer = (from, to, elementSize, count) =>
    1n | (BigInt((to - from - 1) & 0x3fffffff) << 2n) | (BigInt(elementSize) << 32n) | (BigInt(count) << 35n);
  const word = (index, value) => view.setBigUint64(base + index * 8, value, true);
  const list = words0;
  word(slot, listPointer(slot, list, 6, texts.length)); // a list of pointers
  let at = list + texts.length;
  for (const [i, text] of texts.entries()) {
    word(list + i, listPointer(list + i, at, 2, text.length + 1)); // bytes, with the NUL
    out.set(text, base + at * 8);
    at += textWords[i];
  }
  out.set(message.subarray(base + words0 * 8), base + (words0 + added) * 8);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = (process.env.WORKERD_V8_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const config = readFileSync(0);
  const out = flags.length > 0 ? withV8Flags(new Uint8Array(config), flags) : config;
  for (let at = 0; at < out.length; ) at += writeSync(1, out, at, out.length - at);
}
