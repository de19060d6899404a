import { z } from 'zod';
import { noticeChoicesSchema, pushSubscriptionSchema, unsubscribePushSchema } from '../schemas/notifications.ts';
import { defineCall } from './define-call.ts';
import { clubQuery } from './params.ts';
import { doneFields } from './shapes.ts';

/**
 * Telling members of their duties and the line: choices, Web Push, the calendar feed (docs/duty-roster.md "Telling
 * people").
 */

export const getNotificationSettings = defineCall({
  method: 'GET',
  path: '/api/get-notification-settings',
  summary:
    "The caller's notice choices at the active club, the push key to subscribe with, and their calendar feed's address",
  access: 'member',
  query: clubQuery,
  answer: z.object({
    choices: noticeChoicesSchema,
    /** The installation's VAPID public key (base64url): PushManager.subscribe's applicationServerKey. */
    pushKey: z.string(),
    /** Browsers subscribed for the caller at this club. */
    pushDevices: z.number(),
    /** The calendar feed's address, or null until one is made. */
    calendarUrl: z.string().nullable(),
  }),
});

export const updateNotificationSettings = defineCall({
  method: 'POST',
  path: '/api/update-notification-settings',
  summary: 'Choose which notices come by email and which by push',
  access: 'member',
  body: z.object({ choices: noticeChoicesSchema }),
  answer: z.object({ ...doneFields, choices: noticeChoicesSchema }),
});

export const subscribePush = defineCall({
  method: 'POST',
  path: '/api/subscribe-push',
  summary:
    'Send notices to this browser: its PushManager subscription (sent again, it is ' +
    "kept once; another person's on this browser moves to the caller)",
  access: 'member',
  body: pushSubscriptionSchema,
  answer: z.object({ ...doneFields, pushDevices: z.number() }),
});

export const unsubscribePush = defineCall({
  method: 'POST',
  path: '/api/unsubscribe-push',
  summary: 'Stop sending notices to this browser',
  access: 'member',
  body: unsubscribePushSchema,
  answer: z.object({ ...doneFields, pushDevices: z.number() }),
});

export const rotateCalendarFeed = defineCall({
  method: 'POST',
  path: '/api/rotate-calendar-feed',
  summary: "Make the caller's calendar feed address, or a new one: the old address then answers 404",
  access: 'member',
  body: z.object({}),
  answer: z.object({ ...doneFields, calendarUrl: z.string() }),
});
