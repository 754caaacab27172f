// A byte count as people read it, the same words wherever a size is shown (the contact form's
// chosen image, the sales email): decimal units as a file manager shows them, one decimal.
// Plain arithmetic, no Intl.NumberFormat: building one loads locale data (~60 ms on the home page).

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** 820 → '820 bytes', 12_400 → '12.4 kB', 1_250_000 → '1.3 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 999_950) return `${oneDecimal(bytes / 1000)} kB`;
  return `${oneDecimal(bytes / 1_000_000)} MB`;
}
