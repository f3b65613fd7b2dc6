import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for tests, on 127.0.0.1 at a free port. Anyone
 * signs in on its own development login page (devInteractions) with any password; the login typed
 * is the account id, and an e-mail address typed is the account's `email` claim. Consent is given
 * at once (a first-party client). `accounts` adds claims per login, and the authentication methods
 * (`amr`) its sign-in asserts.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  amr?: string[];
}

export interface TestProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

export async function startOidcProvider(opts: {
  clients: (Pick<ClientMetadata, 'client_id' | 'redirect_uris'> & { client_secret?: string })[];
  accounts?: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = opts.accounts ?? {};
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: c.client_secret ? 'client_secret_post' : 'none',
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    cookies: { keys: ['test-only-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const { amr: _amr, ...account } = accounts[id] ?? {};
        return { sub: id, ...(id.includes('@') ? { email: id, email_verified: true } : {}), ...account };
      },
    }),
    // First-party client: consent is given at once for what it asks.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile groups');
      grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'groups']);
      await grant.save();
      return grant;
    },
  });
  // The development login form finishes here so that the account's authentication methods reach the ID token.
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || !/^\/interaction\/[^/]+$/.test(ctx.path)) return next();
    const form = await readForm(ctx.req);
    if (form.get('prompt') !== 'login') return next();
    const accountId = form.get('login') ?? '';
    ctx.respond = false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId, amr: accounts[accountId]?.amr ?? ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar for fetch: what each answer set, sent back to the same host. */
export class CookieJar {
  private readonly jar = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs in at the provider as `login` from an authorization URL, as a browser would: its login form,
 * then back to the relying party. Answers the redirect URI with the code and state.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: jar.header() } });
    jar.take(res);
    return res;
  };
  let res = await go(authorizationUrl);
  let location = new URL(res.headers.get('location')!, authorizationUrl);
  res = await go(location.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  // Back to the authorization endpoint, which answers with the redirect to the relying party.
  for (let hops = 0; hops < 5; hops++) {
    location = new URL(res.headers.get('location')!, location);
    if (!location.href.startsWith(new URL(authorizationUrl).origin)) return location;
    res = await go(location.href);
  }
  throw new Error('The provider did not send the browser back');
}
