import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type {
  getNotificationSettings as getCall,
  rotateCalendarFeed as rotateCall,
} from '@flightline/domain/api/notifications';
import type { NoticeChoices, pushSubscriptionSchema } from '@flightline/domain/schemas/notifications';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { PushSender } from '../../push/push-sender.ts';
import {
  countPushSubscriptions,
  deletePushSubscription,
  findCalendarFeed,
  noticeChoicesOf,
  saveNoticeChoices,
  savePushSubscription,
  setCalendarToken,
} from './repo.ts';

export interface SettingsDeps {
  db: Kysely<DB>;
  push: PushSender;
  publicUrl: string;
}

export const calendarUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/**
 * GET /api/get-notification-settings: the caller's choices, the key to subscribe with, their browsers and their
 * feed.
 */
export async function getNotificationSettings(
  deps: SettingsDeps,
  ctx: MemberContext,
): Promise<AnswerOf<typeof getCall>> {
  const [choices, pushKey, pushDevices, feed] = await Promise.all([
    noticeChoicesOf(deps.db, ctx.club.id, [ctx.user.id]),
    deps.push.publicKey(),
    countPushSubscriptions(deps.db, ctx.club.id, ctx.user.id),
    findCalendarFeed(deps.db, ctx.club.id, ctx.user.id),
  ]);
  return {
    choices: choices.get(ctx.user.id)!,
    pushKey,
    pushDevices,
    calendarUrl: feed ? calendarUrl(deps.publicUrl, feed.token) : null,
  };
}

export async function updateNotificationSettings(db: Kysely<DB>, ctx: MemberContext, choices: NoticeChoices) {
  await saveNoticeChoices(db, ctx.club.id, ctx.user.id, choices, new Date(ctx.now));
  return { statusCode: 200 as const, message: 'Notification choices saved', choices };
}

/** POST /api/subscribe-push: this browser gets the caller's push notices from now on. */
export async function subscribePush(
  deps: SettingsDeps,
  ctx: MemberContext,
  input: z.output<typeof pushSubscriptionSchema>,
) {
  if (!deps.push.acceptsEndpoint(input.endpoint))
    throw badRequest("That subscription's endpoint is not a push service (an https address)");
  await savePushSubscription(deps.db, {
    club_id: ctx.club.id,
    user_id: ctx.user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    created_at: new Date(ctx.now),
  });
  return {
    statusCode: 200 as const,
    message: 'Notifications are on for this device',
    pushDevices: await countPushSubscriptions(deps.db, ctx.club.id, ctx.user.id),
  };
}

/** POST /api/unsubscribe-push: sent again, or for a browser never subscribed, it changes nothing. */
export async function unsubscribePush(db: Kysely<DB>, ctx: MemberContext, endpoint: string) {
  await deletePushSubscription(db, ctx.club.id, endpoint, ctx.user.id);
  return {
    statusCode: 200 as const,
    message: 'Notifications are off for this device',
    pushDevices: await countPushSubscriptions(db, ctx.club.id, ctx.user.id),
  };
}

/** POST /api/rotate-calendar-feed: a new secret address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(deps: SettingsDeps, ctx: MemberContext): Promise<AnswerOf<typeof rotateCall>> {
  const before = await findCalendarFeed(deps.db, ctx.club.id, ctx.user.id);
  const token = randomBytes(24).toString('base64url');
  await setCalendarToken(deps.db, ctx.club.id, ctx.user.id, token, new Date(ctx.now));
  const message = before
    ? 'New calendar address: the old one no longer works'
    : 'Calendar address made: add it to your calendar app';
  return { statusCode: 200, message, calendarUrl: calendarUrl(deps.publicUrl, token) };
}
