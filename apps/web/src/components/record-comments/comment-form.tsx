import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { COMMENT_LIMITS, ZCommentRecipient, ZCreateCommentRequest, type TCommentRecipient } from '@strata/shared';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useToast } from '../feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../safe-form';
import { postComment } from './api';
import { RecipientsPicker } from './recipients-picker';

/** The text as the API checks it (shared `ZCreateCommentRequest`, its limit); the recipients picked (at most the API's number). */
const schema = ZCreateCommentRequest.pick({ comment: true }).extend({ recipients: z.array(ZCommentRecipient).max(COMMENT_LIMITS.maxRecipients) });
type Values = z.input<typeof schema>;

export interface CommentFormProps {
  topic: string;
  refId: number;
  refData?: string | undefined;
  linkUri: string;
  /** Replying to this top-level comment. */
  parentId?: number;
  /** After the server accepted it. */
  onPosted: () => void;
  /** A reply form has Cancel. */
  onCancel?: () => void;
  autoFocus?: boolean;
}

function SubmitButtons({ reply, onCancel }: { reply: boolean; onCancel?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {onCancel && (
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t('comments.cancel')}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {reply ? t('comments.reply') : t('comments.post')}
      </Button>
    </Stack>
  );
}

/**
 * Writing a comment or a reply: the text (trimmed before sending, spec §5) and the recipients. Field errors from the
 * server fill the form; a string error shows as an error toast (spec §8).
 */
export function CommentForm({ topic, refId, refData, linkUri, parentId, onPosted, onCancel, autoFocus = false }: CommentFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useSafeForm<Values, z.output<typeof schema>>({ schema, defaultValues: { comment: '', recipients: [] as TCommentRecipient[] } });
  const reply = parentId !== undefined;

  const submit = async (values: z.output<typeof schema>) => {
    try {
      await postComment({
        topic,
        ref_id: refId,
        ref_data: refData ?? null,
        parent_id: parentId ?? null,
        comment: values.comment.trim(),
        link_uri: linkUri,
        recipients: values.recipients.map((r) => r.email),
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) throw error;
      toast({ message: errorText(error), color: 'error' });
      return;
    }
    form.reset({ comment: '', recipients: [] });
    onPosted();
  };

  return (
    <SafeForm form={form} onSubmit={submit} autoFocus={autoFocus} aria-label={reply ? t('comments.replyLabel') : t('comments.label')}>
      <SafeTextField
        name="comment"
        label={reply ? t('comments.replyLabel') : t('comments.label')}
        multiline
        minRows={reply ? 1 : 2}
        maxRows={12}
        fullWidth
        helperText={t('comments.enterHint')}
      />
      <RecipientsPicker topic={topic} refId={refId} name="recipients" />
      <SubmitButtons reply={reply} onCancel={onCancel} />
    </SafeForm>
  );
}
