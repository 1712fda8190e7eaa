/**
 * The chaos scenario (../support/chaosCase.ts) in the queue deployment: queue mode: PostgreSQL,
 * Redis, a main and two workers; the nodes authenticate with the OAuth2 credential against tokens
 * that live 30 s (docs/deploying.md says why this one).
 */
import { chaosCase } from '../support/chaosCase';

chaosCase('queue', { auth: 'oAuth2' });
