import { multipartBody } from './multipart.js';
import type { tenantWorld } from './tenant-matrix.fixtures.js';

/**
 * The tenant matrix's requests, built from the OpenAPI document's schemas: the ids are A's real
 * objects, or ids nobody holds (`swap`), so that a route's expectations can stay generic.
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
  const?: unknown;
};
export type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const MISSING_ID = 2_000_000_001;

type Ids = Awaited<ReturnType<typeof tenantWorld>>['ids'];
type Ref = keyof Ids;
export type MatrixOperation = { key: string; method: string; path: string; op: Operation };
let counter = 0;

/** The object a path segment names: `/sponsoredadvisor/{id}` is an advisor, `/invitations/{id}` an invitation… */
const PATH_OBJECT: Record<string, Ref> = {
  admin: 'admin',
  sponsoredadvisor: 'advisor',
  advisors: 'advisor',
  invitations: 'invitation',
  'app-integrations': 'app',
  'sponsor-integrations': 'integration',
  'sponsor-authorizations': 'authorization',
  basepackages: 'basePackage',
  packagesponsor: 'packageSponsor',
  users: 'holder',
  import: 'job',
  vaults: 'vault',
  'sponsor-group': 'group',
  passkeys: 'passkey',
  Users: 'admin',
  webhooks: 'webhook',
  deliveries: 'delivery',
  messages: 'message',
  'message-logos': 'sponsorA',
  'saved-views': 'savedView',
};
/** Ids every portal shares (the catalogues): not A's, so not swapped for a missing id. */
const SHARED: Ref[] = ['basePackage', 'app', 'sponsorA', 'sponsorB', 'codeA', 'codeB'];
/** The object an id field of a body names, where its name alone does not say. */
const BODY_OBJECT: Record<string, Ref> = {
  sponsoredadvisor: 'staid',
  'upload-failed-files': 'failed',
  users: 'holder',
  vaultholders: 'holder',
  packagesponsor: 'basePackage',
  'sponsor-group': 'advisor',
};

export const squash = (k: string) => k.toLowerCase().replaceAll('_', '');

/** The request one caller sends: A's ids (`ids`) or missing ones, naming sponsor `sponsor`. */
export function buildRequest(ids: Ids, o: MatrixOperation, sponsor: 'A' | 'B', swap: boolean) {
  const idOf = (ref: Ref): number | string => {
    if (ref === 'sponsorA' || ref === 'sponsorB') return sponsor === 'A' ? ids.sponsorA : ids.sponsorB;
    if (ref === 'codeA' || ref === 'codeB') return sponsor === 'A' ? ids.codeA : ids.codeB;
    if (swap && !SHARED.includes(ref)) return ref === 'job' ? '00000000-0000-4000-8000-000000000000' : MISSING_ID;
    return ids[ref];
  };
  const segments = o.path.split('/');
  let url = o.path;
  let pathObject: Ref | undefined;
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'path') continue;
    // A parameter from a fixed list (a message's kind and language) names no tenant's object.
    if (p.schema?.enum) {
      url = url.replace(`{${p.name}}`, String(p.schema.enum[0]));
      continue;
    }
    const k = squash(p.name);
    let ref: Ref | undefined;
    if (k === 'sponsorid') ref = 'sponsorA';
    else if (k === 'sponsorcode') ref = 'codeA';
    else ref = PATH_OBJECT[segments[segments.indexOf(`{${p.name}}`) - 1] ?? ''];
    if (!ref) throw new Error(`${o.key}: no object known for the path parameter {${p.name}}; add it to PATH_OBJECT`);
    if (k !== 'sponsorid' && k !== 'sponsorcode') pathObject = ref;
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(idOf(ref))));
  }
  const resource = segments.find((s) => s in BODY_OBJECT || s in PATH_OBJECT);
  const bodyObject: Ref | undefined = pathObject ?? (resource ? (BODY_OBJECT[resource] ?? PATH_OBJECT[resource]) : undefined);
  const valueFor = (name: string, s: Schema | undefined): unknown => {
    const k = squash(name);
    if (k === 'sponsorid') return idOf('sponsorA');
    if (k === 'sponsorcode') return idOf('codeA');
    if (k === 'ownerid' || k === 'holderuserid') return idOf('holder');
    if (k === 'packagesponsorid') return idOf('packageSponsor');
    if (k === 'packageid') return idOf('basePackage');
    if (k === 'group' || k === 'groupid') return idOf('group');
    if (k === 'staid') return idOf('staid');
    if (k === 'userid' || k === 'sponsoredadvisoruserid') return idOf('advisor');
    if ((k === 'id' || k === 'ids') && bodyObject) return k === 'ids' ? [idOf(bodyObject)] : idOf(bodyObject);
    return sample(name, s);
  };
  const sample = (name: string, s: Schema | undefined): unknown => {
    if (!s) return undefined;
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0];
    const alt = s.anyOf ?? s.oneOf;
    if (alt) return sample(name, alt.find((x) => x.type !== 'null') ?? alt[0]);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (type === 'object' || s.properties) return object(s);
    if (type === 'array') return s.items ? [valueFor(name, s.items)] : [];
    if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
    if (type === 'boolean') return false;
    if (s.format === 'email' || /email/i.test(name)) return `probe${++counter}@matrix.test`;
    if (s.format === 'date-time' || /time|date|expires/i.test(name)) return new Date(Date.now() + 86_400_000 * 30).toISOString();
    if (/code/i.test(name)) return `PROBE${++counter}`;
    return `Probe ${++counter}`.padEnd(Math.max(7, s.minLength ?? 0), 'x');
  };
  const object = (s: Schema) => {
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const idLike = /^(id|ids|sponsorid|sponsorcode|ownerid|userid|staid|packagesponsorid|group)$/.test(squash(name));
      if (s.required?.includes(name) || idLike) {
        const v = valueFor(name, prop);
        if (v !== undefined) out[name] = v;
      }
    }
    return out;
  };
  const query = new URLSearchParams();
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query') continue;
    const k = squash(p.name);
    if (k === 'id' && o.path.includes('getSponsorPackageList')) query.set(p.name, String(idOf('sponsorA')));
    else if (p.required || ['sponsorid', 'sponsorcode', 'ownerid', 'packageid'].includes(k)) {
      const v = valueFor(p.name, p.schema);
      if (v !== undefined) query.set(p.name, String(v));
    }
  }
  const json = o.op.requestBody?.content['application/json']?.schema;
  const multipart = o.op.requestBody?.content['multipart/form-data'] || /import/.test(o.path);
  let payload: unknown;
  let headers: Record<string, string> = {};
  if (multipart && o.method === 'POST' && !json) {
    const m = multipartBody({ name: 'probe.csv', content: `email,firstName,lastName\nprobe${++counter}@matrix.test,Probe,Person\n` });
    payload = m.payload;
    headers = m.headers;
  } else if (json) payload = object(json);
  else if (o.method !== 'GET' && o.method !== 'DELETE') payload = {};
  const qs = query.toString();
  return { method: o.method as 'GET', url: qs ? `${url}?${qs}` : url, payload: payload as object | undefined, headers };
}
