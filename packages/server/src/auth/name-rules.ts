import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
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
      if (issue.code === 'invalid_type') return issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;
      return undefined;
    },
  });
  if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? `${label} is not valid` });
  return parsed.data;
}

const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`;

/**
 * better-auth's `hooks.before`: sign-up and update-user take first and last
 * names under the rule of POST /api/pilot (member spec §5), store them trimmed,
 * and keep `name` as "first last" whatever the client sends as `name`.
 */
export const nameRules = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (ctx.path === '/sign-up/email') {
    const firstName = checkedName('firstName', body?.firstName);
    const lastName = checkedName('lastName', body?.lastName);
    return { context: { body: { ...body, firstName, lastName, name: fullName(firstName, lastName) } } };
  }
  if (ctx.path === '/update-user' && body && typeof body === 'object') {
    if (!('firstName' in body || 'lastName' in body || 'name' in body)) return;
    const session = await getSessionFromCtx(ctx);
    // Signed out: the endpoint itself answers 401.
    if (!session) return;
    const names: Partial<Record<NameField, string>> = {};
    if ('firstName' in body) names.firstName = checkedName('firstName', body.firstName);
    if ('lastName' in body) names.lastName = checkedName('lastName', body.lastName);
    // The stored names, not the session's cached copy, which may be a minute old.
    const stored = await ctx.context.adapter.findOne<Record<NameField, string>>({
      model: 'user',
      where: [{ field: 'id', value: session.user.id }],
      select: ['firstName', 'lastName'],
    });
    if (!stored) return;
    const name = fullName(names.firstName ?? stored.firstName, names.lastName ?? stored.lastName);
    return { context: { body: { ...body, ...names, name } } };
  }
});
