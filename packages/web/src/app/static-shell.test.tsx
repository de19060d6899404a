import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { headingSkeletonHtml, PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import type { BlockBalance, FlightRecord, SessionInfo } from '@flightline/domain/api/types';
import { activeFlightsOf, activeFlightState } from '@flightline/domain/flights/active-flights';
import { homePageHtml } from '@flightline/domain/pages/home-page-html';
import { crewPageHtml } from '@flightline/domain/pages/crew-page-html';
import { memberSession } from '@flightline/domain/fixtures/session';
import { Loading, Page } from '../components/page-state.tsx';
import { RouteLoading } from '../components/route-loading.tsx';
import { CrewPage } from '../features/crew/crew-page.tsx';
import { crewData } from '../features/crew/crew.fixtures.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { Landing, LandingTitlePage } from '../features/home/landing.tsx';
import { balanceQuery, blockBalancesQuery } from '../lib/api/accounts.ts';
import { crewPageQuery } from '../lib/api/crew.ts';
import { flightsOfDayQuery } from '../lib/api/flights.ts';
import { clubDateTime, clubToday } from '../lib/club-dates.ts';
import { flight, T } from '../test/flight.fixtures.ts';
import { SESSION_KEY } from '../lib/session.ts';
import { Shell } from './shell.tsx';

/**
 * index.html carries the app shell as static markup (decision 0009): the page
 * shows before the script arrives, and React's first render must draw the
 * same, or the page jumps when React replaces it. Each static piece is
 * compared with what the components render.
 */

const indexHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8').replaceAll(
  '%FLIGHTLINE_APP_VERSION%',
  APP_VERSION,
);

