/**
 * The chaos scenario (../support/chaosCase.ts) in the durable deployment: one n8n process on
 * PostgreSQL with n8n's durable poll cursors, the sandbox answering in the platform reading (the
 * state in \`status\`, "Confirmed" and "Canceled", times with the restaurant's offset, Windows zone
 * names): the run that proves exactly once and the moments on a reading other than the sandbox's
 * own, where kills and restarts reread the stored state (docs/deploying.md says why this one). A
 * second trigger in the same n8n watches the guests behind the same bookings (issue 32): each
 * guest occasion once through the same kills and restarts.
 */
import { chaosCase } from '../support/chaosCase';

chaosCase('durable', { reading: 'platform', guests: true });
