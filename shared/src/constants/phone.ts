/** Phone input default country (spec §5, §9: Australia). */
export const PHONE_DEFAULT_COUNTRY = 'au';
/** Phone input preferred countries, in order (spec §5, §9: Australia, India). */
export const PHONE_PREFERRED_COUNTRIES = ['au', 'in'] as const;
