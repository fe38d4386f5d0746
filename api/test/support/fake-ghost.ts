import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** One of the site's member keys (or a foreign one): its private half signs test tokens. */
export interface MemberKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface TokenOptions {
  /** `sub`: the member's e-mail. */
  email?: string;
  /** Sign with this key instead of the site's current one (a foreign key). */
  key?: MemberKey;
  iss?: string;
  aud?: string;
  /** Seconds since epoch; default: now + 10 minutes (Ghost's own lifetime). */
  exp?: number;
  /** Seconds since epoch the token is issued at; default now. */
  iat?: number;
}

export async function memberKey(): Promise<MemberKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS512', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS512' },
  };
}

/**
 * A Ghost site as far as member sign-in goes, on 127.0.0.1: it serves its member keys at
 * `/members/.well-known/jwks.json` (as Ghost does) and signs identity tokens like Ghost's
 * (RS512, `sub` = e-mail, `iss` = `aud` = `{url}/members/api`, 10 minutes). `rotate()` replaces
 * the key; `hang` makes the key server answer nothing; `stop()` takes it away.
 */
export class FakeGhost {
  /** How many times the key set was asked for. */
  jwksRequests = 0;
  /** Accept connections but never answer (a key server that hangs). */
  hang = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    public key: MemberKey,
  ) {}

  static async start(): Promise<FakeGhost> {
    const key = await memberKey();
    // The handler needs the instance made after the server listens.
    const self: { ghost?: FakeGhost } = {};
    const server = createServer((request, response) => {
      const ghost = self.ghost!;
      if (request.url !== '/members/.well-known/jwks.json') {
        response.writeHead(404).end();
        return;
      }
      ghost.jwksRequests += 1;
      if (ghost.hang) return;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [ghost.key.publicJwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self.ghost = new FakeGhost(server, `http://127.0.0.1:${port}`, key);
    return self.ghost;
  }

  get membersApi(): string {
    return `${this.url}/members/api`;
  }

  /** A new member key replaces the old one (Ghost rotating its keys). */
  async rotate(): Promise<void> {
    this.key = await memberKey();
  }

  /** An identity token as Ghost's `/members/api/session` answers it, with any part overridden. */
  async token(options: TokenOptions = {}): Promise<string> {
    const key = options.key ?? this.key;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS512', kid: key.kid, typ: 'JWT' })
      .setSubject(options.email ?? 'member@example.org')
      .setIssuer(options.iss ?? this.membersApi)
      .setAudience(options.aud ?? this.membersApi)
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(key.privateKey);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
