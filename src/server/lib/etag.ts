import { createHash } from 'node:crypto';

/** Catalogue reads (below /api): they change rarely, so they carry an ETag and answer If-None-Match with 304. */
export const CATALOGUE_PATHS = ['/products', '/nurseries', '/shadow-teachers'];

/** A strong ETag for a body: the start of its SHA-256, so equal bodies always get equal tags. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match compares tags weakly (RFC 9110 13.1.2): W/"x" matches "x", and * matches any. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
