/**
 * The tables generated from development libraries are up to date: the calling codes from the
 * installed libphonenumber-js. Apart from the other unit tests because it re-runs the generator on
 * the repository, which a mutation run's copy of the project cannot do (jest.mutation.config.js).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

it('has a calling-code table generated from the installed libphonenumber-js', () => {
	const root = path.join(__dirname, '..', '..');
	expect(() =>
		execFileSync('npx', ['tsx', 'scripts/generateCallingCodes.ts', '--check'], {
			cwd: root,
			stdio: 'pipe',
		}),
	).not.toThrow();
});
