import { ApiError, call, errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';

/**
 * After the email is confirmed: create the pilot record (club None,
 * docs/clubs-and-members.md). The account works without it for now, so a
 * failure only tells the person; a 409 means the record is already there.
 */
export async function createPilot(first: string, last: string): Promise<void> {
  try {
    await call('POST /api/pilot', { first, last });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return;
    notifications.toast({
      status: 'danger',
      message: `Your account is ready, but your pilot record was not created: ${errorMessage(error)}`,
    });
  }
}
