/**
 * The tests' TypeScript transform: esbuild's (a dev dependency already, for the sandbox's bundle),
 * with source maps, so that a stack trace names the line of the TypeScript source. With no
 * transform cache (every CI run's case), the unit tests (test/unit/) took 74 s of CPU with ts-jest
 * and 49 s with esbuild, as long as with ts-jest's cache filled. The types are checked by `npm run typecheck`, not here, as ts-jest
 * did not either (isolatedModules). A file that calls `jest.mock` goes through ts-jest: jest.mock
 * must run before the file's imports, and ts-jest hoists it as babel-jest does; esbuild does not.
 */
const { createHash } = require('node:crypto');
const { transformSync, version } = require('esbuild');

const TS_JEST_CONFIG = {
	tsconfig: require('node:path').join(__dirname, '../../tsconfig.jest.json'),
};
/** The compiler options esbuild reads (class fields as es2022 defines them, as tsc compiles them). */
const TSCONFIG_RAW = { compilerOptions: { target: 'es2022' } };
const callsJestMock = (source) => /\bjest\.mock\(/.test(source);

let tsJest;
const tsJestTransformer = () => {
	tsJest ??= require('ts-jest').default.createTransformer(TS_JEST_CONFIG);
	return tsJest;
};

module.exports = {
	getCacheKey(source, file, options) {
		if (callsJestMock(source)) return tsJestTransformer().getCacheKey(source, file, options);
		return createHash('sha256')
			.update(`esbuild ${version}\0${JSON.stringify(TSCONFIG_RAW)}\0${file}\0`)
			.update(source)
			.digest('hex');
	},
	process(source, file, options) {
		if (callsJestMock(source)) return tsJestTransformer().process(source, file, options);
		const { code, map } = transformSync(source, {
			loader: 'ts',
			format: 'cjs',
			target: 'node20',
			sourcemap: 'external',
			sourcefile: file,
			tsconfigRaw: TSCONFIG_RAW,
		});
		return { code, map };
	},
};
