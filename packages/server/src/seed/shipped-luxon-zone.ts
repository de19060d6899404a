import { Zone, type ZoneOffsetFormat } from 'luxon';
import { zoneOffset } from '@flightline/domain/time/zone-rules';

/**
 * A Luxon zone whose offsets come from the tz database the project ships
 * (domain zone-rules.ts), not Node's ICU: the demo season lays out its days
 * with Luxon's calendar arithmetic on the club's one clock (decision 0022).
 */
class ShippedZone extends Zone {
  constructor(private readonly zoneName: string) {
    super();
  }

  override get type(): string {
    return 'shipped';
  }

  override get name(): string {
    return this.zoneName;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return true;
  }

  override offsetName(): string {
    return this.zoneName;
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const offset = this.offset(ts);
    const sign = offset < 0 ? '-' : '+';
    const hours = Math.floor(Math.abs(offset) / 60);
    const minutes = Math.abs(offset) % 60;
    const hh = String(hours).padStart(2, '0');
    const mm = String(minutes).padStart(2, '0');
    if (format === 'narrow') return `${sign}${hours}${minutes ? `:${mm}` : ''}`;
    return format === 'techie' ? `${sign}${hh}${mm}` : `${sign}${hh}:${mm}`;
  }

  override offset(ts: number): number {
    return zoneOffset(this.zoneName, ts);
  }

  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}

/** The club's zone for Luxon, on the shipped tz database. */
export function shippedLuxonZone(zone: string): Zone {
  return new ShippedZone(zone);
}
