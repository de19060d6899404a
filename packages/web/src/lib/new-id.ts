/**
 * A fresh version-4 UUID: a request's idempotency key, made once per submit or
 * press so a retried request does the work once, and a flight's id (sent with
 * update-item FLIGHT), which is also its request's key. crypto.randomUUID
 * exists only on secure pages (https, localhost); a phone on the club's LAN
 * over plain http still has getRandomValues, so the same UUID is built from
 * 122 random bits.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
