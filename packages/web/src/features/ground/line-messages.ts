import { ApiError, errorMessage, NO_RESPONSE_STATUS } from '../../lib/api.ts';

/** The line page's messages. */

export const FAILED_UNDO_LAUNCH = 'Failed to cancel launch';
export const FAILED_UNDO_LANDING = 'Failed to cancel landing';
const NO_ACTION = 'No action taken - ';

/** 'No action taken - {server message}', once, whatever the server's wording. */
export function noActionMessage(error: unknown): string {
  return noActionText(errorMessage(error));
}

/** The same for a refusal's message as the outbox keeps it. */
export function noActionText(message: string): string {
  return message.startsWith(NO_ACTION) ? message : `${NO_ACTION}${message}`;
}

/** The HTTP status of a failed call; 600 when no answer came. */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : NO_RESPONSE_STATUS;
}

/** The banner over the lists when the 10-second poll fails. */
export function pollBannerText(error: unknown): string {
  return `Could not update flights / tugs (${statusOf(error)})`;
}
