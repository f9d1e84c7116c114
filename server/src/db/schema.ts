/** Row types of the tables (portable SQL: text ids, ISO text timestamps, 0/1 booleans, JSON as text). */
export type Database = {
  enterprises: {
    id: string;
    name: string;
    logo: string | null;
    address: string | null;
    features: string;
    theme: string;
    created_at: string;
  };
  roles: { id: string; enterprise_id: string; name: string; permissions: string; is_system: number };
  users: {
    id: string;
    enterprise_id: string;
    role_id: string;
    name: string;
    email: string;
    password_hash: string;
    mobile: string | null;
    avatar_url: string | null;
    is_default_admin: number;
    status: string;
    email_verified_at: string | null;
    last_active_at: string | null;
    created_at: string;
    /** Set when the member was invited; the invitation is pending until email_verified_at is set. */
    invited_at: string | null;
  };
  uploads: {
    key: string;
    purpose: string;
    content_type: string;
    max_bytes: number;
    owner_kind: string;
    owner_id: string;
    enterprise_id: string | null;
    size: number | null;
    created_at: string;
    received_at: string | null;
  };
  institutions: {
    id: string;
    enterprise_id: string;
    slug: string;
    name: string;
    tagline: string;
    description: string;
    website: string | null;
    created_at: string;
  };
  courses: {
    id: string;
    enterprise_id: string;
    name: string;
    category: string;
    description: string;
    price_cents: number;
    currency: string;
    duration: string;
    level: string;
    image_url: string | null;
    rating: number;
    rating_count: number;
    published: number;
    created_at: string;
    updated_at: string;
  };
  enrolments: {
    id: string;
    course_id: string;
    enterprise_id: string;
    name: string;
    email: string;
    amount_cents: number;
    currency: string;
    provider: string;
    payment_id: string;
    status: string;
    created_at: string;
    paid_at: string | null;
  };
  test_payments: {
    id: string;
    secret_hash: string;
    amount_cents: number;
    currency: string;
    status: string;
    card_last4: string | null;
    created_at: string;
  };
  enquiries: {
    id: string;
    enterprise_id: string | null;
    course_id: string | null;
    source: string;
    name: string;
    email: string;
    mobile_no: string;
    message: string;
    created_at: string;
  };
  activity_days: { user_id: string; enterprise_id: string; day: string };
  groups: { id: string; enterprise_id: string; name: string; created_at: string };
  group_members: { group_id: string; user_id: string };
  admins: {
    id: string;
    name: string;
    email: string;
    password_hash: string;
    role: string;
    mobile: string | null;
    avatar_url: string | null;
    email_verified_at: string | null;
    created_at: string;
  };
  mfa_challenges: {
    id: string;
    audience: string;
    subject_id: string;
    login_id: string;
    code_hash: string;
    expires_at: string;
    attempts: number;
    used_at: string | null;
  };
  one_time_tokens: {
    id: string;
    purpose: string;
    audience: string;
    subject_id: string;
    token_hash: string;
    expires_at: string;
    used_at: string | null;
  };
  throttle_events: { id: string; key: string; created_at: string };
  audit_log: {
    id: string;
    actor_kind: string;
    actor_id: string;
    enterprise_id: string | null;
    action: string;
    details: string;
    created_at: string;
  };
};
