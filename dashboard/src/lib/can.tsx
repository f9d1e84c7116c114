import {
  type AccessRule,
  type AccessSubject,
  type AccessVerdict,
  canCall,
  memberSubject,
} from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { adminUserAtom, enterpriseUserAtom, sessionAtoms } from './session.ts';

/**
 * The signed-in account of the call's audience as the access rule's subject: null while a session's account is
 * still loading (general/auth/me), no session (`audience: null`) when there is none.
 */
const useSubject = (auth: AccessRule['auth']): AccessSubject | null => {
  const enterpriseSession = useAtomValue(sessionAtoms.enterprise);
  const adminSession = useAtomValue(sessionAtoms.admin);
  const member = useAtomValue(enterpriseUserAtom);
  const admin = useAtomValue(adminUserAtom);
  if (auth === 'enterprise') {
    if (!enterpriseSession?.token) return { audience: null };
    return member ? memberSubject(member, { secondFactorDone: enterpriseSession.mfaDone }) : null;
  }
  if (auth === 'admin') {
    if (!adminSession?.token) return { audience: null };
    return admin ? { audience: 'admin', secondFactorDone: adminSession.mfaDone } : null;
  }
  return { audience: null };
};

/**
 * The server's answer to a contract call (shared/permissions.ts `canCall`), known before making it: the verdict
 * for the signed-in account, or null while its account is loading.
 */
export const useAccess = (call: AccessRule): AccessVerdict | null => {
  const subject = useSubject(call.auth);
  return subject ? canCall(call, subject) : null;
};

/** Whether the signed-in account may make the call, or null while its account is loading. */
export const useCan = (call: AccessRule): boolean | null => useAccess(call)?.allowed ?? null;

/**
 * Shows its children only to an account the call is open to (the server would refuse anyone else), else the
 * fallback; nothing while the account loads.
 */
export const Can = ({
  call,
  children,
  fallback = null,
}: {
  call: AccessRule;
  children: ReactNode;
  fallback?: ReactNode;
}) => {
  const can = useCan(call);
  if (can === null) return null;
  return <>{can ? children : fallback}</>;
};
