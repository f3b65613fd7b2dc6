-- Issue 32, SCIM provisioning: the identity provider's id of an administrator (SCIM externalId),
-- answered back to it so it can match its people to ours (decision 0036).
ALTER TABLE "sponsor_admins" ADD COLUMN "scim_external_id" text;
