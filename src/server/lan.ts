/** Addresses other devices on the network can use to reach this PC. */
import { networkInterfaces } from 'node:os';

export function lanAddresses(): string[] {
	return Object.values(networkInterfaces())
		.flat()
		.filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
		.map((a) => a!.address);
}

/** http://ADDRESS:PORT for each LAN address, when the server listens on every interface. */
export function lanOrigins(host: string, port: number, addresses: () => string[] = lanAddresses): string[] {
	const everyInterface = host === '0.0.0.0' || host === '::';
	return everyInterface ? addresses().map((a) => `http://${a}:${port}`) : [];
}
