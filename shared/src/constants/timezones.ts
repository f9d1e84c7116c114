/**
 * The full timezone list of spec §9: the IANA zones this runtime knows (`Intl.supportedValuesOf`), with UTC
 * first. The browser and the server each build it from their own runtime, so a zone one side names by a newer
 * or older name (Asia/Kolkata, Asia/Calcutta) is accepted by the other when Intl resolves it to a listed zone.
 */
export const FALLBACK_TIME_ZONE = 'UTC';

let cached: readonly string[] | undefined;

/** Every zone, UTC first, the rest sorted as the runtime lists them. */
export const timeZoneList = (): readonly string[] => {
  if (!cached) {
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== FALLBACK_TIME_ZONE);
    cached = [FALLBACK_TIME_ZONE, ...zones];
  }
  return cached;
};

/** Whether `zone` is on the list, under its own name or one Intl resolves it to. */
export const isKnownTimeZone = (zone: string) => {
  const list = timeZoneList();
  if (list.includes(zone)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    return list.includes(resolved);
  } catch {
    return false;
  }
};

/**
 * The zone dates are shown in for a member: their own, else their enterprise's default,
 * else UTC.
 */
export const effectiveTimeZone = ({
  member,
  enterprise,
}: {
  member: string | null | undefined;
  enterprise: string | null | undefined;
}) => member || enterprise || FALLBACK_TIME_ZONE;
