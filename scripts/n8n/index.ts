/**
 * The one entry to running this package inside a real n8n server, for `npm run dev` (scripts/dev.ts)
 * and the end-to-end tests (test/e2e/). Each job lives in its own file beside this one.
 */
export { CREDENTIAL_TYPE } from '../../nodes/shared/transport';
export {
	ACTION_NODE_TYPE,
	buildPackage,
	installPackedPackage,
	nodesFolder,
	PACKAGE_NAME,
	packPackage,
	packedForTests,
	TRIGGER_NODE_TYPE,
	unpackTarball,
} from './communityPackage';
export {
	copyExampleFiles,
	CREDENTIAL_NODE_TYPES,
	createWithSandboxCredential,
	importWithSandboxCredential,
	nodeCredentialFor,
	prepareExample,
	readExamples,
	SANDBOX_CLIENT_ID,
	SANDBOX_CREDENTIAL,
	SANDBOX_OAUTH2_CREDENTIAL,
	SANDBOX_TOKEN,
	sandboxCredential,
	sandboxCredentialFor,
	sandboxOAuth2Credential,
	useCredential,
	type ExampleWorkflow,
	type NodeCredential,
	type SandboxAuth,
} from './examples';
export { ensureN8nInstalled, isInstalled } from './install';
export {
	importCredentials,
	importWorkflows,
	runN8nCli,
	type CredentialSpec,
	type OtherCredentialSpec,
} from './n8nCli';
export { n8nInstance, startN8n, type N8nInstance } from './n8nProcess';
export { DEV_OWNER, ensureOwner, N8nRest, parseExecutionData } from './n8nRest';
export { UserFacingError } from './output';
export { assertPortFree, freePort } from './ports';
export type { ManagedProcess } from './processes';
export { POLL_INTERVAL_MS, TEN_SECOND_POLL_TIMES } from './pollTimes';
export {
	CURRENT_LINE,
	N8N_LINES,
	OLDEST_LINE,
	pathWithNodeFirst,
	REPO_ROOT,
	runtime,
	type N8nLine,
	type N8nRuntime,
} from './runtime';
export { startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox';
export {
	DEPLOYMENT_SUMMARY,
	DEPLOYMENTS,
	isQueue,
	prepareDeployment,
	usesDurableCursors,
	type Deployment,
	type DeploymentKind,
} from './deployment';
