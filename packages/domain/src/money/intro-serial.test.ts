import { describe, expect, it } from 'vitest';
import { generateSerial, isWellFormedSerial, SERIAL_ALPHABET } from './intro-serial.ts';

describe('intro serial numbers', () => {
  it('are 6 characters from the unambiguous alphabet', () => {
    // Every byte value 0–255 in turn: each symbol position sees all of them.
    let next = 0;
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => next++ % 256);
    for (let i = 0; i < 100; i++) expect(isWellFormedSerial(generateSerial(bytes))).toBe(true);
  });
  it('never use 0, O, 1 or I', () => {
    expect(SERIAL_ALPHABET).not.toMatch(/[0O1I]/);
    expect(SERIAL_ALPHABET).toHaveLength(32);
  });
  it('map bytes to symbols deterministically', () => {
    expect(generateSerial(() => Uint8Array.from([0, 1, 31, 32, 255, 8]))).toBe('AB9A9J');
  });
});
