/**
 * A flight id made by the phone (member spec §7 update-item FLIGHT), also the
 * request's idempotency key. crypto.randomUUID exists only on secure pages
 * (https, localhost); a phone on the club's LAN over plain http still has
 * getRandomValues, so the same version-4 UUID is built from it.
 */
export function newFlightId(source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
