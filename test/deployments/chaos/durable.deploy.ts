/** The chaos scenario (../support/chaosCase.ts) in the durable deployment: one n8n process on PostgreSQL with n8n's durable poll cursors. */
import { chaosCase } from '../support/chaosCase';

chaosCase('durable');
