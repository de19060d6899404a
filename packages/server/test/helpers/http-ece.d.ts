/** http_ece (what web-push encrypts with), used by the tests to decrypt as a browser does; it ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  };
  export default ece;
}
