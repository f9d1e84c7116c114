import { LTI_PATHS } from '@coach/shared/contract/lti';

/**
 * The LTI 1.3 message endpoints in the OpenAPI document: browser steps of the LMS's launch (OIDC third-party login,
 * the id token's form post) and the tool's keyset, outside the envelope. docs/integrations.md says what each checks.
 */

const tags = ['LTI'];
const refusal = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const loginFields = {
  type: 'object',
  required: ['iss', 'login_hint', 'target_link_uri'],
  properties: {
    iss: { type: 'string' },
    login_hint: { type: 'string' },
    target_link_uri: { type: 'string' },
    client_id: { type: 'string' },
    lti_deployment_id: { type: 'string' },
    lti_message_hint: { type: 'string' },
  },
};
const login = {
  tags,
  summary: "OIDC third-party login initiation: redirects to the platform's authentication request URL",
  responses: {
    '302': { description: 'To the platform, with a single-use state and nonce' },
    '400': refusal('A login without iss, login_hint, or with a target_link_uri elsewhere'),
    '403': refusal('A deployment not registered for the platform'),
    '404': refusal('No platform registered with this issuer (and client id)'),
    '429': refusal('Too many refused launches from this address'),
  },
};

export const ltiPaths = {
  [LTI_PATHS.login]: {
    get: {
      ...login,
      operationId: 'ltiLoginGet',
      parameters: Object.keys(loginFields.properties).map((name) => ({
        name,
        in: 'query',
        required: loginFields.required.includes(name),
        schema: { type: 'string' },
      })),
    },
    post: {
      ...login,
      operationId: 'ltiLoginPost',
      requestBody: { content: { 'application/x-www-form-urlencoded': { schema: loginFields } } },
    },
  },
  [LTI_PATHS.launch]: {
    post: {
      operationId: 'ltiLaunch',
      tags,
      summary:
        "The platform's id token (form post): a resource link or deep linking launch, checked and turned into a one-time code",
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['id_token', 'state'],
              properties: { id_token: { type: 'string' }, state: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        '303': {
          description: `To ${LTI_PATHS.continue}#<one-time code>, which lti/complete trades for a session`,
        },
        '400': refusal(
          'Not an LTI 1.3.0 resource link or deep linking launch, no return URL, or no email to make the member from',
        ),
        '401': refusal(
          "Another platform's key or issuer, another tool, a used or unknown state, a wrong nonce, expired",
        ),
        '403': refusal(
          'A deployment not registered, the default admin, a deactivated member, another organisation, an account that manages people, a learner deep linking',
        ),
        '429': refusal('Too many refused launches from this address'),
      },
    },
  },
  [LTI_PATHS.deepLinkReturn]: {
    post: {
      operationId: 'ltiDeepLinkReturn',
      tags,
      summary:
        "The one-time code of a deep linking answer (form post from the dashboard): a page that posts the signed LtiDeepLinkingResponse on to the platform's return URL",
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
          },
        },
      },
      responses: {
        '200': {
          description: "An auto-submitting form to the platform's deep_link_return_url with the JWT field",
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '401': refusal('An unknown, spent or expired code'),
        '429': refusal('Too many refused answers from this address'),
      },
    },
  },
  [LTI_PATHS.keyset]: {
    get: {
      operationId: 'ltiKeyset',
      tags,
      summary: "The tool's public keys (JWKS): the signing key and the one it replaced",
      responses: {
        '200': {
          description: 'A JSON Web Key Set',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  },
};
