import { call, errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';

/**
 * A club invitation's sign-up link (`/signup?invite=…`, issue 15 item 8):
 * once signed in with the invited email, join the club (POST
 * /api/accept-invitation). It becomes the active club; a refusal is told.
 */
export async function acceptInvitation(invitation: string): Promise<boolean> {
  try {
    const answer = await call('POST /api/accept-invitation', { invitation });
    notifications.toast({ status: 'success', message: answer.message });
    return true;
  } catch (error) {
    notifications.alert({
      status: 'danger',
      heading: 'Could not join the club',
      message: errorMessage(error),
      autohide: false,
    });
    return false;
  }
}
