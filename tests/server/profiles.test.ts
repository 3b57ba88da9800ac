import { describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES, checkSend } from '../../src/lib/protocol';
import {
	CUSTOM_CHOICES,
	SHARE_PROFILES,
	allowedSendTypes,
	checkChosenTypes,
	isGrantable
} from '../../src/lib/share/profiles';
import { SEND_SAMPLES } from './send-samples';

const readOnlyTypes = SEND_TYPES.filter((t) => CATALOG[t].readOnly);

describe('share profiles', () => {
	it('has a valid sample for every send type (so the share tests try them all)', () => {
		expect(Object.keys(SEND_SAMPLES).sort()).toEqual([...SEND_TYPES].sort());
		for (const type of SEND_TYPES)
			expect(checkSend(type, SEND_SAMPLES[type]), type).toMatchObject({ ok: true });
	});

	it('read-only grants exactly the read-only types of the catalog', () => {
		expect(allowedSendTypes('read-only')).toEqual(readOnlyTypes);
		expect(readOnlyTypes.length).toBeGreaterThan(0);
	});

	it('music adds the song group; moderation adds the moderation and chat-mode groups and chat lines', () => {
		expect(allowedSendTypes('music').sort()).toEqual(
			[...readOnlyTypes, ...SEND_TYPES.filter((t) => CATALOG[t].group === 'songs')].sort()
		);
		expect(allowedSendTypes('music')).toContain('song-request');
		const moderation = SEND_TYPES.filter((t) =>
			['moderation', 'chat-modes'].includes(CATALOG[t].group)
		);
		expect(allowedSendTypes('moderation').sort()).toEqual(
			[...readOnlyTypes, ...moderation, 'chatbot-message'].sort()
		);
		expect(allowedSendTypes('moderation')).toEqual(
			expect.arrayContaining(['ban-user', 'timeout-user', 'set-slow-mode'])
		);
		// Channel roles are not moderation of messages: a co-streamer's link must not appoint or remove moderators or VIPs.
		for (const role of ['add-moderator', 'remove-moderator', 'add-vip', 'remove-vip'] as const)
			expect(allowedSendTypes('moderation')).not.toContain(role);
		expect(allowedSendTypes('custom', ['add-vip'])).toContain('add-vip');
	});

	it('no fixed profile grants channel roles (moderators, VIPs); only a custom link can, type by type', () => {
		const roles = ['add-moderator', 'remove-moderator', 'add-vip', 'remove-vip'];
		expect(SEND_TYPES.filter((t) => CATALOG[t].group === 'roles').sort()).toEqual(
			[...roles].sort()
		);
		for (const profile of ['read-only', 'music', 'moderation', 'custom'] as const)
			for (const type of roles)
				expect(allowedSendTypes(profile), `${profile} ${type}`).not.toContain(type);
		expect(allowedSendTypes('custom', ['add-vip'])).toContain('add-vip');
		expect(CUSTOM_CHOICES).toEqual(expect.arrayContaining(roles));
	});

	it('custom adds only the chosen types, and ignores choices for fixed profiles', () => {
		expect(allowedSendTypes('custom', ['tts', 'hex-color']).sort()).toEqual(
			[...readOnlyTypes, 'tts', 'hex-color'].sort()
		);
		expect(allowedSendTypes('read-only', ['ban-user'])).toEqual(readOnlyTypes);
	});

	it('never grants run-actions, whatever the profile or choice', () => {
		expect(isGrantable('run-actions')).toBe(false);
		expect(CUSTOM_CHOICES).not.toContain('run-actions');
		for (const profile of SHARE_PROFILES)
			expect(allowedSendTypes(profile, [...SEND_TYPES])).not.toContain('run-actions');
		expect(SEND_TYPES.filter((t) => !isGrantable(t))).toEqual(['run-actions']);
	});

	it('checks chosen types with clear errors', () => {
		expect(checkChosenTypes('custom', ['tts', 'tts'])).toEqual({ ok: true, types: ['tts'] });
		expect(checkChosenTypes('custom', ['run-actions'])).toMatchObject({
			ok: false,
			message: expect.stringMatching(/run-actions can never be shared/)
		});
		expect(checkChosenTypes('custom', ['nope'])).toMatchObject({
			ok: false,
			message: expect.stringMatching(/not a send type/)
		});
		expect(checkChosenTypes('custom', [])).toMatchObject({ ok: false });
		expect(checkChosenTypes('custom', undefined)).toMatchObject({ ok: false });
		expect(checkChosenTypes('music', ['ban-user'])).toMatchObject({
			ok: false,
			message: expect.stringMatching(/custom profile/)
		});
		expect(checkChosenTypes('music', undefined)).toEqual({ ok: true, types: [] });
	});
});
