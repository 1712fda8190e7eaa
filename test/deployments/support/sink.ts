/**
 * Where the chaos workflow sends every item it gets from the trigger: an HTTP server in the test
 * process (which is never interrupted), keeping each item with the execution that sent it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { reportedItem, type ReportedItem, type TriggerItemJson } from './ledger';

/** One item as the workflow sent it, whole (any watch: products and events have no reservationId). */
export interface ReceivedItem {
	executionId?: string;
	json: Record<string, unknown>;
}

export interface Sink {
	url: string;
	items: ReportedItem[];
	/** The same items whole, in the order they came. */
	received: ReceivedItem[];
	close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
	const items: ReportedItem[] = [];
	const received: ReceivedItem[] = [];
	const server = http.createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => {
			try {
				const { executionId, item } = JSON.parse(body) as {
					executionId?: string;
					item: TriggerItemJson;
				};
				const execution = executionId === undefined ? undefined : String(executionId);
				items.push(reportedItem(execution, item, Date.now()));
				received.push({ executionId: execution, json: item as unknown as Record<string, unknown> });
				response.writeHead(204).end();
			} catch {
				response.writeHead(400).end();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/items`,
		items,
		received,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
