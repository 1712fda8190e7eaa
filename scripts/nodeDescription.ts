/**
 * Writes the action node's description as a saved workflow depends on it (test/support/nodeDescription.ts)
 * to test/unit/fixtures/actionNodeDescription.json, which test/unit/nodeDescription.test.ts compares
 * with the node: a change of what users see shows in the fixture's diff.
 *
 *   npx tsx scripts/nodeDescription.ts             # write this tree's description
 *   npx tsx scripts/nodeDescription.ts --print DIR # print the description of the tree in DIR (an
 *                                                  # older commit: `git archive <commit> | tar -x -C DIR`
 *                                                  # and a link DIR/node_modules to this tree's)
 */
import fs from 'node:fs';
import path from 'node:path';
import { actionNodeDescriptionText } from '../test/support/nodeDescription';

const FIXTURE = path.join(
	__dirname,
	'..',
	'test',
	'unit',
	'fixtures',
	'actionNodeDescription.json',
);

const [flag, dir] = process.argv.slice(2);
if (flag === '--print') process.stdout.write(actionNodeDescriptionText(path.resolve(dir ?? '.')));
else fs.writeFileSync(FIXTURE, actionNodeDescriptionText());
