import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenClaims {
  userId: number;
  /** users.token_version at issue time: a password change invalidates older tokens. */
  tokenVersion: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'portal-estetica';
/** Tokens already verified, remembered until they expire (a client repeats its one token). */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** Null for anything but a valid, unexpired token signed by us with the allowed algorithm. */
  async verify(token: string): Promise<TokenClaims | null> {
    // A signature checked once stays good until `exp`; what can end a session earlier (status,
    // profile, token version) is checked against the user row on every request.
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.claims;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const userId = Number(payload.sub);
      const tokenVersion = payload['tv'];
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') {
        return null;
      }
      const claims = { userId, tokenVersion };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAtMs: number): void {
    this.verified.set(token, { claims, expiresAtMs });
    if (this.verified.size > VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
  }
}
