/**
 * The one home of the base-URL rule: users may paste the bare host (`https://api.example.com`),
 * a trailing slash, or a whole endpoint URL copied from the API docs
 * (`https://api.example.com/api/rsv/admin/restaurants/1/reservations/`). Every request path in
 * the package starts with `/api/`, so the base URL is whatever comes before the first `/api`
 * path segment, without trailing slashes. A path prefix in front of it (a reverse proxy's
 * `https://gateway.example.com/partner`) is kept.
 *
 * The rule exists twice, built from the same regular-expression source below:
 * - as an n8n expression (credential test request, node request defaults), evaluated by n8n;
 * - as a plain function for code that builds URLs itself (trigger, tests, sandbox).
 */

/** Trailing slashes, and everything from the first `/api` path segment onward. */
export const BASE_URL_SUFFIX_PATTERN = '\\/*(?:\\/api(?:\\/.*)?)?$';

/** Flags used with {@link BASE_URL_SUFFIX_PATTERN} (`/API/` is stripped too). */
export const BASE_URL_SUFFIX_FLAGS = 'i';

/** n8n expression resolving to the normalised `baseUrl` of the credential in scope. */
export const NORMALIZED_BASE_URL_EXPRESSION = `={{ String($credentials.baseUrl).trim().replace(/${BASE_URL_SUFFIX_PATTERN}/${BASE_URL_SUFFIX_FLAGS}, '') }}`;

const baseUrlSuffix = new RegExp(BASE_URL_SUFFIX_PATTERN, BASE_URL_SUFFIX_FLAGS);

/** Plain-TypeScript twin of {@link NORMALIZED_BASE_URL_EXPRESSION}. */
export function normalizeBaseUrl(url: string): string {
	return String(url).trim().replace(baseUrlSuffix, '');
}
