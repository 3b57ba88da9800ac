import { describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES, checkSend } from '../../src/lib/protocol';
import {
	CUSTOM_CHOICES,
	SHARE_PROFILES,
	allowedSendTypes,
	checkChosenTypes,
	isGrantable,
	limitRefusal
} from '../../src/lib/share/profiles';
import { CONTROL_ACTIONS, controlValue } from '../../src/lib/protocol/alert-control';
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

	it('holds an alerts link to one rule, in data: a control press to an alert box variable, nothing else', () => {
		expect(allowedSendTypes('alerts').sort()).toEqual(
			[...readOnlyTypes, 'update-variable-value'].sort()
		);
		for (const action of CONTROL_ACTIONS)
			for (const name of ['alertbox_main', 'alertbox_Stage-2_b'])
				expect(
					limitRefusal('alerts', 'update-variable-value', { name, value: controlValue(action, 5) }),
					`${name} ${action}`
				).toBeUndefined();
		expect(
			limitRefusal('alerts', 'update-variable-value', {
				name: 'alertbox_main/x',
				value: { action: 'nap', at: -1.5 }
			})
		).toMatch(
			/^params\.name must be an alert box control variable: .*; params\.value\.action must be one of pause, resume, skip, replay; params\.value\.at must be a time in ms \(this Alerts share link may only press pause/
		);
		// Other profiles and types have no narrower rule than the catalog's.
		expect(limitRefusal('custom', 'update-variable-value', { name: 'deaths', value: 1 })).toBe(
			undefined
		);
		expect(limitRefusal('alerts', 'get-variable-value', { name: 'deaths' })).toBeUndefined();
	});
});
