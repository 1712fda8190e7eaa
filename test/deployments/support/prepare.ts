/** A deployment prepared the way the deployment tests run them. */
import path from 'node:path';
import { freePort, prepareDeployment, runtime, type Deployment } from '../../../scripts/n8n';

type Options = Omit<Parameters<typeof prepareDeployment>[0], 'rt' | 'folder' | 'port'>;

/** A deployment prepared in `work`/n8n, with this machine's runtime, on a free port. */
export async function prepareIn(work: string, options: Options): Promise<Deployment> {
	return await prepareDeployment({
		...options,
		rt: runtime(),
		folder: path.join(work, 'n8n'),
		port: await freePort(),
	});
}
