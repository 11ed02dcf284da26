import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { renderWidget } from '../../test/render-widget';
import { SafeForm } from './safe-form';
import { safeResolver, unsafeFields } from './safe-resolver';
import { SafeTextField } from './safe-text-field';
import { useSafeForm } from './use-safe-form';

const ZComment = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  remarks: z.string(),
  password: z.string(),
});
type TComment = z.infer<typeof ZComment>;

function CommentForm({ onSubmit, autoFocus }: { onSubmit: (values: TComment) => unknown; autoFocus?: boolean }) {
  const form = useSafeForm({ schema: ZComment, defaultValues: { title: '', remarks: '', password: '' } });
  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label="Comment" autoFocus={autoFocus}>
      <SafeTextField name="title" label="Title" />
      <SafeTextField name="remarks" label="Remarks" multiline />
      <SafeTextField name="password" label="Password" type="password" />
      <button type="submit">Send</button>
    </SafeForm>
  );
}

function setup(onSubmit: (values: TComment) => unknown = () => {}, autoFocus = false) {
  const submit = vi.fn(onSubmit);
  const view = renderWidget(<CommentForm onSubmit={submit} autoFocus={autoFocus} />);
  return { ...view, submit, field: (label: string) => screen.getByLabelText(label) as HTMLInputElement };
}

/** Allow for a slow machine when waiting for the form to settle. */
const SLOW = { timeout: 5000 };

/** Puts a value in a field at once (typing is kept for the keyboard rules). */
function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

