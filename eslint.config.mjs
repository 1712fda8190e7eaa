// Lint the way n8n's community-package scanner does (@n8n/scan-community-package and the
// @n8n/node-cli template): @n8n/eslint-plugin-community-nodes `recommended` on everything linted,
// plus eslint-plugin-n8n-nodes-base's `community` (package.json), `credentials` and `nodes` rule
// sets. The few n8n-nodes-base rules switched off below are the ones n8n's own config switches off.
import { defineConfig, globalIgnores } from 'eslint/config';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

export default defineConfig(
	globalIgnores(['dist/**', 'node_modules/**', 'coverage/**', 'package-lock.json']),
	n8nCommunityNodesPlugin.configs.recommended,
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tseslint.parser },
		rules: { 'no-console': 'error' },
	},
	{
		// package.json is parsed as a JSON expression statement, which the package.json rules walk.
		files: ['**/*.json'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Only meaningful for credentials inside the n8n repository.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// Superseded by @n8n/community-nodes/credential-password-field.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Inputs and outputs use the NodeConnectionTypes enum, not the string "main".
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// The API has real maximum values (money limits), so maxValue is legitimate.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
);
