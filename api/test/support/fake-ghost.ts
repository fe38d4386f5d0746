import { constants, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

/** One of the site's member keys (or a foreign one): its private half signs test tokens. */
export interface MemberKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
  bits: number;
}

/** The RSA signatures a token can be made with: Ghost's own (RS512) and ones it must not be. */
const RSA_ALGORITHMS = {
  RS512: { hash: 'sha512' },
  RS256: { hash: 'sha256' },
  PS512: { hash: 'sha512', pss: true },
} as const;
export type RsaAlgorithm = keyof typeof RSA_ALGORITHMS;

export interface TokenOptions {
  /** `sub`: the member's e-mail. */
  email?: string;
  /** Sign with this key instead of the site's current one (a foreign key). */
  key?: MemberKey;
  /** The signature's algorithm; default RS512, as Ghost signs. */
  alg?: RsaAlgorithm;
  iss?: string;
  aud?: string;
  /** Seconds since epoch; default: now + 10 minutes (Ghost's own lifetime). */
  exp?: number;
  /** Seconds since epoch the token is issued at; default now. */
  iat?: number;
}

/**
 * Ghost 5 makes its members key with `keypair({bits: 1024})` (and a site keeps it on Ghost 6), so
 * that is the default; `bits: 2048` is a site created on Ghost 6.
 */
export const GHOST_5_KEY_BITS = 1024;

export function memberKey(bits = GHOST_5_KEY_BITS): MemberKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const kid = randomUUID();
  // Ghost's key set names the key only by `kid` (no `alg`, no `use`).
  return { kid, privateKey, bits, publicJwk: { ...publicKey.export({ format: 'jwk' }), kid } };
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS as Ghost's jsonwebtoken writes it, signed with Node's crypto (any key size). */
export function signToken(
  claims: Record<string, unknown>,
  key: MemberKey,
  alg: RsaAlgorithm = 'RS512',
): string {
  const input = `${part({ alg, typ: 'JWT', kid: key.kid })}.${part(claims)}`;
  const { hash, ...padding } = { pss: false, ...RSA_ALGORITHMS[alg] };
  const signature = sign(hash, Buffer.from(input), {
    key: key.privateKey,
    // PSS's salt as long as a 1024-bit key leaves room for.
    ...(padding.pss ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : {}),
  });
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * A Ghost site as far as member sign-in goes, on 127.0.0.1: it serves its member keys at
 * `/members/.well-known/jwks.json` (as Ghost does) and signs identity tokens like Ghost's
 * (RS512 with a 1024-bit key by default, `sub` = e-mail, `iss` = `aud` = `{url}/members/api`,
 * 10 minutes). `rotate()` replaces the key; `hang` makes the key server answer nothing; `stop()`
 * takes it away. The interop suite (test/ghost-interop) checks the same flow against a real Ghost.
 */
export class FakeGhost {
  /** How many times the key set was asked for. */
  jwksRequests = 0;
  /** Accept connections but never answer (a key server that hangs). */
  hang = false;
  /**
   * The last `iat` handed out. Ghost's tokens for one member within one second are identical
   * (no `jti`), and the board spends a token at its first use; a test signing in twice within a
   * second would see the second refused, so each token here is issued a second after the last:
   * where that is later than the clock, the clock moves on to it (as real time would have between
   * two sign-ins).
   */
  private lastIssuedAt = 0;
  /**
   * The clock tokens are issued by. API tests set it to the test app's (`ghost.clock = t.clock`),
   * so that Ghost and the board agree on the time and neither reads the real clock; the real
   * clock (the default) is for a board that runs as a process of its own and reads it too (e2e).
   */
  clock: { now: Date } = {
    get now() {
      return new Date();
    },
    set now(_later: Date) {
      // Real time moves on by itself.
    },
  };

  private constructor(
    private readonly server: Server,
    readonly url: string,
    public key: MemberKey,
  ) {}

  static async start(options: { bits?: number } = {}): Promise<FakeGhost> {
    const key = memberKey(options.bits);
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

  /** A new member key of the same size replaces the old one (Ghost rotating its keys). */
  rotate(): void {
    this.key = memberKey(this.key.bits);
  }

  /** An identity token as Ghost's `/members/api/session` answers it, with any part overridden. */
  token(options: TokenOptions = {}): string {
    const now = Math.max(Math.floor(this.clock.now.getTime() / 1000), this.lastIssuedAt + 1);
    if (options.iat === undefined) {
      this.lastIssuedAt = now;
      if (now * 1000 > this.clock.now.getTime()) this.clock.now = new Date(now * 1000);
    }
    return signToken(
      {
        sub: options.email ?? 'member@example.org',
        iat: options.iat ?? now,
        exp: options.exp ?? now + 600,
        aud: options.aud ?? this.membersApi,
        iss: options.iss ?? this.membersApi,
      },
      options.key ?? this.key,
      options.alg,
    );
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
