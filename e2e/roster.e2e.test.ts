import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubDayFromToday, sessionOf } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The duty roster's screens (issue 29 item 6, docs/duty-roster.md): at 375
 * px a member marks a blackout and plans to fly; the admin, at desk width,
 * lets two members take Duty pilot, generates and publishes; the member sees
 * the duty on Home and in the month, offers a swap, and another member takes
 * it. Each screen is photographed at 375 and 320 px (scratch/shots/roster-*).
 * Its own server: it writes the demo club's roster.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = join(ROOT, 'scratch', 'shots');

const field = ownServer('roster');
let member: Page;
/** The next Saturday and Sunday after today, in the club's zone: flying days by default. */
let saturday = '';
let sunday = '';
let today = '';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: size.height });
    await page.screenshot({ path: join(SHOTS, `roster-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Open a roster month page showing `day`'s month. */
async function openMonthOf(page: Page, day: string): Promise<void> {
  await page.goto('/roster');
  await page.getByRole('heading', { name: 'Duty roster' }).waitFor();
  if (day.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
}

beforeAll(async () => {
  member = await field.phone(DEMO.member);
  const zone = (await sessionOf(member)).clubTimeZone;
  today = clubDayFromToday(zone, 0);
  for (let offset = 1; offset <= 7; offset++) {
    const day = clubDayFromToday(zone, offset);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 6) {
      saturday = day;
      sunday = clubDayFromToday(zone, offset + 1);
    }
  }
});

describe('the duty roster at 375 px, the editor at desk width', () => {
  it('a member marks Saturday as a day they can’t do, from their phone', async () => {
    await member.goto('/roster/availability');
    await member.getByRole('heading', { name: 'My availability' }).waitFor();
    if (saturday.slice(0, 7) !== today.slice(0, 7)) await member.getByRole('button', { name: 'Next month' }).click();
    await member.getByRole('button', { name: saturday, exact: true }).click();
    await member.getByRole('button', { name: `${saturday}, can't do` }).waitFor();
    expect(await member.getByRole('button', { name: `${saturday}, can't do` }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shots(member, 'availability');
  });

  it('and plans to fly on Sunday with instruction: the day counts them', async () => {
    await member.goto(`/roster/day/${sunday}`);
    await member.getByRole('heading', { name: 'Do you plan to fly?' }).waitFor();
    await member.getByLabel('With instruction').check();
    await member.getByRole('button', { name: 'I plan to fly' }).click();
    await member.getByRole('heading', { name: 'I plan to fly' }).waitFor();
    await expect.poll(() => member.getByText('1 plan to fly · 1 want instruction · 1 want a tow').count()).toBe(1);
    await shots(member, 'day');
  });

  it('the admin lets Mary and Gary take Duty pilot, generates the weekend and publishes it', async () => {
    const admin = await field.phone(DEMO.admin, {
      viewport: { width: 1280, height: 900 },
      isMobile: false,
      hasTouch: false,
    });
    await admin.goto('/roster/edit');
    await admin.getByRole('heading', { name: 'Edit roster' }).waitFor();
    const dutyPilot = admin.locator('.card').filter({ has: admin.getByText('Duty pilot', { exact: true }) });
    for (const name of ['Mary Member', 'Gary Ground']) {
      const box = dutyPilot.getByRole('checkbox', { name });
      // Drawn from the server's answer: it changes once the write is answered and the roles read again.
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await admin.getByLabel('From', { exact: true }).fill(saturday);
    await admin.getByLabel('To', { exact: true }).fill(sunday);
    await admin.getByRole('button', { name: 'Generate' }).click();
    const marysPick = admin.getByRole('combobox', { name: `Duty pilot on ${sunday}` });
    await expect.poll(() => marysPick.inputValue().then((v) => v !== '')).toBe(true);
    // Mary can't do Saturday: the generator puts Gary there and Mary on Sunday.
    expect(
      await admin
        .getByRole('combobox', { name: `Duty pilot on ${saturday}` })
        .locator('option:checked')
        .textContent(),
    ).toBe('Gary Ground');
    expect(await marysPick.locator('option:checked').textContent()).toBe('Mary Member');
    await admin.screenshot({ path: join(SHOTS, 'roster-editor-1280.png'), fullPage: true });
    await admin.getByRole('button', { name: /^Publish/ }).click();
    await admin.getByText(/^Published \d+ duties; \d+ people told$/).waitFor();
    await admin.context().close();
  });

  it('the member sees the duty on Home and in the month, and offers it for a swap', async () => {
    await member.goto('/');
    const mine = member.getByRole('region', { name: 'My duties' });
    await mine.getByText('Duty pilot').waitFor();
    await shots(member, 'home');
    await openMonthOf(member, sunday);
    const line = member.locator('li[data-mine]').filter({ hasText: 'Duty pilot' });
    await line.waitFor();
    await shots(member, 'month');
    await line.getByRole('button', { name: 'Offer swap' }).click();
    await line.getByText('Swap offered').waitFor();
    await line.getByRole('button', { name: 'Withdraw offer' }).waitFor();
  });

  it('another member who may take it (Gary) takes it; the member’s month shows it gone (live)', async () => {
    const pat = await field.phone(DEMO.ground);
    await pat.goto('/');
    await pat
      .getByRole('region', { name: 'My duties' })
      .getByText(/Duty pilot offered by Mary/)
      .waitFor();
    await openMonthOf(pat, sunday);
    await pat.getByRole('button', { name: 'Take this duty' }).click();
    await pat.getByText(/^You are on duty as Duty pilot on /).waitFor();
    await shots(pat, 'month-taken');
    // Mary's month, left open, reads the roster again on the roster notice.
    await expect
      .poll(() => member.locator('li[data-mine]').filter({ hasText: 'Duty pilot' }).count(), { timeout: 10_000 })
      .toBe(0);
    await pat.context().close();
  });

  it('Settings → Notifications: the choices and the calendar address', async () => {
    await member.goto('/settings');
    await member.getByRole('link', { name: 'Notifications' }).click();
    await member.getByRole('heading', { name: 'Notifications' }).waitFor();
    await member.getByRole('button', { name: 'Make calendar address' }).click();
    const address = member.getByLabel('Calendar address');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[\w-]{32}\.ics$/);
    const feed = await member.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).not.toContain('Duty pilot');
    await member.getByRole('checkbox', { name: 'Swaps by email' }).click();
    await expect.poll(() => member.getByRole('checkbox', { name: 'Swaps by email' }).isChecked()).toBe(false);
    await shots(member, 'notifications');
  });
});
