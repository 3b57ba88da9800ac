/**
 * Contract: Triggering by name, command and folder states (States table), chatbot command
 * management, and the not_found / command_disabled / already_exists / system_command rows of Errors.
 */
import { describe, expect, it } from 'vitest';
import { OK, PROFILES, expectLint, structured, useSim, type Api } from './harness';
import { LIMITS } from '$lib/protocol';

const notFound = (type: string, name: string) =>
	structured(
		404,
		'not_found',
		`No ${type} named "${name}" exists. Call GET /api/retrieve to list valid values.`
	);
const disabled = (type: string, name: string) =>
	structured(409, 'command_disabled', `The ${type} "${name}" is disabled.`);
const inDisabledFolder = (type: string, name: string, folder: string) =>
	structured(
		409,
		'command_disabled',
		`The ${type} "${name}" is in the disabled folder "${folder}".`
	);
const unknownType = (type: string) =>
	`unknown_type: type "${type}" is not a valid send type. Call GET /api/retrieve to list valid types.`;

async function snapshot(api: Api): Promise<Record<string, unknown>> {
	return (await api.control('state')).json as Record<string, unknown>;
}

async function lastLogged(api: Api): Promise<Record<string, unknown>> {
	const log = (await api.control('requests')).json as { requests: Record<string, unknown>[] };
	return log.requests.at(-1)!;
}

describe.each(PROFILES)('Triggering by name (%s)', (profile) => {
	const sim = useSim(profile);
	const current = profile === 'current';

	it.each([
		['chat-command', 'lurk'],
		['chatbot-command', 'socials'],
		['chatbot-command', 'links'],
		['alpha-points', 'Hydrate'],
		['alpha-extension', 'Confetti'],
		['gamma-points', 'Say hi'],
		['studio-scene', 'Gameplay'],
		['studio-scene', 'gameplay'],
		['studio-theme', 'Neon Night'],
		['studio-animation', 'Strobe']
	])('%s "%s" triggers it', async (type, value) => {
		const answer = await sim.api.send(type, { value });
		expect([answer.status, answer.json]).toEqual([200, OK]);
	});

	it.each([
		['chat-command', 'nope'],
		['chatbot-command', 'nope'],
		['alpha-points', 'nope'],
		['alpha-extension', 'nope'],
		['gamma-points', 'nope'],
		['studio-scene', 'Nowhere'],
		['studio-theme', 'Nowhere'],
		['studio-animation', 'Nowhere']
	])(
		current
			? '%s with unknown name "%s" gives 404 not_found'
			: '%s with unknown name "%s" answers success',
		async (type, value) => {
			const answer = await sim.api.send(type, { value });
			if (current) expect([answer.status, answer.json]).toEqual([404, notFound(type, value)]);
			else expect([answer.status, answer.json]).toEqual([200, OK]);
		}
	);

	it('checks a studio name before anything is queued', async () => {
		await sim.api.send('studio-scene', { value: 'Gameplay' });
		await sim.api.send('studio-scene', { value: 'Nowhere' });
		expect((await snapshot(sim.api)).studio).toMatchObject({ scene: 'Gameplay' });
	});

	it.each([
		['chat-command', 'rave', disabled('chat-command', 'rave')],
		['chat-command', 'snow', inDisabledFolder('chat-command', 'snow', 'Seasonal')],
		['chatbot-command', 'spoilers', disabled('chatbot-command', 'spoilers')],
		['alpha-points', 'Timeout a mod', disabled('alpha-points', 'Timeout a mod')],
		['alpha-points', 'Snowball', inDisabledFolder('alpha-points', 'Snowball', 'Seasonal')],
		['alpha-extension', 'Spin the wheel', disabled('alpha-extension', 'Spin the wheel')]
	])(
		current
			? '%s "%s" that is off gives 409 command_disabled'
			: '%s "%s" that is off answers success and does nothing',
		async (type, value, expected) => {
			const answer = await sim.api.send(type, { value });
			if (current) expect([answer.status, answer.json]).toEqual([409, expected]);
			else
				expect([answer.status, answer.json, (await lastLogged(sim.api)).note]).toEqual([
					200,
					OK,
					`"${value}" ${expected.message.includes('folder') ? 'is in the disabled folder "Seasonal"' : 'is disabled'}: nothing happens`
				]);
		}
	);
});

