import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APRS_AIRCRAFT, OGFLR_FLARM, OGNTRK } from './beacon.fixtures.ts';
import { CLOCK_SKEW_TOLERANCE_MS, parseBeacon, parseIdField, type Beacon } from './beacon.ts';

/** 2026-06-15 18:00:00 UTC: after every sample's time of day, so each is read as that day's. */
const RECEIVED = Date.UTC(2026, 5, 15, 18, 0, 0);
const at = (h: number, m: number, s: number) => Date.UTC(2026, 5, 15, h, m, s);
const SAMPLES = [...APRS_AIRCRAFT, ...OGFLR_FLARM, ...OGNTRK];

describe('parseBeacon on the OGN samples', () => {
  it('reads every position line and answers null for comments and status lines', () => {
    for (const line of SAMPLES) {
      const beacon = parseBeacon(line, RECEIVED);
      const isPosition = /^[^#][^:]*:\//.test(line);
      expect(beacon === null, line).toBe(!isPosition);
    }
    expect(SAMPLES.filter((line) => parseBeacon(line, RECEIVED)).length).toBe(20);
  });

  it.each<[string, Partial<Beacon>]>([
    [
      "FLRDDA5BA>APRS,qAS,LFMX:/165829h4415.41N/00600.03E'342/049/A=005524 " +
        'id0ADDA5BA -454fpm -1.1rot 8.8dB 0e +51.2kHz gps4x5',
      {
        callsign: 'FLRDDA5BA',
        dstcall: 'APRS',
        receiver: 'LFMX',
        timeMs: at(16, 58, 29),
        latitude: 44.2568333,
        longitude: 6.0005,
        courseDeg: 342,
        groundSpeedKt: 49,
        altitudeFt: 5524,
        climbRateFpm: -454,
        turnRateRot: -1.1,
        aircraftType: 'tow-plane',
        addressType: 'flarm',
        address: 'DDA5BA',
      },
    ],
    [
      // The id field's address, not the callsign's, is the aircraft's.
      'FLRDDB091>APRS,qAS,Letzi:/165831h4740.04N/00806.01EX152/124/A=004881 ' +
        'id06DD8E80 +198fpm +0.0rot 6.5dB 13e +4.0kHz gps3x4',
      {
        callsign: 'FLRDDB091',
        timeMs: at(16, 58, 31),
        latitude: 47.6673333,
        longitude: 8.1001667,
        courseDeg: 152,
        groundSpeedKt: 124,
        altitudeFt: 4881,
        climbRateFpm: 198,
        aircraftType: 'glider',
        addressType: 'flarm',
        address: 'DD8E80',
      },
    ],
    [
      // No course/speed: null, not 0.
      "FLRDDDD33>APRS,qAS,LFNF:/165341h4344.27N/00547.41E'/A=000886 " +
        'id06DDDD33 +020fpm +0.0rot 20.8dB 0e -14.3kHz gps3x4',
      { courseDeg: null, groundSpeedKt: null, altitudeFt: 886, climbRateFpm: 20, turnRateRot: 0, address: 'DDDD33' },
    ],
    [
      // Southern and a registration for a callsign; id 05: glider, ICAO.
      "ZK-GSC>APRS,qAS,Omarama:/165202h4429.25S/16959.33E'/A=001407 id05C821EA " +
        '+020fpm +0.0rot 16.8dB 0e -3.1kHz gps1x3 hear1084 hearB597 hearB598',
      {
        callsign: 'ZK-GSC',
        receiver: 'Omarama',
        timeMs: at(16, 52, 2),
        latitude: -44.4875,
        longitude: 169.9888333,
        aircraftType: 'glider',
        addressType: 'icao',
        address: 'C821EA',
      },
    ],
    [
      // !W10!: 43.22' + 0.001' north, 32.84' + 0.000' east.
      "FLRDD89C9>OGFLR,qAS,LIDH:/115054h4543.22N/01132.84E'260/072/A=002542 " +
        '!W10! id06DD89C9 +198fpm -0.8rot 7.0dB 0e +0.7kHz gps2x3',
      {
        dstcall: 'OGFLR',
        receiver: 'LIDH',
        timeMs: at(11, 50, 54),
        latitude: 45 + 43.221 / 60,
        longitude: 11 + 32.84 / 60,
        courseDeg: 260,
        groundSpeedKt: 72,
        altitudeFt: 2542,
        climbRateFpm: 198,
        turnRateRot: -0.8,
      },
    ],
    [
      // id21: powered aircraft (type 8), ICAO; the \ symbol table of an ICAO aircraft.
      'ICAA8CBA8>OGFLR,qAS,MontCAIO:/114949h4512.44N\\01059.12E^190/106/A=009522 ' +
        '!W33! id21A8CBA8 -039fpm +0.1rot 4.5dB 1e -8.7kHz gps1x2 +14.3dBm',
      {
        timeMs: at(11, 49, 49),
        latitude: 45 + 12.443 / 60,
        longitude: 10 + 59.123 / 60,
        aircraftType: 'powered',
        addressType: 'icao',
        address: 'A8CBA8',
        altitudeFt: 9522,
      },
    ],
    [
      // Heard through a relaying OGN tracker: the receiver is still the station after qAS.
      "FLRDD9C70>OGNTRK,OGN2FD00F*,qAS,LZHL:/093214h4848.77N/01708.33E'000/000/A=000515 " +
        '!W56! id06DD9C70 -019fpm +0.0rot 32.2dB 0e -0.8kHz gps2x3',
      {
        dstcall: 'OGNTRK',
        receiver: 'LZHL',
        timeMs: at(9, 32, 14),
        latitude: 48 + 48.775 / 60,
        longitude: 17 + 8.336 / 60,
        courseDeg: 0,
        groundSpeedKt: 0,
        altitudeFt: 515,
      },
    ],
    [
      // An OGN tracker's own address (id07: glider, OGN).
      "OGN2FD00F>OGNTRK,qAS,LZHL:/093213h4848.78N/01708.32E'000/000/A=000538 !W12! " +
        'id072FD00F -058fpm +0.0rot FL003.12 32.8dB 0e -0.8kHz gps3x5',
      {
        callsign: 'OGN2FD00F',
        addressType: 'ogn',
        address: '2FD00F',
        climbRateFpm: -58,
        latitude: 48 + 48.781 / 60,
        longitude: 17 + 8.322 / 60,
      },
    ],
  ])('reads %s', (line, expected) => {
    const beacon = parseBeacon(line, RECEIVED)!;
    for (const [field, value] of Object.entries(expected)) {
      if (typeof value === 'number' && !Number.isInteger(value))
        expect(beacon[field as keyof Beacon], field).toBeCloseTo(value, 6);
      else expect(beacon[field as keyof Beacon], field).toBe(value);
    }
  });

  it('dates the older ddhhmm z stamp to the latest such day and minute', () => {
    const beacon = parseBeacon(
      'ICAA8CBA8>OGFLR,qAS,MontCAIO:/231150z4512.12N\\01059.03E^192/106/A=009519 !W20! id21A8CBA8 -039fpm +0.0rot',
      RECEIVED,
    )!;
    expect(beacon.timeMs).toBe(Date.UTC(2026, 4, 23, 11, 50, 0));
  });
});

describe('the id field', () => {
  it('reads STttttaa and the address', () => {
    expect(parseIdField('id0ADDA5BA')).toEqual({
      stealth: false,
      noTrack: false,
      aircraftType: 'tow-plane',
      addressType: 'flarm',
      address: 'DDA5BA',
    });
    expect(parseIdField('id3Bab0301')).toEqual({
      stealth: false,
      noTrack: false,
      aircraftType: 'ground-support',
      addressType: 'ogn',
      address: 'AB0301',
    });
    expect(parseIdField('idC6DDA5BA')).toMatchObject({ stealth: true, noTrack: true, aircraftType: 'glider' });
    expect(parseIdField('id06DDA5B')).toBeNull();
  });

  it('drops stealth and no-track beacons: the OGN rules say not to track them', () => {
    const line =
      "FLRDD89C9>OGFLR,qAS,LIDH:/115054h4543.22N/01132.84E'260/072/A=002542 !W10! id06DD89C9 +198fpm -0.8rot";
    expect(parseBeacon(line, RECEIVED)).not.toBeNull();
    expect(parseBeacon(line.replace('id06', 'id46'), RECEIVED)).toBeNull();
    expect(parseBeacon(line.replace('id06', 'id86'), RECEIVED)).toBeNull();
  });
});

describe('what is not an aircraft position', () => {
  it.each([
    '# aprsc 2.1.19-g730c5c0 15 Jun 2026 18:00:00 GMT GLIDERN1 127.0.0.1:14580',
    'Home>OGNSDR,TCPIP*,qAC,GLIDERN1:/175959h4406.00NI07936.00W&/A=000820',
    'Cordoba>APRS,TCPIP*,qAC,GLIDERN3:/175959h3112.85SI06409.56W&/A=001712 v0.2.5.ARM CPU:0.4',
    'OGN2FD00F>OGNTRK,qAS,LZHL:>092840h h00 v00 11sat/2 165m 1001.9hPa +27.1degC 0% 3.28V 14/-111.5dBm 127/min',
    // No id field: nothing to track it by.
    "FLRDD89C9>OGFLR,qAS,LIDH:/115054h4543.22N/01132.84E'260/072/A=002542 +198fpm",
    // Minutes of 60, an hour of 24.
    "FLRDD89C9>OGFLR,qAS,LIDH:/115054h4560.22N/01132.84E'260/072/A=002542 id06DD89C9",
    "FLRDD89C9>OGFLR,qAS,LIDH:/245054h4543.22N/01132.84E'260/072/A=002542 id06DD89C9",
    '',
  ])('answers null for %s', (line) => {
    expect(parseBeacon(line, RECEIVED)).toBeNull();
  });
});

describe('the date of a time of day', () => {
  const line = (hhmmss: string) => `FLRDD89C9>OGFLR,qAS,LIDH:/${hhmmss}h4543.22N/01132.84E'260/072/A=002542 id06DD89C9`;

  it('is the most recent such time not after receipt', () => {
    expect(parseBeacon(line('175950'), RECEIVED)!.timeMs).toBe(at(17, 59, 50));
    expect(parseBeacon(line('180500'), RECEIVED)!.timeMs).toBe(at(18, 5, 0) - 86_400_000);
  });

  it(`allows the beacon ${CLOCK_SKEW_TOLERANCE_MS / 1000} s ahead of our clock`, () => {
    expect(parseBeacon(line('180010'), RECEIVED)!.timeMs).toBe(at(18, 0, 10));
    expect(parseBeacon(line('180011'), RECEIVED)!.timeMs).toBe(at(18, 0, 11) - 86_400_000);
  });

  it('crosses midnight both ways', () => {
    const beforeMidnight = Date.UTC(2026, 5, 15, 23, 59, 58);
    expect(parseBeacon(line('000003'), beforeMidnight)!.timeMs).toBe(Date.UTC(2026, 5, 16, 0, 0, 3));
    const afterMidnight = Date.UTC(2026, 5, 16, 0, 0, 2);
    expect(parseBeacon(line('235959'), afterMidnight)!.timeMs).toBe(Date.UTC(2026, 5, 15, 23, 59, 59));
  });
});

describe('never throws', () => {
  it('on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 0, max: 4_102_444_800_000 }), (text, receivedMs) => {
        expect(() => parseBeacon(text, receivedMs)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it('on real lines with characters changed, cut or inserted, and answers only sane beacons', () => {
    const positions = SAMPLES.filter((line) => parseBeacon(line, RECEIVED));
    const mutated = fc
      .tuple(
        fc.constantFrom(...positions),
        fc.nat(),
        fc.nat(),
        fc.string({ maxLength: 4 }),
        fc.constantFrom('replace', 'cut', 'insert'),
      )
      .map(([line, a, b, text, how]) => {
        const i = a % line.length;
        if (how === 'cut') return line.slice(0, i) + line.slice(i + 1 + (b % 8));
        if (how === 'insert') return line.slice(0, i) + text + line.slice(i);
        return line.slice(0, i) + text + line.slice(i + text.length);
      });
    fc.assert(
      fc.property(mutated, (line) => {
        const beacon = parseBeacon(line, RECEIVED);
        if (beacon === null) return;
        expect(Math.abs(beacon.latitude)).toBeLessThanOrEqual(90);
        expect(Math.abs(beacon.longitude)).toBeLessThanOrEqual(180);
        expect(beacon.timeMs).toBeLessThanOrEqual(RECEIVED + CLOCK_SKEW_TOLERANCE_MS);
        expect(beacon.address).toMatch(/^[0-9A-F]{6}$/);
      }),
      { numRuns: 3000 },
    );
  });
});
