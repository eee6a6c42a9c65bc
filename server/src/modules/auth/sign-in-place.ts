import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Where a sign-in comes from: the client address, and the device, a random value the browser keeps in a
 * long-lived HttpOnly cookie set on a right password (the server keeps only hashes of it). A place that
 * signed in before may still try while strangers hold the account (attempt-limiter.ts).
 */
export interface SignInPlace {
  address: string;
  device?: string;
}

const DEVICE_COOKIE = 'selah_device';
const DEVICE_FORMAT = /^[\w-]{43}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function signInPlace(req: FastifyRequest): SignInPlace {
  const cookies = (req.headers.cookie ?? '').split(';').map((c) => c.trim());
  const value = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))?.slice(DEVICE_COOKIE.length + 1);
  return { address: req.ip, device: value && DEVICE_FORMAT.test(value) ? value : undefined };
}

export const newDevice = (): string => randomBytes(32).toString('base64url');

/** Sent to /api only (the sign-in routes); Secure is added over https (http/security-headers.ts). */
export const deviceCookie = (device: string): string => `${DEVICE_COOKIE}=${device}; Max-Age=${YEAR_SECONDS}; Path=/api; HttpOnly; SameSite=Lax`;
