/**
 * `--cert FILE --key FILE`: reads the streamer's certificate and key and checks that they load as a
 * pair before anything listens, so a wrong path stops `npm start` with one line that names the flag
 * and the file (never a stack trace, never the key's contents).
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CompanionError, unreadable } from './start-errors';

export interface TlsFiles {
	cert: Buffer;
	key: Buffer;
}

function read(flag: '--cert' | '--key', file: string): Buffer {
	try {
		return readFileSync(file);
	} catch (err) {
		throw new CompanionError({ kind: 'tls_unreadable', flag, file, ...unreadable(err) });
	}
}

/** Undefined when neither flag is given; both or neither, else a one-line CompanionError. */
export function loadTlsFiles(
	certFile: string | undefined,
	keyFile: string | undefined
): TlsFiles | undefined {
	if (certFile === undefined && keyFile === undefined) return undefined;
	if (!certFile) throw new CompanionError({ kind: 'key_alone' });
	if (!keyFile) throw new CompanionError({ kind: 'cert_alone' });
	const cert = read('--cert', certFile);
	const key = read('--key', keyFile);
	let x509: X509Certificate;
	try {
		x509 = new X509Certificate(cert);
	} catch {
		throw new CompanionError({ kind: 'not_cert', file: certFile });
	}
	let privateKey: KeyObject;
	try {
		privateKey = createPrivateKey(key);
	} catch {
		// A passphrase-protected key fails here too: the companion asks for none.
		throw new CompanionError({ kind: 'not_key', file: keyFile });
	}
	if (!x509.checkPrivateKey(privateKey))
		throw new CompanionError({ kind: 'key_mismatch', key: keyFile, cert: certFile });
	return { cert, key };
}
