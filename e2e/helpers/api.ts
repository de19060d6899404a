import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { SessionInfo } from '@flightline/domain/api/types';

/** Reads and writes through the API as a signed-in page, for setting up what a test then looks at. */

/** A page or a browser context: its requests carry the phone's cookies. */
type SignedIn = { request: APIRequestContext };

/** The page's session: who is signed in, and the club's time zone. */
export async function sessionOf(page: SignedIn): Promise<SessionInfo> {
  return (await (await page.request.get('/api/session')).json()) as SessionInfo;
}

/**
 * The ids of the club's members by email, from the members list (an admin's read); throws on an email not in the
 * club.
 */
export async function memberIds(page: SignedIn): Promise<(email: string) => string> {
  const { pilots } = (await (await page.request.get('/api/list-members')).json()) as {
    pilots: { userID: string; email: string }[];
  };
  return (email) => {
    const found = pilots.find((p) => p.email === email);
    if (!found) throw new Error(`${email} is not in the club`);
    return found.userID;
  };
}

/** Expect a 200 (the answer's text as the message otherwise); answers its body, parsed, or null when empty. */
export async function ok(response: Promise<{ status(): number; text(): Promise<string> }>): Promise<unknown> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status(), text).toBe(200);
  return text ? JSON.parse(text) : null;
}

/** Set the club's time zone as its admin would in Club Settings, keeping the other settings. */
export async function setClubTimeZone(admin: SignedIn, timeZone: string): Promise<void> {
  const settings = (await (await admin.request.get('/api/get-club-settings')).json()) as Record<string, unknown>;
  await ok(admin.request.post('/api/update-club-settings', { data: { ...settings, timeZone } }));
}

/** The club's day `offset` days from today in `timeZone`, e.g. clubDayFromToday('America/Toronto', 365). */
export function clubDayFromToday(timeZone: string, offset: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(Date.now());
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day') + offset)).toISOString().slice(0, 10);
}
