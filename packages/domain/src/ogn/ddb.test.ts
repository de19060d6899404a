import { describe, expect, it } from 'vitest';
import { parseDdbLine } from './ddb.ts';

describe('the OGN device database download', () => {
  it('reads a device line of the DDB README, quotes off, flags as booleans', () => {
    expect(parseDdbLine("'F','0123BC','LS-4','X-0123','23','Y','Y'")).toEqual({
      deviceType: 'F',
      deviceId: '0123BC',
      aircraftModel: 'LS-4',
      registration: 'X-0123',
      cn: '23',
      tracked: true,
      identified: true,
    });
    expect(parseDdbLine("'F','DEADBE','DR-400','X-EABC','','N','N'")).toMatchObject({
      tracked: false,
      identified: false,
      cn: '',
    });
  });
  it('skips the header, comments, blanks and lines of another shape', () => {
    expect(parseDdbLine('#DEVICE_TYPE,DEVICE_ID,AIRCRAFT_MODEL,REGISTRATION,CN,TRACKED,IDENTIFIED')).toBeNull();
    expect(parseDdbLine('')).toBeNull();
    expect(parseDdbLine("'X','0123BC','LS-4','X-0123','23','Y','Y'")).toBeNull();
    expect(parseDdbLine("'F','0123B','LS-4','X-0123','23','Y','Y'")).toBeNull();
  });
  it('takes the optional aircraft type field and a comma inside the model', () => {
    expect(parseDdbLine("'O','ABCDEF','ASK 21','C-GDSA','DS','Y','Y','1'")).toMatchObject({
      deviceType: 'O',
      registration: 'C-GDSA',
      cn: 'DS',
    });
    expect(parseDdbLine("'F','ABCDEF','DG-800, S','D-KXYZ','XY','Y','N'")).toMatchObject({
      aircraftModel: 'DG-800, S',
      registration: 'D-KXYZ',
      identified: false,
    });
  });
});
