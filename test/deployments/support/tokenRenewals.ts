/**
 * Which n8n process renewed an OAuth2 token, read from n8n's own debug line (n8n-core's
 * request-helpers/oauth.js, `refreshOrFetchToken`: `OAuth2 token for "<type>" used by node "<node>"
 * has been renewed.`), in lines labelled `main: …` or `worker 2: …` (scripts/n8n/deployment.ts).
 * Needs N8N_LOG_LEVEL=debug. The first token of a credential without one is fetched without a line.
 */
import { stripVTControlCharacters } from 'node:util';

export interface TokenRenewal {
	/** `main`, or `worker 1`, `worker 2`. */
	process: string;
	node: string;
}

export class TokenRenewals {
	readonly renewals: TokenRenewal[] = [];

	/** The renewals in `lines`. */
	static in(lines: readonly string[]): TokenRenewals {
		const renewals = new TokenRenewals();
		for (const line of lines) renewals.see(line);
		return renewals;
	}

	see(line: string): void {
		const match =
			/^(main|worker \d+): .*OAuth2 token for "[^"]+" used by node "(.+)" has been renewed/.exec(
				stripVTControlCharacters(line),
			);
		if (match) this.renewals.push({ process: match[1], node: match[2] });
	}

	/** The renewals by process, e.g. `main (7), worker 2 (1)`; `none` without any. */
	byProcess(): string {
		const counts = new Map<string, number>();
		for (const { process } of this.renewals) counts.set(process, (counts.get(process) ?? 0) + 1);
		return (
			[...counts]
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([process, count]) => `${process} (${count})`)
				.join(', ') || 'none'
		);
	}
}
