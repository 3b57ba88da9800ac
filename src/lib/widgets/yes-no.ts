/** A variable's yes or no as the application writes it (true, 'true', 1, '1' and their opposites); anything else is neither. */
export function yesNo(raw: unknown): boolean | undefined {
	if (raw === true || raw === 'true' || raw === 1 || raw === '1') return true;
	if (raw === false || raw === 'false' || raw === 0 || raw === '0') return false;
	return undefined;
}
