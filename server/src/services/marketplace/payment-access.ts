import type { EnrolmentStatus, PaymentStatus } from '@coach/shared/contract/marketplace';
import type { ServiceContext } from '../context.ts';

/**
 * How the buyer of a paid enrolment reaches the course, for the payment status page: the delivery gave the
 * enrolment an account in the course's institution (`signIn`), or it stays without one because the address belongs
 * to an account of another organisation, never taken over (`institution`: the institution gives access, as the
 * buyer's mail says). Asked only with the payment's id, which only its buyer holds, and only once it is paid: no
 * answer before payment tells whether an address has an account.
 */
export const withPaymentAccess = async (
  ctx: ServiceContext,
  paymentId: string,
  status: EnrolmentStatus,
): Promise<PaymentStatus> => {
  if (status.status !== 'paid') return { ...status, access: null };
  const row = await ctx.db
    .selectFrom('enrolments')
    .select('user_id')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return { ...status, access: row?.user_id ? 'signIn' : 'institution' };
};
