/** Hostnames that serve the public course marketplace (spec §2 entry rules: production and staging). */
export const MARKETPLACE_HOSTS: readonly string[] = [
  'marketplace.coach.example',
  'staging-marketplace.coach.example',
];

export const isMarketplaceHost = (hostname: string = window.location.hostname): boolean =>
  MARKETPLACE_HOSTS.includes(hostname);
