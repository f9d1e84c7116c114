/** The claim names of LTI 1.3 and its services (1EdTech), and the custom parameter a deep-linked activity carries. */
export const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
/** The custom parameter a deep-linked activity carries: the task it opens. */
export const TASK_PARAMETER = 'coach_task_id';
