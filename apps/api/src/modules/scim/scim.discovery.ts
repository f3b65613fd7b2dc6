import { SCIM_LIST, SCIM_MAX_COUNT, SCIM_RESOURCE_TYPE, SCIM_SCHEMA, SCIM_SPC, SCIM_USER } from './scim.schemas.js';

/**
 * The discovery documents of RFC 7644 section 4: what a client may expect of this service before it
 * provisions anyone. They say only what the routes do (decision 0036), so a client does not try bulk,
 * sorting, other filters or password changes.
 */

const base = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/scim/v2`;

export const serviceProviderConfig = (publicUrl: string) => ({
  schemas: [SCIM_SPC],
  documentationUri: `${publicUrl.replace(/\/$/, '')}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_COUNT },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Integration key',
      description: 'An integration key of the portal with the scim scope, sent as Authorization: Bearer <key>.',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base(publicUrl)}/ServiceProviderConfig` },
});

const userResourceType = (publicUrl: string) => ({
  schemas: [SCIM_RESOURCE_TYPE],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: "The portal's administrators",
  schema: SCIM_USER,
  meta: { resourceType: 'ResourceType', location: `${base(publicUrl)}/ResourceTypes/User` },
});

const attribute = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const userSchema = (publicUrl: string) => ({
  schemas: [SCIM_SCHEMA],
  id: SCIM_USER,
  name: 'User',
  description: 'An administrator of the portal. Only the attributes below are kept; others are refused.',
  attributes: [
    attribute('userName', {
      required: true,
      uniqueness: 'server',
      mutability: 'immutable',
      description: 'The e-mail address, unique across the service.',
    }),
    attribute('name', {
      type: 'complex',
      required: true,
      subAttributes: [
        attribute('givenName', { required: true }),
        attribute('familyName', { required: true }),
        attribute('formatted', { mutability: 'readOnly' }),
      ],
    }),
    attribute('displayName', { mutability: 'readOnly', description: 'givenName and familyName.' }),
    attribute('emails', {
      type: 'complex',
      multiValued: true,
      description: 'The userName only.',
      subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
    }),
    attribute('active', { type: 'boolean', description: 'false deactivates the administrator and ends their sessions.' }),
    attribute('externalId', { caseExact: true, description: "The identity provider's id of the person." }),
  ],
  meta: { resourceType: 'Schema', location: `${base(publicUrl)}/Schemas/${SCIM_USER}` },
});

const listOf = (resources: { schemas: string[] }[]) => ({
  schemas: [SCIM_LIST],
  totalResults: resources.length,
  itemsPerPage: resources.length,
  startIndex: 1,
  Resources: resources,
});

export const resourceTypes = (publicUrl: string) => listOf([userResourceType(publicUrl)]);
export const schemas = (publicUrl: string) => listOf([userSchema(publicUrl)]);
