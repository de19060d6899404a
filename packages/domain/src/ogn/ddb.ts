/**
 * The OGN device database's download (ddb.glidernet.org/download, the format
 * of glidernet/ogn-ddb's README): `#DEVICE_TYPE,DEVICE_ID,AIRCRAFT_MODEL,
 * REGISTRATION,CN,TRACKED,IDENTIFIED` then one device a line, every value
 * quoted with `'` (`'F','0123BC','LS-4','X-0123','23','Y','Y'`), an optional
 * eighth field (aircraft type) with `?t=1`. Lines starting with `#` are
 * comments. Tracked N: the owner asked not to be tracked (never recorded);
 * identified N: the registration must not be shown.
 */
export interface OgnDevice {
  deviceType: 'F' | 'O' | 'I';
  deviceId: string;
  aircraftModel: string;
  registration: string;
  cn: string;
  tracked: boolean;
  identified: boolean;
}

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** One device line, or null for a comment, a blank or a line this format does not describe. */
export function parseDdbLine(line: string): OgnDevice | null {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return null;
  // Quoted values (a model may hold a comma: 'DG-800, S'); a file written without quotes splits on commas.
  const quoted = [...text.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
  const fields = quoted.length >= 7 ? quoted : text.split(',').map((field) => field.trim());
  if (fields.length < 7) return null;
  const [type, id, model, registration, cn, tracked, identified] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (type !== 'F' && type !== 'O' && type !== 'I') return null;
  if (!/^[0-9A-Fa-f]{6}$/.test(id) || !/^[YN]$/.test(tracked) || !/^[YN]$/.test(identified)) return null;
  return {
    deviceType: type,
    deviceId: id.toUpperCase(),
    aircraftModel: clip(model, 100),
    registration: clip(registration, 20),
    cn: clip(cn, 10),
    tracked: tracked === 'Y',
    identified: identified === 'Y',
  };
}
