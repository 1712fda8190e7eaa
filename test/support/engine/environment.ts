/**
 * n8n-core's environment for the in-process engine. n8n-core builds its services from N8N_* variables
 * the first time they are needed: every engine file imports this module before n8n-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A throwaway user folder (or n8n-core writes ~/.n8n/config), and a silent logger.
if (!process.env.N8N_USER_FOLDER) {
	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-engine-'));
	process.env.N8N_USER_FOLDER = userFolder;
	// Jest gives every test file its own module registry (and so its own n8n-core): clean up after the file.
	if (typeof afterAll === 'function') {
		afterAll(() => {
			rmSync(userFolder, { recursive: true, force: true });
			if (process.env.N8N_USER_FOLDER === userFolder) delete process.env.N8N_USER_FOLDER;
		});
	}
}
process.env.N8N_LOG_LEVEL ||= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED ||= 'false';
