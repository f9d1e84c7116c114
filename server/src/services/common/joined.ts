import { sql } from 'kysely';

// Invited is not joined: the one rule for who counts as a member, shared by the reports, the organisation's own
// screens (groups, roles) and the platform admin's enterprise list and detail.

/**
 * When a member joined, as an SQL expression on `users` (or its alias): an invited member on accepting the
 * invitation (the emailed link verifies the email, identity/passwords.ts), anyone else when the account was made;
 * null while the invitation is pending, so a pending invitee never counts as joined in any range.
 */
export const joinedAt = (users = 'users') =>
  sql<
    string | null
  >`(case when ${sql.ref(`${users}.invited_at`)} is null then ${sql.ref(`${users}.created_at`)} else ${sql.ref(`${users}.email_verified_at`)} end)`;

/** The member has joined (see joinedAt): anyone but a pending invitee. */
export const hasJoined = (users = 'users') =>
  sql<boolean>`(${sql.ref(`${users}.invited_at`)} is null or ${sql.ref(`${users}.email_verified_at`)} is not null)`;

/** Invited, and the invitation not yet accepted. */
export const invitePending = (users = 'users') =>
  sql<boolean>`(${sql.ref(`${users}.invited_at`)} is not null and ${sql.ref(`${users}.email_verified_at`)} is null)`;

/** invitePending on a `users` row already read: invited, and the invitation not yet accepted. */
export const isInvitePending = (user: { invited_at: string | null; email_verified_at: string | null }) =>
  user.invited_at !== null && user.email_verified_at === null;
