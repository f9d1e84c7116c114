/** Reads `exp` (seconds since the epoch) from a JWT's payload without verifying it; null when unreadable. */
export const readTokenExpiry = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
};

/** Seconds until the token expires (negative when expired), or null when it carries no exp. */
export const secondsUntilExpiry = (token: string, nowMs: number = Date.now()): number | null => {
  const exp = readTokenExpiry(token);
  return exp === null ? null : exp - Math.floor(nowMs / 1000);
};
