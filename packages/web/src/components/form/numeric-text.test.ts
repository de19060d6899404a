import { describe, expect, it } from 'vitest';
import {
  parseCentsKeep,
  parseDecimalKeep,
  parseHeightKeep,
  parseIntegerKeep,
  parseOptionalHeightKeep,
} from './numeric-text.ts';

describe('numeric text that does not parse keeps the old value', () => {
  it('integers', () => {
    expect(parseIntegerKeep('42', 7)).toBe(42);
    expect(parseIntegerKeep(' 0 ', 7)).toBe(0);
    expect(parseIntegerKeep('', 7)).toBe(7);
    expect(parseIntegerKeep('4x', 7)).toBe(7);
    expect(parseIntegerKeep('4.5', 7)).toBe(7);
  });

  it('heights and per: negative values become absolute', () => {
    expect(parseHeightKeep('-300', 0)).toBe(300);
    expect(parseHeightKeep('1500', 0)).toBe(1500);
    expect(parseHeightKeep('abc', 1000)).toBe(1000);
    expect(parseHeightKeep('-', 1000)).toBe(1000);
  });

  it('an optional height: empty text means not set', () => {
    expect(parseOptionalHeightKeep('', 2000)).toBeNull();
    expect(parseOptionalHeightKeep('-2500', null)).toBe(2500);
    expect(parseOptionalHeightKeep('2k', 2000)).toBe(2000);
  });

  it('money goes straight to cents', () => {
    expect(parseCentsKeep('12.5', 0)).toBe(1250);
    expect(parseCentsKeep('0.07', 0)).toBe(7);
    expect(parseCentsKeep('$1,234.56', 0)).toBe(123456);
    expect(parseCentsKeep('0.1', 0)).toBe(10);
  });

  it('money that is not an amount, has 3 decimals or is negative keeps the old cents', () => {
    expect(parseCentsKeep('', 500)).toBe(500);
    expect(parseCentsKeep('12.345', 500)).toBe(500);
    expect(parseCentsKeep('-3', 500)).toBe(500);
    expect(parseCentsKeep('ten', 500)).toBe(500);
  });

  it('a decimal multiplier with up to the given places', () => {
    expect(parseDecimalKeep('1.5', 1, 3)).toBe(1.5);
    expect(parseDecimalKeep('2.125', 1, 3)).toBe(2.125);
    expect(parseDecimalKeep('2.1255', 1, 3)).toBe(1);
    expect(parseDecimalKeep('-2', 1, 3)).toBe(1);
    expect(parseDecimalKeep('', 1, 3)).toBe(1);
  });
});
