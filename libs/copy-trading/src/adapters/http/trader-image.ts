import { DomainError } from '@mirrorline/shared';

/**
 * A trader's `image` (product.md §11.4): an https URL on another site, never a path on this one. Issue 26: a
 * trader set it to `/admin/api/resources/UserEntity/records/<puppet>/%76erifyKyc`; an admin opening the traders
 * page loaded it as an image from our own origin, with the SameSite=Strict back-office cookie, and the sock
 * puppet became KYC Verified. A browser sends SameSite cookies to the same *site* (any port, any subdomain of the
 * same domain), so "another origin" is judged as another site here: another host, not a subdomain or a sibling
 * subdomain of one of ours (the request's host, the proxy's forwarded host, the CORS origins).
 */
export const IMAGE_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d+)?(\/[^\s<>"'\\]*)?$/;
export const IMAGE_URL_MESSAGE = 'image must be an https:// URL on another site (not a path or an address of Mirrorline)';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The site of a host name: an IP address itself, else its last two labels (`app.mirrorline.com` → `mirrorline.com`). */
function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (IPV4.test(host) || host.includes(':')) return host;
  return host.split('.').slice(-2).join('.');
}

/** The host name of a Host header value or an origin (`example.com:3000`, `http://localhost:5173`). */
function hostnameOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

/** Whether `image` (already of the IMAGE_URL shape) points at one of `ownHosts`' sites. */
export function imageOnOwnSite(image: string, ownHosts: readonly string[]): boolean {
  const imageHost = hostnameOf(image);
  if (!imageHost) return true;
  const sites = new Set(ownHosts.flatMap((host) => (hostnameOf(host) ? [siteOf(hostnameOf(host)!)] : [])));
  return sites.has(siteOf(imageHost));
}

/** 400 VALIDATION_FAILED when `image` points at one of our own sites (null and undefined pass: no image / unchanged). */
export function assertForeignImage(image: string | null | undefined, ownHosts: readonly string[]): void {
  if (typeof image !== 'string' || !imageOnOwnSite(image, ownHosts)) return;
  throw new DomainError('VALIDATION_FAILED', IMAGE_URL_MESSAGE, 'validation', { errors: { image: [IMAGE_URL_MESSAGE] } });
}
