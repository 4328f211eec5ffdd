/** An unsigned JWT-shaped token for tests (the web app only reads claims, it never verifies). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token that expires `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number, sub = '1'): string {
  return fakeJwt({ sub, exp: Math.floor(Date.now() / 1000) + seconds });
}
