/**
 * The base URL as the user pastes it (nodes/shared/baseUrl.ts): the host alone, with trailing
 * slashes, or a whole endpoint URL; a proxy's path prefix kept. The n8n expression of the credential
 * reads it the same way.
 */
import { NORMALIZED_BASE_URL_EXPRESSION, normalizeBaseUrl } from '../../nodes/shared/baseUrl';

/** The expression's body evaluated as n8n would, with `$credentials.baseUrl`. */
function viaExpression(baseUrl: unknown): string {
	const body = NORMALIZED_BASE_URL_EXPRESSION.replace(/^=\{\{\s*/, '').replace(/\s*\}\}$/, '');
	return new Function('$credentials', `return ${body};`)({ baseUrl }) as string;
}

const CASES: Array<[string, string]> = [
	['https://api.example.com', 'https://api.example.com'],
	['  https://api.example.com//  ', 'https://api.example.com'],
	['https://api.example.com/api/rsv/admin/restaurants/1/reservations/', 'https://api.example.com'],
	['https://api.example.com/API/', 'https://api.example.com'],
	['https://api.example.com/api', 'https://api.example.com'],
	['https://gateway.example.com/partner/', 'https://gateway.example.com/partner'],
	['https://gateway.example.com/partner/api/core', 'https://gateway.example.com/partner'],
	['https://api.example.com/apis/v1', 'https://api.example.com/apis/v1'],
	['https://api.example.com/rapi', 'https://api.example.com/rapi'],
];

describe('normalizeBaseUrl', () => {
	it.each(CASES)('%j becomes %j', (pasted, base) => {
		expect(normalizeBaseUrl(pasted)).toBe(base);
	});

	it('the credential expression reads every case the same way', () => {
		for (const [pasted, base] of CASES) expect(viaExpression(pasted)).toBe(base);
	});
});
