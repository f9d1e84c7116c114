import type { Generated } from 'kysely';

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
    /** This enterprise's storage quota in MB; null uses STORAGE_QUOTA_MB (default 10 GB). */
    storage_quota_mb: number | null;
    /** The default timezone of its members (IANA name); null is UTC. */
    timezone: string | null;
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
    /** The member's own timezone (IANA name); null uses the enterprise's default. */
    timezone: string | null;
    /** Migration 024: the member's language, one of the nine codes; null until chosen. */
    language: string | null;
    /** Migration 042: the directory's id of the member (SCIM externalId), or null. */
    scim_external_id: Generated<string | null>;
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
    /** JSON array of strings: what a learner will learn (migration 023). */
    outcomes: Generated<string>;
    /** JSON array of { title, lessons: { title, minutes }[] } (migration 023). */
    syllabus: Generated<string>;
    instructor_name: string | null;
    instructor_bio: string | null;
    /** Migration 039: the group its learners join; its tasks and videos are assigned to that group. */
    group_id: Generated<string | null>;
    /** Migration 050: when it first went on the marketplace; null for a course that never has (it may be deleted). */
    first_published_at: Generated<string | null>;
  };
  /** Migration 026: a stored image's AVIF/WebP copies; `variants` is JSON [{ key, type, width }]. */
  image_variants: {
    original_key: string;
    width: number;
    height: number;
    variants: string;
    created_at: string;
  };
  course_reviews: {
    id: string;
    course_id: string;
    user_id: string;
    enterprise_id: string;
    rating: number;
    comment: string;
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
    /** Migration 039: the member account the course was delivered to; null until then (or never). */
    user_id: Generated<string | null>;
    /** When its access was taken back (a refund); the account stays. */
    revoked_at: Generated<string | null>;
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
  /** platform: 'web', 'ios' or 'android' (the client's X-Client-Platform header; web by default). */
  activity_days: { user_id: string; enterprise_id: string; day: string; platform: Generated<string> };
  groups: {
    id: string;
    enterprise_id: string;
    name: string;
    created_at: string;
    /** Migration 042: the directory's id of the group (SCIM externalId), or null. */
    scim_external_id: Generated<string | null>;
  };
  group_members: { group_id: string; user_id: string };
  vocabulary: {
    id: string;
    word: string;
    meaning: string;
    example: string;
    level: number;
    category: string;
    created_at: string;
    updated_at: string;
  };
  reading_topics: {
    id: string;
    enterprise_id: string;
    title: string;
    passage: string;
    level: number | null;
    created_at: string;
    updated_at: string;
  };
  pronunciation_settings: {
    group_id: string;
    enterprise_id: string;
    accent: string;
    passing_score: number;
    strictness: string;
    updated_at: string;
    /** Migration 040: which try counts, 'best' or 'latest'; null is 'best'. */
    attempt_counts: Generated<string | null>;
  };
  tasks: {
    id: string;
    enterprise_id: string;
    type: number;
    title: string;
    description: string | null;
    category: string;
    level: number;
    time_minutes: number;
    expiry_seconds: number;
    details: string;
    attachments: string;
    reading_topic_id: string | null;
    archived: number;
    like_count: number;
    view_count: number;
    created_by: string | null;
    created_at: string;
    updated_at: string;
    /** The platform template this task is the enterprise's copy of, else null. */
    platform_task_id: Generated<string | null>;
  };
  /** The platform's task templates; offered to an enterprise as a copy in its tasks. */
  platform_tasks: {
    id: string;
    type: number;
    title: string;
    description: string | null;
    category: string;
    level: number;
    time_minutes: number;
    expiry_seconds: number;
    details: string;
    attachments: string;
    archived: number;
    created_by: string | null;
    created_at: string;
    updated_at: string;
  };
  coaches: { id: string; name: string; created_at: string };
  task_folders: { id: string; enterprise_id: string; name: string; created_at: string };
  task_folder_items: { folder_id: string; task_id: string; added_at: string };
  task_group_assignments: { task_id: string; group_id: string; enterprise_id: string; assigned_at: string };
  task_assignments: {
    id: string;
    enterprise_id: string;
    task_id: string;
    user_id: string;
    source: string;
    status: number;
    progress: number;
    report: string | null;
    assigned_at: string;
    due_at: string;
    started_at: string | null;
    completed_at: string | null;
    reviewed_at: string | null;
    reviewed_by: string | null;
    feedback: string | null;
    feedback_at: string | null;
    updated_at: string;
    /** Migration 040: JSON of the PronunciationResult that counts (best or latest try); null unscored. */
    counting_result: Generated<string | null>;
  };
  /** Migration 040: the earlier tries of a scored task (the current one is the assignment's). */
  task_attempts: {
    id: string;
    enterprise_id: string;
    assignment_id: string;
    number: number;
    /** JSON of the try's StoredReport: its recordings and score. */
    report: string;
    score: number | null;
    passed: number;
    started_at: string | null;
    completed_at: string | null;
    reviewed_at: string | null;
    feedback: string | null;
    feedback_at: string | null;
    created_at: string;
  };
  content: {
    id: string;
    title: string;
    description: string;
    coach: string;
    category: string;
    video_key: string | null;
    video_url: string;
    hls: number;
    thumbnail_url: string | null;
    duration_seconds: number;
    subtitles: string;
    like_count: number;
    view_count: number;
    created_at: string;
    coach_id: Generated<string | null>;
  };
  content_enterprises: { content_id: string; enterprise_id: string; assigned_at: string };
  content_group_assignments: {
    content_id: string;
    group_id: string;
    enterprise_id: string;
    assigned_at: string;
  };
  content_assignments: {
    id: string;
    enterprise_id: string;
    content_id: string;
    user_id: string;
    source: string;
    assigned_at: string;
  };
  content_actions: {
    id: string;
    enterprise_id: string;
    user_id: string;
    content_id: string;
    action: string;
    created_at: string;
  };
  content_reviews: {
    user_id: string;
    content_id: string;
    enterprise_id: string;
    learned_from_video: string;
    good_outcome: string;
    steps_for_achievement: string;
    created_at: string;
    updated_at: string;
  };
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
    /** Migration 024: the admin's language, one of the nine codes; null until chosen. */
    language: string | null;
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
  /** Migration 046: a stored "hear it" render (its storage key) and when it was last asked for. */
  hear_it_renders: { key: string; heard_at: string };
  /** Migration 048: a refunded course's task assignment with its tries, analyses and turns (JSON), for a re-purchase. */
  course_work_archive: {
    id: string;
    enterprise_id: string;
    user_id: string;
    course_id: string;
    task_id: string;
    work: string;
    archived_at: string;
  };
  recording_analyses: {
    id: string;
    enterprise_id: string;
    assignment_id: string;
    /** The key of the recording in the attempt's report (item index, "passage", interview stage). */
    recording_key: string;
    file_url: string;
    /** What the learner was asked to read (Pronunciation items, Read & Record passages); null for free speech. */
    target_text: string | null;
    status: string;
    /** JSON of the SpeechAnalysis once measured. */
    analysis: string | null;
    created_at: string;
    updated_at: string;
    /** Migration 040: set when the try it belongs to was kept for a new one; null is the current try. */
    attempt_id: Generated<string | null>;
  };
  interview_turns: {
    id: string;
    enterprise_id: string;
    assignment_id: string;
    /** An answered stage (POSITION ... BEHAVIOURAL), or FEEDBACK for the coach's summing up. */
    stage: string;
    /** What the interviewer asked at this stage. */
    request: string;
    /** The interviewer's reply (the next question, or the summing up as text); null when no speech was heard. */
    response: string | null;
    /** JSON: the answer's InterviewContent, or the FEEDBACK row's InterviewFeedback. */
    content: string | null;
    created_at: string;
    updated_at: string;
  };
  jobs: {
    id: string;
    kind: string;
    /** JSON: what the job's handler needs. */
    payload: string;
    /** pending (waiting or leased), done, failed (gave up after its attempts). */
    status: string;
    attempts: number;
    run_after: string;
    /** While a worker holds the job: past this time another may take it (the holder died). */
    locked_until: string | null;
    last_error: string | null;
    /** Whose work it is (an enterprise's id), shared out fairly among tenants; null for the platform's own. */
    tenant: string | null;
    created_at: string;
    updated_at: string;
  };
  sessions: {
    id: string;
    audience: string;
    subject_id: string;
    enterprise_id: string | null;
    parent_id: string | null;
    user_agent: string;
    ip: string;
    created_at: string;
    /** When the second factor was passed (a session before it lasts 15 minutes and is not listed). */
    verified_at: string | null;
    last_used_at: string;
    expires_at: string;
    ended_at: string | null;
    ended_reason: string | null;
  };
  /** Surveys; questions is the JSON of their question templates (spec §3), status Draft/Active/Closed. */
  surveys: {
    id: string;
    enterprise_id: string;
    title: string;
    description: string | null;
    questions: string;
    status: string;
    expiry_seconds: number | null;
    due_at: string | null;
    published_at: string | null;
    closed_at: string | null;
    created_by: string | null;
    created_at: string;
    updated_at: string;
  };
  survey_group_assignments: {
    survey_id: string;
    group_id: string;
    enterprise_id: string;
    assigned_at: string;
  };
  survey_member_assignments: {
    survey_id: string;
    user_id: string;
    enterprise_id: string;
    assigned_at: string;
  };
  /** answers: JSON of the member's answers per question id. */
  survey_responses: {
    id: string;
    enterprise_id: string;
    survey_id: string;
    user_id: string;
    answers: string;
    submitted_at: string;
    updated_at: string;
  };
  /** Privacy policy and terms, the platform's default (enterprise_id null) or an enterprise's own. */
  legal_texts: {
    id: string;
    enterprise_id: string | null;
    kind: string;
    body: string;
    updated_by: string | null;
    updated_at: string;
  };
  /** API keys; permissions is a JSON array of permission keys, access 'read' | 'read-write'. */
  api_keys: {
    id: string;
    enterprise_id: string;
    public_id: string;
    secret_hash: string;
    name: string;
    permissions: string;
    access: string;
    created_by: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
    revoked_by: string | null;
  };
  /** Migration 042: the bearer tokens of an enterprise's SCIM directory; only the secret's SHA-256 is kept. */
  scim_tokens: {
    id: string;
    enterprise_id: string;
    public_id: string;
    secret_hash: string;
    name: string;
    created_by: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
    revoked_by: string | null;
  };
  /** Migration 043: LMS platforms registered for LTI 1.3; deployment_ids is a JSON array. */
  lti_platforms: {
    id: string;
    enterprise_id: string;
    name: string;
    issuer: string;
    client_id: string;
    deployment_ids: string;
    keyset_url: string;
    auth_url: string;
    token_url: string;
    created_at: string;
    updated_at: string;
  };
  /** The tool's key pairs (JWK JSON; the private one sealed with the server's secret). */
  lti_tool_keys: { kid: string; public_jwk: string; private_jwk: string; created_at: string };
  /** OIDC logins sent to a platform and not back yet. */
  lti_logins: {
    state: string;
    platform_id: string;
    nonce: string;
    target_link_uri: string;
    expires_at: string;
  };
  /** Which member a platform's user is. */
  lti_accounts: { platform_id: string; subject: string; user_id: string; created_at: string };
  /** A verified launch waiting for its browser to trade the one-time code for a session. */
  lti_handoffs: {
    code_hash: string;
    user_id: string;
    enterprise_id: string;
    target: string;
    expires_at: string;
  };
  /** Migration 044: a platform's resource link, the task it opens, and its grade service endpoints. */
  lti_links: {
    id: string;
    platform_id: string;
    resource_link_id: string;
    context_id: string | null;
    task_id: string | null;
    title: string;
    lineitem_url: string | null;
    lineitems_url: string | null;
    /** JSON array of the AGS scopes the platform granted. */
    ags_scopes: string;
    created_at: string;
    updated_at: string;
  };
  /** A platform's course seen in a launch: its roster URL and the group "Sync the class" fills. */
  lti_contexts: {
    platform_id: string;
    context_id: string;
    title: string;
    memberships_url: string | null;
    group_id: string | null;
    synced_at: string | null;
    updated_at: string;
  };
  /** A Deep Linking request waiting for the instructor's pick. */
  lti_deep_links: {
    id: string;
    platform_id: string;
    user_id: string;
    deployment_id: string;
    return_url: string;
    data: string | null;
    accept_multiple: number;
    /** The signed LtiDeepLinkingResponse once the instructor answered, and the hash of the code that fetches it. */
    answer_jwt: string | null;
    answer_code_hash: string | null;
    expires_at: string;
  };
  /** An enterprise's webhook receivers; events is a JSON array, secret encrypted. */
  webhook_endpoints: {
    id: string;
    enterprise_id: string;
    url: string;
    description: string;
    events: string;
    secret: string;
    enabled: number;
    created_by: string | null;
    created_at: string;
    updated_at: string;
  };
  /** One event for one endpoint; id is the webhook-id header, body the exact bytes sent. */
  webhook_deliveries: {
    id: string;
    enterprise_id: string;
    endpoint_id: string;
    event_type: string;
    body: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    next_attempt_at: string | null;
    created_at: string;
    updated_at: string;
    delivered_at: string | null;
  };
  webhook_attempts: {
    id: string;
    delivery_id: string;
    enterprise_id: string;
    attempt: number;
    started_at: string;
    duration_ms: number | null;
    status_code: number | null;
    error: string | null;
  };
  /** The enterprise's Learning Record Store (Basic auth; key encrypted). */
  xapi_settings: {
    enterprise_id: string;
    endpoint: string;
    username: string;
    key: string;
    enabled: number;
    updated_at: string;
  };
  xapi_statements: {
    id: string;
    enterprise_id: string;
    event_type: string;
    event: string;
    statement: string | null;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    created_at: string;
    updated_at: string;
    delivered_at: string | null;
  };
  audit_log: {
    id: string;
    actor_kind: string;
    actor_id: string;
    enterprise_id: string | null;
    action: string;
    details: string;
    created_at: string;
  };
  /** One authenticator app per account (audience + subject_id); secret sealed. */
  authenticator_apps: {
    id: string;
    audience: string;
    subject_id: string;
    secret: string;
    confirmed_at: string | null;
    last_step: number | null;
    created_at: string;
  };
  /** Recovery codes, as HMACs; used_at set when spent. */
  recovery_codes: {
    id: string;
    audience: string;
    subject_id: string;
    code_hash: string;
    used_at: string | null;
    created_at: string;
  };
  /** Migration 031: an enterprise's OpenID Connect provider; client_secret sealed. */
  sso_connections: {
    enterprise_id: string;
    issuer: string;
    client_id: string;
    client_secret: string;
    default_role_id: string;
    require_sso: number;
    /** What the TXT record at `_coach-verification.<domain>` must hold to prove a domain is the enterprise's. */
    domain_token: string;
    created_at: string;
    updated_at: string;
  };
  sso_domains: { enterprise_id: string; domain: string; verified_at: string | null };
  sso_identities: {
    id: string;
    enterprise_id: string;
    issuer: string;
    subject: string;
    user_id: string;
    created_at: string;
  };
  sso_attempts: {
    state: string;
    enterprise_id: string;
    nonce: string;
    code_verifier: string;
    browser_key_hash: string;
    expires_at: string;
  };
  /**
   * Passkeys (WebAuthn credentials). `counter` is a bigint column: PostgreSQL answers it as a
   * string, so reads go through Number().
   */
  passkeys: {
    id: string;
    audience: string;
    subject_id: string;
    enterprise_id: string | null;
    credential_id: string;
    public_key: string;
    counter: number | string;
    transports: string;
    device_type: string;
    backed_up: number;
    name: string;
    created_at: string;
    last_used_at: string | null;
  };
  /** WebAuthn challenges, each taken once, for 5 minutes. */
  passkey_challenges: {
    id: string;
    audience: string;
    purpose: string;
    session_key: string;
    challenge: string;
    expires_at: string;
  };
  /** Migration 041: the mails a member wants (1 on, 0 off); no row is all on. */
  notice_settings: {
    user_id: string;
    assigned: number;
    due_tomorrow: number;
    feedback: number;
    updated_at: string;
  };
  /** Notice jobs whose mail went out (written before it is handed over: never sent twice). */
  sent_notices: {
    job_id: string;
    sent_at: string;
  };
};
