import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('puts the demo club in America/Toronto unless DEMO_TIMEZONE names another zone', () => {
    expect(readConfig({}).demoTimeZone).toBe('America/Toronto');
    expect(readConfig({ DEMO_TIMEZONE: 'America/Vancouver' }).demoTimeZone).toBe('America/Vancouver');
  });

  it('refuses a DEMO_TIMEZONE that is not an IANA zone, naming the variable', () => {
    expect(() => readConfig({ DEMO_TIMEZONE: 'Mars/Olympus' })).toThrow(
      'DEMO_TIMEZONE must be an IANA time zone such as America/Toronto, not Mars/Olympus',
    );
  });

  it('reads a relative WEB_DIST from the folder the server starts in', () => {
    expect(readConfig({ WEB_DIST: 'packages/web/dist' }).webDist).toBe(join(process.cwd(), 'packages/web/dist'));
    expect(readConfig({ WEB_DIST: '/srv/flightline/web' }).webDist).toBe('/srv/flightline/web');
    expect(readConfig({}).webDist).toBeUndefined();
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => readConfig({ PORT: '70000' })).toThrow('PORT must be a port number, not 70000');
  });
});
