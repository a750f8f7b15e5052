import type { QrRenderer } from '@tuma/links';
import QRCode from 'qrcode';

/**
 * QR codes drawn by `qrcode` (MIT, maintained): error correction M (15% of the code may be damaged
 * or covered), 8 pixels a module, the standard 4-module quiet zone, the code's colours.
 */
export class QrcodeRenderer implements QrRenderer {
  async png(text: string, colors: { readonly fg: string; readonly bg: string }): Promise<Uint8Array> {
    return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', scale: 8, margin: 4, color: { dark: colors.fg, light: colors.bg } });
  }
}
