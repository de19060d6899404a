import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api.ts';
import { refreshRoster } from './api.ts';
import { notifications } from '../../lib/notifications-store.ts';

/** A roster write: the server's message as a toast (a refusal as an alert), then every roster read again. */
export function useRosterWrite<I>(club: string, write: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => notifications.toast({ status: 'success', message: answer.message }),
    onError: (error) => notifications.toast({ status: 'danger', message: errorMessage(error) }),
    onSettled: () => refreshRoster(client, club),
  });
}
