import type { Kysely } from 'kysely';
import type { NoticeKind } from '@flightline/domain/schemas/notifications';
import type { DB } from '../../db/schema.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import type { PushMessage, PushSender } from '../../push/push-sender.ts';
import { deletePushSubscription, listPushSubscriptions, noticeChoicesOf } from './repo.ts';

/** What telling members needs. Without a push sender (a tool, a test of mail alone) notices go by email only. */
export interface NoticeDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  push?: PushSender | undefined;
  /** Where a notice that could not be sent is reported (the change it tells of is kept). */
  log: (message: string) => void;
}

/** One member's notice: the mail and the push message saying the same thing. */
export interface MemberNotice {
  userId: string;
  mail?: Mail | undefined;
  push?: PushMessage | undefined;
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Tell members of one kind of notice by the channels each chose (Settings →
 * Notifications; the defaults otherwise): the mail, and the push message to
 * every browser they subscribed. One that fails is logged and the others
 * still go; a subscription its push service calls gone (404, 410) is removed.
 * Answers how many were told by email and how many push messages were sent.
 */
export async function tellMembers(
  deps: NoticeDeps,
  clubId: string,
  kind: NoticeKind,
  notices: readonly MemberNotice[],
): Promise<{ emailed: number; pushed: number }> {
  if (notices.length === 0) return { emailed: 0, pushed: 0 };
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const choices = await noticeChoicesOf(deps.db, clubId, userIds);
  let emailed = 0;
  let pushed = 0;
  for (const notice of notices) {
    if (!notice.mail || !choices.get(notice.userId)?.[kind].email) continue;
    try {
      await deps.mailer.send(notice.mail);
      emailed++;
    } catch (error) {
      deps.log(`${kind} mail to ${notice.mail.to} ("${notice.mail.subject}") could not be sent: ${failure(error)}`);
    }
  }
  const push = deps.push;
  const pushing = notices.filter((n) => n.push && choices.get(n.userId)?.[kind].push);
  if (!push || pushing.length === 0) return { emailed, pushed };
  const subscriptions = await listPushSubscriptions(deps.db, clubId, [...new Set(pushing.map((n) => n.userId))]);
  const sends = pushing.flatMap((notice) =>
    subscriptions
      .filter((s) => s.user_id === notice.userId)
      .map(async (subscription) => {
        try {
          if ((await push.send(subscription, notice.push!)) === 'gone')
            await deletePushSubscription(deps.db, clubId, subscription.endpoint);
          else pushed++;
        } catch (error) {
          deps.log(`${kind} push to ${new URL(subscription.endpoint).host} could not be sent: ${failure(error)}`);
        }
      }),
  );
  await Promise.all(sends);
  return { emailed, pushed };
}
