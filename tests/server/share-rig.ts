/** A companion with share links, recording every answer and frame a share holder could see. */
import { http, startRig, TestSocket, wsUrl, type HttpAnswer, type Rig } from './helpers';

export interface ShareRig extends Rig {
	/** Every response (status line, headers, body) and websocket frame seen by the tests. */
	seen: string[];
	manage(method: string, path: string, body?: object, token?: string): Promise<HttpAnswer>;
	createLink(
		body: object
	): Promise<{ id: string; key: string; allowed: string[]; path: string; url: string }>;
	asShare(
		method: string,
		path: string,
		key: string,
		body?: object | string,
		headers?: Record<string, string>
	): Promise<HttpAnswer>;
	send(key: string, type: string, params?: unknown): Promise<HttpAnswer>;
	openShareSocket(key: string): Promise<TestSocket>;
	/** Fails when the real token shows up anywhere a share holder or a log could see it. */
	assertNoLeak(): void;
}

export async function startShareRig(): Promise<ShareRig> {
	const base = await startRig();
	const seen: string[] = [];
	const sockets: TestSocket[] = [];
	const record = (answer: HttpAnswer) => {
		seen.push(`${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`);
		return answer;
	};
	const rig: ShareRig = Object.assign(base, {
		seen,
		async manage(method: string, path: string, body?: object, token = base.realToken) {
			return record(
				await http(method, rig.companion.url + path, {
					headers: { authorization: `Bearer ${token}` },
					body
				})
			);
		},
		async createLink(body: object) {
			const answer = await rig.manage('POST', '/__share/links', body);
			if (answer.status !== 201) throw new Error(`create failed: ${answer.body}`);
			return answer.json;
		},
		async asShare(
			method: string,
			path: string,
			key: string,
			body?: object | string,
			headers: Record<string, string> = {}
		) {
			const sep = path.includes('?') ? '&' : '?';
			return record(
				await http(method, `${rig.companion.url}${path}${sep}token=${key}`, { body, headers })
			);
		},
		send(key: string, type: string, params?: unknown) {
			return rig.asShare(
				'POST',
				'/api/send',
				key,
				params === undefined ? { type } : { type, params }
			);
		},
		async openShareSocket(key: string) {
			const socket = await TestSocket.open(wsUrl(rig.companion.url, key));
			sockets.push(socket);
			return socket;
		},
		assertNoLeak() {
			const everything = [...seen, ...sockets.flatMap((s) => s.raw), ...base.logs];
			const leaks = everything.filter((text) => text.includes(base.realToken));
			if (leaks.length)
				throw new Error(`the real token leaked into ${leaks.length} answers, frames or log lines`);
			// Keys are handed out through the API only; a log line never holds one.
			const loggedKeys = base.logs.filter((line) => /share_[A-Za-z0-9_-]{20,}/.test(line));
			if (loggedKeys.length) throw new Error(`a share key was logged: ${loggedKeys.length} lines`);
		}
	});
	return rig;
}
