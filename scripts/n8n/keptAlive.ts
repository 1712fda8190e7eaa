/**
 * fetch over a kept-alive connection the server may have closed meanwhile. When the machine is
 * loaded, a process whose event loop was busy (a test file loading n8n for seconds) can send a
 * request on a pooled connection the server closed for idleness just before: undici then fails it
 * with "other side closed" before any answer. The request never reached the server, so it is sent
 * once more, on a new connection. Seen with n8n's REST API (keep-alive timeout 5 s) and with the
 * sandbox's control routes shared by the test files of a jest worker (72 s).
 */
export async function fetchRetryingClosedConnection(
	url: string,
	init: RequestInit,
): Promise<Response> {
	try {
		return await fetch(url, init);
	} catch (error) {
		if (!closedBeforeAnswer(error)) throw error;
		return fetch(url, init);
	}
}

/** fetch's error for a connection the other side closed before any answer (undici's socket error). */
function closedBeforeAnswer(error: unknown): boolean {
	const cause = (error as { cause?: { code?: string; message?: string } }).cause;
	return cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed';
}
