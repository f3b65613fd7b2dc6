-- Issue 32, login CSRF through SAML: the identity provider posts its answer from another site, so
-- the SameSite=Lax browser cookie is not sent to the ACS. The hand-over it leaves keeps the hash of
-- the browser that started the sign-in, and POST /api/v1/sso/finish (same-site, where the cookie is
-- sent) is refused from any other browser. Null: no start to bind to (IdP-initiated, when allowed).
ALTER TABLE "sso_handoffs" ADD COLUMN "browser_hash" text;
