/** Intro serial numbers: 6 upper-case letters and digits without the ambiguous 0 O 1 I (domain rules "Intros"). */
export const SERIAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SERIAL_LENGTH = 6;

/** A fresh serial from a source of random bytes (crypto.getRandomValues in browser and server). */
export function generateSerial(randomBytes: (n: number) => Uint8Array): string {
  let serial = '';
  // 32 symbols divide 256 evenly, so a byte modulo 32 is uniform.
  for (const byte of randomBytes(SERIAL_LENGTH)) serial += SERIAL_ALPHABET[byte % SERIAL_ALPHABET.length];
  return serial;
}

export function isWellFormedSerial(serial: string): boolean {
  return new RegExp(`^[${SERIAL_ALPHABET}]{${SERIAL_LENGTH}}$`).test(serial);
}
