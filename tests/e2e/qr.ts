/**
 * Reads a QR code the way a phone's camera would: a screenshot of the element, its pixels decoded in
 * a blank page's canvas, the code read by jsQR.
 */
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

export async function decodeQr(locator: Locator): Promise<string | undefined> {
	const png = (await locator.screenshot()).toString('base64');
	const blank = await locator.page().context().newPage();
	try {
		const image = await blank.evaluate(async (b64) => {
			const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
			const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
			const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
			const context = canvas.getContext('2d')!;
			context.drawImage(bitmap, 0, 0);
			return {
				width: bitmap.width,
				height: bitmap.height,
				data: Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data)
			};
		}, png);
		return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
	} finally {
		await blank.close();
	}
}
