import { APIError, createAuthMiddleware } from 'better-auth/api';
import { pilotCreateSchema } from '@flightline/domain/schemas/members';

/** better-auth's name fields, each with the rule POST /api/pilot applies to the same name. */
const NAME_FIELDS = {
  firstName: { label: 'First name', schema: pilotCreateSchema.shape.first },
  lastName: { label: 'Last name', schema: pilotCreateSchema.shape.last },
} as const;

type NameField = keyof typeof NAME_FIELDS;

/** The name trimmed, or a 400 saying what to change. */
function checkedName(field: NameField, value: unknown): string {
  const { label, schema } = NAME_FIELDS[field];
  // Words only the issues the domain's rule leaves without a message of its own.
  const parsed = schema.safeParse(value, {
    error: (issue) => {
      if (issue.code === 'too_big') return `${label} must be ${String(issue.maximum)} characters or less`;
      if (issue.code === 'invalid_type')
        return issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;
      return undefined;
    },
  });
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? `${label} is not valid` });
  return parsed.data;
}

const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`;

/**
 * better-auth's `hooks.before`: sign-up takes first and last names under the
 * rule of POST /api/pilot (1–60 characters each), stores them trimmed, and
 * keeps `name` as "first last" whatever the client sends as `name`. Sign-up is
 * the only open better-auth call that writes a name (auth/open-paths.ts); POST
 * /api/pilot changes names later, under the same rule.
 */
export const nameRules = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const body = ctx.body as Record<string, unknown> | undefined;
  const firstName = checkedName('firstName', body?.firstName);
  const lastName = checkedName('lastName', body?.lastName);
  return { context: { body: { ...body, firstName, lastName, name: fullName(firstName, lastName) } } };
});
