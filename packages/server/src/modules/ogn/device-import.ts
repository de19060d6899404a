import type { Kysely } from 'kysely';
import { parseDdbLine, type OgnDevice } from '@flightline/domain/ogn/ddb';
import type { DB } from '../../db/schema.ts';
import { replaceDevices } from './repo.ts';

/**
 * `npm run club -- import-ddb FILE`: the OGN device database's download replaces the one kept (docs/ogn.md
 * "Settings").
 */
export async function importDeviceDatabase(
  db: Kysely<DB>,
  text: string,
): Promise<{ devices: number; skipped: number }> {
  const devices: OgnDevice[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const device = parseDdbLine(line);
    if (device) devices.push(device);
    else skipped++;
  }
  if (devices.length === 0)
    throw new Error('No device lines in this file: is it the DDB download (ddb.glidernet.org/download)?');
  await db.transaction().execute((trx) => replaceDevices(trx, devices));
  return { devices: devices.length, skipped };
}
