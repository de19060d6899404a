import { z } from 'zod';

/**
 * Telling members (issue 29 item 5, docs/duty-roster.md "Telling people"):
 * which notices a member wants, by which channel, and the browser push
 * subscription the web app sends. One schema each for the form and the API.
 */

/**
 * The kinds of notice a member chooses: the roster published or changed, swaps, help wanted, you are next on the
 * line.
 */
export const NOTICE_KINDS = ['roster', 'swaps', 'help', 'next'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const channels = z.object({ email: z.boolean(), push: z.boolean() });

/** Per kind, per channel. */
export const noticeChoicesSchema = z.object({ roster: channels, swaps: channels, help: channels, next: channels });
export type NoticeChoices = z.infer<typeof noticeChoicesSchema>;

/**
 * What a member gets until they choose: everything by email and push, but "you are next" by push only (a mail
 * arrives too late to matter).
 */
export const DEFAULT_NOTICE_CHOICES: NoticeChoices = {
  roster: { email: true, push: true },
  swaps: { email: true, push: true },
  help: { email: true, push: true },
  next: { email: false, push: true },
};

const base64url = (what: string, max: number) =>
  z
    .string()
    .min(1, `The subscription has no ${what}`)
    .max(max, `The subscription's ${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `The subscription's ${what} is not base64url`);

/** A PushSubscription as the browser's toJSON() gives it (the expiration time is not kept). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The subscription endpoint is not a web address' })
    .max(1000, 'The subscription endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('p256dh key', 200), auth: base64url('auth secret', 100) }),
});

export const unsubscribePushSchema = z.object({ endpoint: z.string().min(1).max(1000) });
