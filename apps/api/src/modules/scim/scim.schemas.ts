import { emailSchema, MAX_LIST_OFFSET, personNameSchema } from '@vault/contract';
import { z } from 'zod';

/**
 * The SCIM 2.0 wire format (RFC 7643, RFC 7644) of what this portal provisions: its administrators
 * as core `User` resources. These are the protocol's shapes, not the portal's contract, so they live
 * beside the routes rather than in packages/contract (the portal never calls them). Bodies take the
 * attributes we keep and refuse any other (docs/decisions/0036).
 */

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCIM_RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCIM_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const SCIM_MEDIA_TYPE = 'application/scim+json';
/** Most identity providers page by 100; a larger `count` is answered with 100 (RFC 7644 3.4.2.4 lets us). */
export const SCIM_MAX_COUNT = 100;

const schemasNaming = (urn: string) =>
  z
    .array(z.string().max(200))
    .min(1)
    .max(10)
    .refine((s) => s.includes(urn), `schemas must include ${urn}`);

export const scimName = z.strictObject({
  givenName: personNameSchema('name.givenName'),
  familyName: personNameSchema('name.familyName'),
  /** Read back as "given family"; a client's own formatting is not kept. */
  formatted: z.string().max(300).optional(),
});

const scimEmailInput = z.strictObject({
  value: emailSchema,
  type: z.string().max(50).optional(),
  primary: z.boolean().optional(),
  display: z.string().max(300).optional(),
});

/** Read-only attributes a client may echo back on PUT (RFC 7644 3.5.1: ignored). */
const scimMetaInput = z.strictObject({
  resourceType: z.string().max(50).optional(),
  created: z.string().max(50).optional(),
  lastModified: z.string().max(50).optional(),
  location: z.string().max(2000).optional(),
  version: z.string().max(200).optional(),
});

const externalId = z.string().trim().min(1).max(200);

/** POST /Users and PUT /Users/{id}: the whole resource. */
export const scimUserInput = z.strictObject({
  schemas: schemasNaming(SCIM_USER),
  userName: emailSchema,
  name: scimName,
  emails: z.array(scimEmailInput).max(10).optional(),
  active: z.boolean().optional(),
  externalId: externalId.optional(),
  /** Derived from the name here; accepted because most clients send it, and not kept. */
  displayName: z.string().max(300).optional(),
  id: z.string().max(64).optional(),
  meta: scimMetaInput.optional(),
});
export type ScimUserInput = z.infer<typeof scimUserInput>;

/** Entra ID sends booleans as "True"/"False" in PATCH values. */
const patchBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])]);

/** A PATCH value without a path: the attributes to set, nested or as dotted names (both occur in the wild). */
const patchValueObject = z.strictObject({
  active: patchBoolean.optional(),
  name: z
    .strictObject({
      givenName: personNameSchema('name.givenName').optional(),
      familyName: personNameSchema('name.familyName').optional(),
      formatted: z.string().max(300).optional(),
    })
    .optional(),
  'name.givenName': personNameSchema('name.givenName').optional(),
  'name.familyName': personNameSchema('name.familyName').optional(),
  externalId: externalId.optional(),
  displayName: z.string().max(300).optional(),
});
export type PatchValueObject = z.infer<typeof patchValueObject>;

export const scimPatchInput = z.strictObject({
  schemas: schemasNaming(SCIM_PATCH),
  Operations: z
    .array(
      z.strictObject({
        op: z.string().max(20),
        path: z.string().max(200).optional(),
        value: z.union([z.boolean(), z.string().max(300), patchValueObject]).optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type ScimPatchInput = z.infer<typeof scimPatchInput>;

export const scimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  // Out-of-range values are clamped, not refused (RFC 7644 3.4.2.4); the bounds keep them numbers.
  startIndex: z.coerce.number().int().min(-MAX_LIST_OFFSET).max(MAX_LIST_OFFSET).optional(),
  count: z.coerce.number().int().min(-MAX_LIST_OFFSET).max(MAX_LIST_OFFSET).optional(),
});

/** SCIM ids are strings; one that is not ours is simply not found. */
export const scimIdParams = z.object({ id: z.string().min(1).max(64) });

export const scimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  meta: z.object({ resourceType: z.literal('User'), created: z.string(), lastModified: z.string(), location: z.string() }),
});
export type ScimUser = z.infer<typeof scimUser>;

export const scimListResponse = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  itemsPerPage: z.number().int(),
  startIndex: z.number().int(),
  Resources: z.array(scimUser),
});

export const SCIM_ERROR_TYPES = [
  'invalidFilter',
  'invalidSyntax',
  'invalidValue',
  'invalidPath',
  'noTarget',
  'mutability',
  'uniqueness',
  'tooMany',
] as const;
export type ScimErrorType = (typeof SCIM_ERROR_TYPES)[number];

export const scimErrorBody = z.object({
  schemas: z.array(z.literal(SCIM_ERROR)),
  status: z.string(),
  detail: z.string(),
  scimType: z.enum(SCIM_ERROR_TYPES).optional(),
});
export type ScimErrorBody = z.infer<typeof scimErrorBody>;

/** The discovery documents (ServiceProviderConfig, ResourceTypes, Schemas) are fixed JSON. */
export const scimDocument = z.object({ schemas: z.array(z.string()) }).catchall(z.unknown());
export const scimDocumentList = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  itemsPerPage: z.number().int(),
  startIndex: z.number().int(),
  Resources: z.array(z.object({ schemas: z.array(z.string()) }).catchall(z.unknown())),
});
