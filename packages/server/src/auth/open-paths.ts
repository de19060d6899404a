import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * The better-auth calls the web app makes (docs/security.md, "Signing in"):
 * sign-up with an emailed confirmation code, email and password sign-in and
 * sign-out, password change, and password reset by emailed code. Everything
 * else better-auth and its plugins offer — sign-in by emailed code (which also
 * created accounts, skipping the name rules), social sign-in, update-user,
 * change-email, delete-user, the session lists — answers 404, and so does any
 * endpoint a better-auth upgrade adds, until it is listed here.
 */
export const OPEN_AUTH_CALLS: ReadonlySet<string> = new Set([
  'POST /sign-up/email',
  'POST /email-otp/verify-email',
  'POST /email-otp/send-verification-otp',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /change-password',
  'POST /email-otp/request-password-reset',
  'POST /email-otp/reset-password',
]);

/** The only kind of code /email-otp/send-verification-otp mails; reset codes have their own call. */
const CONFIRMATION_CODE = 'email-verification';

/**
 * Whether a request for `pathname` (under `basePath`) is an open call. The
 * path must match exactly (no trailing slash, no other case or encoding), so
 * no spelling reaches a closed endpoint.
 */
export function isOpenAuthCall(method: string, pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false;
  return OPEN_AUTH_CALLS.has(`${method} ${pathname.slice(basePath.length)}`);
}

/**
 * better-auth plugin: refuses every call not in OPEN_AUTH_CALLS (auth/mount.ts
 * already answers those 404 before better-auth, or its per-address rate limit,
 * sees them; this holds for any other way in), and lets
 * /email-otp/send-verification-otp mail confirmation codes only.
 */
export function openPaths(basePath: string): BetterAuthPlugin {
  return {
    id: 'flightline-open-paths',
    async onRequest(request) {
      const { pathname } = new URL(request.url);
      if (isOpenAuthCall(request.method, pathname, basePath)) return;
      return {
        response: Response.json(
          { code: 'NOT_FOUND', message: `No such call: ${request.method} ${pathname}` },
          { status: 404 },
        ),
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/email-otp/send-verification-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const type = (ctx.body as { type?: unknown } | undefined)?.type;
            if (type !== CONFIRMATION_CODE) {
              throw APIError.fromStatus('BAD_REQUEST', {
                code: 'INVALID_OTP_TYPE',
                message: `Only email confirmation codes are sent here (type "${CONFIRMATION_CODE}")`,
              });
            }
          }),
        },
      ],
    },
  };
}
