/**
 * Time-ordered ids (the UUID version 7 layout: 48 bits of Unix milliseconds, then random bits), made
 * strictly increasing within this process. Rows inserted in bulk with such ids append to the end of
 * their primary-key index instead of landing at random places in it, which is what makes a print run
 * of 100 000 codes cheap to write. Unguessable like random UUIDs (74 random bits each).
 */
let lastMs = 0;
let sequence = 0;

export function orderedId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or a clock step back): keep the order with the 12-bit sequence, then borrow a millisecond.
    sequence++;
    if (sequence > 0xfff) {
      lastMs++;
      sequence = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const random = new Uint8Array(8);
  globalThis.crypto.getRandomValues(random);
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  const time = hex(ms, 12);
  const variant = hex(0x8000 | ((random[0]! & 0x3f) << 8) | random[1]!, 4);
  const tail = Array.from(random.subarray(2), (b) => hex(b, 2)).join("");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(sequence, 3)}-${variant}-${tail}`;
}
