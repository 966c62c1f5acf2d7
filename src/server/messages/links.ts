// The link in a message that lets the patient confirm or cancel their booking on the clinic's site
// without an account: `<clinic site>/a/<appointment id>-<mac>`. The mac is an HMAC of the clinic
// and the booking under a key derived from the master key, so a link names one booking of one
// clinic and cannot be guessed or turned into another's; nothing is stored to check it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { KeyRing } from '../crypto/keyring';

const MAC_LENGTH = 22;

function mac(keyring: KeyRing, tenantId: number, appointmentId: number): string {
  const key = Buffer.from(hkdfSync('sha256', keyring.master.key, Buffer.alloc(0), 'appointment-links', 32));
  return createHmac('sha256', key).update(`${tenantId}:${appointmentId}`).digest('base64url').slice(0, MAC_LENGTH);
}

export function appointmentRef(keyring: KeyRing, tenantId: number, appointmentId: number): string {
  return `${appointmentId}-${mac(keyring, tenantId, appointmentId)}`;
}

/** The booking a ref names in this clinic, or null for anything else. */
export function appointmentOfRef(keyring: KeyRing, tenantId: number, ref: string): number | null {
  const match = /^(\d{1,15})-([A-Za-z0-9_-]{22})$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(keyring, tenantId, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The clinic's own site: `<subdomain>.` before the platform's public host. */
export function clinicSite(publicUrl: string, subdomain: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${subdomain}.${url.host}`;
}
