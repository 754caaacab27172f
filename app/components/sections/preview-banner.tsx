// The banner over a page draft's preview (decision 055), so the page cannot pass for the site.
// The preview is served without scripts (it renders a route other than the address bar's), so the
// expiry is written once, in UTC.
import '../../routes/preview.css';

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function PreviewBanner({ title, expiresAt }: { title: string; expiresAt: string }) {
  return (
    <div className="preview-banner" data-placement="page" role="note" aria-label="Draft preview">
      <div className="container">
        <strong>Draft preview:</strong> “{title}” as it will look once published. It is not on the site yet. This link
        works until <time dateTime={expiresAt}>{utc(expiresAt)}</time>.
      </div>
    </div>
  );
}
