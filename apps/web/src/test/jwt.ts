/** An unsigned JWT with the given expiry (seconds since the epoch): enough for client-side decoding. */
export function fakeJwt(exp: number): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp })}.sig`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
