/** Addresses other devices on the network can use to reach this PC. */
import { networkInterfaces } from 'node:os';

export function lanAddresses(): string[] {
	return Object.values(networkInterfaces())
		.flat()
		.filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
		.map((a) => a!.address);
}

/** http(s)://ADDRESS:PORT for each LAN address, when the server listens on every interface. */
export function lanOrigins(
	host: string,
	port: number,
	addresses: () => string[] = lanAddresses,
	scheme: 'http' | 'https' = 'http'
): string[] {
	const everyInterface = host === '0.0.0.0' || host === '::';
	return everyInterface ? addresses().map((a) => `${scheme}://${a}:${port}`) : [];
}
