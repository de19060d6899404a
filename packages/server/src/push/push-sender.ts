import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../db/schema.ts';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';

/** What the service worker shows (src/sw.ts): a title, a line, and the page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app ('/roster/day/2026-07-19'). */
  url: string;
  /** Notices with the same tag replace each other on the phone. */
  tag: string;
}

/** A browser's PushManager subscription, as the phone sent it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey(): Promise<string>;
  /**
   * Send one message: 'sent', or 'gone' when the push service says the
   * subscription is no more (404 or 410) — the caller removes it. Anything
   * else throws.
   */
  send(target: PushTarget, message: PushMessage): Promise<'sent' | 'gone'>;
  /** Whether an endpoint may be sent to: https (a push service), or http on 127.0.0.1 when allowed (tests). */
  acceptsEndpoint(endpoint: string): boolean;
}

/** A push service that does not answer in this time is given up on (the notice still went by email when chosen). */
const SEND_TIMEOUT_MS = 10_000;
/** Kept by the push service this long for a phone that is off (seconds). */
const TTL_SECONDS = 12 * 60 * 60;

/**
 * Web Push through the browsers' push services: web-push signs (VAPID, RFC
 * 8292) and encrypts (aes128gcm, RFC 8291) each message; it is posted with
 * fetch, bounded by a timeout (decision 0024).
 */
export function createPushSender(options: {
  db: Kysely<DB>;
  publicUrl: string;
  allowHttpLoopback?: boolean | undefined;
}): PushSender {
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(options.db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  // The JWT's sub: who runs this push sender. An https PUBLIC_URL, else a mailto: at its host.
  const subject = options.publicUrl.startsWith('https:')
    ? options.publicUrl
    : `mailto:flightline@${new URL(options.publicUrl).hostname}`;

  const acceptsEndpoint = (endpoint: string) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.protocol === 'https:') return !/^(localhost|127\.|\[|0\.|10\.|192\.168\.)/.test(url.hostname);
    return options.allowHttpLoopback === true && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  };

  return {
    async publicKey() {
      return (await vapid()).publicKey;
    },
    acceptsEndpoint,
    async send(target, message) {
      if (!acceptsEndpoint(target.endpoint)) return 'gone';
      const { publicKey, privateKey } = await vapid();
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`the push service answered ${response.status}`);
      return 'sent';
    },
  };
}