describe.each(PROFILES)(
	'Command states: set-command-state and set-folder-state (%s)',
	(profile) => {
		const sim = useSim(profile);
		const current = profile === 'current';

		it('enabled → disabled → enabled for a chat command', async () => {
			expect(
				(await sim.api.send('set-command-state', { name: 'lurk', value: false })).json
			).toEqual(OK);
			const off = await sim.api.send('chat-command', { value: 'lurk' });
			if (current) expect(off.json).toEqual(disabled('chat-command', 'lurk'));
			expect(
				((await snapshot(sim.api)).commands as { chat: { name: string; on: boolean }[] }).chat[0]
			).toEqual({ name: 'lurk', on: false });
			expect(
				(await sim.api.send('set-command-state', { name: 'lurk', value: true, kind: 'chat' })).json
			).toEqual(OK);
			expect((await sim.api.send('chat-command', { value: 'lurk' })).json).toEqual(OK);
		});

		it('disabled → enabled for a chat command that was off in the setup', async () => {
			expect((await sim.api.send('set-command-state', { name: 'rave', value: true })).json).toEqual(
				OK
			);
			expect((await sim.api.send('chat-command', { value: 'rave' })).json).toEqual(OK);
		});

		it(
			current ? 'gives 404 not_found for an unknown name' : 'answers success for an unknown name',
			async () => {
				const answer = await sim.api.send('set-command-state', { name: 'nope', value: false });
				if (current)
					expect([answer.status, answer.json]).toEqual([404, notFound('chat command', 'nope')]);
				else expect([answer.status, answer.json]).toEqual([200, OK]);
			}
		);

		if (current) {
			it.each([
				['alpha-points', 'Hydrate', false, 'reward paused on alpha'],
				['alpha-points', 'Timeout a mod', true, 'reward enabled on alpha'],
				['gamma-points', 'Say hi', false, 'reward updated on gamma'],
				['alpha-extension', 'Confetti', false, 'extension config recompiled']
			])('kind %s "%s" → %s syncs the platform (%s)', async (kind, name, value, outcome) => {
				expect((await sim.api.send('set-command-state', { name, value, kind })).json).toEqual(OK);
				expect((await lastLogged(sim.api)).platformOutcome).toBe(outcome);
				const trigger = await sim.api.send(kind, { value: name });
				expect([trigger.status, trigger.json]).toEqual(
					value ? [200, OK] : [409, disabled(kind, name)]
				);
			});

			it('a disabled gamma-points reward gives 409 command_disabled', async () => {
				expect(
					(
						await sim.api.send('set-command-state', {
							name: 'Spotlight',
							value: false,
							kind: 'gamma-points'
						})
					).json
				).toEqual(OK);
				const answer = await sim.api.send('gamma-points', { value: 'Spotlight' });
				expect([answer.status, answer.json]).toEqual([409, disabled('gamma-points', 'Spotlight')]);
			});

			it('kind chatbot enables a chatbot command', async () => {
				expect(
					(
						await sim.api.send('set-command-state', {
							name: 'spoilers',
							value: true,
							kind: 'chatbot'
						})
					).json
				).toEqual(OK);
				expect((await sim.api.send('chatbot-command', { value: 'spoilers' })).json).toEqual(OK);
			});

			it('kind gamma-points with an unknown name gives 404', async () => {
				const answer = await sim.api.send('set-command-state', {
					name: 'nope',
					value: true,
					kind: 'gamma-points'
				});
				expect(answer.json).toEqual(notFound('gamma-points command', 'nope'));
			});
		} else {
			it('handles only chat commands: any kind acts on the chat command of that name', async () => {
				expectLint('params.kind is not read by versions without name-validation');
				expect(
					(await sim.api.send('set-command-state', { name: 'lurk', value: false, kind: 'chatbot' }))
						.json
				).toEqual(OK);
				const state = (await snapshot(sim.api)) as {
					commands: { chat: { name: string; on: boolean }[] };
					chatbotCommands: { name: string; on: boolean }[];
				};
				expect(state.commands.chat[0]).toEqual({ name: 'lurk', on: false });
			});
		}

		it('a folder switched on enables the commands inside; switched off disables them', async () => {
			expect(
				(await sim.api.send('set-folder-state', { name: 'Seasonal', value: true })).json
			).toEqual(OK);
			expect((await sim.api.send('chat-command', { value: 'snow' })).json).toEqual(OK);
			expect((await sim.api.send('alpha-points', { value: 'Snowball' })).json).toEqual(OK);
			expect((await sim.api.send('set-folder-state', { name: 'hype', value: false })).json).toEqual(
				OK
			);
			const party = await sim.api.send('chat-command', { value: 'party' });
			if (current) expect(party.json).toEqual(inDisabledFolder('chat-command', 'party', 'Hype'));
			else expect(party.json).toEqual(OK);
		});

		it('an unknown folder is a silent no-op', async () => {
			expect((await sim.api.send('set-folder-state', { name: 'Nope', value: false })).json).toEqual(
				OK
			);
		});

		it('reads a non-boolean value by truthiness as the application does ("false" enables), with a lint note', async () => {
			expectLint('params.value is not a JSON boolean');
			const answer = await sim.api.send('set-command-state', { name: 'rave', value: 'false' });
			expect([answer.status, answer.json]).toEqual([200, OK]);
			const rave = (
				(await snapshot(sim.api)).commands as { chat: { name: string; on: boolean }[] }
			).chat.find((c) => c.name === 'rave');
			expect(rave?.on).toBe(true);
		});
	}
);

