/**
 * The chaos scenario (../support/chaosCase.ts) in the default deployment: one n8n process on
 * SQLite, the nodes authenticating with the OAuth2 credential (client credentials) against tokens
 * that live 30 s: n8n renews them several times in the run (docs/deploying.md says why this one).
 */
import { chaosCase } from '../support/chaosCase';

chaosCase('default', { auth: 'oAuth2' });
