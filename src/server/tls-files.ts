/**
 * `--cert FILE --key FILE`: reads the streamer's certificate and key and checks that they load as a
 * pair before anything listens, so a wrong path stops `npm start` with one line that names the flag
 * and the file (never a stack trace, never the key's contents).
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CompanionError } from './companion-defaults';

export interface TlsFiles {
	cert: Buffer;
	key: Buffer;
}

function read(flag: string, file: string): Buffer {
	try {
		return readFileSync(file);
	} catch (err) {
		const code = (err as NodeJS.ErrnoException).code;
		const why =
			code === 'ENOENT'
				? 'no such file'
				: code === 'EACCES'
					? 'permission denied'
					: code === 'EISDIR'
						? 'it is a folder'
						: (code ?? 'unreadable');
		throw new CompanionError('bad_option', `${flag} ${file}: cannot read it (${why})`);
	}
}

/** Undefined when neither flag is given; both or neither, else a one-line CompanionError. */
export function loadTlsFiles(
	certFile: string | undefined,
	keyFile: string | undefined
): TlsFiles | undefined {
	if (certFile === undefined && keyFile === undefined) return undefined;
	if (!certFile)
		throw new CompanionError(
			'bad_option',
			'--key needs --cert FILE too: give both, or neither for plain http'
		);
	if (!keyFile)
		throw new CompanionError(
			'bad_option',
			'--cert needs --key FILE too: give both, or neither for plain http'
		);
	const cert = read('--cert', certFile);
	const key = read('--key', keyFile);
	let x509: X509Certificate;
	try {
		x509 = new X509Certificate(cert);
	} catch {
		throw new CompanionError('bad_option', `--cert ${certFile}: not a PEM certificate`);
	}
	let privateKey: KeyObject;
	try {
		privateKey = createPrivateKey(key);
	} catch {
		// A passphrase-protected key fails here too: the companion asks for none.
		throw new CompanionError('bad_option', `--key ${keyFile}: not an unencrypted PEM private key`);
	}
	if (!x509.checkPrivateKey(privateKey))
		throw new CompanionError(
			'bad_option',
			`--key ${keyFile} does not belong to the certificate in --cert ${certFile}`
		);
	return { cert, key };
}