describe('Chatbot command management (current)', () => {
	const sim = useSim('current');
	type Stored = {
		name: string;
		message: string;
		description?: string;
		alias: string[];
		showInCommandsList: boolean;
		on: boolean;
		cooldownDuration: number;
	};
	const stored = async (name: string) =>
		((await snapshot(sim.api)).chatbotCommands as Stored[]).find((c) => c.name === name);

	it('create slugifies the name, applies the defaults and answers the final name', async () => {
		const answer = await sim.api.send('create-chatbot-command', {
			name: '!Hello  World',
			message: 'Hi {{username}}'
		});
		expect([answer.status, answer.json]).toEqual([200, { message: 'hello-world', status: 200 }]);
		expect(await stored('hello-world')).toEqual({
			name: 'hello-world',
			message: 'Hi {{username}}',
			alias: [],
			showInCommandsList: false,
			on: true,
			cooldownDuration: LIMITS.chatbotCooldownDefault,
			system: false
		});
		const options = (
			(await sim.api.get('/api/retrieve')).json as {
				data: { options: Record<string, { values: string[] }> };
			}
		).data.options;
		expect(options['chatbot-command']!.values).toContain('hello-world');
		expect((await sim.api.send('chatbot-command', { value: 'hello-world' })).json).toEqual(OK);
	});

	it('create keeps the given fields and aliases trigger the command', async () => {
		await sim.api.send('create-chatbot-command', {
			name: 'Rules',
			message: 'Be kind',
			description: 'rules',
			alias: ['House Rules'],
			showInCommandsList: true,
			on: true,
			cooldownDuration: 0
		});
		expect(await stored('rules')).toMatchObject({
			description: 'rules',
			alias: ['house-rules'],
			showInCommandsList: true,
			cooldownDuration: 0
		});
		expect((await sim.api.send('chatbot-command', { value: 'house-rules' })).json).toEqual(OK);
	});

	it('create with on: false makes a command that answers 409 when triggered', async () => {
		await sim.api.send('create-chatbot-command', { name: 'later', message: 'x', on: false });
		expect((await sim.api.send('chatbot-command', { value: 'later' })).json).toEqual(
			disabled('chatbot-command', 'later')
		);
	});

	it.each(['socials', 'SOCIALS', 'So'])(
		'create with the existing name "%s" gives 409 already_exists',
		async (name) => {
			const answer = await sim.api.send('create-chatbot-command', { name, message: 'x' });
			expect([answer.status, answer.json]).toEqual([
				409,
				structured(
					409,
					'already_exists',
					`A chatbot command named "${name.toLowerCase()}" already exists.`
				)
			]);
		}
	);

	it('create without a message answers a plain 400 naming it', async () => {
		const answer = await sim.api.send('create-chatbot-command', { name: 'x' });
		expect([answer.status, answer.text]).toEqual([400, 'params.message is required']);
	});

	it('update changes only the passed fields', async () => {
		const before = await stored('socials');
		expect(
			(await sim.api.send('update-chatbot-command', { name: 'socials', cooldownDuration: 1234 }))
				.json
		).toEqual(OK);
		expect(await stored('socials')).toEqual({ ...before, cooldownDuration: 1234 });
	});

	it('update renames, and the old name is gone', async () => {
		expect(
			(
				await sim.api.send('update-chatbot-command', {
					name: 'Socials',
					newName: 'My Links',
					message: 'new'
				})
			).json
		).toEqual(OK);
		expect(await stored('my-links')).toMatchObject({ message: 'new', alias: ['links'] });
		expect((await sim.api.send('chatbot-command', { value: 'socials' })).json).toEqual(
			notFound('chatbot-command', 'socials')
		);
		expect((await sim.api.send('chatbot-command', { value: 'my-links' })).json).toEqual(OK);
	});

	it('update with a colliding new name gives 409', async () => {
		const answer = await sim.api.send('update-chatbot-command', {
			name: 'socials',
			newName: 'Deaths'
		});
		expect([answer.status, answer.json]).toEqual([
			409,
			structured(409, 'already_exists', 'A chatbot command named "deaths" already exists.')
		]);
	});

	it.each(['so', 'uptime', 'command'])(
		'renaming the system command %s gives 403 system_command',
		async (name) => {
			const answer = await sim.api.send('update-chatbot-command', { name, newName: 'mine' });
			expect([answer.status, answer.json]).toEqual([
				403,
				structured(403, 'system_command', `"${name}" is a system command and cannot be renamed.`)
			]);
		}
	);

	it('a system command can still have its other fields updated', async () => {
		expect(
			(
				await sim.api.send('update-chatbot-command', {
					name: 'uptime',
					message: 'Live for {{alpha_uptime}}!'
				})
			).json
		).toEqual(OK);
		expect(await stored('uptime')).toMatchObject({ message: 'Live for {{alpha_uptime}}!' });
	});

	it('update of an unknown name gives 404', async () => {
		const answer = await sim.api.send('update-chatbot-command', { name: 'nope', message: 'x' });
		expect([answer.status, answer.json]).toEqual([404, notFound('chatbot command', 'nope')]);
	});

	it('delete by value and by name', async () => {
		expect((await sim.api.send('delete-chatbot-command', { value: 'socials' })).json).toEqual(OK);
		expect((await sim.api.send('delete-chatbot-command', { name: 'Deaths' })).json).toEqual(OK);
		expect((await sim.api.send('chatbot-command', { value: 'deaths' })).status).toBe(404);
	});

	it.each(['so', 'uptime', 'command'])(
		'deleting the system command %s gives 403 system_command',
		async (name) => {
			const answer = await sim.api.send('delete-chatbot-command', { value: name });
			expect([answer.status, answer.json]).toEqual([
				403,
				structured(403, 'system_command', `"${name}" is a system command and cannot be deleted.`)
			]);
		}
	);

	it('delete of an unknown name gives 404, and without any name a plain 400', async () => {
		expect((await sim.api.send('delete-chatbot-command', { value: 'nope' })).json).toEqual(
			notFound('chatbot command', 'nope')
		);
		const none = await sim.api.send('delete-chatbot-command', {});
		expect([none.status, none.text]).toEqual([
			400,
			'params needs the command name in value (or name)'
		]);
	});
});

describe('Chatbot command management (legacy)', () => {
	const sim = useSim('legacy');
	it.each([
		['create-chatbot-command', { name: 'x', message: 'y' }],
		['update-chatbot-command', { name: 'so', newName: 'x' }],
		['delete-chatbot-command', { value: 'so' }]
	])('%s answers 400 unknown_type as plain text', async (type, params) => {
		const answer = await sim.api.send(type, params);
		expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, unknownType(type)]);
	});
});
