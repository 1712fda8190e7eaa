/** Running npm from the scripts: its command name, and an environment free of an outer `npm run`'s settings. */

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The environment for the npm child processes: the caller's, minus the `npm_config_*` and
 * `npm_package_*` variables an outer `npm run` sets (they describe this repository, not the cache
 * folder), keeping the ones about the registry and the network.
 */
export function cleanNpmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const keep =
		/^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|http_proxy|noproxy|no_proxy|strict_ssl|cafile|ca|fetch_.*|maxsockets)$/i;
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) && !keep.test(key)) continue;
		env[key] = value;
	}
	return {
		...env,
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}
