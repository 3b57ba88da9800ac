/** The one table the bench prints: each figure, what was measured, its target and whether it is met. */

/** 'busy': other processes used over 0.3 of a core while it was measured, so no verdict is given. */
export type Verdict = 'met' | 'missed' | 'info' | 'busy';

export interface Row {
	figure: string;
	measured: string;
	target: string;
	verdict: Verdict;
}

export const row = (
	figure: string,
	measured: string,
	target: string,
	verdict: Verdict | boolean
): Row => ({
	figure,
	measured,
	target,
	verdict: typeof verdict === 'boolean' ? (verdict ? 'met' : 'missed') : verdict
});

const VERDICT_TEXT: Record<Verdict, string> = {
	met: 'met',
	missed: 'MISSED',
	info: '—',
	busy: 'not measured (busy)'
};

const cells = (r: Row) => [r.figure, r.measured, r.target, VERDICT_TEXT[r.verdict]];
const HEADER = ['Figure', 'Measured', 'Target', 'Met'];

export function markdownTable(rows: readonly Row[]): string {
	const escape = (text: string) => text.replace(/\|/g, '\\|');
	return [
		`| ${HEADER.join(' | ')} |`,
		`| ${HEADER.map(() => '---').join(' | ')} |`,
		...rows.map((r) => `| ${cells(r).map(escape).join(' | ')} |`)
	].join('\n');
}

export function plainTable(rows: readonly Row[]): string {
	const all = [HEADER, ...rows.map(cells)];
	const widths = HEADER.map((_, column) => Math.max(...all.map((line) => line[column]!.length)));
	const format = (line: string[]) =>
		line
			.map((cell, column) => cell.padEnd(widths[column]!))
			.join('  ')
			.trimEnd();
	return [
		format(HEADER),
		widths.map((w) => '-'.repeat(w)).join('  '),
		...rows.map((r) => format(cells(r)))
	].join('\n');
}
