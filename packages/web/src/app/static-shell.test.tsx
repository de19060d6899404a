import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_VERSION } from '@flightline/domain/app-version';
import { headingSkeletonHtml, PAGE_HEADINGS } from '@flightline/domain/page-headings';
import type { SessionInfo } from '@flightline/domain/api-types';
import { Loading, Page } from '../components/page-state.tsx';
import { RouteLoading } from '../components/route-loading.tsx';
import { Landing, LandingTitlePage } from '../features/home/landing.tsx';
import { SESSION_KEY } from '../lib/session.ts';
import { Shell } from './shell.tsx';

/**
 * index.html carries the app shell as static markup (decision 0009): the page
 * shows before the script arrives, and React's first render must draw the
 * same, or the page jumps when React replaces it. Each static piece is
 * compared with what the components render.
 */

const indexHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8').replaceAll('%FLIGHTLINE_APP_VERSION%', APP_VERSION);

/** Markup compared as a browser draws it: no comments, no whitespace between tags, attributes in one order. */
function normalized(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<')
    .replace(/<([a-z]+)((?: [\w:-]+(?:="[^"]*")?)+)(\s*\/?)>/g, (_tag, name: string, attributes: string, end: string) => {
      const sorted = [...attributes.matchAll(/ [\w:-]+(?:="[^"]*")?/g)].map((m) => m[0]).sort();
      return `<${name}${sorted.join('')}${end}>`;
    })
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

function render(children: ReactNode, session?: Partial<SessionInfo>, path = '/'): string {
  // No fetch runs while rendering to a string: without data the session is pending, as on the first render in the browser.
  const client = new QueryClient();
  if (session) client.setQueryData(SESSION_KEY, { isAuthenticated: true, userID: 'u1', club: 'c1', clubTimeZone: 'America/Toronto', ...session });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={path} ssrSearch="">{children}</Router>
    </QueryClientProvider>,
  );
}

/** The notification stacks are empty, fixed-position overlays: nothing to draw before the script. */
const withoutNotificationStacks = (html: string) => html.replace(/<div class="notification-stack[^"]*"[^>]*><\/div>/g, '');

describe("index.html's static shell is what React draws first", () => {
  it('the shell with the loading state: the navbar with neither Signup and Login nor Settings (the session not read yet), "Retrieving your data....", footer with the version', () => {
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
  });

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

  it("Awaiting Launches without a session (drawn for /awaiting) is the landing title and tagline, as the app draws it for a visitor", () => {
    expect(normalized(template('landing-title'))).toBe(normalized(render(<LandingTitlePage />)));
    expect(template('landing-page')).toContain(template('landing-title').replace(/^\s*<main[^>]*>|<\/main>\s*$/g, '').trim());
  });

  it.each(Object.entries(PAGE_HEADINGS))('%s: the heading the server draws while the app loads is the page loading (RouteLoading)', (route, heading) => {
    const react = render(<RouteLoading />, undefined, `${route}/`);
    expect(normalized(headingSkeletonHtml(heading))).toBe(normalized(react));
    expect(react).toContain(`>${heading.title}</h1>`);
  });

  it('holds no inline style or script, which the Content-Security-Policy refuses', () => {
    expect(indexHtml).not.toMatch(/ style=/);
    expect(indexHtml.match(/<script/g)).toHaveLength(1);
    expect(indexHtml).toContain('<script type="module" src="/src/main.tsx"></script>');
  });
});
