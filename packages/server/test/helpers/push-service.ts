import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A message the push service received: where to, its headers, and its body as the browser would decrypt it. */
export interface ReceivedPush {
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A browser's subscription made here: its JSON as PushSubscription.toJSON() gives it, and the keys only the browser
 * holds.
 */
export interface TestSubscriber {
  name: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** A new browser: its own P-256 key pair and auth secret (RFC 8291), its endpoint on this service. */
  subscriber(name: string): TestSubscriber;
  /** From now on the service answers 410 Gone for this subscriber (the browser unsubscribed). */
  gone(name: string): void;
  /** Decrypt a message (aes128gcm) with the subscriber's private key and auth secret, as the browser does. */
  decrypt(push: ReceivedPush, subscriber: TestSubscriber): unknown;
  /** Wait until `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Web Push service on 127.0.0.1: it takes the POSTs web-push sends
 * (RFC 8030), answers 201 Created (or 410 Gone), and keeps what it received.
 */
export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const goneNames = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      if (goneNames.has(name)) {
        response.writeHead(410).end('gone');
        return;
      }
      received.push({ name, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscriber(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        name,
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    gone(name) {
      goneNames.add(name);
    },
    decrypt(push, subscriber) {
      const plain = ece.decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: subscriber.ecdh,
        authSecret: subscriber.auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8')) as unknown;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`waited for ${count} push messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Check a message's VAPID authorization (RFC 8292) as a push service does:
 * `vapid t=<JWT>, k=<public key>`; the key is the one given, the JWT is
 * ES256-signed by it, for this push service's origin, not expired. Answers
 * the JWT's claims.
 */
export function verifyVapid(
  headers: IncomingHttpHeaders,
  publicKey: string,
  audience: string,
  nowMs: number,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the k= key is not the server’s published key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const signedBy = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signedBy) throw new Error('the JWT is not signed with the published key');
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg !== 'ES256')
    throw new Error('not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`aud ${body.aud}, not ${audience}`);
  if (body.exp * 1000 <= nowMs || body.exp * 1000 > nowMs + 24 * 3600_000)
    throw new Error(`exp ${body.exp} is not within a day`);
  return body;
}
