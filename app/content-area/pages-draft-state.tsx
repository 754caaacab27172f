// A page's draft state in its editor (decision 055): whether a draft waits (who saved it, when it
// is scheduled), "Publish the saved draft now", "Get a preview link" and the link once made. Each
// button is its own small native form, so it works without JavaScript.
import { Form } from 'react-router';
import { Csrf } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { LocalTime } from './item-state.tsx';

type DraftState = {
  version: number;
  hasDraft: boolean;
  draftAt: string | null;
  draftBy: string | null;
  publishAt: string | null;
};

export function PageDraftState(props: {
  csrfToken: string;
  page: DraftState;
  preview: { path: string; url: string } | null;
}) {
  const { csrfToken, page, preview } = props;
  return (
    <>
      <p className="content-meta">
        {page.hasDraft ? (
          <>
            A draft is waiting{page.draftBy ? ` (saved by ${page.draftBy}` : ''}
            {page.draftAt ? (
              <>
                {' '}
                at <LocalTime iso={page.draftAt} />)
              </>
            ) : page.draftBy ? (
              ')'
            ) : null}
            : the form shows it; the site shows the published version.
            {page.publishAt ? (
              <>
                {' '}
                Scheduled for <LocalTime iso={page.publishAt} />.
              </>
            ) : null}
          </>
        ) : (
          'No draft: the form shows what the site shows.'
        )}
      </p>
      <div className="content-state">
        {page.hasDraft ? (
          <Form method="post">
            <Csrf token={csrfToken} />
            <input type="hidden" name="version" value={page.version} />
            <Button type="submit" name="intent" value="publish">
              Publish the saved draft now
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <Csrf token={csrfToken} />
          <Button type="submit" name="intent" value="preview-link" variant="secondary">
            Get a preview link
          </Button>
        </Form>
      </div>
      {preview ? (
        <p className="content-link-out">
          Preview link (one hour, works signed out):{' '}
          <a href={preview.path} target="_blank" rel="noreferrer">
            {preview.url}
          </a>
        </p>
      ) : null}
    </>
  );
}
