/** The companion's Content-Security-Policy header: the build's own policy, connections to itself only. */
import { describe, expect, it } from 'vitest';
import { companionPolicy } from '../../src/server/static-site';

const page = (content: string) =>
	`<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${content}"></head><body></body></html>`;

describe('companion policy', () => {
	it("keeps every directive of the build's policy and replaces connect-src with 'self'", () => {
		const policy = companionPolicy(
			page(
				"default-src 'none'; connect-src 'self' http: https: ws: wss:; script-src 'self' 'sha256-abc='; base-uri 'none'"
			)
		);
		expect(policy).toBe(
			"default-src 'none'; script-src 'self' 'sha256-abc='; base-uri 'none'; connect-src 'self'"
		);
	});

	it('reads an attribute written with entities, and adds connect-src when the build had none', () => {
		expect(companionPolicy(page('default-src &#39;none&#39;; img-src data:'))).toBe(
			"default-src 'none'; img-src data:; connect-src 'self'"
		);
	});

	it('sends nothing for a build without a policy', () => {
		expect(companionPolicy('<!doctype html><html><head></head></html>')).toBeUndefined();
	});
});
