/**
 * The chaos scenario (../support/chaosCase.ts) in the durable deployment: one n8n process on
 * PostgreSQL with n8n's durable poll cursors, the sandbox answering in the platform reading (the
 * state in \`status\`, "Confirmed" and "Canceled", times with the restaurant's offset, Windows zone
 * names): the run that proves exactly once and the moments on a reading other than the sandbox's
 * own, where kills and restarts reread the stored state (docs/deploying.md says why this one).
 */
import { chaosCase } from '../support/chaosCase';

chaosCase('durable', { reading: 'platform' });
