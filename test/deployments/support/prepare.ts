/** A deployment prepared the way the deployment tests run them. */
import path from 'node:path';
import { freePort, prepareDeployment, runtime, type Deployment } from '../../../scripts/n8n';

type Options = Omit<Parameters<typeof prepareDeployment>[0], 'rt' | 'folder' | 'port' | 'editor'>;

/**
 * A deployment prepared in `work`/n8n, with this machine's runtime, on a free port, without the
 * editor: the deployment tests drive n8n over its REST API alone, and they start n8n dozens of
 * times a run (a start without the editor costs about 7 s less CPU).
 */
export async function prepareIn(work: string, options: Options): Promise<Deployment> {
	return await prepareDeployment({
		...options,
		rt: runtime(),
		folder: path.join(work, 'n8n'),
		port: await freePort(),
		editor: false,
	});
}
