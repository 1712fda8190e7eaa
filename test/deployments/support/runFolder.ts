/** A deployment run's own folder under .tmp/deployments, emptied first, with its log file for the post-mortem. */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../scripts/n8n';

export function runFolder(name: string): { work: string; logFile: fs.WriteStream } {
	const work = path.join(REPO_ROOT, '.tmp', 'deployments', name);
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	return { work, logFile: fs.createWriteStream(path.join(work, 'run.log')) };
}
