import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSerial, isWellFormedSerial, SERIAL_ALPHABET } from './intro-serial.ts';

describe('intro serial numbers', () => {
  it('are 6 characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(isWellFormedSerial(generateSerial((n) => randomBytes(n)))).toBe(true);
  });
  it('never use 0, O, 1 or I', () => {
    expect(SERIAL_ALPHABET).not.toMatch(/[0O1I]/);
    expect(SERIAL_ALPHABET).toHaveLength(32);
  });
  it('map bytes to symbols deterministically', () => {
    expect(generateSerial(() => Uint8Array.from([0, 1, 31, 32, 255, 8]))).toBe('AB9A9J');
  });
});
