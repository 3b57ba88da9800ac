/**
 * Premium, read for the dashboard (StreamClient, the connect page's check): widgets show none, so
 * RestClient and widget.html do not carry it.
 */
import { PremiumSchema, type Meta } from '../protocol/payloads';
import type { RestClient } from './rest';

/** Only versions listing `premium` have /api/premium; older ones carry it in retrieve. */
export async function readPremium(
	rest: RestClient,
	meta: Pick<Meta, 'features'>
): Promise<boolean> {
	if (!meta.features.includes('premium')) return (await rest.retrieve({ slim: true })).premium;
	return (await rest.get('/api/premium', PremiumSchema, 'premium')).data.premium;
}
