import { COMMENT_LIMITS, type TComment, type TCommentRecipient } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { setViewport, WIDTHS } from '../../test/viewport';
import { RecordComments } from './record-comments';

const REF = 42;
const LINK = `/dashboard/search/instrument/${REF}/comments`;

function comment(id: number, overrides: Partial<TComment> = {}): TComment {
  return {
    comment_id: id,
    ref_id: REF,
    ref_data: null,
    topic: 'instrument',
    parent_id: null,
    comment: `Comment ${id}`,
    link_uri: LINK,
    recipients: [],
    sender_id: 7,
    sender_name: 'Alice Tan',
    created: new Date(Date.now() - id * 60_000).toISOString(),
    replies_count: 0,
    can_delete: false,
    ...overrides,
  };
}

const USERS: TCommentRecipient[] = [
  { user_id: 8, fullname: 'Benjamin Lim', email: 'ben@strata.example' },
  { user_id: 9, fullname: 'Chen Wei Ming', email: 'chen@strata.example' },
];

interface Seen {
  lists: URLSearchParams[];
  users: URLSearchParams[];
  posts: Record<string, unknown>[];
  deletes: string[];
}

/** The comments API over an in-memory list (top-level newest first; replies by parent). */
function serve(top: TComment[], replies: Record<number, TComment[]> = {}) {
  const seen: Seen = { lists: [], users: [], posts: [], deletes: [] };
  server.use(
    http.get(api('/comments'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.lists.push(q);
      const parent = q.get('comment_id');
      const all = parent ? (replies[Number(parent)] ?? []) : top;
      const skip = Number(q.get('skip') ?? 0);
      const limit = Number(q.get('limit') ?? 10);
      return HttpResponse.json({ records: all.slice(skip, skip + limit), total_records: all.length });
    }),
    http.get(api('/users'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.users.push(q);
      const keyword = (q.get('keyword') ?? '').toLowerCase();
      return HttpResponse.json({ records: USERS.filter((u) => u.fullname.toLowerCase().includes(keyword)), total_records: USERS.length });
    }),
    http.post(api('/comments'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.posts.push(body);
      const made = comment(100 + seen.posts.length, {
        comment: String(body.comment),
        parent_id: (body.parent_id as number | null) ?? null,
        can_delete: true,
        created: new Date().toISOString(),
      });
      if (made.parent_id === null) top.unshift(made);
      else {
        (replies[made.parent_id] ??= []).push(made);
        const parent = top.find((c) => c.comment_id === made.parent_id);
        if (parent) parent.replies_count += 1;
      }
      return HttpResponse.json(made);
    }),
    http.delete(api('/comments/:id'), ({ params }) => {
      seen.deletes.push(String(params.id));
      const index = top.findIndex((c) => String(c.comment_id) === params.id);
      if (index >= 0) top.splice(index, 1);
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

function renderComments(props: { canManage?: boolean } = {}) {
  return renderWidget(
    <QueryClientProvider client={queryClient}>
      <RecordComments topic="instrument" refId={REF} refData="SM-1023" linkUri={LINK} {...props} />
    </QueryClientProvider>,
  );
}

const list = () => screen.getByRole('list', { name: 'Comments' });
const articles = () => within(list()).getAllByRole('article');
const toast = async () => (await screen.findByRole('alert')).textContent;

describe('RecordComments', { timeout: 30_000 }, () => {
  it('lists comments newest first, 10 a page, and shows a sender that no longer exists as Deleted User', async () => {
    setViewport(WIDTHS.desktop);
    const top = Array.from({ length: 12 }, (_, i) => comment(i + 1, i === 1 ? { sender_name: '', sender_id: null } : {}));
    const seen = serve(top);
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    expect(articles()).toHaveLength(10);
    expect(articles()[0]!.textContent).toContain('Comment 1');
    expect(articles()[1]!.getAttribute('aria-label')).toBe('Comment by Deleted User');
    expect(articles()[1]!.textContent).toContain('Deleted User');
    expect(seen.lists[0]!.get('limit')).toBe('10');
    expect(seen.lists[0]!.get('skip')).toBe('0');

    await user.click(within(screen.getByRole('navigation', { name: 'Comment pages' })).getByRole('button', { name: 'Go to page 2' }));
    await screen.findByText('Comment 11');
    expect(articles().map((a) => within(a).getByText(/^Comment \d+$/).textContent)).toEqual(['Comment 11', 'Comment 12']);
    expect(seen.lists.at(-1)!.get('skip')).toBe('10');
  });

  it('says so when there are no comments', async () => {
    serve([]);
    renderComments();
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });

  it('says the list failed and loads it again on Try again', async () => {
    let calls = 0;
    server.use(
      http.get(api('/comments'), () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ records: [comment(1)], total_records: 1 });
      }),
    );
    const { user } = renderComments();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Failed to fetch data')).toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByText('Comment 1')).toBeInTheDocument();
  });

  it('posts the comment trimmed with the recipients chosen from the user search (limit 1000, by the record)', async () => {
    const seen = serve([comment(1)]);
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    const form = screen.getByRole('form', { name: 'Write a comment' });
    await user.type(within(form).getByRole('textbox', { name: 'Write a comment' }), '   Please check SM-1023.   ');

    const picker = within(form).getByRole('combobox', { name: 'Send to' });
    await user.click(picker);
    await user.type(picker, 'ben');
    await waitFor(() => expect(seen.users.at(-1)?.get('keyword')).toBe('ben'), { timeout: 3000 });
    const option = await screen.findByRole('option', { name: /Benjamin Lim/ });
    expect(screen.queryByRole('option', { name: /Chen Wei Ming/ })).toBeNull();
    expect(seen.users.at(-1)!.get('limit')).toBe('1000');
    expect(seen.users.at(-1)!.get('topic')).toBe('instrument');
    expect(seen.users.at(-1)!.get('ref_id')).toBe(String(REF));
    await user.click(option);
    expect(within(form).getByRole('button', { name: 'Benjamin Lim' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({
      topic: 'instrument',
      ref_id: REF,
      ref_data: 'SM-1023',
      parent_id: null,
      comment: 'Please check SM-1023.',
      link_uri: LINK,
      recipients: ['ben@strata.example'],
    });
    expect(await within(list()).findByText('Please check SM-1023.')).toBeInTheDocument();
    expect((within(form).getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('fills the form with field errors from the server and shows a string error as an error toast', async () => {
    serve([comment(1)]);
    server.use(
      http.post(api('/comments'), () => HttpResponse.json({ recipients: 'Not a user who can see this record: ben@strata.example' }, { status: 400 }), {
        once: true,
      }),
      http.post(api('/comments'), () => HttpResponse.json('Not found', { status: 404 }), { once: true }),
    );
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    const form = screen.getByRole('form', { name: 'Write a comment' });
    const text = within(form).getByRole('textbox', { name: 'Write a comment' });
    await user.type(text, 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('Not a user who can see this record: ben@strata.example')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await toast()).toContain('Not found');
    // The text stays for another try.
    expect((text as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('refuses an empty comment without calling the server', async () => {
    const seen = serve([]);
    const { user } = renderComments();
    await screen.findByText('No comments yet');
    const form = screen.getByRole('form', { name: 'Write a comment' });
    await user.type(within(form).getByRole('textbox', { name: 'Write a comment' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(seen.posts).toEqual([]);
  });

  it('refuses a comment one character over the shared limit, saying the limit in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const seen = serve([]);
    const { user } = renderComments();
    const form = await screen.findByRole('form', { name: '发表评论' });
    fireEvent.change(within(form).getByRole('textbox', { name: '发表评论' }), { target: { value: 'c'.repeat(COMMENT_LIMITS.maxLength + 1) } });
    await user.click(within(form).getByRole('button', { name: '发送' }));
    expect(await within(form).findByText(`最多 ${COMMENT_LIMITS.maxLength} 个字符`)).toBeInTheDocument();
    expect(seen.posts).toEqual([]);
  });

  it('shows and hides the replies on demand (100 at a time) and replies to a comment', async () => {
    const parent = comment(1, { replies_count: 2 });
    const seen = serve([parent], { 1: [comment(11, { parent_id: 1, comment: 'First reply' }), comment(12, { parent_id: 1, comment: 'Second reply' })] });
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    expect(screen.queryByText('First reply')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all 2 replies' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Alice Tan' });
    expect(
      within(replies)
        .getAllByRole('article')
        .map((a) => within(a).getByText(/reply$/).textContent),
    ).toEqual(['First reply', 'Second reply']);
    const asked = seen.lists.find((q) => q.get('comment_id') === '1')!;
    expect(asked.get('limit')).toBe('100');
    expect(asked.get('skip')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(screen.queryByRole('list', { name: 'Replies to Alice Tan' })).toBeNull();

    await user.click(within(articles()[0]!).getByRole('button', { name: 'Reply' }));
    const form = await screen.findByRole('form', { name: 'Write a reply' });
    await user.type(within(form).getByRole('textbox', { name: 'Write a reply' }), 'Third reply');
    await user.click(within(form).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toMatchObject({ parent_id: 1, comment: 'Third reply' });
    // The replies open with the new one, and the count follows.
    expect(await screen.findByText('Third reply')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a reply' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(await screen.findByRole('button', { name: 'Show all 3 replies' })).toBeInTheDocument();
  });

  it('deletes after the confirmation, and offers Delete only where the server allows it', async () => {
    const seen = serve([comment(1, { can_delete: true }), comment(2)]);
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    expect(within(articles()[1]!).queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(within(articles()[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Comment' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this comment?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.deletes).toEqual([]);

    await user.click(within(articles()[0]!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Comment' })).getByRole('button', { name: 'OK' }));
    expect(await toast()).toContain('Comment successfully deleted');
    expect(seen.deletes).toEqual(['1']);
    await waitFor(() => expect(screen.queryByText('Comment 1')).toBeNull());
  });

  it('shows a failed delete as an error toast with the reason', async () => {
    serve([comment(1, { can_delete: true })]);
    server.use(
      http.delete(api('/comments/:id'), () => HttpResponse.json('Only the author or a manager of this record may delete this comment', { status: 403 })),
    );
    const { user } = renderComments();
    await screen.findByText('Comment 1');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Comment' })).getByRole('button', { name: 'OK' }));
    expect(await toast()).toContain('Only the author or a manager of this record may delete this comment');
    expect(screen.getByText('Comment 1')).toBeInTheDocument();
  });

  it('offers Delete on every comment when the host says the user manages the record', async () => {
    serve([comment(1), comment(2)]);
    renderComments({ canManage: true });
    await screen.findByText('Comment 1');
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('fits a phone screen', async () => {
    setViewport(WIDTHS.phone);
    serve([comment(1, { comment: 'x'.repeat(300), recipients: ['a-very-long-address@strata.example'] })]);
    renderComments();
    expect(await screen.findByText('x'.repeat(300))).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Write a comment' })).toBeInTheDocument();
  });
});