/** Markup compared as a browser draws it: no comments, no whitespace between tags, attributes in one order. */
function normalized(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<')
    .replace(
      /<([a-z]+)((?: [\w:-]+(?:="[^"]*")?)+)(\s*\/?)>/g,
      (_tag, name: string, attributes: string, end: string) => {
        const sorted = [...attributes.matchAll(/ [\w:-]+(?:="[^"]*")?/g)].map((m) => m[0]).sort();
        return `<${name}${sorted.join('')}${end}>`;
      },
    )
    .trim();
}

/** The content of `<div id="root">` in index.html, as the built file has it. */
function staticRoot(): string {
  const start = indexHtml.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = indexHtml.indexOf('<!-- The navbar of a signed-in person');
  return indexHtml.slice(start, indexHtml.lastIndexOf('</div>', end));
}

function template(id: string): string {
  const found = new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`).exec(indexHtml);
  if (!found) throw new Error(`index.html has no <template id="${id}">`);
  return found[1]!;
}

function render(
  children: ReactNode,
  session?: Partial<SessionInfo>,
  path = '/',
  fill?: (client: QueryClient) => void,
): string {
  // No fetch runs while rendering to a string: without data the session is pending, as on the first render in the
  // browser.
  const client = new QueryClient();
  if (session)
    client.setQueryData(SESSION_KEY, {
      isAuthenticated: true,
      userID: 'u1',
      club: 'c1',
      clubTimeZone: 'America/Toronto',
      ...session,
    });
  fill?.(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={path} ssrSearch="">
        {children}
      </Router>
    </QueryClientProvider>,
  );
}

/** The notification stacks are empty, fixed-position overlays: nothing to draw before the script. */
const withoutNotificationStacks = (html: string) =>
  html.replace(/<div class="notification-stack[^"]*"[^>]*><\/div>/g, '');

describe("index.html's static shell is what React draws first", () => {
  it(
    'the shell with the loading state: the navbar with neither Signup and Login nor Settings ' +
      '(the session not read yet), "Retrieving your data....", footer with the version',
    () => {
      const react = render(
        <Shell>
          <Page>
            <Loading text="Retrieving your data...." />
          </Page>
        </Shell>,
      );
      expect(normalized(staticRoot())).toBe(normalized(withoutNotificationStacks(react)));
      expect(staticRoot()).toContain(`App version ${APP_VERSION}`);
      expect(staticRoot()).not.toMatch(/Signup|Login|Settings|Logout/);
    },
  );

  it("the visitor's navbar (drawn for a request without a session cookie) is the shell signed out", () => {
    const react = render(<Shell>{null}</Shell>, { isAuthenticated: false, userID: '', club: '' });
    const nav = /<nav[\s\S]*<\/nav>/.exec(react)![0];
    expect(nav).toContain('>Signup</a>');
    expect(normalized(template('signed-out-nav'))).toBe(normalized(nav));
  });

  it('the signed-in navbar (drawn for a request with a session cookie) is the shell signed in', () => {
    const react = render(<Shell>{null}</Shell>, { clubName: 'Demo Soaring Club' });
    const nav = /<nav[\s\S]*<\/nav>/.exec(react)![0];
    expect(normalized(template('signed-in-nav'))).toBe(normalized(nav));
  });

  it('the landing page (drawn for / without a session) is the Landing component', () => {
    expect(normalized(template('landing-page'))).toBe(normalized(render(<Landing />)));
  });

  it(
    'Awaiting Launches without a session (drawn for /awaiting) is the ' +
      'landing title and tagline, as the app draws it for a visitor',
    () => {
      expect(normalized(template('landing-title'))).toBe(normalized(render(<LandingTitlePage />)));
      expect(template('landing-page')).toContain(
        template('landing-title')
          .replace(/^\s*<main[^>]*>|<\/main>\s*$/g, '')
          .trim(),
      );
    },
  );

  it.each(Object.entries(PAGE_HEADINGS))(
    '%s: the heading the server draws while the app loads is the page loading (RouteLoading)',
    (route, heading) => {
      const react = render(<RouteLoading />, undefined, `${route}/`);
      expect(normalized(headingSkeletonHtml(heading))).toBe(normalized(react));
      expect(react).toContain(`>${heading.title}</h1>`);
    },
  );

  describe(
    'Home drawn by the server for an active member (domain ' + 'home-page-html.ts) is Home drawn from the same reads',
    () => {
      const member = memberSession({ clubMessage: '<p>Field opens at <strong>9:00</strong> &amp; the bar at 5.</p>' });
      const blocks: BlockBalance[] = [
        {
          blockId: 'b1',
          blockName: 'Summer <block> & "more"',
          blockUnits: 'minutes',
          blockStarts: '2026-05-01',
          blockExpires: '2026-09-30T23:59:59.000Z',
          blockBalance: 90,
        },
        {
          blockId: 'b2',
          blockName: "Instructor's time",
          blockUnits: 'unlimited',
          blockStarts: '2026-05-01',
          blockExpires: '',
          blockBalance: 0,
        },
      ];
      const today = clubToday(member.clubTimeZone);
      const flights: FlightRecord[] = [
        flight('f2', { glider: 'C-GXYZ', launchedAt: T + 60_000, submittedAt: T + 2 }),
        flight('f1', { glider: 'C-G<b>', submittedAt: T + 1 }),
        flight('x', { user: 'u2' }),
      ];

      function both(session: SessionInfo, balanceCents: number): { server: string; react: string } {
        const server = homePageHtml({
          session,
          balanceCents,
          blocks,
          activeFlights: activeFlightsOf(flights, 'u1').map((f) => ({
            glider: f.glider,
            state: activeFlightState(f, (ms) => clubDateTime(ms, session.clubTimeZone).time),
          })),
        });
        const react = render(<HomePage />, session, '/', (client) => {
          client.setQueryData(balanceQuery('c1', 'u1').queryKey, { userID: 'u1', balanceCents });
          client.setQueryData(blockBalancesQuery('c1', 'u1').queryKey, { blocks });
          client.setQueryData(flightsOfDayQuery('c1', today).queryKey, { items: flights } as never);
        });
        // React's server renderer hoists a preload of each image into the document's head; the browser draws none of
        // it.
        return { server, react: react.replace(/<link rel="preload" as="image"[^>]*>/g, '') };
      }

      it('a member: menu, balance, blocks, active flights and the club message', () => {
        const { server, react } = both(member, 12_345);
        expect(react).toContain('Your active flights');
        expect(react).toContain('Field opens at');
        expect(normalized(server)).toBe(normalized(react));
      });

      it(
        'an admin in debt, with the club logo linked to the club ' + 'site: the Back Office menu, the balance in red',
        () => {
          const { server, react } = both(
            {
              ...member,
              userIsAdmin: true,
              clubLogo: '/api/club-logo/c1?v=3',
              clubLink: 'https://soaring.example.org/?a=1&b=2',
              clubMessage: '',
            },
            -1_250,
          );
          expect(react).toContain('Accounting Admin');
          expect(react).toContain('text-danger');
          expect(react).toContain('class="club-logo"');
          expect(normalized(server)).toBe(normalized(react));
        },
      );

      it('a club with no name and a logo that is not a web link', () => {
        const { server, react } = both(
          { ...member, clubName: '', clubLogo: '/api/club-logo/c1', clubLink: 'javascript:alert(1)' },
          0,
        );
        expect(react).toContain('Choose your activity');
        expect(normalized(server)).toBe(normalized(react));
      });
    },
  );

  describe(
    'Request Flight drawn by the server (domain crew-page-html.ts) ' +
      "is the crew page's first render from the same read",
    () => {
      /**
       * Attribute names as HTML reads them (React writes noValidate, inputMode), and ids numbered in order: React's
       * come from useId, the server names its own.
       */
      const sameIds = (html: string, id: RegExp) => {
        const seen = new Map<string, string>();
        return html
          .replace(/ ([a-zA-Z-]+)=/g, (_m, name: string) => ` ${name.toLowerCase()}=`)
          .replace(id, (found) => {
            if (!seen.has(found)) seen.set(found, `id${seen.size}`);
            return seen.get(found)!;
          });
      };

      function both(data: ReturnType<typeof crewData>): { server: string; react: string } {
        const react = render(<CrewPage />, { userID: data.pilot.pilotID }, '/crew/', (client) =>
          client.setQueryData(crewPageQuery('c1', data.pilot.pilotID).queryKey, data),
        );
        return {
          // The server's copy is inert until the app takes it over (lib/first-paint.ts carries that over, not React).
          server: normalized(
            sameIds(crewPageHtml(data).replace(' inert=""', ''), /crew-(form|glider|fly-with|launch)/g),
          ),
          react: normalized(sameIds(react, /_R_[A-Za-z0-9]+_/g)),
        };
      }

      it(
        'a member: the pilot, flying alone, the gliders, the weights, ' +
          'the launch types, the summary and the button',
        () => {
          const { server, react } = both(crewData());
          expect(react).toContain('crew-summary');
          expect(react).toContain('No launch type selected');
          expect(server).toBe(react);
        },
      );

      it('a pilot below the warning level with names to escape, and a club with no launch types', () => {
        const data = crewData();
        const pilot = { ...data.pilot, first: '<Mary>', last: 'O\'Brien & "Co"', belowWarning: true };
        const { server, react } = both({ ...data, pilot, pilots: [pilot, ...data.pilots.slice(1)], launches: [] });
        expect(react).toContain('The club has no launch types set up.');
        expect(react).toContain('&lt;Mary&gt;');
        expect(server).toBe(react);
      });
    },
  );

  it('holds no inline style or script, which the Content-Security-Policy refuses', () => {
    expect(indexHtml).not.toMatch(/ style=/);
    expect(indexHtml.match(/<script/g)).toHaveLength(1);
    expect(indexHtml).toContain('<script type="module" src="/src/main.tsx"></script>');
  });
});
