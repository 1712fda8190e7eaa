/**
 * When `npm run test:mutation` may skip Stryker (scripts/mutation.ts): only when the committed
 * results were recorded on exactly the files in scope and the test files of today, each unchanged.
 * Outside test/unit on purpose: a new file there would itself make the committed results stale.
 */
import { mutationScore, staleResults } from '../../scripts/mutation';

const mutant = (status: string) => ({ status, mutatorName: 'x', location: { start: { line: 1 } } });

const recorded = {
	files: {
		'nodes/a.ts': { source: 'a1', mutants: [mutant('Killed')] },
		'nodes/b.ts': { source: 'b1', mutants: [mutant('Survived')] },
	},
	testFiles: { 'test/unit/a.test.ts': { source: 'ta1' }, 'test/unit/b.test.ts': { source: 'tb1' } },
};
const tree: Record<string, string> = {
	'nodes/a.ts': 'a1',
	'nodes/b.ts': 'b1',
	'test/unit/a.test.ts': 'ta1',
	'test/unit/b.test.ts': 'tb1',
};
const inScope = ['nodes/a.ts', 'nodes/b.ts'];
const tests = ['test/unit/a.test.ts', 'test/unit/b.test.ts'];
const readFrom = (files: Record<string, string>) => (file: string) => {
	if (!(file in files)) throw new Error(`no file ${file}`);
	return files[file];
};

describe('the committed mutation results', () => {
	it('cover a tree whose files in scope and test files are all unchanged', () => {
		expect(staleResults(recorded, inScope, tests, readFrom(tree))).toBeUndefined();
	});

	it.each([
		['a file in scope changed', inScope, tests, { 'nodes/b.ts': 'b2' }, 'nodes/b.ts changed'],
		[
			'a test file changed',
			inScope,
			tests,
			{ 'test/unit/a.test.ts': 'ta2' },
			'test/unit/a.test.ts changed',
		],
		[
			'a file came into scope',
			[...inScope, 'nodes/c.ts'],
			tests,
			{ 'nodes/c.ts': 'c1' },
			'nodes/c.ts has no results yet',
		],
		[
			'a test file was added',
			inScope,
			[...tests, 'test/unit/c.test.ts'],
			{ 'test/unit/c.test.ts': 'tc1' },
			'test/unit/c.test.ts is a new test file',
		],
		[
			'a test file was removed',
			inScope,
			['test/unit/a.test.ts'],
			{},
			'test/unit/b.test.ts is no longer run',
		],
	])('are stale when %s', (_, mutate, testFiles, changed, reason) => {
		expect(staleResults(recorded, mutate, testFiles, readFrom({ ...tree, ...changed }))).toBe(
			reason,
		);
	});

	it('score as Stryker does: killed and timed out among killed, timed out, survived and uncovered', () => {
		const report = {
			files: {
				'a.ts': { mutants: ['Killed', 'Killed', 'Timeout', 'Survived'].map(mutant) },
				'b.ts': { mutants: ['NoCoverage', 'Ignored', 'RuntimeError', 'CompileError'].map(mutant) },
			},
		};
		expect(mutationScore(report)).toBe(60);
		expect(mutationScore({ files: {} })).toBe(100);
	});
});
