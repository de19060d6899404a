import { describe, expect, it } from 'vitest';
import { APP_VERSION, isSupportedVersion } from './app-version.ts';

describe('client version support', () => {
  it('the app is version 0.16.0', () => {
    expect(APP_VERSION).toBe('0.16.0');
  });
  it('supports the minimum and anything newer', () => {
    expect(isSupportedVersion('0.16.0', '0.16.0')).toBe(true);
    expect(isSupportedVersion('0.16.1', '0.16.0')).toBe(true);
    expect(isSupportedVersion('1.0.0', '0.16.0')).toBe(true);
  });
  it('refuses older versions, compared as numbers not text', () => {
    expect(isSupportedVersion('0.15.9', '0.16.0')).toBe(false);
    expect(isSupportedVersion('0.9.0', '0.16.0')).toBe(false);
    expect(isSupportedVersion('0.16.0', '0.100.0')).toBe(false);
  });
  it('refuses what is not a version', () => {
    expect(isSupportedVersion('', '0.16.0')).toBe(false);
    expect(isSupportedVersion('latest', '0.16.0')).toBe(false);
  });
});
