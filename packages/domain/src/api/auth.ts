import { z } from 'zod';
import { defineCall } from './define-call.ts';

/**
 * The better-auth calls whose answer the web app reads. better-auth serves
 * them under /api/auth and checks their input itself
 * (docs/decisions/0002-better-auth-email-codes.md), so no route is registered
 * from these declarations: they type the web app's `call()` and list the call
 * in the OpenAPI document (auth/mount.ts). An answer names only what the web
 * app reads; better-auth sends more.
 */

export const verifyEmail = defineCall({
  method: 'POST',
  path: '/api/auth/email-otp/verify-email',
  summary: "Confirm a new account's email with its emailed code; the answer signs the person in (the session cookie)",
  access: 'public',
  body: z.object({ email: z.string().max(254), otp: z.string().max(12) }),
  answer: z.object({
    /** The names given at sign-up (additional fields), for the pilot record made next. */
    user: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }),
  }),
});
