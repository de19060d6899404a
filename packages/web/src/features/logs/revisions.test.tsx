import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MIN, TEN, ZONE } from './log.fixtures.ts';
import { Revisions } from './revisions.tsx';

const lookups = {
  timeZone: ZONE,
  pilots: new Map([['u-irene', { first: 'Irene', last: 'Instructor' }]]),
  intros: new Map(),
};

/** The text of each item of the list labelled `label`, in order. */
function listed(html: string, label: string): string[] {
  const list = new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>(.*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
}

describe('the Revisions of a flight (docs/ogn.md "Who")', () => {
  it(
    'lists the actions recorded from the OGN feed, at their detected ' +
      'times in the club zone, before the late entries',
    () => {
      const html = renderToStaticMarkup(
        <Revisions
          corrections={[]}
          fromOgn={[
            { action: 'Launch', happenedAt: TEN + 2 * MIN + 13_000 },
            { action: 'ReleaseHeight', happenedAt: TEN + 6 * MIN },
            { action: 'Landing', happenedAt: TEN + 41 * MIN },
          ]}
          lateEntries={[
            {
              action: 'Create',
              by: 'u-irene',
              byName: 'Irene Instructor',
              happenedAt: TEN - 5 * MIN,
              receivedAt: TEN + 50 * MIN,
            },
          ]}
          lookups={lookups}
        />,
      );
      expect(listed(html, 'From OGN')).toEqual([
        'Launch at 10:02 — from OGN',
        'Release height at 10:06 — from OGN',
        'Landing at 10:41 — from OGN',
      ]);
      expect(html.indexOf('aria-label="From OGN"')).toBeLessThan(html.indexOf('aria-label="Entered late"'));
      expect(listed(html, 'Entered late')).toEqual([
        'Request at 09:55 — entered late by Irene Instructor, received 10:50',
      ]);
    },
  );

  it('says nothing of OGN for a flight the crew tapped', () => {
    const html = renderToStaticMarkup(<Revisions corrections={[]} lookups={lookups} />);
    expect(html).not.toContain('OGN');
    expect(html).toContain('No corrections.');
  });
});
