import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FirstStateReader } from './first-state.ts';
import { headingSkeletonHtml, PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import { ROUTE_PRELOADS_FILE, routeOf, type RoutePreloads } from '@flightline/domain/pages/route-preloads';

/**
 * index.html for every page of the web app (decision 0009). The built file
 * holds the app shell with a loading state, and the landing page and the
 * signed-in navbar in `<template>`s; per page, the server
 *   - without a session cookie, draws the visitor's navbar (Signup, Login)
 *     and marks the root `data-signed-out`, and draws the landing page for
 *     `/` and its title and tagline for `/awaiting`, marking
 *     the root `data-landing` (a visitor sees them before any script runs,
 *     and the app's first render keeps them); with a session cookie, draws
 *     the signed-in navbar and marks the root `data-session`. The built file
 *     itself (the service worker's copy for every page) shows neither
 *     navbar's links until the app has read the session;
 *   - adds `<link rel="modulepreload">` for the page's lazily loaded screen
 *     and its imports, and `<link rel="preload" as="style">` for its styles
 *     (dist/.vite/route-preloads.json, written by the build), so they download
 *     with the first script instead of after it, at low priority, behind
 *     what the first paint needs;
 *   - with a session cookie, draws the page's heading in the loading state for
 *     the field pages with a fixed title (domain page-headings.ts), and
 *     preloads the app's first read, GET /api/session, and the page's own
 *     first reads when they need no parameters (Home's balance and blocks,
 *     the crew page's);
 *   - for Home and Request Flight with a session cookie, draws the page
 *     itself with the person's own data (app/first-state.ts, decision 0020)
 *     and marks the root `data-first-state`: that answer is the person's
 *     alone, made for the request and never kept (`private`); when the
 *     session cannot be read, the person is no active member or anything
 *     fails, the generic page goes.
 * Each generic answer is made once per page and kind, and kept with its brotli and gzip forms.
 */

/**
 * better-auth's session cookie (`__Secure-` when PUBLIC_URL is https). Its presence only: the app reads the session
 * itself.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]/;

/** The app's first read (lib/session.ts), preloaded for a page opened with a session cookie. */
export const SESSION_API = '/api/session';

/** A page's first reads when they have no parameters (the caller's own data), preloaded with the session's. */
export const PAGE_READS: Readonly<Record<string, readonly string[]>> = {
  // features/home/api.ts: Home's balance and blocks lines, the member's own.
  '/': ['/api/get-balance', '/api/get-block-balances'],
  // features/crew/api.ts: the signed-in member's own Request Flight page.
  '/crew': ['/api/serve-crew'],
};

const PAGE_SLOT = /<!--page-->[\s\S]*?<!--\/page-->/;
const NAV_SLOT = /<!--nav-->[\s\S]*?<!--\/nav-->/;
const SIGNED_IN_NAV_TEMPLATE = /<template id="signed-in-nav">([\s\S]*?)<\/template>/;
const SIGNED_OUT_NAV_TEMPLATE = /<template id="signed-out-nav">([\s\S]*?)<\/template>/;

/**
 * The pages drawn for a visitor (no session cookie) before any script runs, by route: the template put in the
 * page's place.
 */
const VISITOR_PAGES: Readonly<Record<string, RegExp>> = {
  '/': /<template id="landing-page">([\s\S]*?)<\/template>/,
  // Awaiting launches, logged out: the landing title and tagline (app/router.tsx's signedOut page).
  '/awaiting': /<template id="landing-title">([\s\S]*?)<\/template>/,
};

/** `html` with the slot's content replaced by the template's, and the root marked; unchanged when either is missing. */
function fill(html: string, slot: RegExp, template: RegExp, name: string, mark: string): string {
  const content = template.exec(html)?.[1];
  if (content === undefined || !slot.test(html)) return html;
  return html
    .replace(slot, () => `<!--${name}-->${content.trim()}<!--/${name}-->`)
    .replace('<div id="root"', `<div id="root" ${mark}`);
}

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface WebAppPages {
  /** Answers index.html for the request's page. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/** The encoding to send: brotli, else gzip, when the request accepts it (q > 0); else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The page's HTML: `route` is a key of the preloads ('/crew', '*'), `signedIn` whether a session cookie came. */
export function pageHtml(
  indexHtml: string,
  preloads: RoutePreloads | undefined,
  route: string,
  signedIn: boolean,
): string {
  let html = indexHtml;
  const visitorPage = signedIn || !Object.hasOwn(VISITOR_PAGES, route) ? undefined : VISITOR_PAGES[route];
  if (visitorPage) html = fill(html, PAGE_SLOT, visitorPage, 'page', 'data-landing');
  html = signedIn
    ? fill(html, NAV_SLOT, SIGNED_IN_NAV_TEMPLATE, 'nav', 'data-session')
    : fill(html, NAV_SLOT, SIGNED_OUT_NAV_TEMPLATE, 'nav', 'data-signed-out');
  const heading =
    signedIn && Object.hasOwn(PAGE_HEADINGS, route) ? PAGE_HEADINGS[route as keyof typeof PAGE_HEADINGS] : undefined;
  if (heading && PAGE_SLOT.test(html))
    html = html.replace(PAGE_SLOT, () => `<!--page-->${headingSkeletonHtml(heading)}<!--/page-->`);
  const links: string[] = [];
  // Every page reads the session first (lib/session.ts): with a session cookie, fetch it with the scripts, and the
  // page's own first read.
  if (signedIn) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="${SESSION_API}">`);
    for (const read of Object.hasOwn(PAGE_READS, route) ? PAGE_READS[route]! : [])
      links.push(`<link rel="preload" as="fetch" crossorigin href="${read}">`);
  }
  const preload = preloads?.routes[route];
  if (preload && (signedIn || !preload.signedIn)) {
    // At low priority: the screen's code and styles are needed once the app's own script has run, never for the
    // first paint (the HTML draws it), so on a weak connection they wait behind the style sheet and the app's script.
    links.push(
      ...preload.js.map(
        (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`,
      ),
      ...preload.css.map(
        (href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`,
      ),
    );
  }
  if (links.length) html = html.replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`);
  return html;
}

/**
 * The signed-in page `html` with the page's place holding `main`, the page drawn with the person's data, and the
 * root marked with its route.
 */
export function withFirstState(html: string, route: string, main: string): string {
  if (!PAGE_SLOT.test(html)) return html;
  return html
    .replace(PAGE_SLOT, () => `<!--page-->${main}<!--/page-->`)
    .replace('<div id="root"', `<div id="root" data-first-state="${escapeAttribute(route)}"`);
}

/**
 * `html` for one answer, in the encoding it goes in: at a quick level, as the API's answers are
 * (http/compression.ts), not the build's strongest.
 */
function encodeOnce(html: string, encoding: keyof Encoded): Buffer {
  const identity = Buffer.from(html);
  if (encoding === 'br') return brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  return encoding === 'gzip' ? gzipSync(identity, { level: 6 }) : identity;
}

/**
 * The built app's pages, or undefined when `webDist` has no index.html.
 * `readFirstState` draws the pages made with the person's own data (app/first-state.ts).
 */
export function loadWebApp(webDist: string, readFirstState?: FirstStateReader): WebAppPages | undefined {
  const indexPath = join(webDist, 'index.html');
  const preloadsPath = join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(indexPath)) return undefined;
  let builtAt = -1;
  let indexHtml = '';
  let preloads: RoutePreloads | undefined;
  let routes: RoutePreloads['routes'] = {};
  // At most two answers per route (with and without a session): bounded by the app's routes, not by addresses.
  const made = new Map<string, Encoded>();
  /** Read the build again when it changed (`npm run build` while the server runs): its pages name the new files. */
  const load = () => {
    const mtime = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? builtAt;
    if (mtime === builtAt) return;
    builtAt = mtime;
    indexHtml = readFileSync(indexPath, 'utf8');
    preloads = existsSync(preloadsPath) ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as RoutePreloads) : undefined;
    routes = preloads?.routes ?? {};
    made.clear();
  };
  load();

  const encoded = (route: string, signedIn: boolean): Encoded => {
    const key = `${route} ${signedIn}`;
    let answer = made.get(key);
    if (!answer) {
      const identity = Buffer.from(pageHtml(indexHtml, preloads, route, signedIn));
      answer = {
        identity,
        br: brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      made.set(key, answer);
    }
    return answer;
  };

  /** The page drawn with the person's data, or undefined to send the generic one: never an error page for it. */
  const personal = async (request: FastifyRequest, route: string): Promise<string | undefined> => {
    if (!readFirstState) return undefined;
    try {
      const main = await readFirstState(request, route);
      return main === undefined ? undefined : withFirstState(pageHtml(indexHtml, preloads, route, true), route, main);
    } catch (error) {
      request.log.warn({ err: error }, 'page drawn without its first state');
      return undefined;
    }
  };

  return {
    async send(request, reply) {
      load();
      const pathname = request.url.split('?')[0]!;
      // '/' (and its old name '/index') is a route of its own even when the build wrote no preloads for it.
      const route = pathname === '/' || /^\/index\/?$/i.test(pathname) ? '/' : routeOf(pathname, routes);
      const signedIn = hasSessionCookie(request.headers.cookie);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const own = signedIn ? await personal(request, route) : undefined;
      const body = own === undefined ? encoded(route, signedIn)[encoding] : encodeOnce(own, encoding);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        // A page drawn with a person's data is theirs alone: no shared cache may keep it.
        .header('cache-control', own === undefined ? 'no-cache' : 'private, no-cache')
        // The page differs with the session cookie (landing page, preloads, the person's own page) and the encoding.
        .header('vary', 'accept-encoding, cookie');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body);
    },
  };
}
