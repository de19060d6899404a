import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { shippedLuxonZone } from './shipped-luxon-zone.ts';

describe('the demo season lays out its days on the shipped tz database', () => {
  it('13:00 on 2026-11-28 in Vancouver is 20:00 UTC (UTC−7 all year from November 2026)', () => {
    const day = DateTime.fromISO('2026-11-28', { zone: shippedLuxonZone('America/Vancouver') });
    expect(new Date(day.set({ hour: 13 }).toMillis()).toISOString()).toBe('2026-11-28T20:00:00.000Z');
    expect(day.set({ hour: 13 }).toFormat('yyyy-MM-dd HH:mm ZZ')).toBe('2026-11-28 13:00 -07:00');
  });

  it('16:00 on 2026-11-28 in Havana is 20:00 UTC; Toronto keeps its daylight saving', () => {
    expect(
      DateTime.fromMillis(Date.parse('2026-11-28T20:00:00Z'), { zone: shippedLuxonZone('America/Havana') }).toFormat(
        'HH:mm',
      ),
    ).toBe('16:00');
    const summer = DateTime.fromISO('2026-07-01', { zone: shippedLuxonZone('America/Toronto') }).set({ hour: 9 });
    expect(new Date(summer.toMillis()).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(summer.plus({ days: 180 }).toFormat('yyyy-MM-dd HH:mm')).toBe('2026-12-28 09:00');
  });
});
