/**
 * The DKIM selector of a new key: `tuma<yyyymm>-<4 random>` (`tuma202611-k3x9`). The month lets a
 * rotated key be published beside the old one; the random part keeps two accounts' keys for one
 * name (both may add it; the one who controls DNS verifies) from asking for the same record.
 */
export function dkimSelector(at: Date, random: () => number = Math.random): string {
  const month = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const suffix = Array.from({ length: 4 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)]).join('');
  return `tuma${month}-${suffix}`;
}
