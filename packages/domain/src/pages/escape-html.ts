/**
 * Text put in HTML the server writes by hand (the pages' first state), escaped
 * as React escapes text and attributes, so the markup is the same to the
 * character and nothing a person typed can become markup.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}