describe('SafeForm', { timeout: 20_000 }, () => {
  it('rejects text that changes when sanitised, with the field message and "form contains error"', async () => {
    const { user, field, submit } = setup();
    expect(screen.queryByText('form contains error')).toBeNull();
    await user.type(field('Remarks'), 'a <b>');
    expect(await screen.findByText('input contains malicious character', {}, SLOW)).not.toBeNull();
    expect(field('Remarks').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('form contains error')).not.toBeNull();
    fill(field('Remarks'), 'settlement 20 mm');
    await waitFor(() => expect(screen.queryByText('form contains error')).toBeNull(), SLOW);
    expect(field('Remarks').getAttribute('aria-invalid')).toBe('false');
    expect(submit).not.toHaveBeenCalled();
  });

  it('accepts ordinary engineering text', async () => {
    const { user, field, submit } = setup();
    fill(field('Title'), 'Level <0.5 m, A&B ±20 mm 隧道沉降');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    expect(submit.mock.calls[0]![0]).toEqual({ title: 'Level <0.5 m, A&B ±20 mm 隧道沉降', remarks: '', password: '' });
  });

  it('does not sanitise password fields', async () => {
    const { user, field, submit } = setup();
    fill(field('Title'), 'Rotate key');
    fill(field('Password'), 'p<a>ss');
    await user.type(field('Password'), '{Enter}');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    expect(submit.mock.calls[0]![0].password).toBe('p<a>ss');
    expect(screen.queryByText('input contains malicious character')).toBeNull();
  });

  it('shows the alert "invalid" on submitting an invalid form and focuses the first field with an error', async () => {
    const { user, field, submit } = setup();
    fill(field('Remarks'), '<script>x</script>');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByText('invalid', {}, SLOW)).closest('[role="alert"]')).not.toBeNull();
    // The schema's English (a shared schema's words for the server) gives way to the error map's translated message.
    expect(screen.getByText('This field is required')).toBeVisible();
    await waitFor(() => expect(document.activeElement).toBe(field('Title')), SLOW);
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits on Enter, but Shift+Enter in a multi-line field makes a new line', async () => {
    const { user, field, submit } = setup();
    fill(field('Title'), 'Crack survey');
    fill(field('Remarks'), 'line one');
    await user.type(field('Remarks'), '{Shift>}{Enter}{/Shift}line two');
    expect(field('Remarks').value).toBe('line one\nline two');
    expect(submit).not.toHaveBeenCalled();
    await user.type(field('Remarks'), '{Enter}');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
    expect(submit.mock.calls[0]![0].remarks).toBe('line one\nline two');
  });

  it('does not submit while an input method is composing (Enter confirms the Chinese text)', () => {
    const { field, submit } = setup();
    fireEvent.keyDown(field('Title'), { key: 'Enter', isComposing: true });
    expect(submit).not.toHaveBeenCalled();
  });

  it('focuses the first enabled field 100 ms after it appears', async () => {
    vi.useFakeTimers();
    try {
      function Form() {
        const form = useSafeForm({ defaultValues: { locked: 'x', name: '' } });
        return (
          <SafeForm form={form} onSubmit={() => {}}>
            <SafeTextField name="locked" label="Locked" disabled />
            <SafeTextField name="name" label="Name" />
          </SafeForm>
        );
      }
      renderWidget(<Form />);
      act(() => {
        vi.advanceTimersByTime(90);
      });
      expect(document.activeElement).toBe(document.body);
      act(() => {
        vi.advanceTimersByTime(10);
      });
      expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves focus where the person put it when they reached a field before the 100 ms', () => {
    vi.useFakeTimers();
    try {
      renderWidget(<CommentForm onSubmit={() => {}} autoFocus />);
      const remarks = screen.getByLabelText('Remarks');
      act(() => {
        vi.advanceTimersByTime(40);
        remarks.focus();
      });
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(document.activeElement).toBe(remarks);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows server field errors under their fields and focuses the first of them', async () => {
    const { user, field } = setup(() => {
      throw new ApiError(400, { remarks: 'input contains malicious character', title: 'Title already used' }, 'x');
    });
    fill(field('Title'), 'Duplicate');
    fill(field('Remarks'), 'Looks fine here');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Title already used', {}, SLOW)).not.toBeNull();
    expect(screen.getByText('input contains malicious character')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Title')), SLOW);
    expect(screen.getByText('form contains error')).not.toBeNull();
    expect(screen.queryByText('invalid')).toBeNull();
  });

  it('shows a string error body as an error alert above the form, and unknown fields there too', async () => {
    let error = new ApiError(409, 'The comment was changed by someone else', 'The comment was changed by someone else');
    const { user, field } = setup(() => {
      throw error;
    });
    fill(field('Title'), 'Stale');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The comment was changed by someone else');
    expect(alert.querySelector('[data-testid="WarningIcon"]')).not.toBeNull();
    const form = screen.getByRole('form', { name: 'Comment' });
    expect(form.firstElementChild!.firstElementChild!.contains(alert)).toBe(true);

    error = new ApiError(400, { contract_id: 'Contract is closed' }, 'Contract is closed');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Contract is closed'), SLOW);
  });
});

describe('the safe form accepts ordinary engineering text (property)', { timeout: 60_000 }, () => {
  const piece = fc.oneof(
    fc.integer({ min: 0, max: 99_999 }).map(String),
    fc.constantFrom('<0.5 m', 'A&B', '±20 mm', 'a < b', '5 <= 6', 'x > y', '<1', '≥', '°C', 'kPa', 'MPa', 'CH 12+340', 'No. 3'),
    fc.constantFrom('隧道', '监测', '沉降', '第', '段', '水位', '测斜', '，', '。'),
    fc.constantFrom(' ', '\n', '-', '/', '(', ')', '%', '#', '"', "'", ':', ';'),
  );
  const text = fc.array(piece, { minLength: 1, maxLength: 20 }).map((parts) => parts.join(''));

  it('finds no unsafe field in values made of engineering text', async () => {
    const resolver = safeResolver(ZComment);
    await fc.assert(
      fc.asyncProperty(text, text, async (title, remarks) => {
        fc.pre(title.trim() !== '');
        expect(unsafeFields({ title, remarks })).toEqual([]);
        const result = await resolver({ title, remarks, password: '' }, undefined, {
          fields: {},
          shouldUseNativeValidation: false,
        });
        expect(result.errors).toEqual({});
        expect(result.values).toEqual({ title: title.trim(), remarks, password: '' });
      }),
      { numRuns: 500 },
    );
  });

  it('submits such text through the rendered form unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (remarks) => {
        const submit = vi.fn();
        const view = renderWidget(<CommentForm onSubmit={submit} autoFocus={false} />);
        try {
          fill(screen.getByLabelText('Title'), 'Survey');
          fill(screen.getByLabelText('Remarks'), remarks);
          fireEvent.click(screen.getByRole('button', { name: 'Send' }));
          await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), SLOW);
          expect(submit.mock.calls[0]![0].remarks).toBe(remarks);
          expect(screen.queryByText('form contains error')).toBeNull();
        } finally {
          view.unmount();
        }
      }),
      { numRuns: 15 },
    );
  });
});
