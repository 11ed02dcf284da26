import { ZManualDocumentFields, type TManualDocument } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { masterDataRoutes } from '../routes';

// Each render gets this feature's pages alone (`routes: masterDataRoutes`): the test does not depend on other features' pages.

const SLOW = { timeout: 5000 };

function doc(document_id: number, title: string, file_name: string, content_type = 'application/pdf'): TManualDocument {
  return {
    document_id,
    title,
    file_name,
    content_type,
    size: 1_250_000,
    uploaded_by: 'Alicia Tan',
    created: '2026-03-02T06:30:00Z',
    url: `/api/v1/user-manual/documents/${document_id}/download`,
  };
}

function serve(records: TManualDocument[]) {
  storeTestCredential();
  const state = { records, deleted: [] as string[], uploads: [] as { title: string | null; text: string }[], downloads: [] as string[] };
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ManageDocumentation'] }))),
    http.get(api('/user-manual/documents'), () => HttpResponse.json({ records: state.records, total_records: state.records.length })),
    http.post(api('/master-data/documentations'), async ({ request }) => {
      const data = await request.formData();
      const title = data.get('title') as string | null;
      const file = data.get('files') as File;
      state.uploads.push({ title, text: await file.text() });
      const created = doc(50, title ?? 'manual', 'manual.pdf');
      state.records = [...state.records, created];
      return HttpResponse.json(created);
    }),
    http.delete(api('/master-data/documentations/:id'), ({ params }) => {
      state.deleted.push(String(params.id));
      state.records = state.records.filter((r) => String(r.document_id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/user-manual/documents/:id/download'), ({ request, params }) => {
      state.downloads.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
      return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="guide.pdf"' } });
    }),
  );
  return state;
}

describe('User Manual Documents', { timeout: 30_000 }, () => {
  it('lists the documents with type, size and uploader, and downloads one with the resource token', async () => {
    const state = serve([
      doc(1, 'Getting started', 'guide.pdf'),
      doc(2, 'Field procedures', 'procedures.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:doc');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderApp('/en/master-data/documentations', { routes: masterDataRoutes });
    const table = await screen.findByRole('table', { name: 'User manual documents' }, SLOW);
    const row = (await within(table).findByText('Field procedures', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('DOCX')).toBeInTheDocument();
    expect(within(row).getByText('1.3 MB')).toBeInTheDocument();
    expect(within(row).getByText('Alicia Tan')).toBeInTheDocument();
    expect(within(row).getByText('02/03/2026 14:30:00')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Download Getting started' }));
    await waitFor(() => expect(state.downloads).toEqual(['1?_token=resource-1']), SLOW);
  });

  it('uploads a PDF with its title and lists it', async () => {
    const state = serve([]);
    const { user } = renderApp('/en/master-data/documentations', { routes: masterDataRoutes });
    expect(await screen.findByText('No document yet. Upload the first one above.', {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Site safety rules');
    await user.upload(screen.getByTestId('upload-input'), new File(['%PDF-1.7 rules'], 'rules.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(state.uploads).toEqual([{ title: 'Site safety rules', text: '%PDF-1.7 rules' }]), SLOW);
    expect(await screen.findByText('rules.pdf uploaded', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'User manual documents' });
    expect(await within(table).findByText('Site safety rules', {}, SLOW)).toBeInTheDocument();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('refuses an unsafe title before anything is sent', async () => {
    const state = serve([]);
    const { user } = renderApp('/en/master-data/documentations', { routes: masterDataRoutes });
    await screen.findByText('No document yet. Upload the first one above.', {}, SLOW);
    await user.type(screen.getByLabelText('Title'), '<script>x</script>');
    expect(screen.getByText('input contains malicious character')).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).toBeDisabled();
    expect(state.uploads).toEqual([]);
  });

  it('refuses a title over the shared limit, saying the limit in Chinese, before anything is sent', async () => {
    const state = serve([]);
    renderApp('/zh/master-data/documentations', { routes: masterDataRoutes });
    await screen.findByText('尚无文档。请在上方上传第一个文档。', {}, SLOW);
    const max = ZManualDocumentFields.shape.title.maxLength!;
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: 't'.repeat(max + 1) } });
    expect(screen.getByText(`最多 ${max} 个字符`)).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).toBeDisabled();
    expect(state.uploads).toEqual([]);
  });

  it('deletes a document after the Remove file confirmation', async () => {
    const state = serve([doc(1, 'Getting started', 'guide.pdf'), doc(2, 'Old notes', 'notes.pdf')]);
    const { user } = renderApp('/en/master-data/documentations', { routes: masterDataRoutes });
    const table = await screen.findByRole('table', { name: 'User manual documents' }, SLOW);
    await within(table).findByText('Old notes', {}, SLOW);
    await user.click(within(table).getByRole('button', { name: 'Delete Old notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove file' }, SLOW);
    expect(within(dialog).getByText('Are you sure you want to delete this file?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.deleted).toEqual(['2']), SLOW);
    expect(await screen.findByText('File successfully deleted', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Old notes')).toBeNull(), SLOW);
  });
});
