/** Draws a QR code as a PNG (a maintained QR library in the adapter). */
export interface QrRenderer {
  png(text: string, colors: { readonly fg: string; readonly bg: string }): Promise<Uint8Array>;
}
