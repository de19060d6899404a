import { z } from 'zod';

/**
 * User Administration's New (docs/clubs-and-members.md, "Adding a member";
 * issue 15 item 8): an admin adds a member by email. One schema for
 * the form and the API.
 */
export const inviteMemberSchema = z
  .object({
    club: z.string().max(100).optional(),
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  })
  .strict();

export type InviteMember = z.infer<typeof inviteMemberSchema>;

/** The sign-up link's `invite` parameter: the invitation's id and its secret. */
export const invitationCodePattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

/** POST /api/accept-invitation: the signed-in invitee confirms the link. */
export const acceptInvitationSchema = z
  .object({
    invitation: z
      .string()
      .trim()
      .regex(invitationCodePattern, 'This invitation link is not complete: open the link from the email again'),
  })
  .strict();

/** How long an invitation can be used. */
export const INVITATION_DAYS = 14;
