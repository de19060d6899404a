/** Table cell text longer than this is cut, and shown in full on click. */
export const CELL_TEXT_LIMIT = 60;

/** The first `limit` characters and an ellipsis, or the text itself when it fits. */
export function truncateText(text: string, limit: number = CELL_TEXT_LIMIT): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}
