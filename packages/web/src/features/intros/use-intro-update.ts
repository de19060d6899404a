import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntroCancel, IntroRefund } from '@flightline/domain/schemas/intros';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { refreshIntros, updateIntro } from '../../lib/api/intros.ts';

/**
 * A refund or cancellation sent with update-item: the success toast and
 * `onDone` (the form empties), then every intro list reloads; a refusal
 * stays on screen as an alert under `failure`.
 */
export function useIntroUpdate<T extends IntroRefund | IntroCancel>(
  club: string,
  messages: { success: string; failure: string },
  onDone: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => updateIntro(input.id, input),
    onSuccess: async () => {
      notifications.toast({ status: 'success', message: messages.success });
      onDone();
      await refreshIntros(client, club);
    },
    onError: (error) =>
      notifications.alert({ status: 'danger', heading: messages.failure, message: errorMessage(error) }),
  });
}
