/**
 * n8n's node catalog as an n8n 2.x server builds it with this package installed, searched as n8n's
 * AI workflow builder searches it. Run by ./nodeSearch.n8n.ts as a process of its own on the Node
 * of the n8n install (plain Node, nothing transformed: the modules load as they do in n8n).
 *
 * Every step is n8n's own code from the install, called as n8n calls it:
 * - the node loaders of n8n-core: LazyPackageDirectoryLoader over n8n-nodes-base and
 *   @n8n/n8n-nodes-langchain (their dist/types/nodes.json), PackageDirectoryLoader over the
 *   community package (its compiled nodes, the codex `<Node>.node.json` beside each: addCodex);
 * - the AI tool variants of every node usable as a tool (n8n's tool-generation: createAiTools,
 *   createHitlTools);
 * - the code builder's catalog (NodeCatalogService.doInitialize: `new NodeTypeParser(nodes)`) and
 *   its search (`searchCodeBuilderNodes`, which asks `searchNodeTypes(query, 5)` per query);
 * - the instance AI's search (the nodes tool: `new NodeSearchEngine(listSearchable())`,
 *   `searchByName(query, limit = 10)`);
 * - the type definition the builder reads of a node that is not built in
 *   (NodeCatalogService.getSynthesizedNodeTypeDefinition: `synthesizeNodeTypeDef`).
 * Written out here, because the classes that hold them need a whole n8n instance (DI, settings, a
 * user folder): LoadNodesAndCredentials.init's NODE_PATH (how a community package finds
 * n8n-workflow) and the nodes it excludes, the few lines of postProcessLoaders that prefix each
 * loader's node names with its package name, and listSearchable's mapping
 * (n8n/dist/load-nodes-and-credentials.js, n8n/dist/modules/instance-ai/instance-ai.adapter.service.js).
 * injectCustomApiCallOptions is left out: it adds an option to nodes with proxy authentication,
 * which nothing searched reads.
 *
 * Input: argv[2], JSON { install, packageDir, queries, ours }. Output: JSON on stdout.
 */
'use strict';
const Module = require('node:module');
const path = require('node:path');

const input = JSON.parse(process.argv[2]);
const modules = path.join(input.install, 'node_modules');
const fromInstall = (name) => require(path.join(modules, name));

// LoadNodesAndCredentials.init: a community package resolves n8n-workflow (a peer dependency n8n
// drops when it installs one) from n8n's own module paths.
process.env.NODE_PATH = [
	Module._nodeModulePaths(path.join(modules, 'n8n/dist')).join(path.delimiter),
	process.env.NODE_PATH,
]
	.filter(Boolean)
	.join(path.delimiter);
Module._initPaths();
fromInstall('reflect-metadata'); // as n8n's bin/n8n does first

const { LazyPackageDirectoryLoader, PackageDirectoryLoader } = fromInstall('n8n-core');
const { createAiTools, createHitlTools } = fromInstall('n8n/dist/tool-generation');
const { synthesizeNodeTypeDef } = fromInstall(
	'n8n/dist/modules/mcp-registry/synthesize-type-def.js',
);
const { NodeTypeParser, NodeSearchEngine, searchCodeBuilderNodes } = fromInstall(
	'@n8n/ai-utilities/dist/cjs/node-catalog',
);

/** LoadNodesAndCredentials.init, without N8N_ENV_FEAT_DYNAMIC_CREDENTIALS and outside n8n's e2e tests. */
const EXCLUDED = ['n8n-nodes-base.e2eTest', 'n8n-nodes-base.dynamicCredentialCheck'];

async function main() {
	const started = Date.now();
	const loaders = [];
	// n8n's packages first (loadNodesFromNodeModules), then the community package (loadPackage).
	for (const builtIn of ['n8n-nodes-base', '@n8n/n8n-nodes-langchain']) {
		const loader = new LazyPackageDirectoryLoader(path.join(modules, builtIn), EXCLUDED);
		await loader.loadAll();
		loaders.push(loader);
	}
	const builtInEntries = loaders.reduce((sum, loader) => sum + loader.types.nodes.length, 0);
	const community = new PackageDirectoryLoader(input.packageDir, EXCLUDED);
	await community.loadAll();
	loaders.push(community);

	// postProcessLoaders
	const known = { nodes: {}, credentials: {} };
	const types = { nodes: [], credentials: [] };
	for (const loader of loaders) {
		const { known: loaderKnown, types: loaderTypes, packageName } = loader;
		types.nodes = types.nodes.concat(
			loaderTypes.nodes.map(({ name, ...rest }) => ({ ...rest, name: `${packageName}.${name}` })),
		);
		for (const type in loaderKnown.nodes) {
			const { className, sourcePath } = loaderKnown.nodes[type];
			known.nodes[`${packageName}.${type}`] = {
				className,
				sourcePath: loader.resolveSourcePath(sourcePath),
			};
		}
	}
	createAiTools(types, known);
	createHitlTools(types, known);
	const nodes = types.nodes;

	// The code builder (NodeCatalogService, searchCodeBuilderNodes) and the instance AI (nodes tool).
	const parser = new NodeTypeParser(nodes);
	const instanceAi = new NodeSearchEngine(nodes.map(searchable));
	const searches = {};
	for (const query of input.queries) {
		searches[query] = {
			builder: parser.searchNodeTypes(query, 5).map((node) => node.id),
			builderText: searchCodeBuilderNodes(parser, [query]).results,
			instanceAi: instanceAi.searchByName(query, 10).map((node) => node.name),
			// Where a node stands beyond the five the builder is shown: the same search, 50 asked.
			longer: parser.searchNodeTypes(query, 50).map((node) => node.id),
		};
	}

	const ours = {};
	for (const id of input.ours) {
		const lean = parser.getLeanNodeType(id);
		const description = latest(nodes.filter((node) => node.name === id));
		ours[id] = {
			alias: lean?.codex?.alias ?? null,
			builderHint: lean?.builderHint ?? null,
			typeDefinition: description ? synthesizeNodeTypeDef(description) : null,
		};
	}

	return {
		builtInEntries,
		nodeTypes: new Set(nodes.map((node) => node.name)).size,
		names: [...new Set(nodes.map((node) => node.name))],
		searches,
		ours,
		seconds: (Date.now() - started) / 1000,
	};
}

/** The instance AI's listSearchable(): what its NodeSearchEngine gets of each node. */
function searchable(node) {
	const toStringArray = (value) =>
		typeof value === 'string' ? value : value.map((v) => (typeof v === 'string' ? v : v.type));
	const result = {
		name: node.name,
		displayName: node.displayName,
		description: node.description ?? '',
		version: node.version,
		inputs: toStringArray(node.inputs),
		outputs: toStringArray(node.outputs),
	};
	if (node.codex?.alias) result.codex = { alias: node.codex.alias };
	// The hint's inputs and outputs are left out: the search does not rank by them.
	if (node.builderHint) {
		result.builderHint = {};
		if (node.builderHint.searchHint) result.builderHint.searchHint = node.builderHint.searchHint;
	}
	return result;
}

/** NodeCatalogService.selectDescription without a version: the latest one. */
function latest(descriptions) {
	const max = (d) => Math.max(0, ...(Array.isArray(d.version) ? d.version : [d.version]));
	return descriptions.reduce((best, d) => (!best || max(d) > max(best) ? d : best), undefined);
}

main().then(
	(result) => process.stdout.write(JSON.stringify(result)),
	(error) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		process.exit(1);
	},
);
