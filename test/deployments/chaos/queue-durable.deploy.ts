/** The chaos scenario (../support/chaosCase.ts) in the queue-durable deployment: queue mode with durable poll cursors. */
import { chaosCase } from '../support/chaosCase';

chaosCase('queue-durable');
