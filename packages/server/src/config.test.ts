import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('puts the demo club in America/Toronto unless DEMO_TIMEZONE names another zone', () => {
    expect(readConfig({}).demoTimeZone).toBe('America/Toronto');
    expect(readConfig({ DEMO_TIMEZONE: 'America/Vancouver' }).demoTimeZone).toBe('America/Vancouver');
  });

  it('seeds the demo club with its last season unless SEED_DEMO_HISTORY is false', () => {
    expect(readConfig({}).seedDemoHistory).toBe(true);
    expect(readConfig({ SEED_DEMO_HISTORY: 'true' }).seedDemoHistory).toBe(true);
    expect(readConfig({ SEED_DEMO_HISTORY: 'false' }).seedDemoHistory).toBe(false);
    expect(readConfig({ SEED_DEMO: 'false' })).toMatchObject({ seedDemo: false, seedDemoHistory: true });
  });

  it('refuses a DEMO_TIMEZONE that is not an IANA zone, naming the variable', () => {
    expect(() => readConfig({ DEMO_TIMEZONE: 'Mars/Olympus' })).toThrow(
      'DEMO_TIMEZONE must be an IANA time zone such as America/Toronto, not Mars/Olympus',
    );
  });

  it(
    'gives the demo people a random password unless DEMO_PASSWORD ' +
      '(tests and benches) names one the sign-in accepts',
    () => {
      expect(readConfig({}).demoPassword).toBeUndefined();
      expect(readConfig({ DEMO_PASSWORD: '' }).demoPassword).toBeUndefined();
      expect(readConfig({ DEMO_PASSWORD: 'test-only-pass' }).demoPassword).toBe('test-only-pass');
      expect(() => readConfig({ DEMO_PASSWORD: 'short' })).toThrow(
        'DEMO_PASSWORD must be 8 to 128 characters long, not 5',
      );
    },
  );

  it('reads a relative WEB_DIST from the folder the server starts in', () => {
    expect(readConfig({ WEB_DIST: 'packages/web/dist' }).webDist).toBe(join(process.cwd(), 'packages/web/dist'));
    expect(readConfig({ WEB_DIST: '/srv/flightline/web' }).webDist).toBe('/srv/flightline/web');
    expect(readConfig({}).webDist).toBeUndefined();
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => readConfig({ PORT: '70000' })).toThrow('PORT must be a port number, not 70000');
  });

  it(
    "reads TRUST_PROXY as off, every hop, or the proxies' " + 'addresses, and refuses anything else (a hop count too)',
    () => {
      expect(readConfig({}).trustProxy).toBe(false);
      expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1,::1');
      expect(readConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback,uniquelocal');
      for (const wrong of ['yes', '1', '10.0.0.0/33', 'caddy']) {
        expect(() => readConfig({ TRUST_PROXY: wrong })).toThrow(
          `TRUST_PROXY must be true, or the proxies' addresses such as ` +
            `10.0.0.0/8,127.0.0.1 (or loopback, linklocal, uniquelocal), not ${wrong}`,
        );
      }
    },
  );

  it('drains for DRAIN_SECONDS (0 unless set) and refuses a value that is not 0 to 300 seconds', () => {
    expect(readConfig({}).drainSeconds).toBe(0);
    expect(readConfig({ DRAIN_SECONDS: '5' }).drainSeconds).toBe(5);
    expect(() => readConfig({ DRAIN_SECONDS: 'soon' })).toThrow(
      'DRAIN_SECONDS must be a number of seconds from 0 to 300, not soon',
    );
    expect(() => readConfig({ DRAIN_SECONDS: '-1' })).toThrow(
      'DRAIN_SECONDS must be a number of seconds from 0 to 300, not -1',
    );
  });

  it(
    'logs at LOG_LEVEL (info unless set), JSON lines only when ' +
      'NODE_ENV is production, and refuses a level pino has not',
    () => {
      expect(readConfig({})).toMatchObject({ logLevel: 'info', logFormat: 'pretty' });
      expect(readConfig({ LOG_LEVEL: 'warn', NODE_ENV: 'production' })).toMatchObject({
        logLevel: 'warn',
        logFormat: 'json',
      });
      expect(readConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
      expect(() => readConfig({ LOG_LEVEL: 'verbose' })).toThrow(
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not verbose',
      );
    },
  );

  it('serves GET /metrics only with a METRICS_TOKEN of at least 16 characters', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
    expect(() => readConfig({ METRICS_TOKEN: 'secret' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters long (openssl rand -hex 32), not 6',
    );
  });
});
