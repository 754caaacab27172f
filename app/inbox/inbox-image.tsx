// The contact message's image in the inbox item: fetched with the staff member's bearer token
// and shown from an object URL, with its name, type and size and a download link.
import { useEffect, useState } from 'react';
import { fetchBlob, type ItemImage } from './inbox-client.ts';

type ImageState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'error'; message: string };

/** The contact image: the API serves it only with the bearer token, so it is fetched and shown
 * from an object URL (the CSP's img-src allows blob:), revoked when the view goes away. */
export function ContactImage({
  image,
  id,
  onUnauthorized,
}: {
  image: ItemImage;
  id: number;
  onUnauthorized: () => void;
}) {
  const [shown, setShown] = useState<ImageState>({ state: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    fetchBlob(image.url, abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) {
        url = URL.createObjectURL(result.data.blob);
        setShown({ state: 'ready', url });
      } else if (result.reason === 'unauthorized') onUnauthorized();
      else setShown({ state: 'error', message: result.message });
    });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.url, onUnauthorized]);

  const size = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(
    image.size / 1000,
  );
  return (
    <section className="inbox-panel" aria-labelledby="inbox-image-title">
      <h2 id="inbox-image-title">Image</h2>
      <p className="inbox-image-meta">
        {image.name}, {image.type}, {size}
      </p>
      {shown.state === 'loading' ? <p role="status">Loading the image…</p> : null}
      {shown.state === 'error' ? (
        <p className="inbox-error" role="alert">
          {shown.message}
        </p>
      ) : null}
      {shown.state === 'ready' ? (
        <figure className="inbox-image">
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the name staff (and the tests) know it by */}
          <img src={shown.url} alt={`The image sent with contact message #${id}`} />
          <figcaption>
            <a href={shown.url} download={image.name}>
              Download the image
            </a>
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
}
