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

/**
 * Zones the runtime's list still names as IANA once did (ICU keeps the old names as its ids; browsers list them
 * so): the name the place goes by now, so a person who searches "Ho Chi Minh" or "Kyiv" finds it.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone as a person reads it: the name its place goes by now, spaces for underscores ("Asia/Ho Chi Minh"). */
export const timeZoneLabel = (zone: string) => (RENAMED_ZONES[zone] ?? zone).replace(/_/g, ' ');

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
