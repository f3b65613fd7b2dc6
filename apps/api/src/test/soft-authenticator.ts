import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: it answers creation and request options as a
 * browser with a platform authenticator would (attestation "none", ES256, a signature counter),
 * so the server's real verification runs on what it signs.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  counter = 0;
  userHandle: string | undefined;

  constructor(private readonly origin: string) {
    this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  get id() {
    return this.credentialId.toString('base64url');
  }

  private authData(rpId: string, attested: boolean) {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, attested data
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter];
    if (attested) {
      const jwk = this.key.publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(isoCBOR.encode(cose)));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create(options). */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin?: string) {
    this.userHandle = options.user.id;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(options.rp.id!, true)],
      ]) as never,
    );
    return this.credential({
      clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal' as const],
    });
  }

  /** The answer to navigator.credentials.get(options); each use raises the counter. */
  get(options: { challenge: string; rpId?: string }, opts: { origin?: string; counter?: number } = {}) {
    this.counter = opts.counter ?? this.counter + 1;
    const authenticatorData = this.authData(options.rpId!, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = createSign('sha256').update(signed).sign(this.key.privateKey);
    return this.credential({
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authenticatorData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  /** A PublicKeyCredential as the browser hands it to the page, around the authenticator's response. */
  private credential<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }
}
