/**
 * What `npm run test:mutation` makes of Stryker's report (scripts/mutation.ts): the score per file
 * and the survivors that mutation/equivalent.md does not explain.
 */
import {
	listedEquivalents,
	movedHint,
	scoresPage,
	unexplainedSurvivors,
} from '../../scripts/mutation';

const mutant = (status: string, line: number, mutatorName = 'ConditionalExpression') => ({
	status,
	mutatorName,
	location: { start: { line } },
});

const report = {
	files: {
		'nodes/shared/b.ts': {
			mutants: [mutant('Killed', 1), mutant('Survived', 2), mutant('NoCoverage', 3)],
		},
		'nodes/shared/a.ts': {
			mutants: [
				mutant('Killed', 1),
				mutant('Timeout', 2),
				mutant('CompileError', 3),
				mutant('Ignored', 4),
			],
		},
	},
};

describe('the mutation report', () => {
	it('scores each file and the total over the mutants that count', () => {
		const page = scoresPage(report);
		expect(page).toContain('| `nodes/shared/a.ts` | 100.0 | 2 | 0 | 0 | 1 |');
		expect(page).toContain('| `nodes/shared/b.ts` | 33.3 | 3 | 1 | 1 | 0 |');
		expect(page).toContain('| **total** | 60.0 | 5 | 1 | 1 | 1 |');
		expect(page.indexOf('a.ts')).toBeLessThan(page.indexOf('b.ts'));
	});

	it('names the survivors and uncovered mutants the equivalents page does not list', () => {
		const listed = listedEquivalents(
			[
				'| file:line | mutator | mutant | why |',
				'|---|---|---|---|',
				'| `nodes/shared/b.ts:2` | ConditionalExpression | … | null >= 0 is true |',
				'| `nodes/shared/b.ts:3` | StringLiteral | … | another mutator |',
			].join('\n'),
		);
		expect([...listed]).toEqual([
			'nodes/shared/b.ts:2 ConditionalExpression',
			'nodes/shared/b.ts:3 StringLiteral',
		]);
		expect(unexplainedSurvivors(report, listed)).toEqual([
			'nodes/shared/b.ts:3 ConditionalExpression',
		]);
		expect(movedHint('nodes/shared/b.ts:3 ConditionalExpression', listed)).toBe(
			' (listed at line 2: if the code only moved, update the line)',
		);
		expect(movedHint('nodes/shared/a.ts:3 ConditionalExpression', listed)).toBe('');
	});
});
